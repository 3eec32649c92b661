import { type Kysely, type RawBuilder, sql } from "kysely";
import {
  LIMITS,
  TASK_STATUSES,
  type TaskListQuery,
  type TaskListStatus,
  type TaskSort,
  type TaskStatus,
  todayAnywhereOnEarth,
} from "../../contract/index.ts";
import { searchWords } from "../../contract/search.ts";
import type { Database } from "../db/database.ts";
import type { DB } from "../db/schema.ts";
import { foldTaskWord, SEARCH_BLOCK, SEARCH_PREFIX_MAX } from "../db/search-constants.ts";
import { REMOVED_TASK_STATUS, selectTasks, type TaskRecord, toCents, toRecord } from "./task-repository.ts";

/**
 * Lists of tasks and their searches (decisions 004, 014, 016–018): a page in one of the list's
 * orders, limited by owner, category and status, and the count; a search by words on SQLite's FTS5
 * index or PostgreSQL's word blocks, counted among the newest. SQL only.
 */

export interface TaskFilter
  extends Pick<TaskListQuery, "q" | "category" | "sort" | "page" | "limit" | "status" | "minBudget" | "maxBudget"> {
  ownerId?: string;
  /** How many of the newest tasks a search counts among (SEARCH_COUNT_WINDOW unless a test sets it). */
  countWindow?: number;
}

export interface TaskPage {
  tasks: TaskRecord[];
  total: number;
  /** More tasks match a search than it counted: more than `total` match (decisions 014 and 017). */
  capped: boolean;
}

/** Each list order, ending in the id so that pages never overlap. */
const ORDERS = {
  newest: [
    ["created_at", "desc"],
    ["id", "desc"],
  ],
  deadline: [
    ["deadline", "asc"],
    ["id", "asc"],
  ],
  budget: [
    ["budget_cents", "desc"],
    ["id", "desc"],
  ],
} as const satisfies Record<TaskSort, ReadonlyArray<readonly [string, "asc" | "desc"]>>;

function orderOf(table: "tasks" | "shown", sort: TaskSort) {
  return sql.join(
    ORDERS[sort].map(([column, direction]) => sql`${sql.ref(`${table}.${column}`)} ${sql.raw(direction)}`),
  );
}

/**
 * A list's statuses as the stored ones they are, and whether only the open tasks still taking
 * offers ("open") or only those past their deadline ("closed") of the open ones are meant. Both
 * together are every open task.
 */
function splitStatuses(statuses: TaskListStatus[]): { stored: TaskStatus[]; deadline?: "current" | "passed" } {
  const open = statuses.includes("open");
  const closed = statuses.includes("closed");
  const stored = statuses.filter(
    (status): status is Exclude<TaskListStatus, "open" | "closed"> => status !== "open" && status !== "closed",
  );
  if (open && closed) return { stored: ["open", ...stored] };
  return open || closed ? { stored, deadline: open ? "current" : "passed" } : { stored };
}

/** The statuses a list is limited to, as one condition; "today" for deadlines is anywhere on Earth's (decision 002). */
function statusCondition(statuses: TaskListStatus[], today: string, deadlineColumn: string) {
  const { stored, deadline } = splitStatuses(statuses);
  const parts = [];
  if (deadline) {
    const compare = sql.raw(`${deadlineColumn} ${deadline === "current" ? ">=" : "<"}`);
    parts.push(sql<boolean>`(tasks.status = 'open' and ${compare} ${today})`);
  }
  if (stored.length > 0) parts.push(sql<boolean>`tasks.status in (${sql.join(stored)})`);
  return parts.length === 1 ? (parts[0] as RawBuilder<boolean>) : sql<boolean>`(${sql.join(parts, sql` or `)})`;
}

/**
 * The owner, category, budget and status a list is limited to; `deadline` and `budget` their columns
 * as written.
 */
