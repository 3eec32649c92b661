import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEMO_ADMIN, DEMO_FREELANCERS, DEMO_REPORTED_QUESTION, DEMO_TOP_FREELANCERS } from "../contract/demo-data.ts";
import { DEMO_USER } from "./demo/seed.ts";
import { cookiesOf, PRODUCTION_BUNDLE, type ServerProcess, startServerProcess } from "./test/server-process.ts";
import { inDays } from "./test/test-app.ts";
import { createTestDatabase, type TestDatabase } from "./test/test-database.ts";

/** A newcomer's first minutes, against the production bundle as its own process on a free port. */
let database: TestDatabase;
let server: ServerProcess | undefined;
let origin = "";
let output = "";

async function startServer(): Promise<void> {
  server = await startServerProcess({ DATABASE_URL: database.url }, undefined, PRODUCTION_BUNDLE);
  origin = server.origin;
}

async function stopServer(): Promise<number | null> {
  if (!server) return null;
  const code = await server.stop();
  output += server.output();
  return code;
}

async function call(method: string, url: string, options: { cookie?: string; body?: object } = {}) {
  const response = await fetch(`${origin}${url}`, {
    method,
    headers: {
      origin,
      ...(options.body ? { "content-type": "application/json" } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: options.body ? JSON.stringify(options.body) : undefined,
  });
  const cookie = cookiesOf(response);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, cookie, headers: response.headers };
}

beforeAll(async () => {
  database = await createTestDatabase();
  await startServer();
}, 60_000);

afterAll(async () => {
  await stopServer();
  await database.drop();
});

describe("a newcomer's first run", () => {
  it("shows a living marketplace with demo data and a demo sign-in that works", async () => {
    const tasks = await call("GET", "/api/tasks");
    expect(tasks.status).toBe(200);
    expect(Number(tasks.headers.get("x-total-count"))).toBeGreaterThanOrEqual(10);
    const demo = await call("POST", "/api/auth/sign-in/email", {
      body: { email: DEMO_USER.email, password: DEMO_USER.password },
    });
    expect(demo.status).toBe(200);
    const mine = await call("GET", "/api/tasks?owner=me", { cookie: demo.cookie });
    expect(mine.body.length).toBeGreaterThan(0);
  });

  it("hires with money in the demo, as payments are on by default: asked for while assigned, released once completed", async () => {
    const demo = await call("POST", "/api/auth/sign-in/email", {
      body: { email: DEMO_USER.email, password: DEMO_USER.password },
    });
    const mine = (await call("GET", "/api/tasks?owner=me&limit=50", { cookie: demo.cookie })).body as Array<{
      status: string;
      payment?: { status: string };
    }>;
    const hired = mine.filter((task) => task.status === "assigned" || task.status === "completed");
    expect(hired.length).toBeGreaterThan(0);
    // The demo client's hire in progress: the freelancer delivered and asked for the payment.
    for (const task of hired) expect(task.payment?.status).toBe(task.status === "assigned" ? "delivered" : "released");
    const money = await call("GET", "/api/me/payments", { cookie: demo.cookie });
    expect(money.body.asClient.paid).toBeGreaterThan(0);
    expect(money.body.asClient.held).toBeGreaterThan(0);
  });

  it("shows ratings at once: published reviews with an answer, and one waiting for the demo client", async () => {
    const found = await call("GET", "/api/freelancers?q=maya");
    expect(found.status).toBe(200);
    const maya = found.body.freelancers[0];
    expect(maya).toMatchObject({ name: "Maya Patel", field: "Designers", reputation: { rating: 5, reviews: 2 } });
    const reviews = await call("GET", `/api/users/${maya.id}/reviews?as=freelancer`);
    expect(reviews.body.total).toBe(2);
    expect(reviews.body.reviews.map((review: { answer: unknown }) => review.answer)).toContainEqual(
      expect.objectContaining({ text: "Thank you! The croissant shots were my favourites." }),
    );

    const demo = await call("POST", "/api/auth/sign-in/email", {
      body: { email: DEMO_USER.email, password: DEMO_USER.password },
    });
    const mine = await call("GET", "/api/tasks?owner=me&status=completed", { cookie: demo.cookie });
    const analytics = mine.body.find((task: { title: string }) => task.title.startsWith("Set up analytics"));
    expect(analytics.reviewDue).toBe(true);
    const waiting = await call("GET", `/api/tasks/${analytics._id}/reviews`, { cookie: demo.cookie });
    expect(waiting.body).toMatchObject({ waitingForMe: true, canReview: true, published: [] });
    expect(waiting.body.other.name).toBe("Lucas Moreau");
  });

  it("gives Maya two saved searches, one whose alerts of demo tasks are in her bell", async () => {
    const maya = await call("POST", "/api/auth/sign-in/email", {
      body: { email: DEMO_FREELANCERS[0].email, password: DEMO_USER.password },
    });
    await vi.waitFor(
      async () => {
        const searches = (await call("GET", "/api/saved-searches", { cookie: maya.cookie })).body;
        expect(searches.map((search: { name: string }) => search.name)).toEqual(["Logo work", "WordPress sites"]);
        expect(searches[0].lastMatch).not.toBeNull();
        expect(searches[1]).toMatchObject({ lastMatch: null, matchesThisWeek: 0, frequency: "daily" });
      },
      { timeout: 20_000, interval: 200 },
    );
    const notices = (await call("GET", "/api/notifications?limit=50", { cookie: maya.cookie })).body;
    const alerts = notices.filter((notice: { kind: string }) => notice.kind === "task-alert");
    expect(alerts.map((notice: { data: { taskTitle: string } }) => notice.data.taskTitle)).toContain(
      "Brand refresh for a coffee roaster",
    );
  });

  it("has the specification's eight sample freelancers, each rating made of published reviews", async () => {
    for (const person of DEMO_TOP_FREELANCERS) {
      const found = await call("GET", `/api/freelancers?q=${encodeURIComponent(person.name)}`);
      const card = found.body.freelancers.find((shown: { name: string }) => shown.name === person.name);
      const average = Math.round((person.stars.reduce((sum, stars) => sum + stars, 0) / person.stars.length) * 10) / 10;
      expect(card).toMatchObject({
        field: person.field,
        skills: [...person.skills],
        reputation: { rating: average, reviews: person.stars.length, completed: person.stars.length },
      });
      const reviews = await call("GET", `/api/users/${card.id}/reviews?as=freelancer`);
      expect(reviews.body.total).toBe(person.stars.length);
    }
  });

  it("has a demo admin whose queue holds the question two demo people reported", async () => {
    const admin = await call("POST", "/api/auth/sign-in/email", {
      body: { email: DEMO_ADMIN.email, password: DEMO_USER.password },
    });
    expect(admin.status).toBe(200);
    const disputes = await call("GET", "/api/admin/disputes", { cookie: admin.cookie });
    expect(disputes.body.disputes).toHaveLength(1);
    expect(disputes.body.disputes[0]).toMatchObject({
      status: "disputed",
      task: { title: "Podcast cover art and episode thumbnails" },
      dispute: { openedBy: "client", proposals: [{ by: "freelancer", toFreelancer: 130, status: "open" }] },
    });
    expect(disputes.body.disputes[0].dispute.proposals[0].toClient).toBe(disputes.body.disputes[0].amount - 130);
    const queue = await call("GET", "/api/admin/queue", { cookie: admin.cookie });
    expect(queue.status).toBe(200);
    expect(queue.body.reports).toHaveLength(1);
    expect(queue.body.reports[0]).toMatchObject({
      targetKind: "question",
      reportCount: 2,
      reasons: { "off-platform": 1, scam: 1 },
      author: { name: DEMO_REPORTED_QUESTION.asker.name },
      current: { text: DEMO_REPORTED_QUESTION.body },
    });
    const demo = await call("POST", "/api/auth/sign-in/email", {
      body: { email: DEMO_USER.email, password: DEMO_USER.password },
    });
    expect((await call("GET", "/api/admin/queue", { cookie: demo.cookie })).status).toBe(403);
  });

  it("signs up, posts a task, takes a bid from another user and reads it back", async () => {
    const client = await call("POST", "/api/auth/sign-up/email", {
      body: { name: "Client", email: "client@smoke.test", password: "Client123", image: "https://example.com/c.png" },
    });
    expect(client.status).toBe(200);
    const posted = await call("POST", "/api/tasks", {
      cookie: client.cookie,
      body: { title: "Smoke task", category: "Writing", description: "Write it", deadline: inDays(7), budget: 42.5 },
    });
    expect(posted.status).toBe(201);
    const taskId = posted.body.insertedId;

    const freelancer = await call("POST", "/api/auth/sign-up/email", {
      body: { name: "Free Lancer", email: "free@smoke.test", password: "Free1234", image: "https://example.com/f.png" },
    });
    const bid = await call("POST", "/api/bids", { cookie: freelancer.cookie, body: { taskId } });
    expect(bid.status).toBe(201);

    const task = await call("GET", `/api/tasks/${taskId}`, { cookie: client.cookie });
    expect(task.body).toMatchObject({ title: "Smoke task", budget: 42.5, userName: "Client", bidCount: 1 });
    const bids = await call("GET", `/api/bids?taskId=${taskId}`, { cookie: client.cookie });
    expect(bids.body).toEqual([expect.objectContaining({ userName: "Free Lancer", userEmail: "free@smoke.test" })]);
  });

  it("stops cleanly on SIGTERM and starts again on the same database with everything kept", async () => {
    const before = Number((await call("GET", "/api/tasks")).headers.get("x-total-count"));
    expect(await stopServer()).toBe(0);
    await startServer();
    const after = await call("GET", "/api/tasks?q=Smoke");
    expect(after.body.map((task: { title: string }) => task.title)).toEqual(["Smoke task"]);
    expect(Number((await call("GET", "/api/tasks")).headers.get("x-total-count"))).toBe(before);
  }, 60_000);

  it("never writes a password, cookie or token to its log", async () => {
    const log = output + (server?.output() ?? "");
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain("Client123");
    expect(log).not.toContain("Free1234");
    expect(log).not.toContain(DEMO_USER.password);
    expect(log).not.toMatch(/session_token=/);
  });
});
