import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { loadSession } from "../features/accounts/session.ts";
import { startRouter, whenInitialized } from "./router.tsx";

/** Lets the browser paint and handle input before the next piece of start-up work. */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Starts the app on a page whose HTML already shows its first screen (or the loading screen).
 * Loading this module only defines things; the work comes in separate tasks, so that no one of
 * them holds the main thread long: the session request, then the router in three steps (with the
 * first page's code and data last; on My Bids the session and router together were a task of 19
 * ms, 76 under Lighthouse's 4x slowdown; its first read of sessionStorage is quick, boot.js having
 * read it after the paint), then React's first render, which waits until that
 * page is ready and goes straight to it, in a transition that yields to the browser every few
 * milliseconds.
 */
export async function startApp() {
  const root = document.getElementById("root");
  if (!root) throw new Error("the page has no #root element");
  void loadSession();
  await yieldToBrowser();
  const router = await startRouter(yieldToBrowser);
  await whenInitialized(router);
  await yieldToBrowser();
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  });
}
