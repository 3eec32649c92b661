import { waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoute } from "../../test/render-route.tsx";

describe("About Us", () => {
  it("tells what QuickGig is and invites the visitor to join", async () => {
    const { screen, user, router } = await renderRoute("/about");
    expect(await screen.findByRole("heading", { level: 1, name: "About QuickGig" })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("About Us - QuickGig"));
    expect(
      within(screen.getByRole("main"))
        .getAllByRole("heading", { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(["Small tasks, done fast", "Fair for both sides", "Trust by design", "Ready to get started?"]);
    // The menu marks the page the visitor is on.
    const menu = within(screen.getByRole("navigation", { name: "Main" }));
    expect(menu.getByRole("link", { name: "About Us" }).getAttribute("aria-current")).toBe("page");
    await user.click(screen.getByRole("link", { name: "Join QuickGig" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/register"));
    expect(await screen.findByRole("heading", { name: "Sign Up Your Account" })).toBeTruthy();
  });
});
