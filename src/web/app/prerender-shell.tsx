import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { AppFallback } from "./root-layout.tsx";

/**
 * The app's loading screen (header, spinner, the footer's place) as HTML, which the build writes
 * into index.html: a first visit sees the page's frame as soon as the CSS is in, instead of a
 * blank page until the JavaScript has run. React's first render is this same screen and replaces
 * it unseen. Rendered at a path nothing links to, so no menu item is marked as the current page.
 */
export function renderShellHtml(): string {
  return renderToString(
    <MemoryRouter initialEntries={["/loading"]}>
      <AppFallback />
    </MemoryRouter>,
  );
}
