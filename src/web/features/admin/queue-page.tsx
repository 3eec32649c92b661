import { useEffect, useRef } from "react";
import { type LoaderFunctionArgs, useLoaderData, useRevalidator } from "react-router";
import type { Queue } from "../../../contract/moderation.ts";
import { toRouteError } from "../../lib/route-errors.ts";
import { usePageTitle } from "../../lib/title.ts";
import { requireUser } from "../accounts/public.ts";
import { useUnreadCounts } from "../notifications/public.ts";
import { type DisputeQueue, getDisputes, getQueue } from "./admin-api.ts";
import { AdminFrame } from "./admin-frame.tsx";
import { AppealCard } from "./appeal-card.tsx";
import { DisputeCard } from "./dispute-card.tsx";
import { ReportGroupCard } from "./report-group.tsx";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  try {
    const [queue, disputes] = await Promise.all([getQueue(request.signal), getDisputes(request.signal)]);
    return { queue, disputes };
  } catch (error) {
    throw toRouteError(error);
  }
}

/**
 * /admin: the open reports grouped by what was reported, oldest first, the appeals and the payment
 * disputes waiting (which admins decide).
 */
export function Component() {
  usePageTitle("Moderation queue");
  const { revalidate } = useRevalidator();
  const { queue, disputes } = useLoaderData<typeof loader>();
  useRevalidateOnQueueChange(revalidate);
  return <QueueView queue={queue} disputes={disputes} onDone={revalidate} />;
}

/**
 * The queue reads itself again whenever what waits in it changes: a report or an appeal comes,
 * another moderator decides (issue 46; the staff's live counts carry the queue's length). The
 * first count heard also reads it again when the page was loaded before the stream had one: a
 * report made between the two would otherwise be missed.
 */
function useRevalidateOnQueueChange(revalidate: () => Promise<void>) {
  const waiting = useUnreadCounts()?.queue;
  const seen = useRef(waiting);
  useEffect(() => {
    if (waiting === undefined || waiting === seen.current) return;
    seen.current = waiting;
    void revalidate();
  }, [waiting, revalidate]);
}

interface QueueViewProps {
  queue: Queue;
  /** The payment disputes waiting; none (or left out, as on the server's first screen) shows no section. */
  disputes?: DisputeQueue | null;
  onDone: () => Promise<unknown>;
}

/** The queue with `queue`: the page, and its first screen the server renders (page-screens.tsx). */
export function QueueView({ queue: { reports, appeals }, disputes = null, onDone }: QueueViewProps) {
  return (
    <AdminFrame
      title="Moderation queue"
      intro="Open reports, oldest first, and appeals waiting. Every decision names a house rule, carries a note and goes into the audit log."
    >
      <section aria-labelledby="queue-reports" className="grid gap-4">
        <h2 id="queue-reports" className="text-xl font-semibold">
          Reports <span className="muted font-normal">({reports.length})</span>
        </h2>
        {reports.length === 0 ? (
          <p className="card p-8 text-center font-medium" role="status">
            No reports waiting. Everything reported has been looked at.
          </p>
        ) : (
          reports.map((group) => (
            <ReportGroupCard key={`${group.targetKind}:${group.targetId}`} group={group} onDone={onDone} />
          ))
        )}
      </section>
      <section aria-labelledby="queue-appeals" className="mt-10 grid gap-4">
        <h2 id="queue-appeals" className="text-xl font-semibold">
          Appeals <span className="muted font-normal">({appeals.length})</span>
        </h2>
        {appeals.length === 0 ? (
          <p className="card p-6 text-center" role="status">
            No appeals waiting.
          </p>
        ) : (
          appeals.map((appeal) => <AppealCard key={appeal.sanction._id} appeal={appeal} onDone={onDone} />)
        )}
      </section>
      {disputes && disputes.disputes.length > 0 && (
        <section aria-labelledby="queue-disputes" className="mt-10 grid gap-4">
          <h2 id="queue-disputes" className="text-xl font-semibold">
            Payment disputes <span className="muted font-normal">({disputes.disputes.length})</span>
          </h2>
          {!disputes.canDecide && <p className="muted">An admin decides payment disputes; you can read them.</p>}
          {disputes.disputes.map((payment) => (
            <DisputeCard key={payment._id} payment={payment} canDecide={disputes.canDecide} onDone={onDone} />
          ))}
        </section>
      )}
    </AdminFrame>
  );
}
