/**
 * A page's main action on a phone (Place a Bid, the poster's Manage this task): fixed at the bottom
 * of the screen, in reach of a thumb wherever the page is scrolled; in its place from 640 px up. One
 * element for both, so there is one such button on every screen. The page leaves room for it below
 * its content (`PHONE_ACTION_ROOM`).
 */
export const PHONE_ACTION =
  "max-sm:fixed max-sm:inset-x-3 max-sm:bottom-3 max-sm:z-30 max-sm:w-auto max-sm:shadow-lg max-sm:shadow-slate-950/30";

export const PHONE_ACTION_ROOM = "max-sm:pb-24";
