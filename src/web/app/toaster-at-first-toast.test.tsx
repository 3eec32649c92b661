import { describe, expect, it } from "vitest";
import { notify } from "../lib/notify.ts";
import { renderRoute } from "../test/render-route.tsx";

// The toaster's mount is kept by a module that outlives a test: this file holds one test, from a
// page nobody has touched (toaster-at-first-press.test.tsx holds the other way in).
describe("The toaster, at the first toast", () => {
  it("is not on a page nobody has touched, and a toast asked for mounts it and shows", async () => {
    // The toaster's code already loaded, as on a later visit: only the mount can keep it off the page.
    await import("../components/lazy-toaster.tsx");
    const { screen } = await renderRoute("/about");
    await screen.findByRole("heading", { name: "About QuickGig" });
    // The footer loads once the browser is idle after the first paint: the start's lazy work is done.
    await screen.findByRole("contentinfo");
    expect(screen.queryByRole("region", { name: /Notifications/ })).toBeNull();

    notify.success("Saved for later");
    expect(await screen.findByText("Saved for later")).toBeTruthy();
    expect(screen.getByRole("region", { name: /Notifications/ })).toBeTruthy();
  });
});
