import type { LightMyRequestResponse } from "fastify";
import { afterAll, expect } from "vitest";
import type { StaffRole } from "../../../contract/moderation.ts";
import { type Database, openDatabase } from "../../db/database.ts";
import { markEmailVerified, postTask, signUp, type TestContext, type TestUser } from "../../test/test-app.ts";
import { grantRole } from "../roles.ts";

/** What moderation's API tests share: calls, roles, content to report, and what people were told. */

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export function moderationKit(ctx: TestContext) {
  let database: Database | undefined;
  afterAll(async () => database?.close());
  /** A connection of the test's own, to read what the API does not show and to grant roles. */
  const db = () => {
    database ??= openDatabase(ctx.database.config);
    return database;
  };

  const call = (user: TestUser | null, method: Method, url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      ...(user ? { headers: { cookie: user.cookie } } : {}),
      ...(payload ? { payload } : {}),
    });

  async function ok(response: LightMyRequestResponse | Promise<LightMyRequestResponse>, status = 200) {
    const answer = await response;
    expect(answer.statusCode, answer.body).toBe(status);
    return answer.json();
  }

  /** Someone signed up with their email confirmed, as people who report and are reported are. */
  async function newPerson(name: string) {
    const user = await signUp(ctx.app, { name });
    await markEmailVerified(ctx, user.email);
    return user;
  }

  /** A role given from the command line (grantRole with no actor). */
  const grant = (user: TestUser, role: StaffRole | null) => grantRole(db().db, user.email, role, null);

  const report = (user: TestUser, targetKind: string, targetId: string, reason = "scam", note?: string) =>
    call(user, "POST", "/api/reports", { targetKind, targetId, reason, ...(note ? { note } : {}) });

  const decideAs = (user: TestUser, decision: object) => call(user, "POST", "/api/admin/decisions", decision);

  /** A question on someone's task. */
  async function ask(asker: TestUser, taskId: string, body = "Can you pay me outside QuickGig?") {
    return (await ok(call(asker, "POST", `/api/tasks/${taskId}/questions`, { body }), 201))._id as string;
  }

  /** A bid on a task, returning its id. */
  async function bid(bidder: TestUser, taskId: string) {
    return (await ok(call(bidder, "POST", "/api/bids", { taskId }), 201))._id as string;
  }

  /** A message in the thread of a task's bidder. */
  async function message(sender: TestUser, taskId: string, bidder: TestUser, body = "Send me your bank details") {
    const url = `/api/tasks/${taskId}/threads/${bidder.id}/messages`;
    return (await ok(call(sender, "POST", url, { body }), 201))._id as string;
  }

  /** A task the client hired the freelancer for and completed, with both reviews published. */
  async function reviewed(client: TestUser, freelancer: TestUser, text = "Terrible person, avoid") {
    const taskId = await postTask(ctx.app, client, { title: "Reviewed work" });
    const bidId = await bid(freelancer, taskId);
    await ok(call(client, "POST", `/api/tasks/${taskId}/accept`, { bidId }));
    await ok(call(client, "POST", `/api/tasks/${taskId}/complete`));
    const review = await ok(call(client, "POST", `/api/tasks/${taskId}/reviews`, { rating: 1, text }), 201);
    await ok(call(freelancer, "POST", `/api/tasks/${taskId}/reviews`, { rating: 5, text: "Clear brief" }), 201);
    return { taskId, reviewId: review._id as string };
  }

  async function noticesOf(user: TestUser, kind: string) {
    const rows = await db()
      .db.selectFrom("notifications")
      .select(["kind", "task_id", "data"])
      .where("user_id", "=", user.id)
      .where("kind", "=", kind)
      .orderBy("id", "asc")
      .execute();
    return rows.map((row) => ({ ...row, data: JSON.parse(row.data) }));
  }

  /** The emails written to someone's address, oldest first. */
  async function emailsTo(user: TestUser, subject?: string) {
    let query = db()
      .db.selectFrom("outbox")
      .select(["subject", "text_body", "html_body"])
      .where("recipient", "=", user.email);
    if (subject) query = query.where("subject", "=", subject);
    return query.orderBy("id", "asc").execute();
  }

  async function auditRows() {
    return db().db.selectFrom("moderation_log").selectAll().orderBy("at", "asc").orderBy("id", "asc").execute();
  }

  return {
    db,
    call,
    ok,
    newPerson,
    grant,
    report,
    decideAs,
    ask,
    bid,
    message,
    reviewed,
    noticesOf,
    emailsTo,
    auditRows,
  };
}

export function expectRefused(response: LightMyRequestResponse, status: number, detail?: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers["content-type"]).toContain("application/problem+json");
  if (detail !== undefined) expect(response.json().detail).toBe(detail);
}
