import { waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { toast } from "sonner";
import { beforeEach, describe, expect, it } from "vitest";
import type { AppealItem, PersonStanding, SanctionView } from "../../../contract/moderation.ts";
import type { MockStore } from "../../mocks/store.ts";
import { userId } from "../../test/demo.ts";
import { DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi, server } from "../../test/setup.ts";
import { ADMIN, makeModerator } from "./test/admin-helpers.ts";

beforeEach(() => toast.dismiss());

const DAY_MS = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

/** Maya's decision of two days ago: her task removed and her account limited, one decision; and an old warning, withdrawn. */
function mayasSanctions(db: MockStore): SanctionView[] {
  const common = {
    rule: "honest" as const,
    note: "Asked for a fee up front.",
    targetKind: "task" as const,
    targetTitle: "Logo, fee first",
    createdAt: ago(2),
    liftedAt: null,
    appeal: null,
    canAppeal: true,
    decisionId: "s-remove",
  };
  const sanctions: SanctionView[] = [
    { ...common, _id: "s-remove", kind: "remove" },
    { ...common, _id: "s-limit", kind: "limit" },
    {
      ...common,
      _id: "s-warn",
      kind: "warn",
      rule: "respectful",
      note: "Rude to a client.",
      createdAt: ago(40),
      liftedAt: ago(30),
      decisionId: "s-warn",
    },
  ];
  db.sanctions.set(userId(db, DEMO_FREELANCER), sanctions);
  return sanctions;
}

async function openPerson(as: string, db: MockStore) {
  const maya = userId(db, DEMO_FREELANCER);
  const view = await renderRoute(`/admin/people/${maya}`, { as, db });
  expect(await view.screen.findByRole("heading", { level: 1, name: "Maya Patel" })).toBeTruthy();
  return { ...view, maya };
}

describe("A person's page in moderation", () => {
  it("shows what is in force and every decision, with links to the profile and the audit log", async () => {
    const db = freshMockApi();
    mayasSanctions(db);
    const { screen, maya } = await openPerson(ADMIN, db);
    const inForce = screen.getByRole("region", { name: /In force/ });
    expect(
      within(inForce)
        .getAllByRole("listitem")
        .map((item) => item.getAttribute("aria-label")),
    ).toEqual(["Removed content, in force", "Limited, in force"]);
    const history = screen.getByRole("list", { name: "Every decision about them, newest first" });
    expect(within(history).getAllByRole("listitem")).toHaveLength(3);
    expect(history.textContent).toContain("Rude to a client.");
    expect(screen.getByRole("link", { name: "Public profile" }).getAttribute("href")).toBe(`/users/${maya}`);
    expect(screen.getByRole("link", { name: "Audit log entries about them" }).getAttribute("href")).toBe(
      `/admin/audit?subject=${maya}`,
    );
  });

  it("lets an admin lift a sanction with a note; the page is read again", async () => {
    const db = freshMockApi();
    const [, limit] = mayasSanctions(db);
    const { screen, user } = await openPerson(ADMIN, db);
    const limited = screen.getByRole("listitem", { name: "Limited, in force" });
    await user.click(within(limited).getByRole("button", { name: "Lift the limit" }));
    await user.click(within(limited).getByRole("button", { name: "Lift" }));
    expect(await within(limited).findByText("Note is required")).toBeTruthy();
    await user.type(within(limited).getByLabelText("Why lift this limit?"), "Served its time.");
    await user.click(within(limited).getByRole("button", { name: "Lift" }));
    expect(await screen.findByText("Lifted: the limit is over and Maya Patel is told.")).toBeTruthy();
    expect(limit?.liftedAt).not.toBeNull();
    await waitFor(() => expect(screen.queryByRole("listitem", { name: "Limited, in force" })).toBeNull());
    expect(db.audit.at(-1)).toMatchObject({ action: "restore", targetId: "s-limit", note: "Served its time." });
  });

  it("shows a moderator no Lift: an admin lifts", async () => {
    const db = freshMockApi();
    mayasSanctions(db);
    makeModerator(db, "lucas@quickgig.dev");
    const maya = userId(db, DEMO_FREELANCER);
    server.use(
      http.get("*/api/admin/people/:id", () => {
        const history = (db.sanctions.get(maya) ?? []).map((one) => ({ ...one, targetId: "t1" }));
        const answer: PersonStanding = {
          person: db.person(maya),
          role: null,
          inForce: history.filter((one) => one.kind !== "warn"),
          history,
          canLift: false,
        };
        return HttpResponse.json(answer);
      }),
    );
    const { screen } = await openPerson("lucas@quickgig.dev", db);
    expect(screen.queryByRole("button", { name: /^Lift/ })).toBeNull();
    expect(screen.getByText("An admin lifts sanctions; you can read them.")).toBeTruthy();
  });
});

describe("An appeal of a decision of two sanctions, in the queue", () => {
  it("is one card; restore undoes both, or only what stays ticked", async () => {
    const db = freshMockApi();
    const [removal, limit] = mayasSanctions(db);
    const brief = (sanction: SanctionView | undefined) => ({
      _id: sanction?._id ?? "",
      kind: sanction?.kind ?? "remove",
      rule: "honest" as const,
      createdAt: ago(2),
      liftedAt: null,
      note: "Asked for a fee up front.",
      targetKind: "task" as const,
      targetId: "t-logo",
      targetTitle: "Logo, fee first",
    });
    const appeal: AppealItem = {
      sanction: brief(removal),
      effects: [brief(removal), brief(limit)],
      person: db.person(userId(db, DEMO_FREELANCER)),
      text: "It was a deposit.",
      appealedAt: ago(1),
    };
    db.queue = { reports: [], appeals: [appeal] };
    let sent: unknown = null;
    server.use(
      http.post("*/api/admin/appeals/:id", async ({ request, params }) => {
        sent = { id: params.id, ...((await request.json()) as object) };
        db.queue.appeals = [];
        return HttpResponse.json({ entries: [] });
      }),
    );
    const { screen, user } = await renderRoute("/admin", { as: ADMIN, db });
    const card = await screen.findByRole("article", { name: "Maya Patel's appeal" });
    expect(within(card).getByRole("heading", { level: 3 }).textContent).toBe("Maya Patel appeals a removal and limit");
    expect(within(card).getByRole("link", { name: "Maya Patel's record" }).getAttribute("href")).toBe(
      `/admin/people/${userId(db, DEMO_FREELANCER)}`,
    );
    const undo = within(card).getByRole("group", { name: "Restore undoes" });
    expect(
      within(undo)
        .getAllByRole("checkbox")
        .map((box) => (box as HTMLInputElement).checked),
    ).toEqual([true, true]);
    expect(within(undo).getByRole("checkbox", { name: "Put back the task: Logo, fee first" })).toBeTruthy();
    await user.click(within(undo).getByRole("checkbox", { name: "Lift the limit on the account" }));
    await user.type(within(card).getByLabelText("Your answer"), "The task may stay; the limit too.");
    await user.click(within(card).getByRole("button", { name: "Restore" }));
    expect(await screen.findByText("Restored: what you ticked is undone and Maya Patel is told.")).toBeTruthy();
    expect(sent).toEqual({
      id: "s-remove",
      decision: "restore",
      note: "The task may stay; the limit too.",
      effects: ["s-remove"],
    });
  });
});
