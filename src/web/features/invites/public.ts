/** What other features use of invitations (issue 45): the button and dialog, and the marks on a task and an offer. */
export { InviteButton } from "./invite-button.tsx";
export { InvitedBy, InvitedMark } from "./invited.tsx";
