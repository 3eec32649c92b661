/** What the benchmarks share: the server's environment, the users and the generated tasks. */
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { openDatabase } from "../../src/server/db/database.ts";
import { migrateToLatest } from "../../src/server/db/migrate.ts";
import { cookiesOf } from "../../src/server/test/server-process.ts";
import type { TestDatabase } from "../../src/server/test/test-database.ts";

const CATEGORIES = ["Web Development", "Design", "Writing", "Marketing"];
const PASSWORD = "Bench-Mark-77";

export const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/** The production server on the benchmark's database, rate limits off (one client sends everything). */
export function benchServerEnv(database: TestDatabase, extra: Record<string, string> = {}) {
  return {
    NODE_ENV: "production",
    DATABASE_URL: database.url,
    AUTH_SECRET: "bench-secret-that-is-long-enough-for-the-check",
    SEED_DEMO_DATA: "false",
    LOG_LEVEL: "warn",
    RATE_LIMIT_AUTH_PER_MINUTE: "0",
    RATE_LIMIT_ACCOUNT_PER_MINUTE: "0",
    RATE_LIMIT_WRITES_PER_MINUTE: "0",
    ...extra,
  };
}

/** `count` accounts signed up through the API, each with its session cookie. */
export async function signUpUsers(origin: string, count: number) {
  const users: Array<{ id: string; cookie: string }> = [];
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${origin}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({
        name: `Bench ${i}`,
        email: `bench${i}@example.com`,
        password: PASSWORD,
        image: "https://example.com/a.png",
      }),
    });
    const body = (await response.json()) as { user: { id: string } };
    users.push({ id: body.user.id, cookie: cookiesOf(response) });
  }
  return users;
}

/** Words of the generated tasks. */
const VERBS = ["Design", "Build", "Write", "Fix", "Translate", "Edit", "Set up", "Improve", "Illustrate", "Review"];
const THINGS = [
  "a logo",
  "a landing page",
  "a blog post",
  "a newsletter",
  "product photos",
  "an online shop",
  "a pitch deck",
  "a podcast intro",
  "a brand guide",
  "a mobile app screen",
  "a price list",
  "a menu",
  "a product video",
  "an email campaign",
  "a contact form",
  "a booking page",
  "a flyer",
  "a survey",
  "a poster",
  "a press release",
];
const CLIENTS = [
  "a bakery",
  "a bike shop",
  "a dental clinic",
  "a yoga studio",
  "a law firm",
  "a coffee roaster",
  "a bookshop",
  "a flower market",
  "a climbing gym",
  "a tea room",
  "a pottery studio",
  "a hair salon",
  "a vineyard",
  "a music school",
  "a florist",
  "a garage",
  "a hostel",
  "a language school",
  "a surf camp",
  "a brewery",
];
const DETAILS = [
  "We need it before the season starts.",
  "Clean and modern, with our colours.",
  "Please share a portfolio.",
  "Mobile friendly matters most to us.",
  "We have a draft you can start from.",
  "Two rounds of changes included.",
  "Our audience is mostly local families.",
  "The text is in English and Spanish.",
  "Photos will be provided.",
  "We want something playful rather than corporate.",
  "It has to load fast on phones.",
];

/**
 * A task's text from its number: titles like "Design a logo for a bakery", descriptions of a few
 * sentences. "logo" is in 1 title of 20; "project" in every description but one of 25; nothing
 * says "kubernetes". `scripts/bench/api.ts` searches them.
 */
export function taskText(i: number) {
  const pick = <T>(list: T[], salt: number) => list[(i * salt + (i >> 3)) % list.length] as T;
  const thing = THINGS[i % THINGS.length] as string;
  const client = pick(CLIENTS, 7);
  return {
    title: `${pick(VERBS, 3)} ${thing} for ${client}`,
    description: [
      `${i % 25 === 0 ? "This job" : "This project"} is for ${client}, task number ${i}.`,
      pick(DETAILS, 5),
      pick(DETAILS, 11),
    ].join(" "),
  };
}

/** Tasks spread over owners, categories, deadlines and budgets; a bid on every fifth task. */
export async function generateTasks(config: TestDatabase["config"], ownerIds: string[], count: number) {
  const database = openDatabase(config);
  await migrateToLatest(database.db, database.dialect);
  const now = Date.now();
  const ids: string[] = [];
  for (let start = 0; start < count; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - start) }, (_, k) => {
      const i = start + k;
      const id = randomBytes(12).toString("base64url");
      ids.push(id);
      const created = new Date(now - (count - i) * 60_000).toISOString();
      return {
        id,
        owner_id: ownerIds[i % ownerIds.length] as string,
        ...taskText(i),
        category: CATEGORIES[i % CATEGORIES.length] as string,
        deadline: new Date(now + ((i % 120) - 10) * 86_400_000).toISOString().slice(0, 10),
        budget_cents: 1000 + ((i * 7919) % 500_000),
        created_at: created,
        updated_at: created,
      };
    });
    await database.db.insertInto("tasks").values(rows).execute();
  }
  const bids = ids.flatMap((taskId, i) =>
    i % 5 === 0
      ? [
          {
            id: randomBytes(12).toString("base64url"),
            task_id: taskId,
            bidder_id: ownerIds[(i + 1) % ownerIds.length] as string,
            bid_time: new Date(now).toISOString(),
            amount_cents: 1000 + ((i * 7919) % 500_000),
          },
        ]
      : [],
  );
  for (let start = 0; start < bids.length; start += 500) {
    await database.db
      .insertInto("bids")
      .values(bids.slice(start, start + 500))
      .execute();
  }
  // What autovacuum would have done by the time a database holds this many tasks: the planner's
  // statistics (how common each word is), and GIN's list of pending entries merged into its index.
  if (database.dialect === "postgres") await sql`vacuum analyze tasks`.execute(database.db);
  if (database.dialect === "sqlite") {
    // And what the server's merger does with SQLite's search index (tasks/search-index-merger.ts):
    // one piece, where the batches above left it in several.
    await sql`insert into tasks_search (tasks_search) values ('optimize')`.execute(database.db);
    // The server reads this database as it is written here: with the writes left in the WAL, every
    // page it reads would be looked up there first, which the server's own writes never leave.
    await sql`pragma wal_checkpoint(truncate)`.execute(database.db);
  }
  await database.close();
  return ids;
}
