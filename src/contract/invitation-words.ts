/** The words of invitations to a task (issue 45), without zod: the web app's pages import them. */

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
