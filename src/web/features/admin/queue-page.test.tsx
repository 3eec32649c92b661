import { waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { toast } from "sonner";
import { beforeEach, describe, expect, it } from "vitest";
import { MODERATION_MESSAGES } from "../../../contract/moderation.ts";
import { moderationOf } from "../../mocks/mock-moderation.ts";
import { LUCAS, userId } from "../../test/demo.ts";
import { DEMO_CLIENT, DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi, server } from "../../test/setup.ts";
import { ADMIN, makeModerator } from "./test/admin-helpers.ts";

type View = Awaited<ReturnType<typeof renderRoute>>;

// Toasts and dialogs are kept by modules that outlive a test: none carries over to the next.
beforeEach(() => toast.dismiss());

const CHLOE = "Profile: Chloe Martin";
const QUESTION = "Question on “Brand refresh for a coffee roaster”";
const TASK = "Task: SEO audit of a travel blog";

async function openQueue(as: string = ADMIN, db = freshMockApi()) {
  const view = await renderRoute("/admin", { as, db });
  await view.screen.findByRole("heading", { level: 1, name: "Moderation queue" });
  return view;
}

const group = (view: View, name: string) => view.screen.getByRole("article", { name });
const groupNames = (view: View) =>
  within(view.screen.getByRole("region", { name: /Reports/ }))
    .queryAllByRole("article")
    .map((article) => article.getAttribute("aria-label"));
const personId = (view: View, name: string) => view.db.users.find((user) => user.name === name)?.id ?? "";

describe("The moderation queue", () => {
  it("groups open reports by target, oldest first, with how many reported it and why, as reported and as it is now, and the author's history", async () => {
    const view = await openQueue();
    const { screen } = view;
    await waitFor(() => expect(document.title).toBe("Moderation queue - QuickGig"));
    expect(groupNames(view)).toEqual([CHLOE, QUESTION, TASK]);
    expect(screen.getByRole("heading", { level: 2, name: "Reports (3)" })).toBeTruthy();

    const chloe = group(view, CHLOE);
    expect(within(chloe).getByText(/^Reported by 3 people/)).toBeTruthy();
    expect(within(chloe).getByRole("list", { name: "Reasons" }).textContent).toBe(
      "Asks to pay or talk outside QuickGig × 2Spam × 1",
    );
    // As reported (the snapshot) beside the bio as it is now, edited since.
    const reported = within(chloe).getByRole("heading", { name: "As reported" }).parentElement as HTMLElement;
    const now = within(chloe).getByRole("heading", { name: "As it is now" }).parentElement as HTMLElement;
    expect(reported.textContent).toContain("Email me at chloe.ads@example.com");
    expect(now.textContent).toContain("Campaigns measured twice.");
    expect(now.textContent).not.toContain("chloe.ads@example.com");
    // Each report: who (a link to their profile), why, their note.
    const maya = within(chloe).getByRole("link", { name: "Maya Patel" });
    expect(maya.getAttribute("href")).toBe(`/users/${userId(view.db, DEMO_FREELANCER)}`);
    expect(maya.closest("li")?.textContent).toContain("Asks to pay or talk outside QuickGig");
    expect(within(chloe).getByText("“Her bio asks people to pay her by bank transfer to skip the fee.”")).toBeTruthy();
    expect(within(chloe).getAllByRole("link", { name: "Lucas Moreau" })).toHaveLength(1);
    // The author, their profile, their earlier report and the warning they had.
    const author = within(chloe).getByRole("heading", { name: "Author: Chloe Martin" });
    expect(within(author).getByRole("link").getAttribute("href")).toBe(`/users/${personId(view, "Chloe Martin")}`);
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

  it("removes the content and limits the author: the group leaves the queue, a toast says what was done, the reporters are told the outcome and never the sanction", async () => {
    const view = await openQueue();
    const { screen, user, db } = view;
    const chloe = group(view, CHLOE);
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

    const store = moderationOf(db);
    const chloeId = personId(view, "Chloe Martin");
    const given = store.sanctions.filter((sanction) => sanction.userId === chloeId && sanction.kind !== "warn");
    expect(given.map((sanction) => [sanction.kind, sanction.rule])).toEqual([
      ["remove", "on-platform"],
      ["limit", "on-platform"],
    ]);
    expect(store.log.slice(-2).map((entry) => [entry.action, entry.actor.name, entry.subject?.name])).toEqual([
      ["remove", "Quinn Harper", "Chloe Martin"],
      ["limit", "Quinn Harper", "Chloe Martin"],
    ]);
    const open = store.reports.filter((report) => report.targetId === chloeId && report.status === "open");
    expect(open).toEqual([]);
    const outcomes = db.notices.filter((notice) => notice.kind === "report-outcome");
    expect(outcomes.map((notice) => db.userById(notice.userId)?.name).sort()).toEqual([
      "Demo Client",
      "Lucas Moreau",
      "Maya Patel",
    ]);
    expect(outcomes.every((notice) => notice.data.outcome === "removed" && notice.data.sanction === undefined)).toBe(
      true,
    );
    expect(db.notices.filter((notice) => notice.userId === chloeId).map((notice) => notice.data.sanction)).toEqual([
      "remove",
      "limit",
    ]);
  });

  it("names its one button for what it does, asks for a rule unless dismissing and always for a note, and dismisses", async () => {
    const view = await openQueue();
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
    expect(moderationOf(db).log.filter((entry) => entry.action === "warn")).toHaveLength(1);

    await user.click(within(task).getByRole("radio", { name: /None/ }));
    expect(button.textContent).toBe("Dismiss");
    await user.click(button);
    expect(await screen.findByText("Dismissed: the reports are closed and the content stays up.")).toBeTruthy();
    await waitFor(() => expect(groupNames(view)).toEqual([CHLOE, QUESTION]));
    const dismissal = moderationOf(db).log.at(-1);
    expect(dismissal).toMatchObject({ action: "dismiss", rule: null, note: "Looked at it." });
    const told = db.notices.find((notice) => notice.kind === "report-outcome");
    expect(told).toMatchObject({ userId: userId(db, DEMO_CLIENT), data: { outcome: "stays", reason: "other" } });
  });

  it("asks before suspending, and does nothing when the moderator steps back", async () => {
    const view = await openQueue();
    const { screen, user, db } = view;
    const chloe = group(view, CHLOE);
    await user.click(within(chloe).getByRole("radio", { name: /Suspend/ }));
    await user.selectOptions(within(chloe).getByLabelText("House rule"), "Be honest");
    await user.type(within(chloe).getByLabelText("Note"), "Repeated scams.");
    await user.click(within(chloe).getByRole("button", { name: "Decide" }));

    let dialog = await screen.findByRole("alertdialog", { name: "Suspend Chloe Martin?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    const store = moderationOf(db);
    expect(store.sanctions.some((sanction) => sanction.kind === "suspend")).toBe(false);

    await user.click(within(chloe).getByRole("button", { name: "Decide" }));
    dialog = await screen.findByRole("alertdialog", { name: "Suspend Chloe Martin?" });
    await user.click(within(dialog).getByRole("button", { name: "Suspend" }));
    expect(await screen.findByText("Decided: Chloe Martin is suspended.")).toBeTruthy();
    expect(store.sanctions.filter((sanction) => sanction.kind === "suspend")).toHaveLength(1);
    await waitFor(() => expect(groupNames(view)).toEqual([QUESTION, TASK]));
  });

  it("says so when another moderator decided first, and shows the queue as it is now", async () => {
    const db = freshMockApi();
    const store = moderationOf(db);
    const view = await openQueue(ADMIN, db);
    const { screen, user } = view;
    // Another moderator closes the task's reports a moment before this one decides.
    server.use(
      http.post("*/api/admin/decisions", () => {
        for (const report of store.reports) if (report.targetKind === "task") report.status = "closed";
        return HttpResponse.json(
          { type: "about:blank", title: "Conflict", status: 409, detail: MODERATION_MESSAGES.decidedByOther },
          { status: 409, headers: { "content-type": "application/problem+json" } },
        );
      }),
    );
    const task = group(view, TASK);
    await user.type(within(task).getByLabelText("Note"), "Fine as it is.");
    await user.click(within(task).getByRole("button", { name: "Dismiss" }));
    expect(await screen.findByText("These reports were just decided by another moderator.")).toBeTruthy();
    await waitFor(() => expect(groupNames(view)).toEqual([CHLOE, QUESTION]));
  });

  it("restores or upholds an appeal with a note; the person is told", async () => {
    const db = freshMockApi();
    const store = moderationOf(db);
    const lucas = userId(db, LUCAS);
    store.sanctions.push({
      id: "s-lucas",
      userId: lucas,
      kind: "warn",
      rule: "respectful",
      note: "Rude answer to a client.",
      targetKind: "message",
      targetId: "m-gone",
      targetTitle: "Logo and colour palette for a cycling club",
      createdAt: new Date(Date.now() - 3 * 864e5).toISOString(),
      liftedAt: null,
      appeal: {
        text: "The client insulted me first.",
        appealedAt: new Date(Date.now() - 864e5).toISOString(),
        outcome: null,
        decidedAt: null,
        note: null,
      },
    });
    const view = await openQueue(ADMIN, db);
    const { screen, user } = view;
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
    await user.type(within(omar).getByLabelText("Your answer"), "Each offer was indeed different.");
    await user.click(within(omar).getByRole("button", { name: "Restore" }));
    expect(await screen.findByText("Restored: the limit is lifted and Omar Haddad is told.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("article", { name: "Omar Haddad's appeal" })).toBeNull());
    const limit = store.sanctions.find((sanction) => sanction.kind === "limit");
    expect(limit?.liftedAt).not.toBeNull();
    expect(limit?.appeal).toMatchObject({ outcome: "restored", note: "Each offer was indeed different." });

    const lucasAppeal = screen.getByRole("article", { name: "Lucas Moreau's appeal" });
    await user.type(within(lucasAppeal).getByLabelText("Your answer"), "Still rude.");
    await user.click(within(lucasAppeal).getByRole("button", { name: "Uphold" }));
    expect(await screen.findByText("Upheld: Lucas Moreau is told the warning stays.")).toBeTruthy();
    expect(await screen.findByText("No appeals waiting.")).toBeTruthy();
    const warned = store.sanctions.find((sanction) => sanction.id === "s-lucas");
    expect(warned).toMatchObject({ liftedAt: null, appeal: { outcome: "upheld", note: "Still rude." } });
    expect(
      db.notices.filter((notice) => notice.kind === "appeal-decided").map((notice) => notice.data.decision),
    ).toEqual(["restored", "upheld"]);
    expect(store.log.slice(-2).map((entry) => entry.action)).toEqual(["restore", "uphold"]);
  });

  it("restores a sanction still in force from the author's history", async () => {
    const view = await openQueue();
    const { screen, user, db } = view;
    const chloe = group(view, CHLOE);
    await user.click(within(chloe).getByRole("button", { name: "Restore" }));
    await user.type(within(chloe).getByLabelText("Why restore this warning?"), "The offers were not copied.");
    await user.click(within(chloe).getByRole("button", { name: "Restore" }));
    expect(await screen.findByText("Restored: the warning is lifted and Chloe Martin is told.")).toBeTruthy();
    await waitFor(() =>
      expect(within(group(view, CHLOE)).getByRole("list", { name: "Chloe Martin's sanctions" }).textContent).toMatch(
        /· lifted /,
      ),
    );
    const warning = moderationOf(db).sanctions.find((sanction) => sanction.kind === "warn");
    expect(warning?.liftedAt).not.toBeNull();
    expect(db.notices.at(-1)).toMatchObject({ kind: "moderation-lifted", data: { sanction: "warn" } });
  });

  it("says when nothing is waiting", async () => {
    const db = freshMockApi();
    const store = moderationOf(db);
    store.reports = [];
    for (const sanction of store.sanctions) sanction.appeal = null;
    const { screen } = await openQueue(ADMIN, db);
    expect(screen.getByText("No reports waiting. Everything reported has been looked at.")).toBeTruthy();
    expect(screen.getByText("No appeals waiting.")).toBeTruthy();
  });

  it("is open to moderators", async () => {
    const db = freshMockApi();
    makeModerator(db, DEMO_FREELANCER);
    const view = await openQueue(DEMO_FREELANCER, db);
    expect(groupNames(view)).toHaveLength(3);
    const nav = view.screen.getByRole("navigation", { name: "Moderation" });
    expect(within(nav).getByRole("link", { name: "Queue" }).getAttribute("aria-current")).toBe("page");
  });

  it("answers anyone else that only moderators can do this", async () => {
    const { screen, router } = await renderRoute("/admin", { as: DEMO_CLIENT });
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
