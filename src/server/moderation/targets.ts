import type { Kysely } from "kysely";
import { ANONYMOUS_NAME } from "../../contract/index.ts";
import { REPORT_TARGETS, type ReportTarget, type Snapshot } from "../../contract/moderation.ts";
import type { PersonRef } from "../../contract/reputation.ts";
import type { ContentAuthor, ContentRecord, ReportableContent } from "../content/reportable.ts";
import type { DB } from "../db/schema.ts";

/**
 * What a report or a decision is about: a task, a question, a message, a review or a profile (a
 * person's id), read as a snapshot with its author through the feature that owns it
 * (content/reportable.ts, handed over by app.ts). A reporter reads only what they can see; a
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

/** Every kind of reportable content, each through its own feature; app.ts makes it once. */
export class ReportableContents {
  private readonly byKind = new Map<ReportTarget, ReportableContent>();

  constructor(contents: ReportableContent[]) {
    for (const content of contents) this.byKind.set(content.kind, content);
    const missing = REPORT_TARGETS.filter((kind) => !this.byKind.has(kind));
    if (missing.length > 0) throw new Error(`No feature answers for reported ${missing.join(", ")}`);
  }

  of(kind: ReportTarget): ReportableContent {
    const content = this.byKind.get(kind);
    if (!content) throw new Error(`No feature answers for reported ${kind}`);
    return content;
  }

  /** Whether a kind read from the database is one of content (a sanction's may be a person's). */
  has(kind: string): kind is ReportTarget {
    return this.byKind.has(kind as ReportTarget);
  }
}

export function personRef(person: ContentAuthor): PersonRef {
  return { id: person.id, name: person.name.trim() || ANONYMOUS_NAME, image: person.image ?? null };
}

function snapshotOf(content: ContentRecord): Snapshot {
  return { title: content.title, text: content.text, author: personRef(content.author), taskId: content.taskId };
}

/** The target as this person sees it, with everyone it is about; undefined when it does not exist or they cannot see it. */
export async function readTargetFor(
  contents: ReportableContents,
  db: Kysely<DB>,
  target: TargetRef,
  viewerId: string,
): Promise<{ snapshot: Snapshot; people: string[] } | undefined> {
  const content = await contents.of(target.kind).findSeenBy(db, target.id, viewerId);
  return content && { snapshot: snapshotOf(content), people: peopleOf(content) };
}

function peopleOf(content: ContentRecord): string[] {
  return [...new Set([content.author.id, ...content.concerns])];
}

/** The target as it is now, removed content included; null once deleted (or its person's account). */
export async function readTargetNow(
  contents: ReportableContents,
  db: Kysely<DB>,
  target: TargetRef,
): Promise<CurrentTarget | null> {
  if (!contents.has(target.kind)) return null;
  const content = await contents.of(target.kind).find(db, target.id);
  if (!content) return null;
  return {
    snapshot: snapshotOf(content),
    removed: content.removed,
    people: peopleOf(content),
  };
}
