import { alertsLabel, savedSearchQuery, whyMatched } from "../../contract/alerts.ts";
import { formatBudget } from "../../contract/format.ts";
import { alertReason } from "../../contract/notifications.ts";
import type { Database } from "../db/database.ts";
import { enqueueEmails } from "../email/outbox.ts";
import { composeEmail, type EmailContent } from "../email/templates.ts";
import { ONE_CLICK_UNSUBSCRIBE_PATH, unsubscribeToken } from "../email/unsubscribe-token.ts";
import { selectTasks, type TaskRecord, toRecord } from "../tasks/task-repository.ts";
import { pausesSearch } from "./alert-unsubscribe.ts";
import { findSavedSearchById, type SavedSearchRow } from "./saved-search-repository.ts";
import { termsOf } from "./saved-searches.ts";
import { digestsDue, readAlertPeople, recipientOf, takeWaitingAlerts } from "./task-alert-repository.ts";

/** Tasks one digest lists at most; the rest are counted, and its button shows them all. */
export const DIGEST_MAX = 20;
/** Searches whose digest one pass sends at most; the next pass takes the rest. */
const DIGESTS_PER_PASS = 100;

/** Where a digest's links lead: the web app's pages, this server (one-click unsubscribe), the signing secret. */
export interface DigestLinks {
  webUrl: string;
  apiUrl: string;
  secret: string;
}

/** The latest `hour`:00 UTC that is not after `now`: the digest that is due. */
export function lastDigestMoment(now: Date, hour: number): Date {
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour));
  if (at.getTime() > now.getTime()) at.setUTCDate(at.getUTCDate() - 1);
  return at;
}

/**
 * The daily digests (issue 47): once the day's digest hour (ALERT_DIGEST_HOUR, UTC) has come, each
 * saved search with alerts waiting (a daily search's, and those of a search "as it happens" past
 * the hourly cap) sends one email listing up to DIGEST_MAX of them, newest first, each with why it
 * matched, and a button to all of them on Browse Tasks. Tasks no longer open are left out; a
 * digest with none left is not sent, nor one to a paused search, an unconfirmed address, a person
 * who chose alerts in the app only or off, or one limited or suspended. The alerts are taken with
 * one conditional update, so that of several processes exactly one sends each digest. Answers how
 * many were sent.
 */
export async function sendDueDigests(
  { db }: Database,
  links: DigestLinks,
  hour: number,
  now = new Date(),
): Promise<number> {
  const cutoff = lastDigestMoment(now, hour).toISOString();
  let sent = 0;
  for (const due of await digestsDue(db, cutoff, DIGESTS_PER_PASS)) {
    const emailed = await db.transaction().execute(async (trx) => {
      const taken = await takeWaitingAlerts(trx, due.user_id, due.saved_search_id, cutoff, now.toISOString());
      if (taken.length === 0) return false;
      const [search, person, alerted] = await Promise.all([
        findSavedSearchById(trx, due.saved_search_id),
        recipientOf(trx, due.user_id),
        readAlertPeople(trx, [due.user_id], { lock: false }),
      ]);
      const choice = alerted.get(due.user_id);
      const wanted = (choice?.channel ?? "email") === "email" && choice?.silenced === false;
      if (!search || search.paused_at !== null || !person?.emailVerified || !wanted) return false;
      // Those still open, read together (500 at a time, within what both databases take in a list).
      const tasks: TaskRecord[] = [];
      for (let start = 0; start < taken.length; start += 500) {
        const ids = taken.slice(start, start + 500).map((alert) => alert.task_id);
        const open = await selectTasks(trx).where("tasks.id", "in", ids).where("tasks.status", "=", "open").execute();
        tasks.push(...open.map(toRecord));
      }
      if (tasks.length === 0) return false;
      // Newest first: the alerts of one pass share their moment, so the tasks' own order decides.
      const order = new Map(taken.map(({ task_id, created_at }) => [task_id, created_at]));
      tasks.sort(
        (a, b) =>
          (order.get(b.id) ?? "").localeCompare(order.get(a.id) ?? "") ||
          b.createdAt.localeCompare(a.createdAt) ||
          b.id.localeCompare(a.id),
      );
      await enqueueEmails(trx, [digestEmail(links, person, search, tasks)]);
      return true;
    });
    if (emailed) sent += 1;
  }
  return sent;
}

/** One search's digest: its tasks newest first, each with why it matched and its link. */
function digestEmail(
  { webUrl, apiUrl, secret }: DigestLinks,
  person: { name: string; email: string },
  search: SavedSearchRow,
  tasks: TaskRecord[],
): EmailContent {
  const terms = termsOf(search);
  const listed = tasks.slice(0, DIGEST_MAX);
  const more = tasks.length - listed.length;
  const token = encodeURIComponent(unsubscribeToken(secret, search.user_id, pausesSearch(search.id)));
  return composeEmail({
    to: person.email,
    name: person.name,
    subject: `${tasks.length} new ${tasks.length === 1 ? "task" : "tasks"} for “${search.name}”`,
    lines: [
      `New tasks for your saved search “${search.name}” since the last digest, newest first:`,
      ...listed.map(
        (task) =>
          `${task.title} — ${formatBudget(task.budget)} · ${alertReason(whyMatched(task, terms))}: ${webUrl}/task-details/${task.id}`,
      ),
      ...(more > 0 ? [`And ${more} more.`] : []),
    ],
    action: { label: "See all on Browse Tasks", url: `${webUrl}/browse-tasks?${savedSearchQuery(terms)}` },
    unsubscribe: {
      label: alertsLabel(search.name),
      url: `${webUrl}/email/unsubscribe?token=${token}`,
      oneClickUrl: `${apiUrl}${ONE_CLICK_UNSUBSCRIBE_PATH}?token=${token}`,
    },
  });
}
