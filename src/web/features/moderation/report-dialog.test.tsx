import { waitFor, within } from "@testing-library/react";
import { type HttpHandler, http } from "msw";
import { toast } from "sonner";
import { beforeEach, describe, expect, it } from "vitest";
import { MODERATION_MESSAGES, REASON_LABELS, REPORT_REASONS, type ReportInput } from "../../../contract/moderation.ts";
import { closeDialog } from "../../lib/dialogs.ts";
import { problem } from "../../mocks/scenarios.ts";
import { taskTitled } from "../../test/demo.ts";
import { DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi, server } from "../../test/setup.ts";

// Toasts and dialogs are kept by modules that outlive a test: none carries over to the next.
beforeEach(() => {
  toast.dismiss();
  closeDialog();
});

/** Maya opens the report form on the demo client's bakery task; `reports()` are the reports the form sent. */
async function openForm(handlers: HttpHandler[] = []) {
  const db = freshMockApi();
  const task = taskTitled(db, "Landing page for a neighbourhood bakery");
  const sent: ReportInput[] = [];
  const record = http.post("*/api/reports", async ({ request }) => {
    sent.push((await request.clone().json()) as ReportInput);
    return undefined;
  });
  const view = await renderRoute(`/task-details/${task._id}`, {
    as: DEMO_FREELANCER,
    db,
    handlers: [record, ...handlers],
  });
  const open = async () => {
    await view.user.click(await view.screen.findByRole("button", { name: "Report this task" }));
    return view.screen.findByRole("dialog", { name: "Report this task" });
  };
  const dialog = await open();
  const reports = () => sent;
  return { ...view, db, task, dialog, open, reports };
}

describe("Report form", () => {
  it("offers the contract's reasons as radio buttons and links the house rules", async () => {
    const { dialog } = await openForm();
    const group = within(dialog).getByRole("group", { name: "Why are you reporting it?" });
    expect(
      within(group)
        .getAllByRole("radio")
        .map((radio) => radio.closest("label")?.textContent),
    ).toEqual(REPORT_REASONS.map((reason) => REASON_LABELS[reason]));
    expect(
      within(dialog)
        .getByRole("link", { name: /house rules/ })
        .getAttribute("href"),
    ).toBe("/rules");
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toBeTruthy();
  });

  it("asks for a reason, and for a note when the reason is Other, before sending anything", async () => {
    const { dialog, user, reports } = await openForm();
    await user.click(within(dialog).getByRole("button", { name: "Send report" }));
    expect(await within(dialog).findByText("Choose a reason")).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole("radio", { name: "Spam" }));

    await user.click(within(dialog).getByRole("radio", { name: "Other" }));
    expect(within(dialog).queryByText("Choose a reason")).toBeNull();
    await user.type(within(dialog).getByLabelText(/What is wrong\?/), "   ");
    await user.click(within(dialog).getByRole("button", { name: "Send report" }));
    const note = within(dialog).getByLabelText("What is wrong? (required for Other)");
    expect(await within(dialog).findByText('Tell us what is wrong: a note is required for "Other"')).toBeTruthy();
    expect(note.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(note);
    expect(reports()).toEqual([]);
  });

  // What the server keeps of the task with the report (the snapshot) is reports.api.test.ts's
  // "reports a task with a reason and keeps it as it was".
  it("sends the task, the reason and the note trimmed, thanks the reporter and closes", async () => {
    const { dialog, user, screen, reports, task } = await openForm();
    await user.click(within(dialog).getByRole("radio", { name: "Other" }));
    await user.type(within(dialog).getByLabelText(/What is wrong\?/), "  The budget is ten times too low.  ");
    await user.click(within(dialog).getByRole("button", { name: "Send report" }));
    expect(await screen.findByText("Thank you. A moderator will look at it.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(reports()).toEqual([
      { targetKind: "task", targetId: task._id, reason: "other", note: "The budget is ten times too low." },
    ]);
  });

  it("says so when the reader has already reported it, and keeps the form open", async () => {
    const { dialog, user, screen, open, reports, task } = await openForm();
    await user.click(within(dialog).getByRole("radio", { name: "Spam" }));
    await user.click(within(dialog).getByRole("button", { name: "Send report" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(reports()).toEqual([{ targetKind: "task", targetId: task._id, reason: "spam" }]);

    // The server takes one open report of a target per person (reports.api.test.ts, "…refuses it twice while open…").
    server.use(http.post("*/api/reports", () => problem(409, MODERATION_MESSAGES.alreadyReported)));
    const again = await open();
    await user.click(within(again).getByRole("radio", { name: "Scam or fraud" }));
    await user.click(within(again).getByRole("button", { name: "Send report" }));
    expect((await within(again).findByRole("alert")).textContent).toBe(MODERATION_MESSAGES.alreadyReported);
    expect(screen.getByRole("dialog", { name: "Report this task" })).toBe(again);
  });

  it("shows any other refusal of the server as it comes, and the field it names", async () => {
    const { dialog, user } = await openForm([
      http.post("*/api/reports", () =>
        problem(400, "Note cannot contain a NUL character", {
          errors: [{ field: "note", message: "Note cannot contain a NUL character" }],
        }),
      ),
    ]);
    await user.click(within(dialog).getByRole("radio", { name: "Offensive or harassing" }));
    await user.click(within(dialog).getByRole("button", { name: "Send report" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Note cannot contain a NUL character");
    expect(
      within(dialog)
        .getByLabelText(/What is wrong\?/)
        .getAttribute("aria-invalid"),
    ).toBe("true");
  });

  it("closes with Cancel and sends nothing", async () => {
    const { dialog, user, screen, reports } = await openForm();
    await user.click(within(dialog).getByRole("radio", { name: "Spam" }));
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(reports()).toEqual([]);
  });
});
