import { act, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { toast } from "sonner";
import { beforeEach, describe, expect, it } from "vitest";
import {
  type AppealItem,
  type DecisionInput,
  MODERATION_MESSAGES,
  type Queue,
  type SanctionView,
  type Snapshot,
} from "../../../contract/moderation.ts";
import type { DisputeDecisionInput, Payment } from "../../../contract/payments.ts";
import type { PersonRef } from "../../../contract/reputation.ts";
import { problem } from "../../mocks/scenarios.ts";
import type { MockStore } from "../../mocks/store.ts";
import { AISHA, LUCAS, taskTitled, userId } from "../../test/demo.ts";
import { DEMO_CLIENT, DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi, server } from "../../test/setup.ts";
import { setUnreadCounts } from "../notifications/live-updates.ts";
import { ADMIN, makeModerator } from "./test/admin-helpers.ts";

type View = Awaited<ReturnType<typeof renderRoute>>;

// Toasts and dialogs are kept by modules that outlive a test: none carries over to the next.
beforeEach(() => toast.dismiss());

const DAY_MS = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

/** The authors and the appealing person of the fixture: people of the queue only, not of the demo. */
const CHLOE: PersonRef = { id: "u-chloe", name: "Chloe Martin", image: null };
const NOAH: PersonRef = { id: "u-noah", name: "Noah Kim", image: null };
const OMAR: PersonRef = { id: "u-omar", name: "Omar Haddad", image: null };

const CHLOE_GROUP = "Profile: Chloe Martin";
const QUESTION = "Question on “Brand refresh for a coffee roaster”";
const TASK = "Task: SEO audit of a travel blog";

/** Chloe's warning of 38 days ago, still in force (in her history, and restorable). */
const chloesWarning = (): SanctionView => ({
  _id: "s-chloe-warn",
  kind: "warn",
  rule: "no-spam",
  note: "Sent the same offer to nine tasks within an hour.",
  targetKind: "profile",
  targetTitle: CHLOE.name,
  createdAt: ago(38),
  liftedAt: null,
  appeal: null,
  canAppeal: true,
});

/**
 * What GET /api/admin/queue answers here: three reported targets, the longest waiting first, and
 * two appeals, the oldest first.
 * - Chloe's bio asked people to pay her outside QuickGig; she has changed it since. Reported by
 *   Maya (with a note), the demo client and Lucas; reported once before, warned once.
 * - Noah's question on the coffee roaster's task, asking bidders to talk on Telegram, deleted by
 *   him after Aisha reported it.
 * - Aisha's SEO audit task, which the demo client doubts; it reads as it did.
 * - Omar appeals a limit; Lucas appeals a warning.
 */
function queueFixture(db: MockStore): Queue {
  const person = (email: string) => db.person(userId(db, email));
  const [maya, lucas, demo, aisha] = [DEMO_FREELANCER, LUCAS, DEMO_CLIENT, AISHA].map(person) as [
    PersonRef,
    PersonRef,
    PersonRef,
    PersonRef,
  ];
  const bio: Snapshot = {
    title: CHLOE.name,
    text: "Campaigns measured twice. Email me at chloe.ads@example.com and pay by bank transfer: 30% cheaper than through QuickGig.\n\nSkills: SEO, Google Ads, Newsletters",
    author: CHLOE,
    taskId: null,
  };
  const roaster = taskTitled(db, "Brand refresh for a coffee roaster");
  const telegram: Snapshot = {
    title: roaster.title,
    text: "Are you still hiring? Message me on Telegram @cheap_brand_design, I do it for half the budget.",
    author: NOAH,
    taskId: roaster._id,
  };
  const seo = taskTitled(db, "SEO audit of a travel blog");
  const seoTask: Snapshot = {
    title: seo.title,
    text: seo.description,
    author: aisha,
    taskId: seo._id,
  };
  const warning = chloesWarning();
  return {
    reports: [
      {
        targetKind: "profile",
        targetId: CHLOE.id,
        firstReportedAt: ago(6),
        reportCount: 3,
        reasons: { "off-platform": 2, spam: 1 },
        reports: [
          {
            _id: "p-chloe-maya",
            reporter: maya,
            reason: "off-platform",
            note: "Her bio asks people to pay her by bank transfer to skip the fee.",
            createdAt: ago(6),
            snapshot: bio,
          },
          { _id: "p-chloe-demo", reporter: demo, reason: "off-platform", note: null, createdAt: ago(5), snapshot: bio },
          { _id: "p-chloe-lucas", reporter: lucas, reason: "spam", note: null, createdAt: ago(4), snapshot: bio },
        ],
        current: {
          ...bio,
          text: "Campaigns measured twice. Weekly reports, in plain words.\n\nSkills: SEO, Google Ads, Newsletters",
        },
        removed: false,
        author: CHLOE,
        history: {
          reports: 1,
          sanctions: [
            { _id: warning._id, kind: warning.kind, rule: warning.rule, createdAt: warning.createdAt, liftedAt: null },
          ],
        },
      },
      {
        targetKind: "question",
        targetId: "q-telegram",
        firstReportedAt: ago(3),
        reportCount: 1,
        reasons: { "off-platform": 1 },
        reports: [
          { _id: "p-noah", reporter: aisha, reason: "off-platform", note: null, createdAt: ago(3), snapshot: telegram },
        ],
        current: null,
        removed: false,
        author: NOAH,
        history: { reports: 0, sanctions: [] },
      },
      {
        targetKind: "task",
        targetId: seo._id,
        firstReportedAt: ago(2),
        reportCount: 1,
        reasons: { other: 1 },
        reports: [
          {
            _id: "p-seo",
            reporter: demo,
            reason: "other",
            note: "The budget looks far too low for a full audit; I think the description was copied from another site.",
            createdAt: ago(2),
            snapshot: seoTask,
          },
        ],
        current: seoTask,
        removed: false,
        author: seoTask.author,
        history: { reports: 0, sanctions: [] },
      },
    ],
    appeals: [
      oneDecision({
        sanction: {
          _id: "s-omar-limit",
          kind: "limit",
          rule: "no-spam",
          createdAt: ago(5),
          liftedAt: null,
          note: "Copied the same offer, word for word, to twelve tasks in one evening.",
          targetKind: "profile",
          targetId: OMAR.id,
          targetTitle: OMAR.name,
        },
        person: OMAR,
        text: "I wrote each of those offers myself; they start the same way because I describe my experience the same way. I am new here and bid on many tasks to get my first job. Please look again.",
        appealedAt: ago(2),
      }),
      oneDecision({
        sanction: {
          _id: "s-lucas-warn",
          kind: "warn",
          rule: "respectful",
          createdAt: ago(3),
          liftedAt: null,
          note: "Rude answer to a client.",
          targetKind: "message",
          targetId: "m-gone",
          targetTitle: "Logo and colour palette for a cycling club",
        },
        person: lucas,
        text: "The client insulted me first.",
        appealedAt: ago(1),
      }),
    ],
  };
}

/** A fresh demo marketplace whose queue is the fixture's; Chloe's warning is kept to be restored. */
function withQueue() {
  const db = freshMockApi();
  db.queue = queueFixture(db);
  db.sanctions.set(CHLOE.id, [chloesWarning()]);
  return db;
}

/**
 * The decisions the page sent, as it sent them (the mock then takes the group out of the queue).
 * Used after the store is made: its handlers, added then, would otherwise come first.
 */
function recordDecisions() {
  const sent: DecisionInput[] = [];
  server.use(
    http.post("*/api/admin/decisions", async ({ request }) => {
      sent.push((await request.clone().json()) as DecisionInput);
      return undefined;
    }),
  );
  return sent;
}

async function openQueue(as: string = ADMIN, db = withQueue()) {
  const view = await renderRoute("/admin", { as, db });
  await view.screen.findByRole("heading", { level: 1, name: "Moderation queue" });
  return view;
}

const group = (view: View, name: string) => view.screen.getByRole("article", { name });
const groupNames = (view: View) =>
  within(view.screen.getByRole("region", { name: /Reports/ }))
    .queryAllByRole("article")
    .map((article) => article.getAttribute("aria-label"));
const CHLOES_REPORTS = ["p-chloe-maya", "p-chloe-demo", "p-chloe-lucas"];

describe("The moderation queue", () => {
  it("groups open reports by target, in the server's order, with how many reported it and why, as reported and as it is now, and the author's history", async () => {
    const view = await openQueue();
    const { screen } = view;
    await waitFor(() => expect(document.title).toBe("Moderation queue - QuickGig"));
    expect(groupNames(view)).toEqual([CHLOE_GROUP, QUESTION, TASK]);
    expect(screen.getByRole("heading", { level: 2, name: "Reports (3)" })).toBeTruthy();

    const chloe = group(view, CHLOE_GROUP);
    expect(within(chloe).getByText(/^Reported by 3 people/)).toBeTruthy();
    expect(within(chloe).getByRole("list", { name: "Reasons" }).textContent).toBe(
      "Asks to pay or talk outside QuickGig × 2Spam × 1",
    );
    // As reported (the snapshot) beside the bio as it is now, edited since.
    const reported = within(chloe).getByRole("heading", { name: "As reported" }).parentElement as HTMLElement;
    const now = within(chloe).getByRole("heading", { name: "As it is now" }).parentElement as HTMLElement;
    expect(reported.textContent).toContain("Email me at chloe.ads@example.com");
    expect(now.textContent).toContain("Campaigns measured twice. Weekly reports, in plain words.");
    expect(now.textContent).not.toContain("chloe.ads@example.com");
    // Each report: who (a link to their profile), why, their note.
    const maya = within(chloe).getByRole("link", { name: "Maya Patel" });
    expect(maya.getAttribute("href")).toBe(`/users/${userId(view.db, DEMO_FREELANCER)}`);
    expect(maya.closest("li")?.textContent).toContain("Asks to pay or talk outside QuickGig");
    expect(within(chloe).getByText("“Her bio asks people to pay her by bank transfer to skip the fee.”")).toBeTruthy();
    expect(within(chloe).getAllByRole("link", { name: "Lucas Moreau" })).toHaveLength(1);
    // The author, their profile, their earlier report and the warning they had.
    const author = within(chloe).getByRole("heading", { name: "Author: Chloe Martin" });
    expect(within(author).getByRole("link").getAttribute("href")).toBe(`/users/${CHLOE.id}`);
    expect(within(chloe).getByText("1 earlier report of their content.")).toBeTruthy();
    const sanctions = within(chloe).getByRole("list", { name: "Chloe Martin's sanctions" });
    expect(sanctions.textContent).toMatch(/^Warned · No spam · .+ · in force Restore$/);

    // The question was deleted by its author after it was reported: the snapshot is the evidence.
    const question = group(view, QUESTION);
    expect(within(question).getByText("Deleted by its author")).toBeTruthy();
    expect(within(question).getByText(/Message me on Telegram @cheap_brand_design/)).toBeTruthy();
    expect(within(question).getByText("The content was deleted by its author.")).toBeTruthy();
    expect(within(question).queryByRole("checkbox", { name: /Remove the content/ })).toBeNull();
  });

  it("reads itself again when the staff's live counts say the queue changed: another moderator's decision leaves it", async () => {
    const view = await openQueue();
    expect(groupNames(view)).toEqual([CHLOE_GROUP, QUESTION, TASK]);
    // Another moderator decides on the task: nothing here knows yet.
    view.db.queue.reports = view.db.queue.reports.filter((open) => open.targetKind !== "task");
    act(() => setUnreadCounts({ notifications: 0, messages: 0, queue: 5 }));
    try {
      await waitFor(() => expect(groupNames(view)).toEqual([CHLOE_GROUP, QUESTION]));
      expect(view.screen.getByRole("heading", { level: 2, name: "Reports (2)" })).toBeTruthy();
    } finally {
      act(() => setUnreadCounts(null));
    }
  });

  // What the server then does (the content hidden, the author limited and told the rule and the note,
  // the reporters told it was removed and never the sanction) is decisions.api.test.ts's "removes a
  // scam task and limits its poster…".
  it("removes the content and limits the author: sends that decision on the reports shown, a toast says what was done, the group leaves the queue", async () => {
    const view = await openQueue();
    const decisions = recordDecisions();
    const { screen, user } = view;
    const chloe = group(view, CHLOE_GROUP);
    const button = within(chloe).getByRole("button", { name: "Dismiss" });
    await user.click(within(chloe).getByRole("checkbox", { name: /Remove the content/ }));
    await user.click(within(chloe).getByRole("radio", { name: /Limit/ }));
    expect(button.textContent).toBe("Decide");
    expect(within(chloe).getByText(/^This removes the content and limits Chloe Martin\./)).toBeTruthy();
    await user.selectOptions(within(chloe).getByLabelText("House rule"), "Keep payment and contact on QuickGig");
    await user.type(within(chloe).getByLabelText("Note"), "Asked for bank transfers outside QuickGig.");
    await user.click(button);

    expect(await screen.findByText("Decided: the content is removed and Chloe Martin is limited.")).toBeTruthy();
    await waitFor(() => expect(groupNames(view)).toEqual([QUESTION, TASK]));
    expect(decisions).toEqual([
      {
        targetKind: "profile",
        targetId: CHLOE.id,
        remove: true,
        sanction: "limit",
        rule: "on-platform",
        note: "Asked for bank transfers outside QuickGig.",
        reportIds: CHLOES_REPORTS,
      },
    ]);
  });

  // The reporter told that it stays up, and the one dismiss entry: decisions.api.test.ts's "dismisses…".
  it("names its one button for what it does, asks for a rule unless dismissing and always for a note, and dismisses", async () => {
    const view = await openQueue();
    const decisions = recordDecisions();
    const { screen, user, db } = view;
    const task = group(view, TASK);
    const button = within(task).getByRole("button", { name: "Dismiss" });
    await user.click(button);
    expect(await within(task).findByText("Note is required")).toBeTruthy();
    // Dismissing needs no rule.
    expect(within(task).queryByText("Name the house rule that was broken")).toBeNull();

    await user.click(within(task).getByRole("radio", { name: /Warn/ }));
    expect(button.textContent).toBe("Decide");
    await user.type(within(task).getByLabelText("Note"), "Looked at it.");
    await user.click(button);
    expect(await within(task).findByText("Name the house rule that was broken")).toBeTruthy();
    expect(decisions).toEqual([]);

    await user.click(within(task).getByRole("radio", { name: /None/ }));
    expect(button.textContent).toBe("Dismiss");
    await user.click(button);
    expect(await screen.findByText("Dismissed: the reports are closed and the content stays up.")).toBeTruthy();
    await waitFor(() => expect(groupNames(view)).toEqual([CHLOE_GROUP, QUESTION]));
    const seo = taskTitled(db, "SEO audit of a travel blog");
    expect(decisions).toEqual([
      {
        targetKind: "task",
        targetId: seo._id,
        remove: false,
        sanction: "none",
        note: "Looked at it.",
        reportIds: ["p-seo"],
      },
    ]);
  });

  it("asks before suspending, and sends nothing when the moderator steps back", async () => {
    const view = await openQueue();
    const decisions = recordDecisions();
    const { screen, user } = view;
    const chloe = group(view, CHLOE_GROUP);
    await user.click(within(chloe).getByRole("radio", { name: /Suspend/ }));
    await user.selectOptions(within(chloe).getByLabelText("House rule"), "Be honest");
    await user.type(within(chloe).getByLabelText("Note"), "Repeated scams.");
    await user.click(within(chloe).getByRole("button", { name: "Decide" }));

    let dialog = await screen.findByRole("alertdialog", { name: "Suspend Chloe Martin?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(decisions).toEqual([]);
    expect(groupNames(view)).toEqual([CHLOE_GROUP, QUESTION, TASK]);

    await user.click(within(chloe).getByRole("button", { name: "Decide" }));
    dialog = await screen.findByRole("alertdialog", { name: "Suspend Chloe Martin?" });
    await user.click(within(dialog).getByRole("button", { name: "Suspend" }));
    expect(await screen.findByText("Decided: Chloe Martin is suspended.")).toBeTruthy();
    expect(decisions).toEqual([
      {
        targetKind: "profile",
        targetId: CHLOE.id,
        remove: false,
        sanction: "suspend",
        rule: "honest",
        note: "Repeated scams.",
        reportIds: CHLOES_REPORTS,
      },
    ]);
    await waitFor(() => expect(groupNames(view)).toEqual([QUESTION, TASK]));
  });

  it("says so when another moderator decided first, and shows the queue as it is now", async () => {
    const db = withQueue();
    const view = await openQueue(ADMIN, db);
    const { screen, user } = view;
    // Another moderator closes the task's reports a moment before this one decides: the server
    // applies nothing and answers 409 (decisions.api.test.ts, "of two moderators deciding…").
    server.use(
      http.post("*/api/admin/decisions", () => {
        db.queue.reports = db.queue.reports.filter((reported) => reported.targetKind !== "task");
        return problem(409, MODERATION_MESSAGES.decidedByOther);
      }),
    );
    const task = group(view, TASK);
    await user.type(within(task).getByLabelText("Note"), "Fine as it is.");
    await user.click(within(task).getByRole("button", { name: "Dismiss" }));
    expect(await screen.findByText("These reports were just decided by another moderator.")).toBeTruthy();
    await waitFor(() => expect(groupNames(view)).toEqual([CHLOE_GROUP, QUESTION]));
  });

  // The sanction lifted or kept, and the person told the outcome with the note: decisions.api.test.ts's
  // "a sanction is appealed once by its person…" (upheld) and "a suspension ends the sessions…" (restored).
  it("restores or upholds an appeal with a note, and says the person is told", async () => {
    const view = await openQueue();
    const { screen, user, db } = view;
    const appeals = screen.getByRole("region", { name: /Appeals/ });
    expect(
      within(appeals)
        .getAllByRole("article")
        .map((article) => article.getAttribute("aria-label")),
    ).toEqual(["Omar Haddad's appeal", "Lucas Moreau's appeal"]);
    const omar = screen.getByRole("article", { name: "Omar Haddad's appeal" });
    expect(within(omar).getByRole("heading", { level: 3 }).textContent).toBe("Omar Haddad appeals a limit");
    expect(omar.textContent).toContain("Limited on");
    expect(omar.textContent).toContain("No spam");
    expect(omar.textContent).toContain("Copied the same offer, word for word, to twelve tasks in one evening.");
    expect(omar.textContent).toContain("I wrote each of those offers myself");

    await user.click(within(omar).getByRole("button", { name: "Restore" }));
    expect(await within(omar).findByText("Note is required")).toBeTruthy();
    expect(db.audit).toEqual([]);
    await user.type(within(omar).getByLabelText("Your answer"), "Each offer was indeed different.");
    await user.click(within(omar).getByRole("button", { name: "Restore" }));
    expect(await screen.findByText("Restored: the limit is lifted and Omar Haddad is told.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("article", { name: "Omar Haddad's appeal" })).toBeNull());

    const lucasAppeal = screen.getByRole("article", { name: "Lucas Moreau's appeal" });
    await user.type(within(lucasAppeal).getByLabelText("Your answer"), "Still rude.");
    await user.click(within(lucasAppeal).getByRole("button", { name: "Uphold" }));
    expect(await screen.findByText("Upheld: Lucas Moreau is told the warning stays.")).toBeTruthy();
    expect(await screen.findByText("No appeals waiting.")).toBeTruthy();
    // What was sent (POST /api/admin/appeals/{sanction id}), as the mock logs it.
    expect(db.audit.map(({ action, targetId, note }) => ({ action, targetId, note }))).toEqual([
      { action: "restore", targetId: "s-omar-limit", note: "Each offer was indeed different." },
      { action: "uphold", targetId: "s-lucas-warn", note: "Still rude." },
    ]);
  });

  // Who is told, and the log's entry: decisions.api.test.ts's "restoring".
  it("restores a sanction still in force from the author's history", async () => {
    const db = withQueue();
    const view = await openQueue(ADMIN, db);
    const { screen, user } = view;
    // The server's queue shows the warning lifted once it is (the mock keeps the fixture as it is).
    server.use(
      http.post("*/api/admin/sanctions/:id/restore", ({ params }) => {
        const brief = db.queue.reports[0]?.history.sanctions.find((sanction) => sanction._id === params.id);
        if (brief) brief.liftedAt = new Date().toISOString();
        return undefined;
      }),
    );
    const chloe = group(view, CHLOE_GROUP);
    await user.click(within(chloe).getByRole("button", { name: "Restore" }));
    await user.type(within(chloe).getByLabelText("Why restore this warning?"), "The offers were not copied.");
    await user.click(within(chloe).getByRole("button", { name: "Restore" }));
    expect(await screen.findByText("Restored: the warning is lifted and Chloe Martin is told.")).toBeTruthy();
    await waitFor(() =>
      expect(
        within(group(view, CHLOE_GROUP)).getByRole("list", { name: "Chloe Martin's sanctions" }).textContent,
      ).toMatch(/· lifted /),
    );
    expect(db.audit.at(-1)).toMatchObject({
      action: "restore",
      targetId: "s-chloe-warn",
      note: "The offers were not copied.",
    });
  });

  it("says when nothing is waiting", async () => {
    const db = freshMockApi();
    db.queue = { reports: [], appeals: [] } satisfies Queue;
    const { screen } = await openQueue(ADMIN, db);
    expect(screen.getByText("No reports waiting. Everything reported has been looked at.")).toBeTruthy();
    expect(screen.getByText("No appeals waiting.")).toBeTruthy();
  });

  it("is open to moderators", async () => {
    const db = withQueue();
    makeModerator(db, DEMO_FREELANCER);
    const view = await openQueue(DEMO_FREELANCER, db);
    expect(groupNames(view)).toHaveLength(3);
    const nav = view.screen.getByRole("navigation", { name: "Moderation" });
    expect(within(nav).getByRole("link", { name: "Queue" }).getAttribute("aria-current")).toBe("page");
  });

  it("answers anyone else that only moderators can do this", async () => {
    // The server's answer to anyone without a role (reports.api.test.ts, "answers 401 signed out and 403…").
    const { screen, router } = await renderRoute("/admin", {
      as: DEMO_CLIENT,
      db: withQueue(),
      handlers: [http.get("*/api/admin/queue", () => problem(403, MODERATION_MESSAGES.staffOnly))],
    });
    expect(await screen.findByRole("heading", { name: MODERATION_MESSAGES.staffOnly })).toBeTruthy();
    expect(screen.getByText("403")).toBeTruthy();
    expect(screen.queryByRole("article")).toBeNull();
    expect(router.state.location.pathname).toBe("/admin");
  });

  it("sends a visitor to sign in, and back here after", async () => {
    const { router } = await renderRoute("/admin");
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/login"));
    expect(router.state.location.search).toBe("?redirect=%2Fadmin");
  });
});

/** The demo client's $360 payment to Maya for the landing page, disputed and in the queue since yesterday. */
function escalatedDispute(db: MockStore): Payment {
  const task = taskTitled(db, "Landing page");
  const created = ago(12);
  const payment: Payment = {
    _id: "pay-landing",
    status: "disputed",
    task: { _id: task._id, title: task.title },
    client: db.person(task.ownerId ?? ""),
    freelancer: db.person(userId(db, DEMO_FREELANCER)),
    amount: 360,
    fee: 36,
    feePercent: 10,
    currency: "USD",
    testMode: true,
    checkoutUrl: null,
    lastError: null,
    createdAt: created,
    heldAt: created,
    releaseDueAt: null,
    settledAt: null,
    dispute: {
      openedBy: "freelancer",
      reason: "The client asked for two extra pages after the work was delivered.",
      openedAt: ago(8),
      escalatesAt: ago(1),
      escalatedAt: ago(1),
      status: "open",
      proposals: [
        { _id: "d-1", by: "client", status: "replaced", toFreelancer: 100, toClient: 260, createdAt: ago(7) },
        { _id: "d-2", by: "freelancer", status: "open", toFreelancer: 200, toClient: 160, createdAt: ago(6) },
      ],
      outcome: null,
    },
  };
  db.payments.push(payment);
  return payment;
}

/** A $99.99 dispute in which nobody proposed anything: the form starts at half each. */
function silentDispute(db: MockStore, like: Payment): Payment {
  const task = taskTitled(db, "SEO audit of a travel blog");
  const payment: Payment = {
    ...like,
    _id: "pay-seo",
    task: { _id: task._id, title: task.title },
    amount: 99.99,
    fee: 10,
    dispute: like.dispute && { ...like.dispute, reason: "Nothing was delivered.", proposals: [] },
  };
  db.payments.push(payment);
  return payment;
}

describe("Payment disputes in the queue", () => {
  it("shows an admin each escalated dispute, and decides with a split, a house rule and a note; a refusal's reason shows", async () => {
    const db = withQueue();
    const landing = escalatedDispute(db);
    silentDispute(db, landing);
    const sent: DisputeDecisionInput[] = [];
    server.use(
      http.post("*/api/admin/disputes/:id", async ({ request }) => {
        sent.push((await request.clone().json()) as DisputeDecisionInput);
        return undefined;
      }),
      http.post(
        "*/api/admin/disputes/:id",
        () => problem(400, "The two parts add up to $350.00: they must add up to the $360.00 held."),
        { once: true },
      ),
    );
    const { screen, user } = await openQueue(ADMIN, db);
    const section = await screen.findByRole("region", { name: "Payment disputes (2)" });
    const card = within(section).getByRole("article", { name: `Dispute over ${landing.task.title}` });
    expect(within(card).getByRole("link", { name: landing.task.title }).getAttribute("href")).toBe(
      `/task-details/${landing.task._id}`,
    );
    expect(card.textContent).toContain("ClientDemo Client");
    expect(card.textContent).toContain("FreelancerMaya Patel");
    expect(card.textContent).toContain("Amount held$360.00");
    expect(card.textContent).toContain("The client asked for two extra pages after the work was delivered.");
    expect(
      within(card)
        .getAllByRole("listitem")
        .map((item) => item.textContent?.split(" · ")[0]),
    ).toEqual([
      "Maya Patel proposed $200.00 to the freelancer, $160.00 back to the client",
      "Demo Client proposed $100.00 to the freelancer, $260.00 back to the client",
    ]);
    // Started from the latest proposal; with none, half each.
    const toFreelancer = within(card).getByLabelText("To the freelancer") as HTMLInputElement;
    const toClient = within(card).getByLabelText("To the client") as HTMLInputElement;
    expect([toFreelancer.value, toClient.value]).toEqual(["200.00", "160.00"]);
    const seo = within(section).getByRole("article", { name: /^Dispute over SEO audit/ });
    expect(within(seo).getByText("Neither party proposed a split.")).toBeTruthy();
    expect((within(seo).getByLabelText("To the freelancer") as HTMLInputElement).value).toBe("49.99");
    expect((within(seo).getByLabelText("To the client") as HTMLInputElement).value).toBe("50.00");

    await user.click(within(card).getByRole("button", { name: "Decide" }));
    expect(await within(card).findByText("Choose the house rule the decision rests on")).toBeTruthy();
    expect(within(card).getByText("Note is required")).toBeTruthy();
    expect(sent).toEqual([]);

    await user.clear(toClient);
    await user.type(toClient, "150");
    expect(card.textContent).toContain("Together $350.00 of the $360.00 held.");
    await user.selectOptions(within(card).getByLabelText("House rule"), "Be honest");
    await user.type(within(card).getByLabelText("Note"), "Only what was agreed is owed. ");
    await user.click(within(card).getByRole("button", { name: "Decide" }));
    expect((await within(card).findByRole("alert")).textContent).toBe(
      "The two parts add up to $350.00: they must add up to the $360.00 held.",
    );

    await user.clear(toClient);
    await user.type(toClient, "160");
    await user.click(within(card).getByRole("button", { name: "Decide" }));
    expect(await screen.findByText("Dispute decided")).toBeTruthy();
    const decision = { toFreelancer: 200, rule: "honest", note: "Only what was agreed is owed." };
    expect(sent).toEqual([
      { ...decision, toClient: 150 },
      { ...decision, toClient: 160 },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole("article", { name: `Dispute over ${landing.task.title}` })).toBeNull(),
    );
    expect(screen.getByRole("region", { name: "Payment disputes (1)" })).toBeTruthy();
  });

  it("shows moderators the disputes without the decision form: an admin decides", async () => {
    const db = withQueue();
    const waiting = escalatedDispute(db);
    makeModerator(db, LUCAS);
    const view = await openQueue(LUCAS, db);
    const section = await view.screen.findByRole("region", { name: "Payment disputes (1)" });
    expect(section.textContent).toContain("An admin decides payment disputes; you can read them.");
    expect(within(section).getByRole("article", { name: `Dispute over ${waiting.task.title}` })).toBeTruthy();
    expect(view.screen.queryByLabelText("To the freelancer")).toBeNull();
    expect(view.screen.queryByRole("button", { name: "Decide" })).toBeNull();
  });

  it("shows no section when no dispute waits (a server without payments has none)", async () => {
    const db = withQueue();
    const view = await openQueue(ADMIN, db);
    expect(groupNames(view)).toHaveLength(3);
    expect(view.screen.queryByRole("region", { name: /Payment disputes/ })).toBeNull();
  });
});

/** The appeal of a decision with one sanction: its only effect. */
function oneDecision(appeal: Omit<AppealItem, "effects">): AppealItem {
  return { ...appeal, effects: [appeal.sanction] };
}
