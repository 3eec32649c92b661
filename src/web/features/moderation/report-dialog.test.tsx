import { waitFor, within } from "@testing-library/react";
import { type HttpHandler, HttpResponse, http } from "msw";
import { toast } from "sonner";
import { beforeEach, describe, expect, it } from "vitest";
import { MODERATION_MESSAGES, REASON_LABELS, REPORT_REASONS } from "../../../contract/moderation.ts";
import { closeDialog } from "../../lib/dialogs.ts";
import { moderationOf } from "../../mocks/mock-moderation.ts";
import { taskTitled, userId } from "../../test/demo.ts";
import { DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi } from "../../test/setup.ts";

// Toasts and dialogs are kept by modules that outlive a test: none carries over to the next.
beforeEach(() => {
  toast.dismiss();
  closeDialog();
});

/** Maya opens the report form on the demo client's bakery task. */
async function openForm(handlers: HttpHandler[] = []) {
  const db = freshMockApi();
  const task = taskTitled(db, "Landing page for a neighbourhood bakery");
  const view = await renderRoute(`/task-details/${task.id}`, { as: DEMO_FREELANCER, db, handlers });
  const open = async () => {
    await view.user.click(await view.screen.findByRole("button", { name: "Report this task" }));
    return view.screen.findByRole("dialog", { name: "Report this task" });
  };
  const dialog = await open();
  const reports = () => moderationOf(db).reports.filter((report) => report.targetId === task.id);
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

  it("sends the reason and the note, thanks the reporter and closes; the report keeps the task as it was", async () => {
    const { dialog, user, screen, reports, db, task } = await openForm();
    await user.click(within(dialog).getByRole("radio", { name: "Other" }));
    await user.type(within(dialog).getByLabelText(/What is wrong\?/), "  The budget is ten times too low.  ");
    await user.click(within(dialog).getByRole("button", { name: "Send report" }));
    expect(await screen.findByText("Thank you. A moderator will look at it.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(reports()).toEqual([
      expect.objectContaining({
        targetKind: "task",
        reason: "other",
        note: "The budget is ten times too low.",
        reporterId: userId(db, DEMO_FREELANCER),
        status: "open",
        snapshot: expect.objectContaining({ title: task.title, text: task.description }),
      }),
    ]);
  });

  it("says so when the reader has already reported it, and keeps the form open", async () => {
    const { dialog, user, screen, open, reports } = await openForm();
    await user.click(within(dialog).getByRole("radio", { name: "Spam" }));
    await user.click(within(dialog).getByRole("button", { name: "Send report" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    const again = await open();
    await user.click(within(again).getByRole("radio", { name: "Scam or fraud" }));
    await user.click(within(again).getByRole("button", { name: "Send report" }));
    expect((await within(again).findByRole("alert")).textContent).toBe(MODERATION_MESSAGES.alreadyReported);
    expect(screen.getByRole("dialog", { name: "Report this task" })).toBe(again);
    expect(reports()).toHaveLength(1);
  });

  it("shows any other refusal of the server as it comes, and the field it names", async () => {
    const { dialog, user } = await openForm([
      http.post("*/api/reports", () =>
        HttpResponse.json(
          {
            type: "about:blank",
            title: "400",
            status: 400,
            detail: "Note cannot contain a NUL character",
            errors: [{ field: "note", message: "Note cannot contain a NUL character" }],
          },
          { status: 400, headers: { "content-type": "application/problem+json" } },
        ),
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
