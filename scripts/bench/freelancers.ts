/**
 * Find Freelancers at scale: seeds --profiles people (100,000 by default) with profiles into a
 * throwaway SQLite file and a throwaway PostgreSQL schema (127.0.0.1 only), then times a handful of
 * searches through the rules the route calls (profiles/profiles.ts findFreelancers: the page and
 * its total), each --runs times after two warm-ups. Prints the median, p95 and slowest of each, and
 * how many profiles matched.
 *
 * Run: npx tsx scripts/bench/freelancers.ts [--db sqlite|postgres|both] [--profiles 100000] [--runs 30]
 * Bounded: --runs runs of seven searches per database, then the data is dropped.
 */
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { type Database, openDatabase } from "../../src/server/db/database.ts";
import { migrateToLatest } from "../../src/server/db/migrate.ts";
import { findFreelancers } from "../../src/server/profiles/profiles.ts";
import { createTestDatabase, DEFAULT_TEST_DATABASE_URL } from "../../src/server/test/test-database.ts";
import { median } from "./bench-data.ts";

const { values } = parseArgs({
  options: {
    db: { type: "string", default: "both" },
    profiles: { type: "string", default: "100000" },
    runs: { type: "string", default: "30" },
  },
});
const PROFILES = Number(values.profiles);
const RUNS = Number(values.runs);

const FIRST = ["Maya", "Liam", "Noah", "Emma", "Olivia", "Ava", "Sofia", "Lucas", "Mateo", "Aria", "Zoe", "Ethan"];
const MORE_FIRST = ["Hugo", "Lena", "Ines", "Omar", "Yara", "Kenji", "Priya", "Tomas", "Nadia", "Felix", "Leila"];
const LAST = ["Garcia", "Smith", "Chen", "Novak", "Okafor", "Silva", "Kowalski", "Haddad", "Tanaka", "Rossi"];
const MORE_LAST = ["Dubois", "Jensen", "Murphy", "Kaur", "Costa", "Martin", "Nguyen", "Ivanova", "Moreau", "Berg"];
const NAMES_FIRST = [...FIRST, ...MORE_FIRST];
const NAMES_LAST = [...LAST, ...MORE_LAST];
const SKILLS = [
  "Figma",
  "Logo design",
  "Brand identity",
  "Illustration",
  "UI design",
  "React",
  "TypeScript",
  "Node.js",
  "WordPress",
  "Shopify",
  "Python",
  "PostgreSQL",
  "Copywriting",
  "Blog posts",
  "Technical writing",
  "Translation",
  "Proofreading",
  "SEO",
  "Email marketing",
  "Social media",
  "Google Ads",
  "Video editing",
  "Photography",
  "Podcast editing",
];
const FIELDS = ["Designers", "Developers", "Writers", "Marketers", null];

/** What half the people say of themselves: some 300 characters, as a real bio takes room in a row. */
const BIO =
  "I help small businesses look their best online: clear pages, honest words and designs that load fast on phones. " +
  "Ten years of client work, from bakeries to law firms. I answer within a day, share drafts early and keep to the dates we agree on.";

/** Person i: a name, 2 to 5 skills, a field, a bio (half), a record (60 % with reviews) and whether they are listed. */
function person(i: number, now: number) {
  const skills = Array.from(
    { length: 2 + (i % 4) },
    (_, k) => SKILLS[(i * 7 + k * 5 + (i >> 4)) % SKILLS.length] as string,
  );
  const unique = [...new Set(skills)];
  const ratingCount = i % 5 < 3 ? 1 + ((i * 13) % 40) : 0;
  const created = new Date(now - (PROFILES - i) * 60_000).toISOString();
  return {
    id: `bench-${i}-${randomBytes(4).toString("hex")}`,
    name: `${NAMES_FIRST[i % NAMES_FIRST.length]} ${NAMES_LAST[(i * 7 + (i >> 5)) % NAMES_LAST.length]}`,
    created,
    skills: unique,
    bio: i % 2 === 0 ? BIO : "",
    field: FIELDS[(i * 3) % FIELDS.length] ?? null,
    ratingCount,
    // Averages from 3.0 to 5.0.
    ratingSum: Math.round(ratingCount * (3 + ((i * 37) % 21) / 10)),
    completed: (i * 11) % 60,
    listed: i % 10 === 9 ? 0 : 1,
  };
}

