import { startTransition, useEffect, useState } from "react";

/**
 * False until the browser has had a quiet moment after the first paint, then true, set in a
 * transition so React renders what it reveals in small slices. For content below the fold: the page
 * paints what is on screen first, and rendering the rest never blocks the main thread for long.
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const reveal = () => startTransition(() => setReady(true));
    if (typeof requestIdleCallback === "function") {
      const id = requestIdleCallback(reveal, { timeout: 1000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(reveal, 100);
    return () => clearTimeout(id);
  }, []);
  return ready;
}
