import { waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { DEMO_CLIENT, DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi, server } from "../../test/setup.ts";
import { ADMIN, makeModerator } from "../admin/test/admin-helpers.ts";

/** The links under the person's name, once /api/me/standing has answered (the nav is busy until then). */
async function accountLinks(as: string, db = freshMockApi()) {
  const view = await renderRoute("/profile", { as, db });
  const nav = await view.screen.findByRole("navigation", { name: "Your account" });
  await waitFor(() => expect(nav.getAttribute("aria-busy")).toBe("false"));
  return { nav, view };
}

const names = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole("link")
    .map((link) => link.textContent);

describe("Profile's account links", () => {
  it("gives everyone their account standing, and no moderation queue to a person without a role", async () => {
    const { nav } = await accountLinks(DEMO_CLIENT);
    expect(names(nav)).toEqual(["Account standing"]);
    expect(within(nav).getByRole("link", { name: "Account standing" }).getAttribute("href")).toBe("/account/standing");
  });

  it("adds the moderation queue for a moderator", async () => {
    const db = freshMockApi();
    makeModerator(db, DEMO_FREELANCER);
    const { nav } = await accountLinks(DEMO_FREELANCER, db);
    expect(names(nav)).toEqual(["Account standing", "Moderation queue"]);
    expect(within(nav).getByRole("link", { name: "Moderation queue" }).getAttribute("href")).toBe("/admin");
  });

  it("and for an admin", async () => {
    const { nav } = await accountLinks(ADMIN);
    expect(names(nav)).toEqual(["Account standing", "Moderation queue"]);
  });

  it("shows the profile without the queue's link when the standing cannot be read", async () => {
    const db = freshMockApi();
    makeModerator(db, DEMO_FREELANCER);
    server.use(http.get("*/api/me/standing", () => HttpResponse.error()));
    const { nav, view } = await accountLinks(DEMO_FREELANCER, db);
    expect(view.screen.getByRole("heading", { level: 1, name: "Maya Patel" })).toBeTruthy();
    expect(names(nav)).toEqual(["Account standing"]);
  });
});
