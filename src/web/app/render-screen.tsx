import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { Shell } from "./root-layout.tsx";

/**
 * A page's first screen as HTML: the page in the frame every page has (header, main, the footer's
 * place), as it stands before the session is known. The build renders the pages that hold no data
 * (first-screens.tsx); the server renders those that do, per request (page-screens.tsx).
 */
export function renderScreen(path: string, page: ReactNode): string {
  // data-first-screen is gone once React has put the live page in its place.
  const html = renderToString(
    <MemoryRouter initialEntries={[path]}>
      <div data-first-screen="">
        <Shell>{page}</Shell>
      </div>
    </MemoryRouter>,
  );
  // Forms, buttons and fields (My Bids' status filter stands outside a form) in this HTML are only
  // pictures of those React puts in their place: they take no input until then (nothing typed or
  // chosen is lost, no click is swallowed). Links work as they are.
  return html.replace(/<(form|button|input|select|textarea)(?=[\s>])/g, "<$1 inert");
}
