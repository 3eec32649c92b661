import { describe, expect, it } from "vitest";
import { notify } from "../lib/notify.ts";
import { openUntouchedPage, queryToaster } from "../test/untouched-page.ts";

// The toaster's mount is kept by a module that outlives a test: this file holds one test, from a
// page nobody has touched (toaster-at-first-click.test.tsx holds the other way in).
describe("The toaster, at the first toast", () => {
  it("is not on a page nobody has touched, and a toast asked for mounts it and shows", async () => {
    const { screen } = await openUntouchedPage();
    expect(queryToaster()).toBeNull();

    notify.success("Saved for later");
    expect(await screen.findByText("Saved for later")).toBeTruthy();
    expect(queryToaster()).not.toBeNull();
  });
});
