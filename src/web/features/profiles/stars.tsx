import { Star } from "lucide-react";
import "../../lazy-screens.css";

/** Five stars, as many filled as the rating rounds to; the words are for screen readers. */
export function Stars({ rating, className = "size-4" }: { rating: number; className?: string }) {
  const filled = Math.round(rating);
  return (
    <span className="inline-flex items-center gap-0.5">
      {[1, 2, 3, 4, 5].map((star) => (
        <Star
          key={star}
          aria-hidden="true"
          className={`${className} ${star <= filled ? "fill-amber-400 text-amber-500" : "text-slate-300 dark:text-slate-600"}`}
        />
      ))}
      <span className="sr-only">{`${Number.isInteger(rating) ? rating : rating.toFixed(1)} out of 5 stars`}</span>
    </span>
  );
}