async function seed(database: Database) {
  await migrateToLatest(database.db, database.dialect);
  const now = Date.now();
  for (let start = 0; start < PROFILES; start += 1000) {
    const people = Array.from({ length: Math.min(1000, PROFILES - start) }, (_, k) => person(start + k, now));
    await database.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("user")
        .values(
          people.map((p) => ({
            id: p.id,
            name: p.name,
            email: `${p.id}@example.com`,
            emailVerified: database.dialect === "sqlite" ? 0 : false,
            image: null,
            createdAt: p.created,
            updatedAt: p.created,
          })),
        )
        .execute();
      await trx
        .insertInto("profiles")
        .values(
          people.map((p) => ({
            user_id: p.id,
            bio: p.bio,
            skills: JSON.stringify(p.skills),
            skills_text: p.skills.join("\n"),
            field: p.field,
            listed: p.listed,
            rating_sum: p.ratingSum,
            rating_count: p.ratingCount,
            completed: p.completed,
            updated_at: p.created,
          })),
        )
        .execute();
    });
  }
  // What autovacuum would have done by the time a database holds this many people.
  if (database.dialect === "postgres") {
    await sql`vacuum analyze profiles`.execute(database.db);
    await sql`vacuum analyze "user"`.execute(database.db);
  }
  if (database.dialect === "sqlite") await sql`pragma wal_checkpoint(truncate)`.execute(database.db);
}

const SEARCHES: Array<[string, Parameters<typeof findFreelancers>[1]]> = [
  ["first page, by rating", { sort: "rating", page: 1, limit: 24 }],
  ["name start 'kowal'", { q: "kowal", sort: "rating", page: 1, limit: 24 }],
  ["skill 'figma'", { q: "figma", sort: "rating", page: 1, limit: 24 }],
  ["Designers, 4 stars and up", { field: "Designers", minRating: 4, sort: "rating", page: 1, limit: 24 }],
  ["nothing matches 'kubernetes'", { q: "kubernetes", sort: "rating", page: 1, limit: 24 }],
  ["page 2,000 by rating", { sort: "rating", page: 2000, limit: 24 }],
  ["newest first", { sort: "newest", page: 1, limit: 24 }],
  ["two letters 'ch' (no index)", { q: "ch", sort: "rating", page: 1, limit: 24 }],
];

async function time(database: Database, label: string) {
  console.log(`\n${label}: ${PROFILES.toLocaleString("en-US")} profiles, ${RUNS} runs each (ms)`);
  console.log("search".padEnd(32), "matches".padStart(8), "median".padStart(8), "p95".padStart(8), "max".padStart(8));
  for (const [name, query] of SEARCHES) {
    let total = 0;
    for (let i = 0; i < 2; i++) total = (await findFreelancers(database, query)).total;
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      await findFreelancers(database, query);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const p95 = times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)] as number;
    const cells = [median(times), p95, times[times.length - 1] as number].map((ms) => ms.toFixed(2).padStart(8));
    console.log(name.padEnd(32), String(total).padStart(8), ...cells);
  }
}

async function run(dialect: "sqlite" | "postgres") {
  if (dialect === "postgres") {
    const host = new URL(process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL).hostname;
    if (host !== "127.0.0.1" && host !== "localhost")
      throw new Error(`The benchmark runs on 127.0.0.1 only, not ${host}`);
  }
  const target = await createTestDatabase(dialect);
  const database = openDatabase(target.config);
  try {
    const started = performance.now();
    await seed(database);
    console.log(`\n${dialect}: seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await time(database, dialect);
    if (dialect === "sqlite") {
      // The search index in one piece, as FTS5's 'optimize' leaves it.
      await sql`insert into profiles_search (profiles_search) values ('optimize')`.execute(database.db);
      await time(database, "sqlite, its search index merged into one piece");
    }
  } finally {
    await database.close();
    await target.drop();
  }
}

const dialects = values.db === "both" ? (["sqlite", "postgres"] as const) : [values.db as "sqlite" | "postgres"];
for (const dialect of dialects) await run(dialect);
