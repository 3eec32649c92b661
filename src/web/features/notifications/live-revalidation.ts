import { useLayoutEffect } from "react";
import { useRevalidator } from "react-router";
import type { NotificationKind } from "../../../contract/notifications.ts";
import { onNotice, onReload } from "./live-updates.ts";

/**
 * Keeps a page true while people act (issue 27): when a notice comes about what the page shows (any
 * notice, or one about the task `taskId`), the router reads the page's data again in place (its
 * loaders), so a row that read Pending reads Accepted under the toast that says "You are hired!".
 * The dashboard's frame uses it for all its pages (figures, My Bids, My Posted Tasks and its
 * dialog, threads, the lists), a task's page for that task, a profile for reviews published
 * (`kinds`: only notices of those kinds). It listens from the commit that shows the page (a layout
 * effect), so a notice that comes the moment the page is painted, before React's passive effects
 * run on a busy machine, still reads it again. When the stream could not replay what the tab
 * missed, every such page reads itself again.
 */
export function useRevalidateOnNotice(taskId?: string, kinds?: readonly NotificationKind[]) {
  const { revalidate } = useRevalidator();
  useLayoutEffect(() => {
    const stopNotices = onNotice((notice) => {
      if (taskId !== undefined && notice.data.taskId !== taskId) return;
      if (kinds && !kinds.includes(notice.kind)) return;
      void revalidate();
    });
    const stopReloads = onReload(() => void revalidate());
    return () => {
      stopNotices();
      stopReloads();
    };
  }, [revalidate, taskId, kinds]);
}