function filterConditions(
  filter: TaskFilter,
  {
    deadline = "tasks.deadline",
    budget = "tasks.budget_cents",
  }: { deadline?: string | undefined; budget?: string | undefined } = {},
) {
  const conditions = [];
  if (filter.ownerId) conditions.push(sql<boolean>`tasks.owner_id = ${filter.ownerId}`);
  if (filter.category) conditions.push(sql<boolean>`tasks.category = ${filter.category}`);
  if (filter.minBudget !== undefined) conditions.push(sql<boolean>`${sql.raw(budget)} >= ${toCents(filter.minBudget)}`);
  if (filter.maxBudget !== undefined) conditions.push(sql<boolean>`${sql.raw(budget)} <= ${toCents(filter.maxBudget)}`);
  if (filter.status?.length) conditions.push(statusCondition(filter.status, todayAnywhereOnEarth(), deadline));
  // Every status a filter names is one of TASK_STATUSES; without one, every task but those removed.
  else conditions.push(sql<boolean>`tasks.status <> ${REMOVED_TASK_STATUS}`);
  return conditions;
}

/** Whether a list is limited to a range of budgets, which the trigger-kept totals do not know. */
const hasBudgetRange = (filter: TaskFilter) => filter.minBudget !== undefined || filter.maxBudget !== undefined;

/**
 * How many tasks match. The whole list and a category read the trigger-kept totals, which cost
 * the same at any size; one poster's tasks are counted (and a range of budgets, countToTheCap). Open tasks still taking offers are counted
 * from the index of open tasks by deadline, from today on (as many as are current, however many
 * have closed); the closed ones are all the open ones but those.
 */
async function countTasks({ db }: Database, filter: TaskFilter): Promise<number> {
  if (!filter.ownerId) {
    // Removed tasks have rows of their own ("removed"), which no list counts.
    const stored = async (statuses: TaskStatus[]) => {
      let totals = db
        .selectFrom("task_counts")
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("total"), sql<number>`0`).as("total"));
      if (filter.category) totals = totals.where("category", "=", filter.category);
      totals = totals.where("status", "in", statuses);
      return Number((await totals.executeTakeFirstOrThrow()).total);
    };
    if (!filter.status?.length) return stored([...TASK_STATUSES]);
    const split = splitStatuses(filter.status);
    const [kept, current, allOpen] = await Promise.all([
      split.stored.length > 0 ? stored(split.stored) : 0,
      split.deadline ? countCurrentOpen(db, filter.category) : 0,
      split.deadline === "passed" ? stored(["open"]) : 0,
    ]);
    return kept + (split.deadline === "current" ? current : split.deadline === "passed" ? allOpen - current : 0);
  }
  let count = db.selectFrom("tasks").select((eb) => eb.fn.countAll<number>().as("total"));
  for (const condition of filterConditions(filter)) count = count.where(condition);
  return Number((await count.executeTakeFirstOrThrow()).total);
}

/** Open tasks whose deadline has not passed (anywhere on Earth), in one category or all. */
async function countCurrentOpen(db: Kysely<DB>, category: string | undefined): Promise<number> {
  let count = db
    .selectFrom("tasks")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .where("status", "=", "open")
    .where("deadline", ">=", todayAnywhereOnEarth());
  if (category) count = count.where("category", "=", category);
  return Number((await count.executeTakeFirstOrThrow()).total);
}

/** Takes the database with its dialect: a search is written for each. */
export async function listTasks(database: Database, filter: TaskFilter): Promise<TaskPage> {
  const words = searchWords(filter.q);
  if (words.length > 0) return searchTasks(database, filter, words);
  // Text with no letter or digit in it ("?!") has no word to find.
  if (filter.q?.trim()) return { tasks: [], total: 0, capped: false };
  let query = selectTasks(database.db);
  for (const condition of filterConditions(filter)) query = query.where(condition);
  const [rows, counted] = await Promise.all([
    query
      .orderBy(orderOf("tasks", filter.sort))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit)
      .execute(),
    !filter.ownerId && hasBudgetRange(filter)
      ? countToTheCap(database, filter)
      : countTasks(database, filter).then((total) => ({ total, capped: false })),
  ]);
  return { tasks: rows.map(toRecord), ...counted };
}

/** A search counts one match past LIMITS.searchResultsMax, to know whether more match. */
const HITS = LIMITS.searchResultsMax + 1;

/**
 * A range of budgets over the whole marketplace is counted as a search is, to one past the cap
 * (decision 040): no kept total knows it, and counting every task in a wide range would cost more
 * as the marketplace grows.
 */
async function countToTheCap({ db }: Database, filter: TaskFilter): Promise<{ total: number; capped: boolean }> {
  let matching = db.selectFrom("tasks").select(sql<number>`1`.as("hit"));
  for (const condition of filterConditions(filter)) matching = matching.where(condition);
  const { hits } = await db
    .selectFrom(matching.limit(HITS).as("hits"))
    .select((eb) => eb.fn.countAll<number>().as("hits"))
    .executeTakeFirstOrThrow();
  return { total: Math.min(Number(hits), LIMITS.searchResultsMax), capped: Number(hits) > LIMITS.searchResultsMax };
}

