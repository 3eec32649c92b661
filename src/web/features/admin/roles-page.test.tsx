import { waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { toast } from "sonner";
import { beforeEach, describe, expect, it } from "vitest";
import { MODERATION_MESSAGES } from "../../../contract/moderation.ts";
import { problem } from "../../mocks/scenarios.ts";
import { userId } from "../../test/demo.ts";
import { DEMO_CLIENT, DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi } from "../../test/setup.ts";
import { ADMIN, makeModerator } from "./test/admin-helpers.ts";

beforeEach(() => toast.dismiss());

type View = Awaited<ReturnType<typeof renderRoute>>;

const staffRows = (view: View) =>
  within(view.screen.getByRole("list", { name: "Staff" }))
    .getAllByRole("listitem")
    .map((item) => item.textContent?.replace(/since .*/, "since …"));

describe("Roles", () => {
  it("lists the staff with their role and since when, and gives and takes roles by email", async () => {
    const view = await renderRoute("/admin/roles", { as: ADMIN });
    const { screen, user, db } = view;
    expect(await screen.findByRole("heading", { level: 1, name: "Roles" })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Roles - QuickGig"));
    expect(staffRows(view)).toEqual(["Quinn Harperadmin@quickgig.devAdminsince …"]);
    const nav = screen.getByRole("navigation", { name: "Moderation" });
    expect(within(nav).getByRole("link", { name: "Roles" }).getAttribute("aria-current")).toBe("page");

    await user.type(screen.getByLabelText("Email"), "Maya@QuickGig.dev");
    await user.click(screen.getByRole("button", { name: "Save role" }));
    expect(await screen.findByText("Maya@QuickGig.dev is now a moderator.")).toBeTruthy();
    // Listed in the order the server sends (the longest serving first: admin.api.test.ts, "an admin
    // grants and removes roles…"); the mock keeps its people's order.
    await waitFor(() =>
      expect(staffRows(view).sort()).toEqual([
        "Maya Patelmaya@quickgig.devModeratorsince …",
        "Quinn Harperadmin@quickgig.devAdminsince …",
      ]),
    );
    const maya = userId(db, DEMO_FREELANCER);
    expect(db.user(maya)?.role).toBe("moderator");
    expect(db.audit.at(-1)).toMatchObject({ action: "grant-role", subject: { id: maya } });

    await user.type(screen.getByLabelText("Email"), DEMO_FREELANCER);
    await user.selectOptions(screen.getByLabelText("Role"), "No role");
    await user.click(screen.getByRole("button", { name: "Save role" }));
    expect(await screen.findByText(`${DEMO_FREELANCER} has no role any more.`)).toBeTruthy();
    await waitFor(() => expect(staffRows(view)).toEqual(["Quinn Harperadmin@quickgig.devAdminsince …"]));
    expect(db.user(maya)?.role).toBeNull();
    expect(db.audit.at(-1)).toMatchObject({ action: "revoke-role", subject: { id: maya } });
  });

  it("shows the refusals as they come", async () => {
    // The server's refusals of an unknown email and of one's own role (admin.api.test.ts, "roles").
    const refusals = http.post("*/api/admin/roles", async ({ request }) => {
      const { email } = (await request.clone().json()) as { email: string };
      if (email === "nobody@example.com") return problem(404, MODERATION_MESSAGES.personNotFound);
      if (email === ADMIN) return problem(400, MODERATION_MESSAGES.ownRole);
      return undefined;
    });
    const { screen, user } = await renderRoute("/admin/roles", { as: ADMIN, handlers: [refusals] });
    await screen.findByRole("list", { name: "Staff" });
    await user.click(screen.getByRole("button", { name: "Save role" }));
    expect(await screen.findByText("Email is required")).toBeTruthy();

    await user.type(screen.getByLabelText("Email"), "nobody@example.com");
    await user.click(screen.getByRole("button", { name: "Save role" }));
    expect((await screen.findByRole("alert")).textContent).toBe(MODERATION_MESSAGES.personNotFound);

    await user.clear(screen.getByLabelText("Email"));
    await user.type(screen.getByLabelText("Email"), ADMIN);
    await user.selectOptions(screen.getByLabelText("Role"), "Moderator");
    await user.click(screen.getByRole("button", { name: "Save role" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(MODERATION_MESSAGES.ownRole));
  });

  it("is refused to a moderator, who is not an admin", async () => {
    const db = freshMockApi();
    makeModerator(db, DEMO_FREELANCER);
    // The server's answer to a moderator (admin.api.test.ts, "refuses a moderator (adminOnly)…").
    const { screen } = await renderRoute("/admin/roles", {
      as: DEMO_FREELANCER,
      db,
      handlers: [http.get("*/api/admin/roles", () => problem(403, MODERATION_MESSAGES.adminOnly))],
    });
    expect(await screen.findByRole("heading", { name: MODERATION_MESSAGES.adminOnly })).toBeTruthy();
    expect(screen.getByText("403")).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Staff" })).toBeNull();
  });

  it("is refused to a person without a role", async () => {
    // The server's answer to anyone without a role (admin.api.test.ts, "…anyone without a role (staffOnly)…").
    const { screen } = await renderRoute("/admin/roles", {
      as: DEMO_CLIENT,
      handlers: [http.get("*/api/admin/roles", () => problem(403, MODERATION_MESSAGES.staffOnly))],
    });
    expect(await screen.findByRole("heading", { name: MODERATION_MESSAGES.staffOnly })).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Staff" })).toBeNull();
  });
});
