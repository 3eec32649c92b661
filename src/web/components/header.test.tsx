import { cleanup, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { closeDialog } from "../lib/dialogs.ts";
import { DEMO_FREELANCER, renderRoute } from "../test/render-route.tsx";

type View = Awaited<ReturnType<typeof renderRoute>>;

const header = (view: View) => within(view.screen.getByRole("banner"));

// Toasts and dialogs are kept by modules that outlive a test: none carries over to the next.
beforeEach(() => {
  toast.dismiss();
  closeDialog();
});

afterEach(() => {
  localStorage.clear();
  document.documentElement.classList.remove("dark");
  document.documentElement.style.colorScheme = "";
});

describe("Header", () => {
  it("offers a visitor Sign Up and Login, and no dashboard", async () => {
    const view = await renderRoute("/about");
    await view.screen.findByRole("heading", { name: "About QuickGig" });
    expect(header(view).getByRole("link", { name: "Sign Up" }).getAttribute("href")).toBe("/auth/register");
    expect(header(view).getByRole("link", { name: "Login" }).getAttribute("href")).toBe("/auth/login");
    expect(header(view).queryByRole("link", { name: "Dashboard" })).toBeNull();
    expect(header(view).queryByRole("button", { name: "Logout" })).toBeNull();
    expect(header(view).queryByRole("link", { name: /Notifications/ })).toBeNull();
  });

  it("shows a signed-in person the dashboard, the bell, their profile and Logout", async () => {
    const view = await renderRoute("/about", { as: DEMO_FREELANCER });
    await view.screen.findByRole("heading", { name: "About QuickGig" });
    expect(await header(view).findByRole("link", { name: "Maya Patel (profile)" })).toBeTruthy();
    expect(header(view).getByRole("link", { name: "Dashboard" }).getAttribute("href")).toBe("/dashboard");
    // The bell's code loads on its own, beside the account buttons': it may come after them.
    expect((await header(view).findByRole("link", { name: "Notifications" })).getAttribute("href")).toBe(
      "/dashboard/notifications",
    );
    expect(header(view).getByRole("button", { name: "Logout" })).toBeTruthy();
    expect(header(view).queryByRole("link", { name: "Login" })).toBeNull();
  });

  it("links everyone to Find Freelancers, and no one but staff to the moderators' queue", async () => {
    const visitor = await renderRoute("/about");
    await visitor.screen.findByRole("heading", { name: "About QuickGig" });
    expect(header(visitor).getByRole("link", { name: "Find Freelancers" }).getAttribute("href")).toBe("/freelancers");
    expect(header(visitor).queryByRole("link", { name: "Moderation" })).toBeNull();
    cleanup();

    let asked = 0;
    const standing = http.get("*/api/me/standing", () => {
      asked += 1;
      return HttpResponse.json({ role: null, limited: null, sanctions: [] });
    });
    const freelancer = await renderRoute("/about", { as: DEMO_FREELANCER, handlers: [standing] });
    await header(freelancer).findByRole("link", { name: "Maya Patel (profile)" });
    expect(header(freelancer).getByRole("link", { name: "Find Freelancers" })).toBeTruthy();
    // Her standing read, with no role in it: still no link.
    await waitFor(() => expect(asked).toBe(1));
    await freelancer.screen.findByRole("heading", { name: "About QuickGig" });
    expect(header(freelancer).queryByRole("link", { name: "Moderation" })).toBeNull();
  });

  it("links staff to the moderators' queue in the phone menu", async () => {
    const staff = await renderRoute("/about", { as: "admin@quickgig.dev" });
    await staff.screen.findByRole("heading", { name: "About QuickGig" });
    await staff.user.click(staff.screen.getByRole("button", { name: "Open menu" }));
    const menu = within(staff.screen.getByRole("navigation", { name: "Mobile" }));
    expect((await menu.findByRole("link", { name: "Moderation" })).getAttribute("href")).toBe("/admin");
    expect(menu.getByRole("link", { name: "Find Freelancers" })).toBeTruthy();
  });

  it("logs out from a private page: says so, and goes home instead of to the login page", async () => {
    const view = await renderRoute("/dashboard/my-bids", { as: DEMO_FREELANCER });
    const { screen, user, router, db } = view;
    await screen.findByRole("heading", { level: 1, name: "My Bids" });
    await user.click(header(view).getByRole("button", { name: "Logout" }));
    const done = await screen.findByRole("alertdialog", { name: "Logout Successfully" });
    expect(within(done).getByText("You clicked the button!")).toBeTruthy();
    expect(db.viewerId).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    await user.click(within(done).getByRole("button", { name: "OK" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(header(view).getByRole("link", { name: "Login" })).toBeTruthy();
  });

  it("says why logging out failed, and stays signed in", async () => {
    const view = await renderRoute("/about", {
      as: DEMO_FREELANCER,
      handlers: [http.post("*/api/auth/sign-out", () => HttpResponse.error())],
    });
    await view.screen.findByRole("heading", { name: "About QuickGig" });
    await view.user.click(await header(view).findByRole("button", { name: "Logout" }));
    expect(await view.screen.findByText("Could not reach QuickGig. Check your connection and try again.")).toBeTruthy();
    expect(view.db.viewerId).not.toBeNull();
    expect(header(view).getByRole("link", { name: "Maya Patel (profile)" })).toBeTruthy();
    expect((header(view).getByRole("button", { name: "Logout" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("opens the small screens' menu, closes it with Escape and after following a link", async () => {
    const view = await renderRoute("/about");
    const { screen, user, router } = view;
    await screen.findByRole("heading", { name: "About QuickGig" });
    const toggle = screen.getByRole("button", { name: "Open menu" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    await user.click(toggle);
    const menu = screen.getByRole("navigation", { name: "Mobile" });
    expect(screen.getByRole("button", { name: "Close menu" }).getAttribute("aria-expanded")).toBe("true");
    expect(
      within(menu)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Home", "Browse Tasks", "Find Freelancers", "About Us"]);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("navigation", { name: "Mobile" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Open menu" }));
    await user.click(within(screen.getByRole("navigation", { name: "Mobile" })).getByRole("link", { name: "Home" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    await waitFor(() => expect(screen.queryByRole("navigation", { name: "Mobile" })).toBeNull());
  });

  it("switches the theme and remembers the choice", async () => {
    const view = await renderRoute("/about");
    await view.screen.findByRole("heading", { name: "About QuickGig" });
    await view.user.click(header(view).getByRole("button", { name: "Switch to dark theme" }));
    expect(document.documentElement.classList.contains("dark")).toBe(true);
    expect(localStorage.getItem("theme")).toBe("dark");
    await view.user.click(header(view).getByRole("button", { name: "Switch to light theme" }));
    expect(document.documentElement.classList.contains("dark")).toBe(false);
    expect(localStorage.getItem("theme")).toBe("light");
  });

  it("describes the brand in a tooltip on hover and on keyboard focus, which Escape closes", async () => {
    const view = await renderRoute("/about");
    await view.screen.findByRole("heading", { name: "About QuickGig" });
    const brand = header(view).getByRole("link", { name: "QuickGig home" });
    const tip = view.screen.getByRole("tooltip", { hidden: true, name: "a freelance marketplace launched in 1985" });
    expect(brand.getAttribute("aria-describedby")).toBe(tip.id);
    expect(tip.classList.contains("hidden")).toBe(true);
    await view.user.hover(brand);
    expect(tip.classList.contains("hidden")).toBe(false);
    await view.user.unhover(brand);
    expect(tip.classList.contains("hidden")).toBe(true);
    // The skip link first, then the brand.
    await view.user.tab();
    await view.user.tab();
    expect(document.activeElement).toBe(brand);
    expect(tip.classList.contains("hidden")).toBe(false);
    await view.user.keyboard("{Escape}");
    expect(tip.classList.contains("hidden")).toBe(true);
  });
});