/**
 * A search counts its matches among this many of the newest tasks, and says "more than" when older
 * ones match too (decisions 017 and 018): counting every match of words that are each common but
 * rarely found together reads their whole lists, which grow with the marketplace. PostgreSQL counts
 * among as many blocks of SEARCH_BLOCK tasks as hold it.
 */
const SEARCH_COUNT_WINDOW = 10_000;

/**
 * PostgreSQL: when the window holds fewer matches than a page and older tasks remain, the search
 * is counted among all tasks instead (decision 018), so that a word found mostly in older tasks
 * still fills its first page.
 */
const FEWEST_IN_WINDOW = 12;

/** PostgreSQL: how many blocks before the window are asked first whether older tasks match. */
const OLDER_BLOCKS = 2;

/**
 * The matches a SQLite count reads first, with their ids: all of them count, however old, and they
 * are the first pages (six of Browse Tasks' 12) without another read (decision 017).
 */
const FIRST_COUNT = 72;

interface Count {
  /** Matches counted: the newest ones. */
  hits: number;
  /** Whether more match than `hits`. */
  more: boolean;
  /** SQLite: the ids of the newest matches, newest first, as the count's first read found them (up to 73). */
  newestIds?: string[];
  /** PostgreSQL: the page's ids, when the count read the page's tasks. */
  pageIds?: string[];
}

/**
 * A search (decisions 014, 016, 017 and 018): every word of it the start of a word of the task,
 * newest first. On SQLite the count reads the newest matches, then the page is read unless the
 * count has it. On PostgreSQL the count reads the newest blocks of tasks, with the page sorted from
 * what it counted; when that count reaches the cap, the page is read newest first from all the
 * matches, and when the blocks hold too few matches, the count (the first 1,001 matches in whatever
 * order the index gives them) and the page are read at once from all of them. Newest first, a page
 * read from all matches starts from the newest and stops once it has its tasks. Only the page's
 * tasks are read whole.
 *
 * SQLite: every word is a prefix query of the FTS5 table tasks_search (unicode61, with prefix
 * indexes), whose rows follow the order tasks were posted: the newest page is read from its end.
 * PostgreSQL: every word is an entry of tasks.search_vector, which holds the starts of its words
 * (migration 0010), so that several words are found by intersecting their lists in the GIN index;
 * search_blocks holds each of them again with its task's block (migration 0011).
 */
async function searchTasks(database: Database, filter: TaskFilter, words: string[]): Promise<TaskPage> {
  const offset = (filter.page - 1) * filter.limit;
  // Only the matches counted are shown (at most 1,000): a page reaching past them is cut there.
  const pageWithin = (shown: number) => Math.max(0, Math.min(filter.limit, shown - offset));
  let count: Count;
  let ids: string[];
  if (database.dialect === "sqlite") {
    count = await countNewestMatches(database, filter, words);
    const shown = Math.min(count.hits, LIMITS.searchResultsMax);
    const limit = pageWithin(shown);
    const first = count.newestIds ?? [];
    ids =
      limit === 0
        ? []
        : filter.sort === "newest" && offset + limit <= first.length
          ? first.slice(offset, offset + limit)
          : await pageOfMatches(database, filter, words, { limit, offset, shown });
  } else {
    const limit = pageWithin(LIMITS.searchResultsMax);
    const page = () =>
      limit === 0 ? [] : pageOfMatches(database, filter, words, { limit, offset, shown: LIMITS.searchResultsMax });
    const blocks = Math.ceil((filter.countWindow ?? SEARCH_COUNT_WINDOW) / SEARCH_BLOCK);
    const newest = await newestBlock(database);
    // Unless the window's oldest block is the first, so that it holds every task, the count is of
    // the newest blocks.
    if (newest >= blocks) {
      count = await countNewestBlocks(database, filter, words, { newest, blocks }, { limit, offset });
      ids = count.pageIds ?? (await page());
    } else {
      // The count and the page at once, on two connections: the page is cut to the count after.
      [count, ids] = await Promise.all([countMatches(database, filter, words), page()]);
    }
    ids = ids.slice(0, pageWithin(count.hits));
  }
  const rows = ids.length > 0 ? await selectTasks(database.db).where("tasks.id", "in", ids).execute() : [];
  const byId = new Map(rows.map((row) => [row.id, toRecord(row)]));
  return {
    tasks: ids.flatMap((id) => byId.get(id) ?? []),
    total: Math.min(count.hits, LIMITS.searchResultsMax),
    capped: count.more,
  };
}

