import type { Kysely } from "kysely";
import { INVITE_MESSAGES, type InvitableTask, type Invitation, isBiddingOpen } from "../../contract/index.ts";
import type { Viewer } from "../accounts/session.ts";
import type { DB } from "../db/schema.ts";
import { HttpProblem } from "../http/problem.ts";
import type { Transactor } from "../notifications/notifier.ts";
import { findShownPerson } from "../profiles/profiles.ts";
import { refuseLimited, sanctionInForce } from "../standing/standing.ts";
import { holdOpenTaskRow, type TaskRecord } from "../tasks/task-repository.ts";
import type { TaskNeighbours } from "../tasks/tasks.ts";
import {
  findInviterName,
  insertInvitation,
  invitedAmong,
  listOpenTasksWithInvitation,
} from "./invitation-repository.ts";

/**
 * Invitations to a task (issue 45, decision 035): a client invites a freelancer to one of their open
 * tasks; the freelancer is told (in the app and by email), the task tells them who invited them, and
 * their offer is marked in the client's list. They live with bids: an invitation is an offer asked for.
 */

/** What invitations tell tasks (tasks.ts, TaskNeighbours): who invited the reader to a task. */
export const invitationsOfTasks: Pick<TaskNeighbours, "inviterOf"> = {
  inviterOf: async (db, taskId, viewerId) => (await findInviterName(db, taskId, viewerId)) ?? undefined,
};

/**
 * The task's poster invites a person to it. Refused (problem+json) to anyone but the poster, for
 * oneself, for a person who is not there or suspended (404, as their profile), for a limited person
 * on either side, for a task no longer taking offers, and a second time for the same person.
 */
export async function inviteToTask(
  run: Transactor,
  db: Kysely<DB>,
  task: TaskRecord,
  inviter: Viewer,
  freelancerId: string,
  now = new Date(),
): Promise<Invitation> {
  if (task.ownerId !== inviter.id) throw new HttpProblem(403, INVITE_MESSAGES.notOwner);
  if (freelancerId === inviter.id) throw new HttpProblem(403, INVITE_MESSAGES.ownProfile);
  const freelancer = await findShownPerson(db, freelancerId);
  if (task.status !== "open" || !isBiddingOpen(task.deadline)) throw new HttpProblem(409, INVITE_MESSAGES.notOpen);
  const createdAt = now.toISOString();
  await run.transaction(async (trx, notices) => {
    // A limited client invites nobody (decision 023): 403 naming the rule, as for their other writes.
    await refuseLimited(trx, inviter.id);
    if (await sanctionInForce(trx, freelancerId, "limit")) throw new HttpProblem(409, INVITE_MESSAGES.inviteeLimited);
    // Holds the task's row, so that a hire or a cancel cannot slip between the check and the invitation.
    if (!(await holdOpenTaskRow(trx, task.id))) throw new HttpProblem(409, INVITE_MESSAGES.notOpen);
    const added = await insertInvitation(trx, { taskId: task.id, freelancerId, inviterId: inviter.id, createdAt });
    if (!added) throw new HttpProblem(409, INVITE_MESSAGES.alreadyInvited);
    notices.add({
      userId: freelancerId,
      kind: "task-invitation",
      data: { taskId: task.id, taskTitle: task.title, actorName: inviter.name, amount: task.budget },
    });
  });
  return { taskId: task.id, freelancerId, freelancerName: freelancer.name, createdAt };
}

/** The reader's open tasks taking offers, newest first, and whether this person is invited to each. */
export async function listInvitableTasks(
  db: Kysely<DB>,
  viewer: Viewer,
  freelancerId: string,
): Promise<InvitableTask[]> {
  const tasks = await listOpenTasksWithInvitation(db, viewer.id, freelancerId);
  return tasks.filter((task) => isBiddingOpen(task.deadline)).map(({ id, ...task }) => ({ _id: id, ...task }));
}

/** Of a task's bidders, those its poster invited (their offers are marked). */
export const invitedBidders = invitedAmong;
