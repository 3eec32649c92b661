import type { ReactNode } from "react";
import { Link } from "react-router";
import { ChevronLeftIcon, ChevronRightIcon } from "./icons.tsx";

/**
 * Previous and Next around "Page 2 of 5", each a link to its page's address (`hrefOf`), or shown
 * disabled at either end. Nothing for a single page.
 */
export function PageLinks({
  page,
  pages,
  hrefOf,
  label = "Pages",
  note,
  className = "mt-6",
}: {
  page: number;
  pages: number;
  hrefOf: (page: number) => string;
  label?: string;
  /** Said after "Page 2 of 5", e.g. how many there are in all. */
  note?: ReactNode;
  className?: string;
}) {
  if (pages <= 1) return null;
  const previous = (
    <>
      <ChevronLeftIcon aria-hidden="true" className="size-4" /> Previous
    </>
  );
  const next = (
    <>
      Next <ChevronRightIcon aria-hidden="true" className="size-4" />
    </>
  );
  return (
    <nav aria-label={label} className={`${className} flex items-center justify-center gap-3`}>
      {page > 1 ? (
        <Link to={hrefOf(page - 1)} className="btn-secondary" rel="prev">
          {previous}
        </Link>
      ) : (
        <span className="btn-secondary opacity-50" aria-disabled="true">
          {previous}
        </span>
      )}
      <span className="text-sm font-medium">
        Page {page} of {pages}
        {note && <> · {note}</>}
      </span>
      {page < pages ? (
        <Link to={hrefOf(page + 1)} className="btn-secondary" rel="next">
          {next}
        </Link>
      ) : (
        <span className="btn-secondary opacity-50" aria-disabled="true">
          {next}
        </span>
      )}
    </nav>
  );
}
