import { waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { describe, expect, it } from "vitest";
import { DEMO_REPORTED_QUESTION } from "../../../contract/demo-data.ts";
import { type AuditEntry, MODERATION_MESSAGES } from "../../../contract/moderation.ts";
import { problem } from "../../mocks/scenarios.ts";
import type { MockStore } from "../../mocks/store.ts";
import { userId } from "../../test/demo.ts";
import { DEMO_CLIENT, DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi } from "../../test/setup.ts";
import { ADMIN, makeModerator } from "./test/admin-helpers.ts";

type View = Awaited<ReturnType<typeof renderRoute>>;

const DAY_MS = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
const RICK = DEMO_REPORTED_QUESTION.asker.name;

/**
 * The demo marketplace with a log: the demo admin warned Rick Fast 38 days ago and limited him 5
 * days ago (the log, oldest first, as the server keeps it).
 */
function withLog(db: MockStore = freshMockApi()) {
  const admin = db.person(userId(db, ADMIN));
  const rick = db.person(userId(db, DEMO_REPORTED_QUESTION.asker.email));
  const entry = (fields: Pick<AuditEntry, "_id" | "at" | "action" | "note">): AuditEntry => ({
    actor: admin,
    targetKind: "profile",
    targetId: rick.id,
    subject: rick,
    rule: "no-spam",
    sanctionId: `s-${fields._id}`,
    ...fields,
  });
  db.audit.push(
    entry({ _id: "l-warn", at: ago(38), action: "warn", note: "Sent the same offer to nine tasks within an hour." }),
    entry({
      _id: "l-limit",
      at: ago(5),
      action: "limit",
      note: "Copied the same offer, word for word, to twelve tasks in one evening.",
    }),
  );
  return db;
}

const entryActions = (view: View) =>
  within(view.screen.getByRole("list", { name: "Audit entries" }))
    .getAllByRole("listitem")
    .map((item) => item.querySelector("p span")?.textContent);

/** Requests the page made to the API, for the query it sent. */
function recordAsked(asked: URLSearchParams[]) {
  return http.get("*/api/admin/audit", ({ request }) => {
    asked.push(new URL(request.url).searchParams);
    return undefined;
  });
}

describe("The audit log", () => {
  it("shows every entry newest first: when, who, what, target, person, rule and note; nothing can be edited or deleted", async () => {
    const { screen, db } = await renderRoute("/admin/audit", { as: ADMIN, db: withLog() });
    expect(await screen.findByRole("heading", { level: 1, name: "Audit log" })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Audit log - QuickGig"));
    const view = { screen } as View;
    expect(entryActions(view)).toEqual(["Limited", "Warned"]);
    expect(screen.getByText("2 entries")).toBeTruthy();

    const [limited] = within(screen.getByRole("list", { name: "Audit entries" })).getAllByRole("listitem");
    if (!limited) throw new Error("The newest entry");
    const rick = userId(db, DEMO_REPORTED_QUESTION.asker.email);
    expect(limited.textContent).toContain("by Quinn Harper");
    expect(
      within(limited)
        .getByRole("link", { name: `${RICK}'s profile` })
        .getAttribute("href"),
    ).toBe(`/users/${rick}`);
    expect(within(limited).getByRole("link", { name: RICK })).toBeTruthy();
    expect(limited.textContent).toContain("RuleNo spam");
    expect(limited.textContent).toContain("NoteCopied the same offer, word for word, to twelve tasks in one evening.");
    expect(within(limited).getByRole("time").getAttribute("datetime")).toBe(db.audit[1]?.at);

    // Read-only: the only button filters; no entry has a control that changes it.
    expect(screen.getAllByRole("button").map((button) => button.textContent)).toEqual(
      expect.not.arrayContaining([expect.stringMatching(/edit|delete|remove|change/i)]),
    );
    expect(within(screen.getByRole("list", { name: "Audit entries" })).queryAllByRole("button")).toEqual([]);
    expect(within(screen.getByRole("list", { name: "Audit entries" })).queryAllByRole("textbox")).toEqual([]);
  });

  it("keeps its filters in the URL: action, moderator and person by clicking a name, and dates", async () => {
    const asked: URLSearchParams[] = [];
    const db = withLog();
    const view = await renderRoute("/admin/audit", { as: ADMIN, db, handlers: [recordAsked(asked)] });
    const { screen, user, router } = view;
    await screen.findByRole("list", { name: "Audit entries" });

    await user.selectOptions(screen.getByLabelText("Action"), "Limited");
    await waitFor(() => expect(router.state.location.search).toBe("?action=limit"));
    await waitFor(() => expect(entryActions(view)).toEqual(["Limited"]));
    expect(asked.at(-1)?.get("action")).toBe("limit");

    const rick = userId(db, DEMO_REPORTED_QUESTION.asker.email);
    await user.click(screen.getByRole("link", { name: RICK }));
    await waitFor(() => expect(router.state.location.search).toBe(`?action=limit&subject=${rick}`));
    expect(asked.at(-1)?.get("subject")).toBe(rick);
    const chips = await screen.findByRole("list", { name: "People filtered by" });
    expect(chips.textContent).toContain(`Person: ${RICK}`);

    await user.click(within(chips).getByRole("link", { name: "Clear the person filter" }));
    await waitFor(() => expect(router.state.location.search).toBe("?action=limit"));

    const admin = userId(db, ADMIN);
    await user.click(screen.getByRole("link", { name: "Quinn Harper" }));
    await waitFor(() => expect(router.state.location.search).toBe(`?action=limit&actor=${admin}`));
    expect(asked.at(-1)?.get("actor")).toBe(admin);
    expect((await screen.findByRole("list", { name: "People filtered by" })).textContent).toContain(
      "Moderator: Quinn Harper",
    );

    // Dates: entries from a day after today leave nothing.
    const tomorrow = new Date(Date.now() + 864e5).toISOString().slice(0, 10);
    await user.type(screen.getByLabelText("From"), tomorrow);
    await user.click(screen.getByRole("button", { name: "Filter" }));
    await waitFor(() => expect(router.state.location.search).toBe(`?action=limit&actor=${admin}&from=${tomorrow}`));
    expect(await screen.findByText("No entries match these filters.")).toBeTruthy();
    expect(asked.at(-1)?.get("from")).toBe(tomorrow);

    // Back: the filters before, in the form again.
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).toBe(`?action=limit&actor=${admin}`));
    await waitFor(() => expect(entryActions(view)).toEqual(["Limited"]));
    expect((screen.getByLabelText("From") as HTMLInputElement).value).toBe("");
  });

  it("names the command line as who granted a first admin, with no link to filter by an account it has not", async () => {
    const db = withLog();
    db.audit.push({
      _id: "log-cli",
      at: new Date().toISOString(),
      actor: { id: "", name: "command line", image: null },
      action: "grant-role",
      targetKind: "person",
      targetId: "u-1",
      subject: null,
      rule: null,
      note: "Role: admin",
      sanctionId: null,
    });
    const { screen } = await renderRoute("/admin/audit", { as: ADMIN, db });
    const entries = await screen.findByRole("list", { name: "Audit entries" });
    const granted = within(entries)
      .getAllByRole("listitem")
      .find((item) => item.textContent?.includes("by command line"));
    if (!granted) throw new Error("the command line's entry");
    expect(within(granted).queryByRole("link", { name: "command line" })).toBeNull();
  });

  it("links a payment dispute's decision to the payment", async () => {
    const db = withLog();
    const demo = db.person(userId(db, DEMO_CLIENT));
    db.audit.push({
      _id: "log-dispute",
      at: new Date().toISOString(),
      actor: db.person(userId(db, ADMIN)),
      action: "decide-dispute",
      targetKind: "payment",
      targetId: "pay-7",
      subject: demo,
      rule: "honest",
      note: "$200.00 to the freelancer, $160.00 back to the client.",
      sanctionId: null,
    });
    const { screen } = await renderRoute("/admin/audit", { as: ADMIN, db });
    const entries = await screen.findByRole("list", { name: "Audit entries" });
    const decided = within(entries)
      .getAllByRole("listitem")
      .find((item) => item.textContent?.startsWith("Decided a payment dispute"));
    if (!decided) throw new Error("the dispute's entry");
    expect(within(decided).getByRole("link", { name: "Payment pay-7" }).getAttribute("href")).toBe("/payments/pay-7");
  });

  it("pages through a long log", async () => {
    const db = withLog();
    const [first] = db.audit as [AuditEntry];
    for (let index = 0; index < 60; index += 1) {
      db.audit.push({
        ...first,
        _id: `l-${index}`,
        action: "dismiss",
        at: new Date(Date.now() - index * 1000).toISOString(),
      });
    }
    const asked: URLSearchParams[] = [];
    const view = await renderRoute("/admin/audit", { as: ADMIN, db, handlers: [recordAsked(asked)] });
    const { screen, user, router } = view;
    expect(await screen.findByText("Page 1 of 2")).toBeTruthy();
    expect(entryActions(view)).toHaveLength(50);
    expect(screen.getByText("62 entries · page 1 of 2")).toBeTruthy();
    await user.click(screen.getByRole("link", { name: /Next/ }));
    await waitFor(() => expect(router.state.location.search).toBe("?page=2"));
    expect(await screen.findByText("Page 2 of 2")).toBeTruthy();
    await waitFor(() => expect(entryActions(view)).toHaveLength(12));
    expect(asked.at(-1)?.get("page")).toBe("2");
    expect(entryActions(view).at(-1)).toBe("Warned");
  });

  it("is for moderators too, and refused to anyone else", async () => {
    const db = withLog();
    makeModerator(db, DEMO_FREELANCER);
    const moderator = await renderRoute("/admin/audit", { as: DEMO_FREELANCER, db });
    expect(await moderator.screen.findByRole("list", { name: "Audit entries" })).toBeTruthy();
    const nav = moderator.screen.getByRole("navigation", { name: "Moderation" });
    expect(within(nav).getByRole("link", { name: "Audit log" }).getAttribute("aria-current")).toBe("page");
  });

  it("answers a person without a role that only moderators can do this", async () => {
    // The server's answer to anyone without a role (admin.api.test.ts, "reads newest first… refuses everyone else").
    const { screen } = await renderRoute("/admin/audit", {
      as: DEMO_CLIENT,
      db: withLog(),
      handlers: [http.get("*/api/admin/audit", () => problem(403, MODERATION_MESSAGES.staffOnly))],
    });
    expect(await screen.findByRole("heading", { name: MODERATION_MESSAGES.staffOnly })).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Audit entries" })).toBeNull();
  });
});
