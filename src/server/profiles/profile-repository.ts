import { type Kysely, sql } from "kysely";
import { searchWords } from "../../contract/search.ts";
import type { Database } from "../db/database.ts";
import type { DB } from "../db/schema.ts";
import { foldedSql, foldText } from "../db/search-constants.ts";
import { anyoneSuspended, SUSPENDED_PEOPLE } from "../standing/sanction-repository.ts";

/**
 * Public profiles' reads (issue 28): a person with what they say of themselves, their record
 * counted from assignments and published reviews, and Find Freelancers over the profiles table.
 */

export interface PersonRow {
  id: string;
  name: string;
  image: string | null;
  memberSince: string;
  bio: string;
  skills: string[];
  field: string | null;
}

/** A date of better-auth's (a Date on PostgreSQL, text on SQLite) as ISO-8601. */
function isoDate(value: Date | string): string {
  return new Date(value).toISOString();
}

/** A profile's skills column (a JSON array of strings), as a list. */
export function parseSkills(json: string | null): string[] {
  if (!json) return [];
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((skill): skill is string => typeof skill === "string") : [];
}

/**
 * A person and what they say of themselves (nothing said without a profile row, or once a
 * moderator removed it: decision 023).
 */
export async function findPerson(db: Kysely<DB>, id: string): Promise<PersonRow | undefined> {
  const row = await db
    .selectFrom("user")
    .leftJoin("profiles", "profiles.user_id", "user.id")
    .select([
      "user.id",
      "user.name",
      "user.image",
      "user.createdAt",
      "profiles.bio",
      "profiles.skills",
      "profiles.field",
      "profiles.removed",
    ])
    .where("user.id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  const removed = Number(row.removed ?? 0) === 1;
  return {
    id: row.id,
    name: row.name,
    image: row.image,
    memberSince: isoDate(row.createdAt),
    bio: removed ? "" : (row.bio ?? ""),
    skills: removed ? [] : parseSkills(row.skills),
    field: row.field ?? null,
  };
}

export interface AboutRow {
  bio: string;
  skills: string[];
  field: string | null;
}

/**
 * Writes what a person says of themselves. They are listed in Find Freelancers once they name a
 * field or a skill, or have completed a task (the record kept beside it, profiles/record-repository.ts).
 */
export async function saveAbout(db: Kysely<DB>, userId: string, about: AboutRow, now = new Date()): Promise<AboutRow> {
  const stamp = now.toISOString();
  const skills = JSON.stringify(about.skills);
  const skillsText = about.skills.join("\n");
  const says = about.field !== null || about.skills.length > 0;
  const row = await db
    .insertInto("profiles")
    .values({
      user_id: userId,
      bio: about.bio,
      skills,
      skills_text: skillsText,
      field: about.field,
      listed: says ? 1 : 0,
      updated_at: stamp,
    })
    .onConflict((conflict) =>
      conflict.column("user_id").doUpdateSet({
        bio: about.bio,
        skills,
        skills_text: skillsText,
        field: about.field,
        // A profile a moderator removed stays out of Find Freelancers whatever is written to it.
        listed: says
          ? sql<number>`1 - profiles.removed`
          : sql<number>`case when profiles.removed = 0 and profiles.completed > 0 then 1 else 0 end`,
        updated_at: stamp,
      }),
    )
    .returning(["bio", "skills", "field"])
    .executeTakeFirstOrThrow();
  return { bio: row.bio, skills: parseSkills(row.skills), field: row.field };
}

/**
 * A moderator removes a profile, or restores it (decision 023): removed, its bio and skills are
 * shown to nobody and it is out of Find Freelancers (`listed` 0, kept so by every writer of it);
 * restored, listed again as it would be. A person who never wrote one gets a row, removed, so that
 * what they write next is hidden too.
 */
export async function setProfileRemoved(db: Kysely<DB>, userId: string, removed: boolean, now = new Date()) {
  const stamp = now.toISOString();
  if (removed) {
    await db
      .insertInto("profiles")
      .values({ user_id: userId, removed: 1, listed: 0, updated_at: stamp })
      .onConflict((conflict) => conflict.column("user_id").doUpdateSet({ removed: 1, listed: 0, updated_at: stamp }))
      .execute();
    return;
  }
  await db
    .updateTable("profiles")
    .set({
      removed: 0,
      listed: sql<number>`case when field is not null or skills_text <> '' or completed > 0 then 1 else 0 end`,
      updated_at: stamp,
    })
    .where("user_id", "=", userId)
    .execute();
}

export type FreelancerSort = "rating" | "completed" | "newest";

export interface FreelancerFilter {
  q?: string;
  field?: string;
  minRating?: number;
  sort: FreelancerSort;
  page: number;
  limit: number;
}

export interface FreelancerRow {
  id: string;
  name: string;
  image: string | null;
  memberSince: string;
  field: string | null;
  skills: string[];
  ratingSum: number;
  ratingCount: number;
  completed: number;
}

/** FTS5's trigram index answers texts of three characters (code points) or more. */
const TRIGRAM_MIN = 3;

/** A LIKE pattern that finds the text anywhere, with %, _ and \ as plain characters. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Listed profiles matching the filter, one page in the asked order, and how many match.
 * Every word of the text is found in the name or a skill, in any order, whatever the case and the
 * accents ("patel maya" and "tomas" find "Maya Patel" and "Tomás": decision 034): on SQLite from
 * the FTS5 trigram table (words of three characters or more), on PostgreSQL from the pg_trgm
 * indexes of the folded names and skills.
 *
 * Three reads: the page's ids along the order's index (profiles alone, but for newest first: a
 * deep page skips index entries, not rows), those people's cards, and the count, which reads the
 * user table only to find the text in names.
 */
export async function searchFreelancers(
  { db, dialect }: Database,
  filter: FreelancerFilter,
): Promise<{ freelancers: FreelancerRow[]; total: number }> {
  const text = filter.q?.trim() || undefined;
  const words = searchWords(text);
  // Whether anyone is suspended, asked first: while nobody is (most of the time), the search's
  // reads are the ones they were, along the indexes of listed profiles.
  const anySuspended = await anyoneSuspended(db);
  const indexed = words.filter((word) => [...word].length >= TRIGRAM_MIN);
  const fromIndex = dialect === "sqlite" && indexed.length > 0;
  // On SQLite the matches of the search index lead: a filter's own index (listed, field), which the
  // planner would otherwise take without statistics, is turned off by a unary plus.
  const column = (name: "listed" | "field" | "rating_avg") =>
    fromIndex ? sql`+${sql.ref(`p.${name}`)}` : sql.ref(`p.${name}`);
  // On PostgreSQL the longest word's matches come from the two trigram indexes (below); the others
  // are looked for in those.
  const [leading, ...others] = [...words].sort((a, b) => [...b].length - [...a].length);
  const where = () => {
    // Listed (a removed profile never is), and not suspended (decision 023).
    const conditions = [sql`${column("listed")} = 1`];
    if (anySuspended) {
      // The people suspended, read once (not looked up profile by profile).
      conditions.push(sql`p.user_id not in (${SUSPENDED_PEOPLE})`);
    }
    if (filter.field) conditions.push(sql`${column("field")} = ${filter.field}`);
    // Of the rating as shown, to one decimal: 4.95 shows as 5.0 and is found at 5+, 4.9499… is not.
    // The average rounds to at least the minimum m when sum / count >= m - 0.05, that is
    // 20 * sum >= (20m - 1) * count: exact, in integers (bigint, so no product overflows). The
    // float average (PostgreSQL's real is float4) only narrows the rows along its index, a little
    // wider than the line, so that its rounding never leaves out one the integers would keep.
    if (filter.minRating !== undefined) {
      const tenths = Math.round(filter.minRating * 10);
      conditions.push(sql`${column("rating_avg")} >= ${(tenths - 0.6) / 10}`);
      conditions.push(
        sql`20 * cast(p.rating_sum as bigint) >= cast(${2 * tenths - 1} as bigint) * cast(p.rating_count as bigint)`,
      );
    }
    // A text with no letter or digit in it finds nobody.
    if (text !== undefined && words.length === 0) conditions.push(sql`1 = 0`);
    if (dialect === "sqlite") {
      if (fromIndex) {
        // Each word one quoted FTS5 string (all of them found): none of FTS5's query syntax applies.
        const phrases = indexed.map((word) => `"${word.replaceAll('"', '""')}"`).join(" ");
        conditions.push(
          sql`p.search_rowid in (select rowid from profiles_search where profiles_search match ${phrases})`,
        );
      }
      // Words shorter than a trigram: every listed profile's skills and every name are read, each
      // table in one pass (the names' matches gathered once, not looked up profile by profile).
      for (const word of words.filter((candidate) => !indexed.includes(candidate))) {
        const pattern = containsPattern(word);
        conditions.push(sql`(p.skills_text like ${pattern} escape '\\'
          or p.user_id in (select id from ${sql.table("user")} where name like ${pattern} escape '\\'))`);
      }
    } else {
      for (const word of others) {
        const pattern = containsPattern(foldText(word));
        conditions.push(sql`(${foldedSql(sql.ref("p.skills_text"))} like ${pattern}
          or exists (select 1 from ${sql.table("user")} n where n.id = p.user_id
            and ${foldedSql(sql.ref("n.name"))} like ${pattern}))`);
      }
    }
    return sql.join(conditions, sql` and `);
  };
  // On PostgreSQL the matches come from the two trigram indexes, each with what the filters and
  // orders read, so that no match is looked up again; the names' matches as a list of ids, each
  // looked up by its key (a hash join would read every profile to meet a few thousand names).
  const columns = sql`p.user_id, p.listed, p.field, p.rating_avg, p.rating_sum, p.rating_count, p.completed, p.skills_text`;
  const pattern = leading === undefined ? "" : containsPattern(foldText(leading));
  const profiles =
    dialect === "postgres" && leading !== undefined
      ? sql`(select ${columns} from profiles p where ${foldedSql(sql.ref("p.skills_text"))} like ${pattern}
          union select ${columns} from profiles p
            where p.user_id = any(array(select id from ${sql.table("user")}
              where ${foldedSql(sql.ref("name"))} like ${pattern}))) p`
      : sql`profiles p`;
  const order = {
    rating: sql`p.rating_avg desc, p.rating_count desc, p.completed desc, p.user_id`,
    completed: sql`p.completed desc, p.rating_avg desc, p.user_id`,
    newest: sql`u.${sql.ref("createdAt")} desc, u.id desc`,
  }[filter.sort];
  const newest = filter.sort === "newest";
  // Newest first without a text: along the user table's index of dates (SQLite keeps the order of
  // a CROSS JOIN; PostgreSQL's planner chooses for itself).
  const from = !newest
    ? profiles
    : text === undefined
      ? sql`${sql.table("user")} u cross join profiles p`
      : sql`${profiles}, ${sql.table("user")} u`;
  const joined = newest ? sql` and u.id = p.user_id` : sql``;
  const offset = (filter.page - 1) * filter.limit;
  const [ids, count] = await Promise.all([
    sql<{ user_id: string }>`select p.user_id from ${from} where ${where()}${joined}
      order by ${order} limit ${filter.limit} offset ${offset}`.execute(db),
    sql<{ total: number | string }>`select count(*) as total
      from ${profiles}
      where ${where()}`.execute(db),
  ]);
  const page = ids.rows.map((row) => row.user_id);
  const rows =
    page.length === 0
      ? []
      : await db
          .selectFrom("profiles as p")
          .innerJoin("user as u", "u.id", "p.user_id")
          .select([
            "p.user_id",
            "u.name",
            "u.image",
            "u.createdAt",
            "p.field",
            "p.skills",
            "p.rating_sum",
            "p.rating_count",
            "p.completed",
          ])
          .where("p.user_id", "in", page)
          .execute();
  const byId = new Map(rows.map((row) => [row.user_id, row]));
  return {
    freelancers: page.flatMap((id) => {
      const row = byId.get(id);
      if (!row) return [];
      return [
        {
          id: row.user_id,
          name: row.name,
          image: row.image,
          memberSince: isoDate(row.createdAt),
          field: row.field,
          skills: parseSkills(row.skills),
          ratingSum: Number(row.rating_sum),
          ratingCount: Number(row.rating_count),
          completed: Number(row.completed),
        },
      ];
    }),
    total: Number(count.rows[0]?.total ?? 0),
  };
}

/** A person's profile as moderation reads it (content/reportable.ts): what they say of themselves, removed or not. */
export async function findProfileContent(db: Kysely<DB>, userId: string) {
  const row = await db
    .selectFrom("user")
    .leftJoin("profiles", "profiles.user_id", "user.id")
    .select(["user.id", "user.name", "user.image", "profiles.bio", "profiles.skills", "profiles.removed"])
    .where("user.id", "=", userId)
    .executeTakeFirst();
  return (
    row && { ...row, bio: row.bio ?? "", skills: parseSkills(row.skills), removed: Number(row.removed ?? 0) === 1 }
  );
}
