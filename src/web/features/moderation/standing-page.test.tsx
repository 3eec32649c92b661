import { waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { toast } from "sonner";
import { beforeEach, describe, expect, it } from "vitest";
import { LIMITED_CAN, MODERATION_MESSAGES, type SanctionView } from "../../../contract/moderation.ts";
import type { NotificationKind } from "../../../contract/notifications.ts";
import { closeDialog } from "../../lib/dialogs.ts";
import { problem } from "../../mocks/scenarios.ts";
import type { MockStore } from "../../mocks/store.ts";
import { LUCAS, taskTitled, userId } from "../../test/demo.ts";
import { DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi, server } from "../../test/setup.ts";
import { receiveNotice } from "../notifications/live-updates.ts";

// Toasts and dialogs are kept by modules that outlive a test: none carries over to the next.
beforeEach(() => {
  toast.dismiss();
  closeDialog();
});

const DAY_MS = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

/** A decision about Maya as her standing shows it (GET /api/me/standing), put first: newest first. */
function sanction(db: MockStore, fields: Partial<SanctionView> & Pick<SanctionView, "_id" | "kind">): SanctionView {
  const task = taskTitled(db, "Landing page for a neighbourhood bakery");
  const made: SanctionView = {
    rule: "on-platform",
    note: "Asked the client to pay by bank transfer.",
    targetKind: "question",
    targetTitle: task.title,
    createdAt: ago(1),
    liftedAt: null,
    appeal: null,
    canAppeal: fields.liftedAt == null && fields.appeal == null,
    ...fields,
  };
  const maya = userId(db, DEMO_FREELANCER);
  db.sanctions.set(maya, [made, ...(db.sanctions.get(maya) ?? [])]);
  return made;
}

/** Maya: limited yesterday (in force), warned ten days ago (appealed, kept), her task removed a month ago and restored on appeal. */
function mayasHistory(db: MockStore) {
  sanction(db, {
    _id: "s-remove",
    kind: "remove",
    rule: "honest",
    note: "Looked like a fake task.",
    targetKind: "task",
    targetTitle: "Logo for my own shop",
    createdAt: ago(30),
    liftedAt: ago(27),
    appeal: {
      text: "It is my real shop.",
      appealedAt: ago(29),
      outcome: "restored",
      decidedAt: ago(27),
      note: "We checked: it is real. Sorry.",
    },
  });
  sanction(db, {
    _id: "s-warn",
    kind: "warn",
    rule: "no-spam",
    note: "The same offer on nine tasks in an hour.",
    targetKind: "profile",
    targetTitle: "Maya Patel",
    createdAt: ago(10),
    appeal: {
      text: "Each offer was written for its task.",
      appealedAt: ago(9),
      outcome: "upheld",
      decidedAt: ago(8),
      note: "They are word for word the same.",
    },
  });
  return sanction(db, { _id: "s-limit", kind: "limit" });
}

async function openStanding(as = DEMO_FREELANCER, history: (db: MockStore) => SanctionView = mayasHistory) {
  const db = freshMockApi();
  const limit = history(db);
  const view = await renderRoute("/account/standing", { as, db });
  expect(await view.screen.findByRole("heading", { level: 1, name: "Account standing" })).toBeTruthy();
  return { ...view, db, limit };
}

const card = (heading: string) => {
  const found = document.querySelector(`li[aria-label^="${heading},"]`);
  if (!found) throw new Error(`No decision ${heading}`);
  return found as HTMLElement;
};

describe("Account standing", () => {
  it("says what a limited person cannot do and what they still can, naming the rule", async () => {
    const { screen } = await openStanding();
    const banner = (await screen.findByText(MODERATION_MESSAGES.limited("on-platform"))).closest(
      "[role=status]",
    ) as HTMLElement;
    expect(banner.textContent).toContain(
      "you cannot post or edit tasks, bid, ask questions or change your public profile",
    );
    expect(banner.textContent).toContain(LIMITED_CAN);
    expect(banner.textContent).toContain("“Keep payment and contact on QuickGig”");
    expect(within(banner).getByRole("link", { name: "House rules" }).getAttribute("href")).toBe("/rules#on-platform");
  });

  it("lists every decision newest first: what was acted on, the rule, the note, when, lifted or not, the appeal", async () => {
    const { screen } = await openStanding();
    const list = screen.getByRole("list", { name: "Decisions about you, newest first" });
    expect(
      within(list)
        .getAllByRole("heading", { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(["Account limited", "Warning", "Content removed"]);

    const limited = card("Account limited");
    expect(within(limited).getByText("In force")).toBeTruthy();
    expect(within(limited).getByText("your question on “Landing page for a neighbourhood bakery”")).toBeTruthy();
    expect(
      within(limited).getByRole("link", { name: "Keep payment and contact on QuickGig" }).getAttribute("href"),
    ).toBe("/rules#on-platform");
    expect(within(limited).getByText("Asked the client to pay by bank transfer.")).toBeTruthy();
    expect(within(limited).getByRole("button", { name: "Appeal: Account limited" })).toBeTruthy();

    const warning = card("Warning");
    expect(within(warning).getByText("your profile's bio and skills")).toBeTruthy();
    expect(within(warning).getByRole("link", { name: "No spam" })).toBeTruthy();
    expect(within(warning).getByText("Each offer was written for its task.")).toBeTruthy();
    expect(within(warning).getByText("Looked at: the decision stays.")).toBeTruthy();
    expect(within(warning).getByText("They are word for word the same.")).toBeTruthy();
    expect(within(warning).queryByRole("button", { name: /Appeal/ })).toBeNull();

    const removed = card("Content removed");
    expect(within(removed).getByText("Lifted")).toBeTruthy();
    expect(removed.textContent).toContain("· lifted ");
    expect(within(removed).getByText("your task “Logo for my own shop”")).toBeTruthy();
    expect(within(removed).getByText("Accepted: the decision was lifted.")).toBeTruthy();
    expect(within(removed).getByText("We checked: it is real. Sorry.")).toBeTruthy();
    expect(within(removed).queryByRole("button", { name: /Appeal/ })).toBeNull();
  });

  it("takes one appeal of a decision, sends it, and shows it waiting for a moderator", async () => {
    const { screen, user, limit } = await openStanding();
    const limited = card("Account limited");
    await user.click(within(limited).getByRole("button", { name: "Appeal: Account limited" }));
    await user.click(within(limited).getByRole("button", { name: "Send appeal" }));
    expect(await within(limited).findByText("Appeal is required")).toBeTruthy();
    expect(limit.appeal).toBeNull();

    await user.type(within(limited).getByLabelText("Your appeal"), "  I asked about a deposit, not a payment.  ");
    await user.click(within(limited).getByRole("button", { name: "Send appeal" }));
    expect(await screen.findByText("Your appeal is sent. A moderator will look at it.")).toBeTruthy();
    expect(await within(card("Account limited")).findByText("Waiting for a moderator.")).toBeTruthy();
    expect(within(card("Account limited")).getByText("I asked about a deposit, not a payment.")).toBeTruthy();
    expect(within(card("Account limited")).queryByRole("button", { name: /Appeal/ })).toBeNull();
    expect(limit.appeal?.text).toBe("I asked about a deposit, not a payment.");
  });

  it("says so when the decision was appealed meanwhile (another tab), and shows that appeal", async () => {
    const { screen, user, limit } = await openStanding();
    const limited = card("Account limited");
    await user.click(within(limited).getByRole("button", { name: "Appeal: Account limited" }));
    await user.type(within(limited).getByLabelText("Your appeal"), "A second appeal.");
    // Appealed from another tab meanwhile: the server keeps that one and refuses this one
    // (decisions.api.test.ts, "a sanction is appealed once by its person…").
    Object.assign(limit, {
      appeal: { text: "The first appeal.", appealedAt: ago(0), outcome: null, decidedAt: null, note: null },
      canAppeal: false,
    });
    server.use(http.post("*/api/sanctions/:id/appeal", () => problem(409, MODERATION_MESSAGES.alreadyAppealed)));
    await user.click(within(limited).getByRole("button", { name: "Send appeal" }));
    expect(
      await screen.findByText(MODERATION_MESSAGES.alreadyAppealed, { selector: "[data-sonner-toast] *" }),
    ).toBeTruthy();
    expect(await within(card("Account limited")).findByText("The first appeal.")).toBeTruthy();
    expect(within(card("Account limited")).queryByRole("button", { name: "Send appeal" })).toBeNull();
  });

  it("shows a decision of two sanctions as one, with one Appeal that appeals the decision (issue 45)", async () => {
    const { screen, user, db } = await openStanding(DEMO_FREELANCER, (db) => {
      const limit = sanction(db, { _id: "s-both-limit", kind: "limit", decisionId: "s-both" });
      sanction(db, {
        _id: "s-both",
        kind: "remove",
        decisionId: "s-both",
        targetKind: "task",
        targetTitle: "Logo for my own shop",
      });
      return limit;
    });
    const list = screen.getByRole("list", { name: "Decisions about you, newest first" });
    expect(
      within(list)
        .getAllByRole("heading", { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(["Content removed and account limited"]);
    const decision = card("Content removed and account limited");
    const effects = within(decision).getByRole("list", { name: "What this decision did" });
    expect(effects.textContent).toContain("Content removed: in force");
    expect(effects.textContent).toContain("Account limited: in force");
    expect(within(list).getAllByRole("button", { name: /^Appeal/ })).toHaveLength(1);
    await user.click(within(decision).getByRole("button", { name: "Appeal: Content removed and account limited" }));
    await user.type(within(decision).getByLabelText("Your appeal"), "It was a deposit.");
    await user.click(within(decision).getByRole("button", { name: "Send appeal" }));
    expect(
      await within(card("Content removed and account limited")).findByText("Waiting for a moderator."),
    ).toBeTruthy();
    // Sent to the decision (its first sanction's id), which stands for all of it.
    const maya = db.sanctions.get(userId(db, DEMO_FREELANCER)) ?? [];
    expect(maya.find((one) => one._id === "s-both")?.appeal?.text).toBe("It was a deposit.");
    expect(within(list).queryByRole("button", { name: /^Appeal/ })).toBeNull();
  });

  it("says when an appeal restored part of a decision and kept the rest", async () => {
    const decided = { text: "Please.", appealedAt: ago(2), decidedAt: ago(1), note: "The task may stay." };
    const { screen } = await openStanding(DEMO_FREELANCER, (db) => {
      const limit = sanction(db, {
        _id: "s-part-limit",
        kind: "limit",
        decisionId: "s-part",
        appeal: { ...decided, outcome: "upheld" },
      });
      sanction(db, {
        _id: "s-part",
        kind: "remove",
        decisionId: "s-part",
        liftedAt: ago(1),
        appeal: { ...decided, outcome: "restored" },
      });
      return limit;
    });
    const decision = card("Content removed and account limited");
    expect(within(decision).getByText("Accepted in part: the removal lifted, the limit stays.")).toBeTruthy();
    expect(within(decision).getByText("In force")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Appeal/ })).toBeNull();
  });

  it("says plainly when no moderator has acted", async () => {
    const { screen } = await openStanding(LUCAS);
    expect(screen.getByText("Nothing here: no moderator has acted on your account or your content.")).toBeTruthy();
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("is read again when a decision about the reader is made, lifted or answered", async () => {
    const { screen, db, limit } = await openStanding();
    const tell = (kind: NotificationKind) =>
      receiveNotice({
        id: Math.floor(Math.random() * 1e9),
        kind,
        data: { taskId: "", taskTitle: "" },
        read: false,
        createdAt: new Date().toISOString(),
      });
    // What the server's standing says once a moderator lifts the limit.
    Object.assign(limit, { liftedAt: new Date().toISOString(), canAppeal: false });
    tell("moderation-lifted");
    await waitFor(() => expect(screen.queryByText(MODERATION_MESSAGES.limited("on-platform"))).toBeNull());
    expect(within(card("Account limited")).getByText("Lifted")).toBeTruthy();

    sanction(db, { _id: "s-new", kind: "warn", note: "A newer warning.", createdAt: new Date().toISOString() });
    tell("moderation-action");
    expect(await screen.findByText("A newer warning.")).toBeTruthy();
  });

  it("sends a visitor to log in first", async () => {
    const { router } = await renderRoute("/account/standing");
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/login"));
    expect(router.state.location.search).toBe("?redirect=%2Faccount%2Fstanding");
  });
});
