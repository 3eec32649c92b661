import { waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { toast } from "sonner";
import { beforeEach, describe, expect, it } from "vitest";
import { PAYMENT_STATUS_LABELS } from "../../../contract/payment-words.ts";
import type { Task } from "../../../contract/schemas.ts";
import { closeDialog } from "../../lib/dialogs.ts";
import { formatDateTime } from "../../lib/format-time.ts";
import { userId } from "../../test/demo.ts";
import { DEMO_CLIENT, DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi, server } from "../../test/setup.ts";

beforeEach(() => {
  toast.dismiss();
  closeDialog();
});

describe("Request payment (the hired freelancer, issue 44)", () => {
  it("asks after confirming, then shows the payment requested and the date it is released by itself", async () => {
    const store = freshMockApi();
    const maya = userId(store, DEMO_FREELANCER);
    const task = store.tasks.find((candidate) => candidate.status === "assigned" && candidate.assigneeId === maya);
    if (!task) throw new Error("The demo has no task Maya is hired for");
    task.payment = { _id: "pay-7", status: "held" };
    // Due in 6 days, 23 hours and a half: the countdown says the first two.
    const releaseDueAt = new Date(Date.now() + (6 * 24 + 23.5) * 3_600_000).toISOString();
    const asked: string[] = [];
    server.use(
      http.post("*/api/tasks/:id/deliver", ({ params }) => {
        asked.push(String(params.id));
        task.payment = { _id: "pay-7", status: "delivered", releaseDueAt };
        return HttpResponse.json(task satisfies Task);
      }),
    );
    const { screen, user } = await renderRoute(`/task-details/${task._id}`, { as: DEMO_FREELANCER, db: store });
    expect(await screen.findByText("Payment secured")).toBeTruthy();
    await user.click(await screen.findByRole("button", { name: "Request payment" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Request payment?" });
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(asked).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Request payment" }));
    await user.click(
      within(await screen.findByRole("alertdialog", { name: "Request payment?" })).getByRole("button", {
        name: "Request payment",
      }),
    );
    expect(await screen.findByText("Payment requested. The client is told.")).toBeTruthy();
    expect(asked).toEqual([task._id]);
    const line = (await screen.findByText("Payment requested")).closest("p") as HTMLElement;
    // The date and the countdown come with their own code, once the page is live.
    await waitFor(() =>
      expect(line.textContent).toContain(
        `released by itself on ${formatDateTime(releaseDueAt)} (in 6 days, 23 hours) unless the task is completed or disputed first`,
      ),
    );
    expect(screen.queryByRole("button", { name: "Request payment" })).toBeNull();
  });
});

describe("the client's steps while the money waits (issue 44)", () => {
  it.each([
    ["held", ["Mark as completed", "Cancel task"]],
    ["delivered", ["Mark as completed"]],
    ["disputed", []],
  ] as const)("offers only the steps the server allows with the payment %s", async (status, steps) => {
    const store = freshMockApi();
    const client = userId(store, DEMO_CLIENT);
    const task = store.tasks.find((candidate) => candidate.status === "assigned" && candidate.ownerId === client);
    if (!task) throw new Error("The demo client has no task with someone hired");
    task.payment = { _id: "pay-9", status };
    const { screen } = await renderRoute(`/task-details/${task._id}`, { as: DEMO_CLIENT, db: store });
    expect(await screen.findByText(PAYMENT_STATUS_LABELS[status])).toBeTruthy();
    // The poster's part of the page is there (its offers); no heading over no steps.
    expect(await screen.findByRole("region", { name: "Offers" })).toBeTruthy();
    const manage = screen.queryByRole("region", { name: "Manage this task" });
    const names = manage
      ? within(manage)
          .queryAllByRole("button")
          .map((button) => button.textContent?.trim())
      : [];
    expect(names).toEqual(steps);
    expect(manage === null).toBe(steps.length === 0);
  });
});

describe("My Bids (issue 44)", () => {
  it("shows the hired freelancer where the payment for their work stands", async () => {
    const store = freshMockApi();
    const maya = userId(store, DEMO_FREELANCER);
    const task = store.tasks.find((candidate) => candidate.status === "assigned" && candidate.assigneeId === maya);
    if (!task) throw new Error("The demo has no task Maya is hired for");
    task.payment = { _id: "pay-8", status: "held" };
    const { screen } = await renderRoute("/dashboard/my-bids", { as: DEMO_FREELANCER, db: store });
    const item = (await screen.findByRole("link", { name: task.title })).closest("li") as HTMLElement;
    expect(within(item).getByText("Payment secured")).toBeTruthy();
    expect(screen.getAllByText("Payment secured")).toHaveLength(1);
  });
});
