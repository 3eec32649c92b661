import { fireEvent, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { notify } from "../lib/notify.ts";
import { openUntouchedPage, queryToaster } from "../test/untouched-page.ts";

// The toaster's mount is kept by a module that outlives a test: this file holds one test, from a
// page nobody has touched (toaster-at-first-toast.test.tsx holds the other way in).
describe("The toaster, at the first click", () => {
  it("loads once a person first clicks on the page, before any toast", async () => {
    const { screen } = await openUntouchedPage();
    expect(queryToaster()).toBeNull();

    fireEvent.click(screen.getByRole("heading", { name: "About QuickGig" }));
    await waitFor(() => expect(queryToaster()).not.toBeNull());
    notify.info("Ready when you are");
    expect(await screen.findByText("Ready when you are")).toBeTruthy();
  });
});
