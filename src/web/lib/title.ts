import { useEffect } from "react";

export const SITE_NAME = "QuickGig";

/** A tab title: "<page> - QuickGig" (a task's page is named by its title). */
export function pageTitle(page: string): string {
  return `${page} - ${SITE_NAME}`;
}

/** Sets the tab title to "<page> - QuickGig" while the page is shown. */
export function usePageTitle(page: string) {
  useEffect(() => {
    document.title = pageTitle(page);
  }, [page]);
}
