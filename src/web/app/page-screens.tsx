import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Queue } from "../../contract/moderation.ts";
import type { DashboardSummary, Task, Thread } from "../../contract/schemas.ts";
import { Spinner } from "../components/spinner.tsx";
import { morePaths } from "../config/more-paths.ts";
import { paths } from "../config/paths.ts";
import { renderAs, type User } from "../features/accounts/session.ts";
import { QueueView } from "../features/admin/queue-page.tsx";
import { type MyBidsList, MyBidsView } from "../features/bids/my-bids-view.tsx";
import { DashboardFrame } from "../features/dashboard/dashboard-frame.tsx";
import { DashboardHome } from "../features/dashboard/dashboard-home-page.tsx";
import { MessagesListView } from "../features/messages/messages-page.tsx";
import { type ProfileShown, ProfileView } from "../features/profiles/profile-page.tsx";
import { TaskDetailsView } from "../features/tasks/task-details-view.tsx";
import { pageTitle } from "../lib/title.ts";
import { renderScreen } from "./render-screen.tsx";

// How My Bids reads its URL and how many bids a page holds, so the server asks for the same list.
export { MY_BIDS_PAGE_SIZE, readMyBidsQuery } from "../features/bids/my-bids-view.tsx";
// How a profile reads its URL and how many reviews a page holds.
export { REVIEWS_PAGE_SIZE, readProfileQuery } from "../features/profiles/profile-page.tsx";

/** Who the page is for: the header shows them signed in. */
type Reader = Pick<User, "id" | "name" | "email" | "image">;

// First screens that hold data, rendered by the server for each request into the templates the build
// writes (first-screens.tsx, PAGE_TEMPLATES): the page as its reader will see it, before the app's
// code has run. What depends on the app running (the bid panel, offers, questions) shows as loading.

/**
 * Loads the header's parts for a signed-in reader (the avatar, Logout and the bell, which the app
 * loads lazily): React renders a lazy part once its code is in, so every screen rendered after this
 * shows them as the live page will, instead of their places only on the first request.
 */
export async function prepareScreens(): Promise<void> {
  renderAs({ id: "", name: "", email: "", image: null }, () => renderScreen("/", null));
  await Promise.all([
    import("../features/accounts/account-buttons.tsx"),
    import("../features/notifications/notification-bell.tsx"),
  ]);
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/** A page at `path` as `reader` sees it, signed in (null: a visitor, signed out). */
function renderFor(reader: Reader | null, path: string, page: ReactNode): string {
  return renderAs(reader, () => renderScreen(path, page));
}

/** A dashboard's page at `path`, in the dashboard's frame (its side menu), for `reader`. */
function renderInDashboard(reader: Reader, path: string, page: ReactNode): string {
  return renderFor(reader, path, <DashboardFrame>{page}</DashboardFrame>);
}

export const taskDetailsPath = paths.taskDetails;

/** How long a description search engines show may be; the rest is cut at a word, with "…". */
const DESCRIPTION_META_LENGTH = 160;

/** The start of `text` for search engines: its spaces as one, cut at a word with "…" when long. */
function metaDescription(text: string): string {
  const words = text.replace(/\s+/g, " ").trim();
  return words.length <= DESCRIPTION_META_LENGTH
    ? words
    : `${words.slice(0, DESCRIPTION_META_LENGTH - 1).replace(/\s+\S*$/, "")}…`;
}

/** A task page's head: its title as the tab shows it, the start of its description, its one address. */
export function renderTaskHead(task: Task, canonicalUrl: string): string {
  return renderToStaticMarkup(
    <>
      <title>{pageTitle(task.title)}</title>
      <meta name="description" content={metaDescription(task.description)} />
      <link rel="canonical" href={canonicalUrl} />
    </>,
  );
}

export const profilePath = paths.user;

/**
 * A profile's head: the person's name as the tab shows it, the start of what they say of themselves
 * (else the site's description stays), and its one address, whichever tab or page of reviews is open.
 */
export function renderProfileHead(profile: ProfileShown["profile"], canonicalUrl: string): string {
  return renderToStaticMarkup(
    <>
      <title>{pageTitle(profile.name)}</title>
      {profile.bio && <meta name="description" content={metaDescription(profile.bio)} />}
      <link rel="canonical" href={canonicalUrl} />
    </>,
  );
}

/** A person's public profile with a page of their reviews, for a reader or a visitor (null). */
export function renderProfileScreen(shown: ProfileShown, reader: Reader | null, path: string): string {
  return renderFor(reader, path, <ProfileView {...shown} />);
}

export function renderTaskDetailsScreen(task: Task, reader: Reader | null): string {
  return renderFor(
    reader,
    paths.taskDetails(task._id),
    <TaskDetailsView task={task}>
      <Spinner label="Loading bids and questions" />
    </TaskDetailsView>,
  );
}

/** My Bids in the dashboard's frame, with a page of the reader's bids. */
export function renderMyBidsScreen(list: MyBidsList, reader: Reader): string {
  return renderInDashboard(reader, paths.myBids, <MyBidsView {...list} />);
}

/** The dashboard's home in its frame, with the reader's figures and latest doings. */
export function renderDashboardScreen(summary: DashboardSummary, reader: Reader): string {
  return renderInDashboard(reader, paths.dashboard, <DashboardHome summary={summary} />);
}

/** Messages in the dashboard's frame, with the reader's threads. */
export function renderMessagesScreen(threads: Thread[], reader: Reader): string {
  return renderInDashboard(reader, paths.messages, <MessagesListView threads={threads} />);
}

/** The moderators' queue, with the open reports and the appeals waiting. */
export function renderQueueScreen(queue: Queue, reader: Reader): string {
  return renderFor(reader, morePaths.admin, <QueueView queue={queue} onDone={async () => {}} />);
}