/** PostgreSQL: a search's word as a query of tsquery, an entry of the index. */
function wordQuery(typed: string) {
  // Folded as the index holds it (migration 0029), and quoted, so that none of tsquery's operators
  // apply. A longer word is its start's entry (the planner knows how common that is, and the index
  // has its list) and the word as a prefix.
  const word = foldTaskWord(typed);
  return word.length <= SEARCH_PREFIX_MAX ? `'${word}'` : `'${word.slice(0, SEARCH_PREFIX_MAX)}' & '${word}':*`;
}

/** PostgreSQL: a search's words as a query of tsquery, every word an entry of the index. */
const wordsQuery = (words: string[]) => words.map(wordQuery).join(" & ");

/**
 * PostgreSQL: the tasks of some blocks with the search's words, as a query of tsquery on
 * search_blocks, whose entries are search_vector's with the task's block (`'logo#97'`): the
 * index's short lists of those blocks alone. A word longer than the entries is its start's entry
 * there; the word itself is checked in each task found.
 */
function blocksQuery(words: string[], blocks: number[]) {
  const entries = words.map((word) => foldTaskWord(word).slice(0, SEARCH_PREFIX_MAX));
  return blocks.map((block) => `(${entries.map((entry) => `'${entry}#${block}'`).join(" & ")})`).join(" | ");
}

/** PostgreSQL: whether a task matches a search's words, from any block. */
const matchesWords = (words: string[]) =>
  sql<boolean>`tasks.search_vector @@ to_tsquery('simple', ${wordsQuery(words)})`;

/** The tasks matching a search's words and the list's filters, in no particular order. */
function matches({ db, dialect }: Database, filter: TaskFilter, words: string[]) {
  let query =
    dialect === "sqlite"
      ? db
          .selectFrom(sql<{ rowid: number }>`tasks_search`.as("tasks_search"))
          .innerJoin("tasks", (join) => join.on(sql<boolean>`tasks.search_rowid = tasks_search.rowid`))
          // Each word quoted, so that none of FTS5's query syntax applies to what a user types.
          .where(sql<boolean>`tasks_search match ${words.map((word) => `"${word}"*`).join(" ")}`)
      : db.selectFrom("tasks").where(matchesWords(words));
  // SQLite: the deadline and the budget written so that no index of them applies (a unary plus), or
  // its planner, tempted by a narrow range of open tasks from today on (or of budgets), walks them
  // all and looks each up in the words, instead of reading the words' matches and each task's row of
  // tasks_search_hits_idx.
  for (const condition of filterConditions(
    filter,
    dialect === "sqlite" ? { deadline: "+tasks.deadline", budget: "+tasks.budget_cents" } : {},
  )) {
    query = query.where(condition);
  }
  return query;
}

/** PostgreSQL: how many tasks match, counted to one past the cap in the order the index gives them. */
async function countMatches(database: Database, filter: TaskFilter, words: string[]): Promise<Count> {
  const { hits } = await database.db
    .selectFrom(matches(database, filter, words).select(sql<number>`1`.as("hit")).limit(HITS).as("hits"))
    .select((eb) => eb.fn.countAll<number>().as("hits"))
    .executeTakeFirstOrThrow();
  return { hits: Number(hits), more: Number(hits) > LIMITS.searchResultsMax };
}

/** How long a search may go on from the newest block it read (PostgreSQL). */
export const NEWEST_BLOCK_MS = 1000;
/** The newest block as each database's last read found it. */
const newestBlocks = new WeakMap<Kysely<DB>, { block: number; readAt: number }>();

/**
 * PostgreSQL: the block of the newest task posted (`SEARCH_BLOCK` tasks to a block, from 0), as read
 * at most NEWEST_BLOCK_MS ago, so that not every search takes a round trip more to read it. Tasks
 * posted since, here or elsewhere, are in the block after it at the latest, which a search reads too.
 */
