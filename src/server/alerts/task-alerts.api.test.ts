import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { describeNotification, type Notification } from "../../contract/notifications.ts";
import { type Database, openDatabase } from "../db/database.ts";
import { createId } from "../ids.ts";
import type { Notifier, Transactor } from "../notifications/notifier.ts";
import { callerOf } from "../test/answers.ts";
import { markEmailVerified, postTask, setupTestApp, signUp, type TestUser, taskInput } from "../test/test-app.ts";
import { testDialect } from "../test/test-database.ts";
import { testNotifier } from "../test/test-notifier.ts";
import { DIGEST_MAX, sendDueDigests } from "./alert-digest.ts";
import { ALERT_EMAILS_PER_HOUR, AlertMatcher, matchQueuedTasks } from "./alert-matcher.ts";

/**
 * Task alerts (issue 47): a new or edited task matched against the saved searches off the request,
 * each person told once. The app's own matcher is off here (alertMatchMs 0); the tests run the passes.
 */
const ctx = setupTestApp({}, undefined, { alertMatchMs: 0 });
const call = callerOf(ctx);
let direct: Database;
let notifier: Notifier;
let poster: TestUser;

beforeAll(async () => {
  direct = openDatabase(ctx.database.config);
  notifier = testNotifier(ctx, direct);
  poster = await signUp(ctx.app, { name: "Paula Poster" });
});
afterAll(async () => direct?.close());

const pass = () => matchQueuedTasks(notifier, direct);
/** Passes until the queue is empty (a pass takes a few tasks). */
const drain = async () => {
  while ((await pass()).taken > 0) {}
};

