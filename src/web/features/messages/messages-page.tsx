import { ChevronLeft } from "lucide-react";
import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Link, type LoaderFunctionArgs, useLoaderData, useRevalidator } from "react-router";
import { LIMITS } from "../../../contract/limits.ts";
import { LongTextField } from "../../components/long-text-field.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { paths } from "../../config/paths.ts";
import { errorMessage } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/format-time.ts";
import { checkLazily } from "../../lib/lazy-resolver.ts";
import { notify } from "../../lib/notify.ts";
import { toRouteError } from "../../lib/route-errors.ts";
import { usePageTitle } from "../../lib/title.ts";
import { isSameEmail, requireUser } from "../accounts/public.ts";
import { listBids } from "../bids/public.ts";
import { ReportButton } from "../moderation/public.ts";
import { showThread, useUnreadCounts } from "../notifications/public.ts";
import { getTask } from "../tasks/public.ts";
import { listMessages, listThreads, type Message, markThreadRead, sendMessage, type Thread } from "./messages-api.ts";

/** Messages (/dashboard/messages) lists my threads; with a task and a bidder in the path, it shows that thread. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  try {
    if (params.taskId && params.bidderId) {
      const { taskId, bidderId } = params;
      const [messages, task] = await Promise.all([
        listMessages(taskId, bidderId, request.signal),
        getTask(taskId, request.signal),
      ]);
      // The other person: the bidder for the task's poster, the poster for the bidder.
      const poster = isSameEmail(task.userEmail, user.email);
      const otherName = poster
        ? (await listBids(taskId, request.signal)).bids.find((bid) => bid.bidderId === bidderId)?.userName
        : task.userName;
      const otherId = poster ? bidderId : task.ownerId;
      return {
        view: "thread" as const,
        taskId,
        bidderId,
        messages,
        taskTitle: task.title,
        otherName,
        otherId,
        userId: user.id,
      };
    }
    return { view: "list" as const, threads: await listThreads(request.signal) };
  } catch (error) {
    throw toRouteError(error);
  }
}

function ThreadList({ threads }: { threads: Thread[] }) {
  // A message arrived, or a thread was read in another tab: the list reads its unread counts again.
  const unread = useUnreadCounts()?.messages;
  const { revalidate } = useRevalidator();
  const seen = useRef(unread);
  useEffect(() => {
    if (unread === undefined || seen.current === unread) return;
    const first = seen.current === undefined;
    seen.current = unread;
    if (!first) void revalidate();
  }, [unread, revalidate]);
  return <Threads threads={threads} />;
}

/** The list of my threads, as the page and its first screen (page-screens.tsx) show it. */
function Threads({ threads }: { threads: Thread[] }) {
  if (threads.length === 0) {
    return (
      <div className="card p-10 text-center">
        <p className="text-lg font-semibold">No messages yet.</p>
        <p className="muted mt-1 text-sm">
          Write to a bidder from your task's Bids, or to a client from a task you bid on.
        </p>
      </div>
    );
  }
  return (
    <ul className="grid gap-3" aria-label="Conversations">
      {threads.map((thread) => (
        <li key={`${thread.taskId}/${thread.bidderId}`}>
          <Link
            to={paths.thread(thread.taskId, thread.bidderId)}
            className="card flex flex-wrap items-center justify-between gap-3 p-4 hover:shadow-md"
          >
            <div className="min-w-0">
              <p className="font-semibold break-words">
                {thread.otherName} <span className="muted font-normal">· {thread.taskTitle}</span>
              </p>
              <p className="muted mt-1 truncate text-sm">{thread.lastMessage}</p>
            </div>
            <div className="flex items-center gap-3 text-xs">
              <time dateTime={thread.lastAt} className="muted">
                {formatDateTime(thread.lastAt)}
              </time>
              {thread.unread > 0 && (
                <span className="rounded-full bg-indigo-700 px-2 py-0.5 font-semibold text-white dark:bg-indigo-400 dark:text-slate-950">
                  {thread.unread} unread
                </span>
              )}
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * What someone is writing in a thread, kept in this browser until it is sent: per person and
 * thread, so a reload keeps it and another person signed in here later never sees it.
 */
const draftKey = (userId: string, taskId: string, bidderId: string) =>
  `quickgig:message-draft:${userId}:${taskId}:${bidderId}`;

function readDraft(key: string): string {
  try {
    return localStorage.getItem(key) ?? "";
  } catch {
    return "";
  }
}

function keepDraft(key: string, text: string) {
  try {
    if (text === "") localStorage.removeItem(key);
    else localStorage.setItem(key, text);
  } catch {
    // Storage full or refused (a private window): the draft lives only on the page.
  }
}

function ThreadView({
  taskId,
  bidderId,
  userId,
  initial,
}: {
  taskId: string;
  bidderId: string;
  userId: string;
  initial: Message[];
}) {
  const [messages, setMessages] = useState(initial);
  // The thread read again (a notice said a message came, and the dashboard read its page again):
  // shown as it now is, in the same render.
  const [read, setRead] = useState(initial);
  if (read !== initial) {
    setRead(initial);
    setMessages(initial);
  }
  const draft = draftKey(userId, taskId, bidderId);
  const [text, setText] = useState(() => readDraft(draft));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const end = useRef<HTMLLIElement>(null);
  // Braces, not an arrow's value: scrollIntoView returns a promise in current Chromium, and React
  // would take it for the effect's cleanup and call it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls to the newest message when one arrives
  useEffect(() => {
    end.current?.scrollIntoView({ block: "nearest" });
  }, [messages.length]);
  // On screen: its messages come here, with no toast about them (notification-bell.tsx).
  useEffect(() => showThread(taskId, bidderId), [taskId, bidderId]);
  // Shown, so read: once when the thread opens, and again whenever the other person's newest message is new.
  const newestFromOther = messages.findLast((message) => !message.mine)?._id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: marks read again only when another message is shown
  useEffect(() => {
    markThreadRead(taskId, bidderId).catch(() => {});
  }, [taskId, bidderId, newestFromOther]);

  async function send(event: FormEvent) {
    event.preventDefault();
    // Busy from the first moment: the check may load first, and a second click must not send twice.
    if (busy) return;
    setBusy(true);
    try {
      // The rule loads on first use; when it cannot, the text goes as typed and the API checks it.
      const checked = await checkLazily(async () => (await import("../../lib/schemas.ts")).SendMessageSchema, {
        body: text,
      });
      setError(checked.success ? null : (checked.error.issues[0]?.message ?? "This message is not valid."));
      if (!checked.success) return;
      const typed = text;
      const sent = await sendMessage(taskId, bidderId, typed.trim());
      setMessages((current) => [...current, sent]);
      // What was typed while it went out stays, as the draft it now is.
      setText((current) => {
        const left = current.startsWith(typed) ? current.slice(typed.length) : current;
        keepDraft(draft, left);
        return left;
      });
    } catch (failure) {
      notify.error(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  function write(value: string) {
    setText(value);
    keepDraft(draft, value);
  }

  // Enter sends, Shift+Enter starts a new line; Enter that ends a composition (an IME) only ends it.
  function sendOnEnter(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  }

  return (
    <div className="card p-4 sm:p-6">
      {messages.length === 0 ? (
        <p className="muted text-sm">No messages yet. Say hello.</p>
      ) : (
        <ol className="grid max-h-[60dvh] gap-3 overflow-y-auto" aria-label="Messages">
          {messages.map((message) => (
            <li
              key={message._id}
              ref={message === messages[messages.length - 1] ? end : undefined}
              className={`max-w-[85%] rounded-2xl px-4 py-2 ${
                message.mine
                  ? "ml-auto bg-indigo-700 text-white dark:bg-indigo-400 dark:text-slate-950"
                  : "bg-slate-100 dark:bg-slate-800"
              }`}
            >
              <p className="text-xs font-semibold break-words">{message.mine ? "You" : message.senderName}</p>
              <p className="whitespace-pre-line break-words">{message.body}</p>
              <time dateTime={message.sentAt} className="text-xs opacity-80">
                {formatDateTime(message.sentAt)}
              </time>
              {!message.mine && !message.removed && (
                <ReportButton kind="message" id={message._id} by={message.senderName} />
              )}
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={send} noValidate className="mt-4 grid gap-2">
        <LongTextField
          label="Your message"
          className="input min-h-20"
          value={text}
          onChange={(event) => write(event.target.value)}
          onKeyDown={sendOnEnter}
          error={error ?? undefined}
          length={text.length}
          limit={LIMITS.messageMax}
        />
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Sending…" : "Send"}
          </button>
          <p className="muted text-xs">Enter sends; Shift+Enter starts a new line.</p>
        </div>
      </form>
    </div>
  );
}

function MessagesList({ children }: { children: ReactNode }) {
  return (
    <div>
      <PageHeader title="Messages" intro="Your conversations with clients and bidders, the newest first." />
      {children}
    </div>
  );
}

/** Messages' list of threads with `threads`, for the first screen the server renders (page-screens.tsx). */
export function MessagesListView({ threads }: { threads: Thread[] }) {
  return (
    <MessagesList>
      <Threads threads={threads} />
    </MessagesList>
  );
}

export function Component() {
  const data = useLoaderData<typeof loader>();
  usePageTitle("Messages");
  if (data.view === "list") {
    return (
      <MessagesList>
        <ThreadList threads={data.threads} />
      </MessagesList>
    );
  }
  return (
    <div>
      <Link to={paths.messages} className="link mb-4 inline-flex items-center gap-1 text-sm">
        <ChevronLeft aria-hidden="true" className="size-4" /> All messages
      </Link>
      <PageHeader
        title={data.otherName ? `Messages with ${data.otherName}` : "Messages"}
        intro={
          <>
            <Link to={paths.taskDetails(data.taskId)} className="link">
              {data.taskTitle}
            </Link>
            {data.otherName && data.otherId && (
              <>
                {" · "}
                <Link to={paths.user(data.otherId)} className="link">
                  {data.otherName}'s profile
                </Link>
              </>
            )}
          </>
        }
      />
      <ThreadView
        key={`${data.taskId}/${data.bidderId}`}
        taskId={data.taskId}
        bidderId={data.bidderId}
        userId={data.userId}
        initial={data.messages}
      />
    </div>
  );
}