async function newestBlock({ db }: Database): Promise<number> {
  const known = newestBlocks.get(db);
  if (known && Date.now() - known.readAt < NEWEST_BLOCK_MS) return known.block;
  const readAt = Date.now();
  const { rows } = await sql<{ block: number }>`
    select (last_value / ${SEARCH_BLOCK})::int as block from tasks_search_seq`.execute(db);
  const { block } = rows[0] as { block: number };
  newestBlocks.set(db, { block, readAt });
  return block;
}

/**
 * PostgreSQL, when the window (`blocks` blocks of SEARCH_BLOCK tasks, to `newest`) does not hold
 * every task: counts the matches among the window's blocks to one past the cap, and sorts the page
 * from them (decision 018). A block's matches are the lists of its own entries (`logo#97`, in
 * search_blocks), as short at a million tasks as at ten thousand: the newest block is read first,
 * then the one before, then the others, and the reading stops at one past the cap, so that a common
 * word is counted from the newest blocks alone. Whether older tasks match is asked of the
 * OLDER_BLOCKS blocks before the window, and only if none of them match, of all the older tasks.
 * When the window holds fewer than FEWEST_IN_WINDOW matches, the count is of all the matches
 * instead, as before, and the page is left to pageOfMatches. The entries are written as the index has them (tsquery's input, not
 * to_tsquery's parser, which would split `logo#97`): a word the parser reads otherwise finds nothing
 * in the blocks, and is counted among all tasks.
 */
async function countNewestBlocks(
  database: Database,
  filter: TaskFilter,
  words: string[],
  { newest, blocks }: { newest: number; blocks: number },
  { limit, offset }: { limit: number; offset: number },
): Promise<Count> {
  // Blocks counted back from the newest read (0; -1 the one after): the tasks of those whose words
  // match. A word longer than the entries is checked in the task's own search_vector, as
  // ts_match_vq(), which the planner does not take to the index (where it would read the word's
  // whole list).
  const longer = words.some((word) => word.length > SEARCH_PREFIX_MAX);
  const inBlocks = (from: number, to: number) =>
    sql<boolean>`tasks.search_blocks @@ ${blocksQuery(
      words,
      Array.from({ length: to - from + 1 }, (_, k) => newest - from - k),
    )}::tsquery${longer ? sql` and ts_match_vq(tasks.search_vector, ${wordsQuery(words)}::tsquery)` : sql``}`;
  const where = (match: RawBuilder<boolean>) => sql.join([match, ...filterConditions(filter)], sql` and `);
  const inWindow = ([from, to]: [number, number]) =>
    sql`(select tasks.id, tasks.created_at, tasks.deadline, tasks.budget_cents from tasks
      where ${where(inBlocks(from, to))} limit ${HITS})`;
  // The block after the newest read (-1) holds the tasks posted elsewhere since it was read.
  const ranges: Array<[number, number]> = [
    [-1, 0],
    [1, 1],
    [2, blocks - 1],
  ];
  // Whether one task matches: its limit not known when planned, so that the planner does not bet
  // on a sequential scan finding one soon (with EXISTS or LIMIT 1 it may, and read every task when
  // none matches), but reads the index.
  const anyOf = (match: RawBuilder<boolean>) =>
    sql<boolean>`(select count(*) from (select from tasks where ${where(match)} limit (select 1)) as one) > 0`;
  // Older than the window: OLDER_BLOCKS blocks before it, then (if any remain) all before those.
  const beforeWindow = (newest - blocks - OLDER_BLOCKS + 1) * SEARCH_BLOCK;
  const olderMatch = sql<boolean>`${anyOf(inBlocks(blocks, blocks + OLDER_BLOCKS - 1))}
    ${beforeWindow > 0 ? sql`or ${anyOf(sql<boolean>`${matchesWords(words)} and tasks.search_seq < ${beforeWindow}`)}` : sql``}`;
  const { rows } = await sql<{ hits: number; older: boolean | null; all: number | null; ids: string[] }>`
    with shown as materialized (
      select * from (${sql.join(
        ranges.filter(([from, to]) => from <= to && to < blocks).map(inWindow),
        sql` union all `,
      )}) as blocks limit ${HITS}),
      counted as (select count(*)::int as hits from shown)
    select counted.hits,
      case when counted.hits between ${FEWEST_IN_WINDOW} and ${LIMITS.searchResultsMax} then ${olderMatch} end as older,
      case when counted.hits < ${FEWEST_IN_WINDOW}
        then (select count(*) from (select from tasks where ${where(matchesWords(words))} limit ${HITS}) as hits)::int
      end as all,
      array(select shown.id from shown order by ${orderOf("shown", filter.sort)} limit ${limit} offset ${offset}) as ids
    from counted
  `.execute(database.db);
  const { hits, older, all, ids } = rows[0] as (typeof rows)[number];
  if (all !== null) return { hits: all, more: all > LIMITS.searchResultsMax, ...(all === 0 ? { pageIds: [] } : {}) };
  if (hits > LIMITS.searchResultsMax) return { hits, more: true };
  return { hits, more: older === true, pageIds: ids };
}

