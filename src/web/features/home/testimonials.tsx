import { ChevronLeft, ChevronRight, Quote } from "lucide-react";
import { useState } from "react";
import { TESTIMONIALS } from "./more-content.ts";

/** Three testimonials, one at a time; previous and next wrap around. */
export function Testimonials() {
  const [index, setIndex] = useState(0);
  const count = TESTIMONIALS.length;
  const testimonial = TESTIMONIALS[index] ?? TESTIMONIALS[0];
  return (
    <section aria-labelledby="testimonials-title" className="bg-indigo-50 py-16 dark:bg-slate-900">
      <div className="mx-auto max-w-3xl px-4 text-center sm:px-6">
        <h2 id="testimonials-title" className="text-3xl font-bold tracking-tight">
          What Our Users Say
        </h2>
        <section aria-roledescription="carousel" aria-label="Testimonials" className="mt-10">
          <figure
            aria-label={`Testimonial ${index + 1} of ${count}`}
            aria-live="polite"
            className="card px-6 py-8 sm:px-10"
          >
            <Quote aria-hidden="true" className="mx-auto size-8 text-indigo-700 dark:text-indigo-300" />
            <blockquote className="mt-4 text-lg leading-relaxed text-slate-800 dark:text-slate-200">
              “{testimonial.quote}”
            </blockquote>
            <figcaption className="mt-6 flex items-center justify-center gap-3">
              <img src={testimonial.image} alt="" width={48} height={48} className="size-12 rounded-full" />
              <span className="text-left">
                <span className="block font-semibold">{testimonial.name}</span>
                <span className="muted block text-sm">{testimonial.role}</span>
              </span>
            </figcaption>
          </figure>
          <div className="mt-6 flex items-center justify-center gap-4">
            <button
              type="button"
              className="btn-secondary rounded-full px-3"
              aria-label="Previous testimonial"
              onClick={() => setIndex((index - 1 + count) % count)}
            >
              <ChevronLeft aria-hidden="true" className="size-5" />
            </button>
            <span className="text-sm font-medium" aria-hidden="true">
              {index + 1} / {count}
            </span>
            <button
              type="button"
              className="btn-secondary rounded-full px-3"
              aria-label="Next testimonial"
              onClick={() => setIndex((index + 1) % count)}
            >
              <ChevronRight aria-hidden="true" className="size-5" />
            </button>
          </div>
        </section>
      </div>
    </section>
  );
}
