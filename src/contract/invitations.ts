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

/** The refusals' sentences, shown as they are. */
export const INVITE_MESSAGES = {
  ownProfile: "You cannot invite yourself to your own task.",
  notOwner: "Only the person who posted this task can invite freelancers to it.",
  notOpen: "Only an open task still taking offers can have invitations.",
  alreadyInvited: "This person is already invited to this task.",
  /** A limited person cannot bid (decision 023); the sentence does not name their sanction. */
  inviteeLimited: "This person cannot take on new work right now, so they cannot be invited.",
} as const;

/** The words of the button, the dialog and the marks (web app). */
export const INVITE_WORDS = {
  button: "Invite to a task",
  dialogTitle: (name: string) => `Invite ${name} to a task`,
  invitedBy: (name: string) => `Invited by ${name}`,
  offerMark: "Invited",
  sent: (name: string, title: string) => `${name} is invited to “${title}”.`,
} as const;
