import { waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEMO_FREELANCER, renderRoute } from "../test/render-route.tsx";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("Error page", () => {
  it("says a page does not exist, inside the layout, with the way home", async () => {
    const { screen, user, router } = await renderRoute("/no-such-page");
    expect(await screen.findByRole("heading", { level: 1, name: "Something Went Wrong!" })).toBeTruthy();
    expect(screen.getByText("404")).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("ErrorPage - QuickGig"));
    // Header kept.
    expect(within(screen.getByRole("banner")).getByRole("link", { name: "QuickGig home" })).toBeTruthy();
    await user.click(screen.getByRole("link", { name: "Go to HomePage" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(await screen.findByRole("heading", { name: "Featured Tasks" })).toBeTruthy();
  });

  it("shows a generic sentence for an unexpected failure, and logs it", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { screen } = await renderRoute("/dashboard", {
      as: DEMO_FREELANCER,
      // Not JSON: a proxy's error page answered with 200.
      handlers: [http.get("*/api/me/summary", () => HttpResponse.text("<html>oops</html>"))],
    });
    expect(await screen.findByRole("heading", { name: "Something Went Wrong!" })).toBeTruthy();
    expect(screen.getByText("500")).toBeTruthy();
    expect(logged.mock.calls.some(([first]) => first instanceof SyntaxError)).toBe(true);
  });
});
