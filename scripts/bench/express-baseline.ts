/**
 * A plain Express 5 server for the benchmark to measure QuickGig against (issue 30): the three hot
 * public reads served from the benchmark's SQLite database with better-sqlite3 prepared statements,
 * the same rows in the same JSON fields as an anonymous reader gets them, and nothing else: no
 * validation, no security headers, no session, no cache, no log. Express's own defaults stay
 * (its ETag, X-Powered-By).
 *
 * Forked by scripts/bench/api.ts through tsx (it imports the contract's TypeScript) with
 * DATABASE_FILE and PORT; it says "ready" once listening.
 */
import Database, { type Statement } from "better-sqlite3";
import express from "express";
import type { Selectable } from "kysely";
import { LIMITS, todayAnywhereOnEarth } from "../../src/contract/index.ts";
import type { TaskTable } from "../../src/server/db/schema.ts";

const db = new Database(process.env.DATABASE_FILE as string, { readonly: true });

const COLUMNS = `tasks.id, tasks.owner_id, tasks.title, tasks.category, tasks.description, tasks.deadline,
  tasks.budget_cents, tasks.created_at, tasks.status, tasks.offers_public, tasks.assignee_id,
  owner.name as owner_name, assignee.name as assignee_name
  from tasks join user as owner on owner.id = tasks.owner_id
  left join user as assignee on assignee.id = tasks.assignee_id`;

const featured = db.prepare(
  `select ${COLUMNS} where tasks.status = 'open' and tasks.deadline >= ? order by tasks.deadline, tasks.id limit ?`,
);
// Every task a list shows (a moderator's removed ones are not), newest first, as the app's first page.
const newest = db.prepare(
  `select ${COLUMNS} where tasks.status <> 'removed' order by tasks.created_at desc, tasks.id desc limit ?`,
);
const total = db.prepare(`select coalesce(sum(total), 0) as total from task_counts where status <> 'removed'`);
const one = db.prepare(`select ${COLUMNS} where tasks.id = ? and tasks.status <> 'removed'`);

// The posters' ratings as clients (published reviews by their freelancers), for a page at once,
// as the app's list adds them (issue 45): one statement per number of posters, prepared once.
const ratingStatements = new Map<number, Statement>();
function postersRatings(posterIds: string[]): Map<string, { sum: number; count: number }> {
  let statement = ratingStatements.get(posterIds.length);
  if (!statement) {
    statement = db.prepare(
      `select subject_id, sum(rating) as sum, count(*) as count from reviews
       where subject_id in (${posterIds.map(() => "?").join(", ")}) and role = 'freelancer'
       and published_at is not null and removed = 0 group by subject_id`,
    );
    ratingStatements.set(posterIds.length, statement);
  }
  const rows = statement.all(...posterIds) as Array<{ subject_id: string; sum: number; count: number }>;
  return new Map(rows.map((row) => [row.subject_id, { sum: row.sum, count: row.count }]));
}

/** The task's columns the statements read (the app's own table type), with the two names joined. */
type Row = Pick<
  Selectable<TaskTable>,
  | "id"
  | "owner_id"
  | "title"
  | "category"
  | "description"
  | "deadline"
  | "budget_cents"
  | "created_at"
  | "status"
  | "offers_public"
  | "assignee_id"
> & { owner_name: string; assignee_name: string | null };

const present = (row: Row) => ({
  _id: row.id,
  title: row.title,
  category: row.category,
  description: row.description,
  deadline: row.deadline,
  budget: row.budget_cents / 100,
  userName: row.owner_name,
  ownerId: row.owner_id,
  createdAt: row.created_at,
  status: row.status,
  offersPublic: row.offers_public === 1,
  ...(row.assignee_id !== null && row.assignee_name !== null
    ? { assignee: row.assignee_name, assigneeId: row.assignee_id }
    : {}),
});

const app = express();
app.get("/api/features-tasks", (_request, response) => {
  response.json((featured.all(todayAnywhereOnEarth(), LIMITS.featuredTasks) as Row[]).map(present));
});
app.get("/api/tasks", (_request, response) => {
  const count = (total.get() as { total: number }).total;
  const rows = newest.all(LIMITS.tasksPageDefault) as Row[];
  response.set("x-total-count", String(count));
  if (count > LIMITS.tasksPageDefault) response.set("link", '</api/tasks?page=2>; rel="next"');
  const ratings = rows.length > 0 ? postersRatings([...new Set(rows.map((row) => row.owner_id))]) : new Map();
  response.json(
    rows.map((row) => {
      const rated = ratings.get(row.owner_id);
      const rating = rated && rated.count > 0 ? Math.round((rated.sum / rated.count) * 10) / 10 : null;
      return { ...present(row), posterRating: { rating, reviews: rated?.count ?? 0 } };
    }),
  );
});
app.get("/api/tasks/:id", (request, response) => {
  const row = one.get(request.params.id) as Row | undefined;
  if (!row) return void response.status(404).json({ status: 404 });
  response.json(present(row));
});
app.listen(Number(process.env.PORT), "127.0.0.1", () => process.send?.("ready"));
