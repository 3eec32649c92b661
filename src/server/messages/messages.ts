import type { Kysely } from "kysely";
import { ANONYMOUS_NAME, LIMITS, MESSAGES, type Message } from "../../contract/index.ts";
import { MODERATION_MESSAGES } from "../../contract/moderation.ts";
import type { UnreadCounts } from "../../contract/notifications.ts";
import type { Viewer } from "../accounts/session.ts";
import { findBidOf } from "../bids/bid-repository.ts";
import type { DB } from "../db/schema.ts";
import { HttpProblem } from "../http/problem.ts";
import { markThreadNoticesRead, unreadCounts } from "../notifications/notification-repository.ts";
import type { Notifier } from "../notifications/notifier.ts";
import { findTaskById } from "../tasks/task-repository.ts";
import { isRemoved } from "../tasks/tasks.ts";
import {
  insertMessage,
  listMessages,
  listThreads,
  type MessageRecord,
  markThreadRead,
  type ThreadKey,
  type ThreadSummary,
} from "./message-repository.ts";

/**
 * Private messages (PRODUCT.md, Conversation): one thread per task and bidder, between the task's
 * poster and someone who bid on it (the hired freelancer included). Only those two may read or
 * write it; to anyone else it does not exist (404), so nobody learns who talks with whom.
 */

export interface Thread extends ThreadKey {
  taskTitle: string;
  /** The other person of the two. */
  otherId: string;
}

export async function openThread(db: Kysely<DB>, viewer: Viewer, key: ThreadKey): Promise<Thread> {
  const task = await findTaskById(db, key.taskId);
  const isParty = task !== undefined && (viewer.id === task.ownerId || viewer.id === key.bidderId);
  const bid = isParty && key.bidderId !== task?.ownerId ? await findBidOf(db, key.taskId, key.bidderId) : undefined;
  if (!task || !bid) throw new HttpProblem(404, MESSAGES.threadNotFound);
  // A task a moderator removed takes its threads with it (its two sides are told why), until restored.
  if (isRemoved(task)) throw new HttpProblem(404, MODERATION_MESSAGES.removedTask);
  const otherId = viewer.id === task.ownerId ? key.bidderId : task.ownerId;
  return { taskId: key.taskId, bidderId: key.bidderId, taskTitle: task.title, otherId };
}

function presentMessage(message: MessageRecord, viewer: Viewer): Message {
  return {
    _id: message.id,
    // A message a moderator removed keeps its place in the thread, not its words.
    body: message.removed ? MODERATION_MESSAGES.removedMessage : message.body,
    senderName: message.senderName.trim() || ANONYMOUS_NAME,
    mine: message.senderId === viewer.id,
    sentAt: message.sentAt,
    ...(message.removed ? { removed: true as const } : {}),
  };
}

/** A thread's latest messages, oldest first; reading them changes nothing. */
export async function readMessages(db: Kysely<DB>, viewer: Viewer, key: ThreadKey): Promise<Message[]> {
  const thread = await openThread(db, viewer, key);
  const messages = await listMessages(db, thread, LIMITS.messagesPageMax);
  return messages.map((message) => presentMessage(message, viewer));
}

/**
 * The reader has seen the thread: it and its notices are read up to now, and the reader's other
 * tabs update their counts. Answers the reader's unread counts.
 */
export async function markRead(
  notifier: Notifier,
  db: Kysely<DB>,
  viewer: Viewer,
  key: ThreadKey,
): Promise<UnreadCounts> {
  const thread = await openThread(db, viewer, key);
  await markThreadRead(db, thread, viewer.id);
  await markThreadNoticesRead(db, viewer.id, thread);
  await notifier.touched(viewer.id);
  return unreadCounts(db, viewer.id);
}

/** One of the two writes; the other is told. Writing reads the thread up to one's own message. */
export async function sendMessage(
  notifier: Notifier,
  db: Kysely<DB>,
  sender: Viewer,
  key: ThreadKey,
  body: string,
): Promise<Message> {
  const thread = await openThread(db, sender, key);
  const sentAt = new Date();
  const id = await notifier.transaction(async (trx, notices) => {
    const inserted = await insertMessage(trx, thread, sender.id, body, sentAt);
    await markThreadRead(trx, thread, sender.id, sentAt);
    notices.add({
      userId: thread.otherId,
      kind: "message-new",
      data: { taskId: thread.taskId, taskTitle: thread.taskTitle, actorName: sender.name, bidderId: thread.bidderId },
      // Its email carries the message, so that it can be read without signing in.
      quote: body,
    });
    return inserted;
  });
  return {
    _id: id,
    body,
    senderName: sender.name.trim() || ANONYMOUS_NAME,
    mine: true,
    sentAt: sentAt.toISOString(),
  };
}

/** The threads a person is in, newest activity first, with what they have not read. */
export async function findThreadsOf(
  db: Kysely<DB>,
  viewer: Viewer,
): Promise<Array<Omit<ThreadSummary, "lastRemoved">>> {
  const threads = await listThreads(db, viewer.id, LIMITS.messagesPageMax);
  return threads.map(({ lastRemoved, ...thread }) => ({
    ...thread,
    lastMessage: lastRemoved ? MODERATION_MESSAGES.removedMessage : thread.lastMessage,
  }));
}
