import { screen } from "@testing-library/react";
import { renderRoute } from "./render-route.tsx";

/**
 * /about, live and idle (its footer, which loads once the browser is idle after the first paint, is
 * there), and nobody has clicked anything. The toaster's code is loaded first, as on a later visit,
 * so that only whether the toaster is mounted decides if it is on the page.
 */
export async function openUntouchedPage() {
  await import("../components/lazy-toaster.tsx");
  const view = await renderRoute("/about");
  await screen.findByRole("heading", { name: "About QuickGig" });
  await screen.findByRole("contentinfo");
  return view;
}

/** The toaster's live region (sonner's), or null when it is not on the page. */
export const queryToaster = () => screen.queryByRole("region", { name: /^Notifications/ });
