import type { Kysely } from "kysely";
import type { ReportTarget } from "../../contract/moderation.ts";
import type { DB } from "../db/schema.ts";
import type { Notices } from "../notifications/notifier.ts";

/*
 * What a piece of content is to moderation (decision 023, 027): each feature whose content can be
 * reported (a task, a question, a message, a review, a profile) says how to find it, for a reader
 * and as it is, how to hide it and how to bring it back, by implementing ReportableContent; app.ts
 * hands the list to moderation. Moderation keeps no copy of a feature's rules of who sees what or
 * of how its content is hidden and brought back. This room holds the interface alone, below the
 * features.
 */

export interface ContentAuthor {
  id: string;
  name: string;
  image: string | null;
}

/** A piece of content as moderation keeps and shows it: what it says and who said it. */
export interface ContentRecord {
  /** A task's title, the title of the task the content is on, or a person's name. */
  title: string;
  /** What it says (a profile: its bio, then its skills). */
  text: string;
  author: ContentAuthor;
  /** The task it is on, or is; null for a profile. */
  taskId: string | null;
  /** Hidden by a moderator. */
  removed: boolean;
  /** Everyone it is about besides its author (the poster of a question's task, a thread's two people, the person reviewed). */
  concerns: string[];
}

export interface ReportableContent {
  kind: ReportTarget;
  /** The content as it is now, removed or not; undefined once it is gone. */
  find(db: Kysely<DB>, id: string): Promise<ContentRecord | undefined>;
  /** The content if this person sees it where it is shown, else undefined: nobody reports what they cannot see. */
  findSeenBy(db: Kysely<DB>, id: string, viewerId: string): Promise<ContentRecord | undefined>;
  /**
   * Hides it everywhere, in the decision's transaction, with the notices that go with it. Answers
   * what restoring needs (JSON), or null when a flag says it all, or when it was gone or hidden already.
   */
  remove(trx: Kysely<DB>, notices: Notices, id: string): Promise<string | null>;
  /** Undoes remove with what it answered. */
  restore(trx: Kysely<DB>, id: string, previousState: string | null): Promise<void>;
}
