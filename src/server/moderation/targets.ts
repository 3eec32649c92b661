import type { Kysely } from "kysely";
import { ANONYMOUS_NAME } from "../../contract/index.ts";
import type { ReportTarget, Snapshot } from "../../contract/moderation.ts";
import type { PersonRef } from "../../contract/reputation.ts";
import type { DB } from "../db/schema.ts";
import { sanctionInForce } from "../standing/standing.ts";
import {
  type AuthorRow,
  findMessageTarget,
  findProfileTarget,
  findQuestionTarget,
  findReviewTarget,
  findTaskTarget,
  type TargetRow,
} from "./target-repository.ts";

/**
 * What a report or a decision is about: a task, a question, a message, a review or a profile (a
 * person's id), read as a snapshot with its author. A reporter reads only what they can see; a
 * moderator reads it as it is, removed or not.
 */

export interface TargetRef {
  kind: ReportTarget;
  id: string;
}

/** A target as it is now, for a moderator. */
export interface CurrentTarget {
  snapshot: Snapshot;
  /** Hidden by a moderator (a removed task, a flagged question, message, review or profile). */
  removed: boolean;
  /** Everyone it is about: its author, a question's poster, a thread's two people, the person reviewed. */
  people: string[];
}

export function personRef(person: AuthorRow): PersonRef {
  return { id: person.id, name: person.name.trim() || ANONYMOUS_NAME, image: person.image ?? null };
}

/** A profile's words: the bio, then the skills. */
function profileText(bio: string, skills: string[]): string {
  return [bio.trim(), skills.length > 0 ? `Skills: ${skills.join(", ")}` : ""].filter(Boolean).join("\n\n");
}

function readRow(db: Kysely<DB>, target: TargetRef): Promise<TargetRow | undefined> {
  switch (target.kind) {
    case "task":
      return findTaskTarget(db, target.id);
    case "question":
      return findQuestionTarget(db, target.id);
    case "message":
      return findMessageTarget(db, target.id);
    case "review":
      return findReviewTarget(db, target.id);
    case "profile":
      return findProfileTarget(db, target.id);
  }
}

function snapshotOf(row: TargetRow): Snapshot {
  return {
    title: row.kind === "profile" ? personRef(row.author).name : row.title,
    text: row.kind === "profile" ? profileText(row.bio, row.skills) : row.text,
    author: personRef(row.author),
    taskId: row.taskId,
  };
}

/**
 * Whether this person sees the content where it is shown: nothing removed; a question hidden by the
 * poster only to the poster and its asker; a message only to its thread's two people; a review once
 * published (its task removed or not), or to its author; a profile unless its person is suspended.
 */
async function visibleTo(db: Kysely<DB>, row: TargetRow, viewerId: string): Promise<boolean> {
  switch (row.kind) {
    case "task":
      return !row.removed;
    case "question":
      return (
        !row.removed && !row.taskRemoved && (!row.hidden || viewerId === row.taskOwnerId || viewerId === row.author.id)
      );
    case "message":
      return !row.removed && (viewerId === row.taskOwnerId || viewerId === row.bidderId);
    case "review":
      // Shown on profiles even once its task is removed (the work was done): reportable there too.
      return !row.removed && (row.published || viewerId === row.author.id);
    case "profile":
      return (await sanctionInForce(db, row.author.id, "suspend")) === null;
  }
}

/** The target as this person sees it, or undefined when it does not exist or they cannot see it. */
export async function readTargetFor(
  db: Kysely<DB>,
  target: TargetRef,
  viewerId: string,
): Promise<Snapshot | undefined> {
  const row = await readRow(db, target);
  if (!row || !(await visibleTo(db, row, viewerId))) return undefined;
  return snapshotOf(row);
}

/** The target as it is now, removed content included; null once deleted (or its person's account). */
export async function readTargetNow(db: Kysely<DB>, target: TargetRef): Promise<CurrentTarget | null> {
  const row = await readRow(db, target);
  return row
    ? { snapshot: snapshotOf(row), removed: row.removed, people: [...new Set([row.author.id, ...row.concerns])] }
    : null;
}
