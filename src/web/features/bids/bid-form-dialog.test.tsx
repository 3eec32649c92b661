import { waitFor, within } from "@testing-library/react";
import { type HttpHandler, HttpResponse, http } from "msw";
import { toast } from "sonner";
import { beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../contract/messages.ts";
import { closeDialog } from "../../lib/dialogs.ts";
import { problem } from "../../mocks/scenarios.ts";
import { LUCAS, taskTitled } from "../../test/demo.ts";
import { renderRoute } from "../../test/render-route.tsx";
import { freshMockApi } from "../../test/setup.ts";

/** Lucas opens the bid form on Maya's open task (Aisha has bid on it). */
async function openForm(handlers: HttpHandler[] = []) {
  const db = freshMockApi();
  const task = taskTitled(db, "Social media plan");
  const bidsBefore = db.bids.length;
  const view = await renderRoute(`/task-details/${task._id}`, { as: LUCAS, db, handlers });
  await view.user.click(await view.screen.findByRole("button", { name: "Place a Bid" }));
  const dialog = await view.screen.findByRole("dialog", { name: "Place a Bid" });
  const field = (label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
  return { ...view, db, task, bidsBefore, dialog, field };
}

// Toasts and dialogs are kept by modules that outlive a test: none carries over to the next.
beforeEach(() => {
  toast.dismiss();
  closeDialog();
});

describe("Bid form", () => {
  it("names what is wrong with each field and sends nothing until it is right", async () => {
    const { user, dialog, field, db, bidsBefore } = await openForm();
    const send = within(dialog).getByRole("button", { name: "Place bid" });

    await user.clear(field("Amount (USD)"));
    await user.click(send);
    expect(await within(dialog).findByText("Amount must be a number")).toBeTruthy();
    expect(field("Amount (USD)").getAttribute("aria-invalid")).toBe("true");

    await user.type(field("Amount (USD)"), "0");
    await user.type(field("Delivery (days)"), "0");
    await user.click(send);
    expect(await within(dialog).findByText("Amount must be more than 0")).toBeTruthy();
    expect(within(dialog).getByText("Delivery days must be from 1 to 365")).toBeTruthy();

    await user.clear(field("Amount (USD)"));
    await user.type(field("Amount (USD)"), "10.555");
    await user.clear(field("Delivery (days)"));
    await user.type(field("Delivery (days)"), "1.5");
    await user.click(send);
    expect(await within(dialog).findByText("Amount can have at most two decimals")).toBeTruthy();
    expect(within(dialog).getByText("Delivery days must be a whole number")).toBeTruthy();

    expect(db.bids.length).toBe(bidsBefore);
    expect(within(dialog).getByRole("button", { name: "Place bid" })).toBeTruthy();
  });

  it("closes with Cancel without placing anything", async () => {
    const { user, dialog, screen, db, bidsBefore } = await openForm();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(db.bids.length).toBe(bidsBefore);
    expect(screen.queryByRole("region", { name: "Your bid" })).toBeNull();
  });

  it("closes with Escape", async () => {
    const { user, screen } = await openForm();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("says what happened when the task stopped taking bids meanwhile, and shows it as it now is", async () => {
    // The poster cancelled the task meanwhile, and the server refuses the bid so.
    const refusal = http.post("*/api/bids", () => problem(409, MESSAGES.notTakingBids), { once: true });
    const { user, dialog, screen, db, task, bidsBefore } = await openForm([refusal]);
    task.status = "cancelled";
    await user.click(within(dialog).getByRole("button", { name: "Place bid" }));
    expect(await screen.findByText("This task has been cancelled.")).toBeTruthy();
    // Nothing more to send: the form closes, and the page reads the task again.
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Place a Bid" })).toBeNull());
    expect(db.bids.length).toBe(bidsBefore);
    expect(await screen.findByTitle("Task status: Cancelled")).toBeTruthy();
    expect(screen.getByText(MESSAGES.notTakingBids)).toBeTruthy();
  });

  it("shows the server's refusal of a field next to that field", async () => {
    const refusal = http.post("*/api/bids", () =>
      HttpResponse.json(
        {
          type: "about:blank",
          title: "Bad Request",
          status: 400,
          detail: "Message cannot contain a NUL character",
          errors: [
            { field: "message", message: "Message cannot contain a NUL character" },
            { field: "taskId", message: "taskId is not a valid id" },
          ],
        },
        { status: 400, headers: { "content-type": "application/problem+json" } },
      ),
    );
    const { user, dialog, screen } = await openForm([refusal]);
    await user.type(within(dialog).getByLabelText("Message"), "Hello");
    await user.click(within(dialog).getByRole("button", { name: "Place bid" }));
    // Once as a toast, once under the field it is about.
    await waitFor(() => expect(screen.getAllByText("Message cannot contain a NUL character")).toHaveLength(2));
    expect(within(dialog).getByLabelText("Message").getAttribute("aria-invalid")).toBe("true");
    // A field the form does not have is not shown in it.
    expect(within(dialog).queryByText("taskId is not a valid id")).toBeNull();
  });

  it("keeps a pasted message longer than 2,000 characters whole, counts it and refuses it by name", async () => {
    const { user, dialog, field, db, bidsBefore } = await openForm();
    const message = field("Message") as unknown as HTMLTextAreaElement;
    await user.click(message);
    await user.paste("x".repeat(1700));
    expect(within(dialog).getByText("300 characters left")).toBeTruthy();
    await user.paste("y".repeat(301));
    expect(message.value).toHaveLength(2001);
    expect(within(dialog).getByText("1 character too many")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Place bid" }));
    expect(await within(dialog).findByText("Message must be at most 2,000 characters")).toBeTruthy();
    expect(message.getAttribute("aria-invalid")).toBe("true");
    expect(db.bids.length).toBe(bidsBefore);
  });
});