/**
 * SQLite: counts the matches newest first, among the newest `countWindow` tasks of the index, to one
 * past the cap (decision 017). FTS5 reads a word's list newest first and stops when it has as many
 * matches as asked for, but a bound on the rowid does not stop it; so the count asks for a number
 * of matches, the newest, and looks at where they end: first FIRST_COUNT of them with their ids
 * (which count whatever their age), then as many as the window should hold at the rate seen, until
 * they reach past the window, or the cap, or there are no more. Each read asks for one more than it
 * counts, so "more" is known, not guessed.
 */
async function countNewestMatches(database: Database, filter: TaskFilter, words: string[]): Promise<Count> {
  const window = filter.countWindow ?? SEARCH_COUNT_WINDOW;
  const newestMatches = (wanted: number) =>
    matches(database, filter, words)
      .select(sql<number>`tasks_search.rowid`.as("row"))
      .orderBy(sql`tasks_search.rowid desc`)
      .limit(wanted + 1);
  const first = await newestMatches(FIRST_COUNT)
    .select(["tasks.id", sql<number>`(select max(search_rowid) from tasks)`.as("newest")])
    .execute();
  const ids = first.map((row) => row.id);
  if (first.length <= FIRST_COUNT) return { hits: first.length, more: false, newestIds: ids };
  // The index's rows follow the order tasks were posted: above this row are the newest `window`.
  const newest = Number(first[0]?.newest);
  const edge = newest - window;
  let oldest = (first[FIRST_COUNT - 1] as { row: number }).row;
  // The first read counts whole; once a read reaches past the window, the count ends there.
  if (oldest <= edge) return { hits: FIRST_COUNT, more: true, newestIds: ids };
  let wanted = FIRST_COUNT;
  while (wanted < LIMITS.searchResultsMax) {
    // All so far are in the window: read as many as it should hold at their rate, with some to spare.
    wanted = Math.min(LIMITS.searchResultsMax, Math.ceil(((wanted * window) / (newest - oldest + 1)) * 1.25));
    const read = await database.db
      .selectFrom(newestMatches(wanted).as("newest"))
      .select([
        sql<number>`count(*)`.as("found"),
        sql<number>`count(*) filter (where row > ${edge})`.as("inside"),
        sql<number>`min(row)`.as("oldest"),
      ])
      .executeTakeFirstOrThrow();
    if (read.found <= wanted) return { hits: read.found, more: false, newestIds: ids };
    if (read.inside < read.found) return { hits: read.inside, more: true, newestIds: ids };
    oldest = read.oldest;
  }
  return { hits: HITS, more: true, newestIds: ids };
}

/**
 * The ids of one page of the matches counted. Newest first, the page is read from the newest match
 * on; in another order, the page is sorted from the newest matches, as many as were counted (at
 * most 1,000: decision 014).
 */
async function pageOfMatches(
  database: Database,
  filter: TaskFilter,
  words: string[],
  { limit, offset, shown }: { limit: number; offset: number; shown: number },
): Promise<string[]> {
  const newestFirst = database.dialect === "sqlite" ? sql`tasks_search.rowid desc` : orderOf("tasks", "newest");
  if (filter.sort === "newest") {
    const rows = await matches(database, filter, words)
      .select("tasks.id")
      .orderBy(newestFirst)
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((row) => row.id);
  }
  const rows = await database.db
    .with("shown", () =>
      matches(database, filter, words)
        .select(["tasks.id", "tasks.created_at", "tasks.deadline", "tasks.budget_cents"])
        .orderBy(newestFirst)
        .limit(shown),
    )
    .selectFrom("shown")
    .select("shown.id")
    .orderBy(orderOf("shown", filter.sort))
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((row) => row.id);
}
