import { fireEvent } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { notify } from "../lib/notify.ts";
import { renderRoute } from "../test/render-route.tsx";

// The toaster's mount is kept by a module that outlives a test: this file holds one test, from a
// page nobody has touched (toaster-at-first-toast.test.tsx holds the other way in).
describe("The toaster, at the first press", () => {
  it("loads when a person first presses on the page, before any toast", async () => {
    // The toaster's code already loaded, as on a later visit: only the mount can keep it off the page.
    await import("../components/lazy-toaster.tsx");
    const { screen } = await renderRoute("/about");
    await screen.findByRole("heading", { name: "About QuickGig" });
    await screen.findByRole("contentinfo");
    expect(screen.queryByRole("region", { name: /Notifications/ })).toBeNull();

    fireEvent.pointerDown(screen.getByRole("heading", { name: "About QuickGig" }));
    expect(await screen.findByRole("region", { name: /Notifications/ })).toBeTruthy();
    notify.info("Ready when you are");
    expect(await screen.findByText("Ready when you are")).toBeTruthy();
  });
});