async function saveSearch(user: TestUser, body: object): Promise<string> {
  const response = await call(user, "POST", "/api/saved-searches", body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json()._id;
}

async function alertsOf(user: TestUser): Promise<Notification[]> {
  const notices: Notification[] = (await call(user, "GET", "/api/notifications?limit=50")).json();
  return notices.filter((notice) => notice.kind === "task-alert");
}

/** A freelancer whose email is confirmed, so that alerts may be emailed. */
async function freelancer(name: string): Promise<TestUser> {
  const user = await signUp(ctx.app, { name });
  await markEmailVerified(ctx, user.email);
  return user;
}

/** The alerts emailed to a person (their other emails, such as confirming their address, left out). */
const emailsTo = (user: TestUser) =>
  direct.db
    .selectFrom("outbox")
    .select("subject")
    .where("recipient", "=", user.email)
    .where("subject", "like", "New task for%")
    .orderBy("id")
    .execute();

/** A person's task alerts as kept, for those who cannot sign in to read them. */
const alertsKeptFor = async (user: TestUser) =>
  (
    await direct.db
      .selectFrom("notifications")
      .select("id")
      .where("user_id", "=", user.id)
      .where("kind", "=", "task-alert")
      .execute()
  ).length;

const queued = async () => (await direct.db.selectFrom("alert_queue").select("task_id").execute()).length;

describe("the queue of tasks to match", () => {
  it("holds nothing while nobody has a saved search, and a posted task once somebody has", async () => {
    await postTask(ctx.app, poster, { title: "Nobody is looking yet" });
    expect(await queued()).toBe(0);
    const first = await freelancer("First Saver");
    await saveSearch(first, { q: "unfindable zebra" });
    const taskId = await postTask(ctx.app, poster, { title: "Somebody is looking now" });
    expect(await direct.db.selectFrom("alert_queue").select("task_id").execute()).toEqual([{ task_id: taskId }]);
    expect(await pass()).toEqual({ taken: 1, told: 0 });
    expect(await queued()).toBe(0);
  });
});

describe("an alert", () => {
  it("tells each person whose search finds a new task, once, with the words and filters it matched", async () => {
    const maya = await freelancer("Maya Alerted");
    const lucas = await freelancer("Lucas Alerted");
    await saveSearch(maya, { q: "logo design", category: "Design", minBudget: 100, maxBudget: 500 });
    // A second search of Maya's finds it too: she is still told once.
    await saveSearch(maya, { q: "bakery" });
    await saveSearch(lucas, { q: "logo", frequency: "instant" });
    // The poster's own search finds their own task: they are not told of it.
    await saveSearch(poster, { q: "logo" });
    const taskId = await postTask(ctx.app, poster, {
      title: "Bakery logo refresh",
      category: "Design",
      description: "A fresh design for our corner bakery.",
      budget: 350,
    });

    expect((await pass()).told).toBe(2);
    const [alert] = await alertsOf(maya);
    expect(await alertsOf(maya)).toHaveLength(1);
    expect(alert?.data).toMatchObject({
      taskId,
      taskTitle: "Bakery logo refresh",
      amount: 350,
      searchName: "logo design",
      words: ["logo", "design"],
      filters: ["Design", "$100.00 to $500.00"],
    });
    expect(describeNotification("task-alert", alert?.data ?? { taskId: "", taskTitle: "" })).toBe(
      "New task for “logo design”: Bakery logo refresh — $350.00 · matched logo, design (Design, $100.00 to $500.00).",
    );
    expect((await alertsOf(lucas)).map((notice) => notice.data.words)).toEqual([["logo"]]);
    expect(await alertsOf(poster)).toEqual([]);

    // Matched again (queued twice, or edited while it still matches): nobody is told twice.
    await direct.db
      .insertInto("alert_queue")
      .values({ task_id: taskId, queued_at: new Date().toISOString() })
      .execute();
    expect(await pass()).toEqual({ taken: 1, told: 0 });
    expect(await alertsOf(maya)).toHaveLength(1);
    // Each search keeps its match: both of Maya's found it.
    const matches = await direct.db
      .selectFrom("saved_search_matches")
      .innerJoin("saved_searches", "saved_searches.id", "saved_search_matches.saved_search_id")
      .select("saved_searches.name")
      .where("saved_search_matches.task_id", "=", taskId)
      .where("saved_searches.user_id", "=", maya.id)
      .orderBy("saved_searches.name")
      .execute();
    expect(matches.map((row) => row.name)).toEqual(["bakery", "logo design"]);
    // Task alerts shows each search's last match and its week.
    const searches = (await call(maya, "GET", "/api/saved-searches")).json();
    expect(searches).toMatchObject([
      { name: "logo design", lastMatch: { taskId, title: "Bakery logo refresh" }, matchesThisWeek: 1 },
      { name: "bakery", lastMatch: { taskId, title: "Bakery logo refresh" }, matchesThisWeek: 1 },
    ]);
    // A match older than a week is not this week's.
    await direct.db
      .updateTable("saved_search_matches")
      .set({ matched_at: new Date(Date.now() - 8 * 86_400_000).toISOString() })
      .where("task_id", "=", taskId)
      .execute();
    const later = (await call(maya, "GET", "/api/saved-searches")).json();
    expect(later.map((search: { matchesThisWeek: number }) => search.matchesThisWeek)).toEqual([0, 0]);
    expect(later[0].lastMatch.title).toBe("Bakery logo refresh");
  });

  it("says where in the description a word was found when the title has none", async () => {
    const aisha = await freelancer("Aisha Excerpt");
    await saveSearch(aisha, { q: "watercolour" });
    await postTask(ctx.app, poster, {
      title: "Wedding invitations",
      description: `${"We are planning a small garden wedding in the spring. ".repeat(2)}We would love a watercolour painting of the venue on each card, and matching envelopes.`,
    });
    await drain();
    const [alert] = await alertsOf(aisha);
    expect(alert?.data.excerpt).toMatch(/^….*watercolour painting of the venue.*…?$/);
    expect(alert?.data.filters).toEqual(["Web Development"]);
  });

  it("tells of a task edited so that it newly matches, once", async () => {
    const omar = await freelancer("Omar Edited");
    await saveSearch(omar, { q: "podcast" });
    const taskId = await postTask(ctx.app, poster, { title: "Edit a video", category: "Marketing" });
    await drain();
    expect(await alertsOf(omar)).toEqual([]);
    const edit = (title: string) =>
      call(poster, "PUT", `/api/tasks/${taskId}`, taskInput({ title, category: "Marketing" }));
    expect((await edit("Edit a podcast video")).statusCode).toBe(200);
    await drain();
    expect((await alertsOf(omar)).map((notice) => notice.data.taskTitle)).toEqual(["Edit a podcast video"]);
    expect((await edit("Edit a podcast video, an hour long")).statusCode).toBe(200);
    await drain();
    expect(await alertsOf(omar)).toHaveLength(1);
  });

  it("is not sent for a task no longer open, to a paused search, nor to a limited or suspended person", async () => {
    const paused = await freelancer("Paused Searcher");
    const limited = await freelancer("Limited Searcher");
    const suspended = await freelancer("Suspended Searcher");
    const pausedId = await saveSearch(paused, { q: "harpsichord" });
    expect((await call(paused, "PATCH", `/api/saved-searches/${pausedId}`, { paused: true })).statusCode).toBe(200);
    await saveSearch(limited, { q: "harpsichord" });
    await saveSearch(suspended, { q: "harpsichord" });
    for (const [person, kind] of [
      [limited, "limit"],
      [suspended, "suspend"],
    ] as const) {
      await direct.db
        .insertInto("sanctions")
        .values({
          id: createId(),
          user_id: person.id,
          kind,
          rule: "honest",
          note: "Seen in the queue.",
          target_kind: "profile",
          target_id: person.id,
          task_id: null,
          target_title: person.name,
          previous_state: null,
          created_by: poster.id,
          created_at: new Date().toISOString(),
        })
        .execute();
    }
    const watcher = await freelancer("Harpsichord Watcher");
    await saveSearch(watcher, { q: "harpsichord" });
    // Deleted by its poster before the pass: nobody hears of it.
    const gone = await postTask(ctx.app, poster, { title: "Tune a harpsichord today" });
    expect((await call(poster, "DELETE", `/api/tasks/${gone}`)).statusCode).toBe(200);
    await postTask(ctx.app, poster, { title: "Tune a harpsichord next week" });
    await drain();
    expect((await alertsOf(watcher)).map((notice) => notice.data.taskTitle)).toEqual(["Tune a harpsichord next week"]);
    for (const person of [paused, limited, suspended]) expect(await alertsKeptFor(person)).toBe(0);
    expect(await alertsKeptFor(watcher)).toBe(1);
  });
});

describe("emails of alerts", () => {
  it(`emails alerts as they happen, at most ${ALERT_EMAILS_PER_HOUR} an hour; a daily search's and those past it wait for the digest`, async () => {
    const keen = await freelancer("Keen Emailed");
    const daily = await freelancer("Daily Digester");
    const quiet = await freelancer("Quiet App Only");
    const off = await freelancer("Alerts Off");
    await saveSearch(keen, { q: "sousaphone" });
    await saveSearch(daily, { q: "sousaphone", frequency: "daily" });
    await saveSearch(quiet, { q: "sousaphone" });
    await saveSearch(off, { q: "sousaphone" });
    expect((await call(quiet, "PUT", "/api/me/notification-preferences", { "task-alert": "app" })).statusCode).toBe(
      200,
    );
    expect((await call(off, "PUT", "/api/me/notification-preferences", { "task-alert": "off" })).statusCode).toBe(200);
    for (let i = 1; i <= ALERT_EMAILS_PER_HOUR + 2; i++) {
      await postTask(ctx.app, poster, { title: `Sousaphone lesson ${i}` });
    }
    await drain();

    expect(await alertsOf(keen)).toHaveLength(ALERT_EMAILS_PER_HOUR + 2);
    const emailed = await emailsTo(keen);
    expect(emailed).toHaveLength(ALERT_EMAILS_PER_HOUR);
    expect(emailed[0]?.subject).toBe("New task for “sousaphone”: Sousaphone lesson 1");
    const deliveries = async (user: TestUser) =>
      (await direct.db.selectFrom("task_alerts").select("delivery").where("user_id", "=", user.id).execute())
        .map((row) => row.delivery)
        .sort();
    expect(await deliveries(keen)).toEqual([
      ...Array(ALERT_EMAILS_PER_HOUR + 2)
        .fill("digest", 0, 2)
        .fill("email", 2),
    ]);
    expect(await emailsTo(daily)).toEqual([]);
    expect(await alertsOf(daily)).toHaveLength(ALERT_EMAILS_PER_HOUR + 2);
    expect(new Set(await deliveries(daily))).toEqual(new Set(["digest"]));
    expect(await emailsTo(quiet)).toEqual([]);
    expect(new Set(await deliveries(quiet))).toEqual(new Set(["app"]));
    // Off: told nothing, and not told of these later should they turn alerts back on.
    expect(await alertsOf(off)).toEqual([]);
    expect(await deliveries(off)).toHaveLength(ALERT_EMAILS_PER_HOUR + 2);
  });
});

describe("a task a pass fails on", () => {
  it("waits behind the others, which go on, and is given up after three failed passes", async () => {
    const fay = await freelancer("Fay Fails");
    await saveSearch(fay, { q: "oboe" });
    const bad = await postTask(ctx.app, poster, { title: "Oboe reed making" });
    await postTask(ctx.app, poster, { title: "Oboe lesson on Sunday" });
    // A pass whose notices for the first task fail, as a bug or a lost connection would.
    const failing: Transactor = {
      transaction: (work) =>
        notifier.transaction((trx, notices) =>
          work(trx, {
            add: (...added) => {
              if (added.some((notice) => notice.data.taskId === bad)) throw new Error("the pass failed");
              notices.add(...added);
            },
          }),
        ),
    };
    // Passes until the queue is empty, each one's outcome in order (a pass may take both tasks).
    const outcomes: string[] = [];
    for (let i = 0; i < 10 && (await queued()) > 0; i++) {
      await matchQueuedTasks(failing, direct).then(
        ({ told }) => outcomes.push(`told ${told}`),
        (error: Error) => outcomes.push(error.message),
      );
    }
    expect(await queued()).toBe(0);
    const gaveUp = `alerts: gave up on task ${bad} after 3 failed passes`;
    // The other task is not held up behind it: told before the bad one is given up, and only it.
    expect(outcomes.filter((outcome) => outcome !== "the pass failed")).toEqual(["told 1", gaveUp]);
    expect(outcomes.filter((outcome) => outcome === "the pass failed")).toHaveLength(2);
    expect((await alertsOf(fay)).map((notice) => notice.data.taskTitle)).toEqual(["Oboe lesson on Sunday"]);
  });
});

describe("two processes", () => {
  // SQLite is served by one process (decision 037); PostgreSQL by as many as it takes.
  it.runIf(testDialect() === "postgres")(
    "take each queued task once between them, and tell each person of it once",
    async () => {
      const second = openDatabase(ctx.database.config);
      try {
        const other = testNotifier(ctx, second);
        const people = await Promise.all(["Twin One", "Twin Two", "Twin Three"].map((name) => freelancer(name)));
        for (const person of people) {
          await saveSearch(person, { q: "theremin" });
          await saveSearch(person, { q: "theremin repair" });
        }
        const titles = Array.from({ length: 45 }, (_, i) => `Theremin repair ${i + 1}`);
        for (const title of titles) await postTask(ctx.app, poster, { title });
        // Edited while queued, so that most tasks are in the queue twice.
        const taskIds = (await direct.db.selectFrom("alert_queue").select("task_id").execute()).map(
          (row) => row.task_id,
        );
        await direct.db
          .insertInto("alert_queue")
          .values(taskIds.map((task_id) => ({ task_id, queued_at: new Date().toISOString() })))
          .execute();
        const drain = async (run: () => Promise<{ taken: number }>) => {
          while ((await run()).taken > 0) {}
        };
        await Promise.all([
          drain(() => matchQueuedTasks(notifier, direct)),
          drain(() => matchQueuedTasks(other, second)),
        ]);
        expect(await queued()).toBe(0);
        for (const person of people) {
          const titlesTold = (await alertsOf(person)).map((notice) => notice.data.taskTitle).sort();
          expect(titlesTold).toEqual([...titles].sort());
        }
      } finally {
        await second.close();
      }
    },
  );
});

describe("a look at the queue", () => {
  it("matches at a quiet moment of the process's requests, waiting at most a couple of seconds for one", async () => {
    const gus = await freelancer("Gus Gives Way");
    await saveSearch(gus, { q: "glockenspiel" });
    await postTask(ctx.app, poster, { title: "Glockenspiel tuning" });
    // A process busy with requests until the test says otherwise.
    const deadlines: number[] = [];
    let quiet = () => {};
    const quieter = new Promise<void>((resolve) => {
      quiet = resolve;
    });
    const load = {
      quietOrBy: (deadline: number) => {
        deadlines.push(deadline);
        return quieter;
      },
    };
    const matcher = new AlertMatcher(notifier, direct, { intervalMs: 0, log: ctx.app.log, load });
    const looking = matcher.runOnce();
    await vi.waitFor(() => expect(deadlines.length).toBeGreaterThan(0));
    expect((deadlines[0] as number) - performance.now()).toBeGreaterThan(1_000);
    expect((deadlines[0] as number) - performance.now()).toBeLessThanOrEqual(2_000);
    // Nothing taken off the queue while the requests go on.
    expect(await queued()).toBe(1);
    expect(await alertsOf(gus)).toEqual([]);
    quiet();
    expect(await looking).toBe(1);
    expect((await alertsOf(gus)).map((notice) => notice.data.taskTitle)).toEqual(["Glockenspiel tuning"]);
  });
});

describe("the app's own matcher", () => {
  const live = setupTestApp();
  const liveCall = callerOf(live);

  it("tells the person of a task posted a moment ago, with nobody running a pass by hand", async () => {
    const seeker = await signUp(live.app, { name: "Live Seeker" });
    const client = await signUp(live.app, { name: "Live Client" });
    expect((await liveCall(seeker, "POST", "/api/saved-searches", { q: "marimba" })).statusCode).toBe(201);
    await postTask(live.app, client, { title: "Marimba player for a wedding" });
    await vi.waitFor(
      async () => {
        const counts = (await liveCall(seeker, "GET", "/api/notifications/unread")).json();
        expect(counts.notifications).toBe(1);
      },
      { timeout: 15_000, interval: 100 },
    );
    const [notice] = (await liveCall(seeker, "GET", "/api/notifications")).json() as Notification[];
    expect(notice).toMatchObject({ kind: "task-alert", data: { taskTitle: "Marimba player for a wedding" } });
  });
});

describe("the daily digest", () => {
  const links = () => ({ webUrl: ctx.config.webUrl, apiUrl: ctx.config.publicUrl, secret: ctx.config.authSecret });
  /** The next `hour`:00 UTC after now, and that hour: the digest due a minute after it lists what came before. */
  const nextHour = () => {
    const now = new Date();
    const hour = (now.getUTCHours() + 1) % 24;
    const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), now.getUTCHours() + 1));
    return { hour, after: new Date(at.getTime() + 60_000) };
  };
  const digestsTo = (user: TestUser) =>
    direct.db
      .selectFrom("outbox")
      .select(["subject", "text_body", "headers"])
      .where("recipient", "=", user.email)
      .where("subject", "not like", "New task for%")
      .where("subject", "like", "%for “%")
      .orderBy("id")
      .execute();

  it("lists a daily search's new tasks once at the digest hour, newest first with why they matched, and none when nothing is new", async () => {
    const dana = await freelancer("Dana Digest");
    await saveSearch(dana, { q: "bassoon", frequency: "daily", maxBudget: 400 });
    const titles = Array.from({ length: DIGEST_MAX + 2 }, (_, i) => `Bassoon lesson ${i + 1}`);
    for (const title of titles) await postTask(ctx.app, poster, { title, budget: 120 });
    const gone = await postTask(ctx.app, poster, { title: "Bassoon repair, cancelled", budget: 120 });
    await drain();
    expect((await call(poster, "DELETE", `/api/tasks/${gone}`)).statusCode).toBe(200);
    const { hour, after } = nextHour();

    // Before the hour: what came since the last digest waits.
    expect(await sendDueDigests(direct, links(), hour)).toBe(0);
    // Dana's, and those of the searches of earlier tests with alerts waiting.
    expect(await sendDueDigests(direct, links(), hour, after)).toBeGreaterThanOrEqual(1);
    const [digest, ...others] = await digestsTo(dana);
    expect(others).toEqual([]);
    expect(digest?.subject).toBe(`${DIGEST_MAX + 2} new tasks for “bassoon”`);
    const lines = (digest?.text_body ?? "").split("\n\n").filter((line) => line.startsWith("Bassoon"));
    expect(lines).toHaveLength(DIGEST_MAX);
    expect(lines[0]).toMatch(
      /^Bassoon lesson 22 — \$120\.00 · matched bassoon \(Web Development, up to \$400\.00\): http/,
    );
    expect(digest?.text_body).toContain("And 2 more.");
    expect(digest?.text_body).toContain("/browse-tasks?q=bassoon&maxBudget=400");
    expect(digest?.text_body).not.toContain("cancelled");
    expect(JSON.parse(digest?.headers ?? "{}")).toMatchObject({
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    // Nothing new since: no second digest.
    expect(await sendDueDigests(direct, links(), hour, after)).toBe(0);
    expect(await digestsTo(dana)).toHaveLength(1);
  });

  it.runIf(testDialect() === "postgres")("is sent once when two processes look at the same moment", async () => {
    const second = openDatabase(ctx.database.config);
    try {
      const people = await Promise.all(["Digest Twin A", "Digest Twin B"].map((name) => freelancer(name)));
      for (const person of people) await saveSearch(person, { q: "didgeridoo", frequency: "daily" });
      for (let i = 1; i <= 3; i++) await postTask(ctx.app, poster, { title: `Didgeridoo workshop ${i}` });
      await drain();
      const { hour, after } = nextHour();
      const [one, two] = await Promise.all([
        sendDueDigests(direct, links(), hour, after),
        sendDueDigests(second, links(), hour, after),
      ]);
      expect((one ?? 0) + (two ?? 0)).toBeGreaterThanOrEqual(2);
      for (const person of people) expect(await digestsTo(person)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});

describe("one-click unsubscribe from an alert", () => {
  it("pauses the search the email came from, and that search tells of nothing more", async () => {
    const una = await freelancer("Una Unsubscribes");
    const searchId = await saveSearch(una, { q: "ukulele" });
    const other = await saveSearch(una, { q: "banjo" });
    await postTask(ctx.app, poster, { title: "Ukulele for a birthday" });
    await drain();
    const [email] = await direct.db
      .selectFrom("outbox")
      .select(["headers", "text_body"])
      .where("recipient", "=", una.email)
      .where("subject", "like", "New task for%")
      .execute();
    expect(email?.text_body).toContain("You get this email for “Task alerts: ukulele”");
    const header = JSON.parse(email?.headers ?? "{}")["List-Unsubscribe"] as string;
    const url = new URL(header.slice(1, -1));
    const response = await ctx.app.inject({
      method: "POST",
      url: `${url.pathname}${url.search}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ kind: "task-alert", label: "Task alerts: ukulele", paused: "ukulele" });
    const searches: Array<{ _id: string; paused: boolean }> = (await call(una, "GET", "/api/saved-searches")).json();
    expect(searches.map((search) => [search._id, search.paused])).toEqual([
      [searchId, true],
      [other, false],
    ]);
    // The other kinds of email, and the other search, are as they were.
    expect((await call(una, "GET", "/api/me/notification-preferences")).json()["task-alert"]).toBe("email");
    await postTask(ctx.app, poster, { title: "Ukulele and banjo duo" });
    await drain();
    expect((await alertsOf(una)).map((notice) => notice.data.searchName)).toEqual(["banjo", "ukulele"]);
    // A token whose signature is not the server's is refused, and pauses nothing.
    const forged = url.searchParams.get("token")?.replace(/\.[^.]+$/, ".forged") ?? "";
    const refused = await call(null, "POST", "/api/email/unsubscribe", { token: forged });
    expect(refused.statusCode).toBe(400);
  });
});
