import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { DEMO_USER } from "../../contract/demo-data.ts";
import { ProblemSchema } from "../../contract/index.ts";
import {
  MODERATION_MESSAGES,
  ReportCreatedSchema,
  SanctionViewSchema,
  StandingSchema,
} from "../../contract/moderation.ts";
import { createHandlers } from "./handlers.ts";
import { type MockSanction, moderationOf } from "./mock-moderation.ts";

const { db, handlers } = createHandlers();
const server = setupServer(...handlers);
beforeAll(() => server.listen());
afterAll(() => server.close());

const BASE = "http://quickgig.mock";

async function call<S extends z.ZodType>(schema: S, method: string, path: string, body?: unknown, status = 200) {
  const response = await fetch(`${BASE}${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  expect(response.status, `${method} ${path}: ${JSON.stringify(json)}`).toBe(status);
  return schema.parse(json) as z.infer<S>;
}

const refused = async (method: string, path: string, body: unknown, status: number) =>
  (await call(ProblemSchema, method, path, body, status)).detail;

const signIn = (email: string) => {
  db.viewerId = db.users.find((user) => user.email === email)?.id ?? null;
};
const idOf = (email: string) => db.users.find((user) => user.email === email)?.id ?? "";
const bakery = () => db.tasks.find((task) => task.title.startsWith("Landing page for a neighbourhood bakery"));

describe("mock mode's moderation, as the server answers", () => {
  it("takes a report of what one can see and did not write, once while open, with its snapshot", async () => {
    const task = bakery();
    if (!task) throw new Error("no bakery task");
    signIn("");
    expect(await refused("POST", "/api/reports", { targetKind: "task", targetId: task.id, reason: "spam" }, 401)).toBe(
      "You need to sign in to do this.",
    );

    signIn(DEMO_USER.email);
    expect(await refused("POST", "/api/reports", { targetKind: "task", targetId: task.id, reason: "spam" }, 400)).toBe(
      MODERATION_MESSAGES.ownContent,
    );

    signIn("maya@quickgig.dev");
    expect(await refused("POST", "/api/reports", { targetKind: "task", targetId: task.id, reason: "other" }, 400)).toBe(
      'Tell us what is wrong: a note is required for "Other"',
    );
    await call(
      ReportCreatedSchema,
      "POST",
      "/api/reports",
      { targetKind: "task", targetId: task.id, reason: "scam" },
      201,
    );
    expect(await refused("POST", "/api/reports", { targetKind: "task", targetId: task.id, reason: "spam" }, 409)).toBe(
      MODERATION_MESSAGES.alreadyReported,
    );
    const report = moderationOf(db).reports.find((candidate) => candidate.targetId === task.id);
    expect(report).toMatchObject({
      reason: "scam",
      authorId: task.ownerId,
      snapshot: { title: task.title, text: task.description, taskId: task.id },
    });
    // The snapshot stays as it was.
    task.description = "Edited after the report.";
    expect(report?.snapshot.text).not.toBe("Edited after the report.");

    // A question the poster hid: only the poster and its asker see it.
    const question = {
      id: db.nextId("q"),
      taskId: task.id,
      askerId: idOf("maya@quickgig.dev"),
      body: "Pay me outside QuickGig?",
      answer: null,
      answeredAt: null,
      hidden: true,
      createdAt: db.now(),
    };
    db.questions.push(question);
    signIn("lucas@quickgig.dev");
    const target = { targetKind: "question", targetId: question.id, reason: "off-platform" };
    expect(await refused("POST", "/api/reports", target, 404)).toBe(MODERATION_MESSAGES.targetNotFound);
    signIn(DEMO_USER.email);
    await call(ReportCreatedSchema, "POST", "/api/reports", target, 201);
    expect(await refused("POST", "/api/reports", { ...target, targetId: "nothing" }, 404)).toBe(
      MODERATION_MESSAGES.targetNotFound,
    );
  });

  it("answers one's standing and takes one appeal of one's own decision, or by an email's link (the sanction's id)", async () => {
    const aisha = idOf("aisha@quickgig.dev");
    const made = (id: string, kind: MockSanction["kind"], createdAt: string): MockSanction => ({
      id,
      userId: aisha,
      kind,
      rule: "respectful",
      note: "Insults in a message.",
      targetKind: "message",
      targetId: "m-1",
      targetTitle: "A task",
      createdAt,
      liftedAt: null,
      appeal: null,
    });
    moderationOf(db).sanctions.push(made("s-1", "warn", "2026-01-01T00:00:00.000Z"));
    moderationOf(db).sanctions.push(made("s-2", "limit", "2026-02-01T00:00:00.000Z"));

    signIn("aisha@quickgig.dev");
    const standing = await call(StandingSchema, "GET", "/api/me/standing");
    expect(standing.role).toBeNull();
    expect(standing.limited?._id).toBe("s-2");
    expect(standing.sanctions.map((sanction) => sanction._id)).toEqual(["s-2", "s-1"]);
    expect(standing.sanctions.every((sanction) => sanction.canAppeal)).toBe(true);

    expect(await refused("POST", "/api/sanctions/s-2/appeal", { text: " " }, 400)).toBe("Appeal is required");
    const appealed = await call(SanctionViewSchema, "POST", "/api/sanctions/s-2/appeal", { text: "Sorry." }, 201);
    expect(appealed).toMatchObject({ canAppeal: false, appeal: { text: "Sorry.", outcome: null } });
    expect(await refused("POST", "/api/sanctions/s-2/appeal", { text: "Again." }, 409)).toBe(
      MODERATION_MESSAGES.alreadyAppealed,
    );

    signIn("maya@quickgig.dev");
    expect(await refused("POST", "/api/sanctions/s-1/appeal", { text: "Not mine." }, 404)).toBe(
      MODERATION_MESSAGES.sanctionNotFound,
    );
    expect((await call(StandingSchema, "GET", "/api/me/standing")).sanctions).toEqual([]);

    signIn("");
    expect(await refused("POST", "/api/appeals", { token: "no-such-sanction", text: "Hi." }, 400)).toBe(
      MODERATION_MESSAGES.badAppealLink,
    );
    await call(SanctionViewSchema, "POST", "/api/appeals", { token: "s-1", text: "From the email." }, 201);
    expect(await refused("POST", "/api/appeals", { token: "s-1", text: "Twice." }, 409)).toBe(
      MODERATION_MESSAGES.alreadyAppealed,
    );
  });

  it("refuses a limited person posting a task, bidding, changing a bid and asking, naming the rule; withdrawing stays", async () => {
    const lucas = idOf("lucas@quickgig.dev");
    const task = bakery();
    if (!task) throw new Error("no bakery task");
    signIn("lucas@quickgig.dev");
    const ownBid = db.bids.find((bid) => bid.bidderId === lucas && bid.status === "pending");
    moderationOf(db).sanctions.push({
      id: "s-limit-lucas",
      userId: lucas,
      kind: "limit",
      rule: "no-spam",
      note: "The same offer on forty tasks.",
      targetKind: "profile",
      targetId: lucas,
      targetTitle: "Lucas Moreau",
      createdAt: "2026-03-01T00:00:00.000Z",
      liftedAt: null,
      appeal: null,
    });
    const limited = MODERATION_MESSAGES.limited("no-spam");
    const newTask = { title: "T", category: "Design", description: "D", deadline: "2099-01-01", budget: 10 };
    expect(await refused("POST", "/api/tasks", newTask, 403)).toBe(limited);
    expect(await refused("POST", "/api/bids", { taskId: task.id, amount: 100 }, 403)).toBe(limited);
    expect(await refused("POST", `/api/tasks/${task.id}/questions`, { body: "When?" }, 403)).toBe(limited);
    if (!ownBid) throw new Error("Lucas has no pending bid in the mock marketplace");
    expect(await refused("PATCH", `/api/bids/${ownBid.id}`, { amount: 90 }, 403)).toBe(limited);
    const withdrawn = await fetch(`${BASE}/api/bids/${ownBid.id}`, { method: "DELETE" });
    expect(withdrawn.status).toBe(200);
  });
});
