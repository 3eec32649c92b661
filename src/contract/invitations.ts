import { z } from "zod";
import { IdSchema } from "./schemas.ts";

/*
 * Invitations (issue 45): a client invites a freelancer to one of their open tasks; the freelancer
 * is told and sees who invited them on the task; their offer is marked in the client's list.
 */

/** POST /api/tasks/{id}/invitations: whom the task's poster invites. */
export const CreateInvitationSchema = z.object({ freelancerId: IdSchema("freelancerId") });

export const InvitationSchema = z.object({
  taskId: z.string(),
  freelancerId: z.string(),
  freelancerName: z.string(),
  createdAt: z.string(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

/** GET /api/users/{id}/invitable-tasks: the reader's open tasks, and whether this person is invited to each. */
export const InvitableTaskSchema = z.object({
  _id: z.string(),
  title: z.string(),
  budget: z.number(),
  deadline: z.string(),
  invited: z.boolean().describe("Whether this person is already invited to the task"),
});
export type InvitableTask = z.infer<typeof InvitableTaskSchema>;

export { INVITE_MESSAGES, INVITE_WORDS } from "./invitation-words.ts";
