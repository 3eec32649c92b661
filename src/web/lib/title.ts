import { useEffect } from "react";

export const SITE_NAME = "QuickGig";

/** Sets the tab title to "<page> - QuickGig" while the page is shown. */
export function usePageTitle(page: string) {
  useEffect(() => {
    document.title = `${page} - ${SITE_NAME}`;
  }, [page]);
}
