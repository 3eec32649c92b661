import { act, waitFor, within } from "@testing-library/react";
import { type HttpHandler, HttpResponse, http } from "msw";
import { toast } from "sonner";
import { beforeEach, describe, expect, it } from "vitest";
import { LIMITS } from "../../../contract/limits.ts";
import { REVIEW_MESSAGES } from "../../../contract/reputation.ts";
import { closeDialog } from "../../lib/dialogs.ts";
import { problem } from "../../mocks/scenarios.ts";
import type { MockStore } from "../../mocks/store.ts";
import { AISHA, LUCAS, taskTitled, userId } from "../../test/demo.ts";
import { DEMO_CLIENT, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi, server } from "../../test/setup.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();
/** The reviews the mock API keeps for a task: what the form sent. */
const reviewsOf = (db: MockStore, taskId: string) => db.reviews.filter((review) => review.taskId === taskId);

// Toasts and dialogs are kept by modules that outlive a test: none carries over to the next.
beforeEach(() => {
  toast.dismiss();
  closeDialog();
});

/** The logo task completed: its client (the demo client) or its freelancer (Aisha) opens the review form. */
async function openForm(as: string, handlers: HttpHandler[] = []) {
  const db = freshMockApi();
  const task = taskTitled(db, "Logo and colour palette");
  // Ended today, as the server keeps it: completed, with its review window open.
  task.status = "completed";
  db.reviewWindows.set(task._id, daysFromNow(LIMITS.reviewWindowDays));
  const view = await renderRoute(`/task-details/${task._id}`, { as, db, handlers });
  const section = await view.screen.findByRole("region", { name: "Reviews" });
  await view.user.click(await within(section).findByRole("button", { name: "Leave a review" }));
  const dialog = await view.screen.findByRole("dialog");
  const stars = (group: string) => within(dialog).getByRole("radiogroup", { name: group });
  const star = (group: string, label: string) =>
    within(stars(group)).getByRole("radio", { name: label }) as HTMLInputElement;
  return { ...view, db, task, section, dialog, stars, star, reviews: () => reviewsOf(db, task._id) };
}

describe("Review form", () => {
  it("is named by the person reviewed, and rates by keyboard: arrows move through 1 to 5 stars", async () => {
    const { user, dialog, star, stars, screen } = await openForm(DEMO_CLIENT);
    expect(screen.getByRole("dialog", { name: "Review Aisha Bello" })).toBe(dialog);
    const radios = within(stars("Rating")).getAllByRole("radio");
    expect(radios).toEqual(
      ["1 star", "2 stars", "3 stars", "4 stars", "5 stars"].map((label) => star("Rating", label)),
    );
    act(() => star("Rating", "1 star").focus());
    await user.keyboard(" ");
    expect(star("Rating", "1 star").checked).toBe(true);
    await user.keyboard("{ArrowRight}{ArrowRight}{ArrowRight}");
    expect(star("Rating", "4 stars").checked).toBe(true);
    await user.keyboard("{ArrowLeft}");
    expect(star("Rating", "3 stars").checked).toBe(true);
    expect(star("Rating", "4 stars").checked).toBe(false);
  });

  it("names what is missing and sends nothing until it is there", async () => {
    const { user, dialog, star, reviews } = await openForm(DEMO_CLIENT);
    await user.click(within(dialog).getByRole("button", { name: "Send review" }));
    expect(await within(dialog).findByText("Rating must be a whole number of stars from 1 to 5")).toBeTruthy();
    expect(within(dialog).getByText("Review is required")).toBeTruthy();
    expect(within(dialog).getByLabelText("Your review").getAttribute("aria-invalid")).toBe("true");
    // The first thing to fix has the focus: the rating's first star.
    expect(document.activeElement).toBe(star("Rating", "1 star"));

    await user.click(star("Rating", "4 stars"));
    await user.type(within(dialog).getByLabelText("Your review"), "   ");
    await user.click(within(dialog).getByRole("button", { name: "Send review" }));
    await waitFor(() =>
      expect(within(dialog).queryByText("Rating must be a whole number of stars from 1 to 5")).toBeNull(),
    );
    expect(within(dialog).getByText("Review is required")).toBeTruthy();
    expect(reviews()).toHaveLength(0);
  });

  it("lets the client rate the three aspects too, and sends the stars, the text and the aspects chosen", async () => {
    const { user, dialog, star, stars, reviews, db, screen, section } = await openForm(DEMO_CLIENT);
    expect(stars("Communication")).toBeTruthy();
    expect(stars("Quality of work")).toBeTruthy();
    expect(stars("Kept to the deadline")).toBeTruthy();
    await user.click(star("Rating", "4 stars"));
    await user.type(within(dialog).getByLabelText("Your review"), "  Lovely palette, slow replies.  ");
    await user.click(star("Communication", "2 stars"));
    await user.click(star("Quality of work", "5 stars"));
    // An aspect chosen may be taken back: it is optional.
    await user.click(star("Kept to the deadline", "1 star"));
    await user.click(within(dialog).getByRole("button", { name: "Clear Kept to the deadline" }));
    expect(star("Kept to the deadline", "1 star").checked).toBe(false);
    await user.click(within(dialog).getByRole("button", { name: "Send review" }));

    expect(await screen.findByText("Your review has been sent.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const [sent] = reviews();
    expect(sent).toMatchObject({
      author: { id: userId(db, DEMO_CLIENT) },
      role: "client",
      rating: 4,
      text: "Lovely palette, slow replies.",
      communication: 2,
      quality: 5,
    });
    expect(sent).not.toHaveProperty("deadline");
    // The section shows it as the author's own, still hidden.
    const mine = await within(section).findByRole("article", { name: "Your review" });
    expect(within(mine).getByText("Lovely palette, slow replies.")).toBeTruthy();
    expect(within(section).queryByRole("button", { name: "Leave a review" })).toBeNull();
    expect(within(section).getByRole("button", { name: "Edit review" })).toBeTruthy();
  });

  it("asks the freelancer for stars and a text only", async () => {
    const { user, dialog, star, reviews, screen } = await openForm(AISHA);
    expect(screen.getByRole("dialog", { name: "Review Demo Client" })).toBe(dialog);
    expect(within(dialog).getAllByRole("radiogroup")).toHaveLength(1);
    expect(within(dialog).queryByText("Communication")).toBeNull();
    await user.click(star("Rating", "5 stars"));
    await user.type(within(dialog).getByLabelText("Your review"), "Clear brief.");
    await user.click(within(dialog).getByRole("button", { name: "Send review" }));
    await waitFor(() => expect(reviews()).toHaveLength(1));
    const [sent] = reviews();
    expect(sent).toMatchObject({ role: "freelancer", rating: 5, text: "Clear brief." });
    for (const aspect of ["communication", "quality", "deadline"]) expect(sent).not.toHaveProperty(aspect);
  });

  it("shows the server's refusal as it is, next to its field, and stays open", async () => {
    const refusal = http.post("*/api/tasks/:id/reviews", () =>
      HttpResponse.json(
        {
          type: "about:blank",
          title: "Bad Request",
          status: 400,
          detail: "Review cannot contain a NUL character",
          errors: [{ field: "text", message: "Review cannot contain a NUL character" }],
        },
        { status: 400, headers: { "content-type": "application/problem+json" } },
      ),
    );
    const { user, dialog, star, screen } = await openForm(DEMO_CLIENT, [refusal]);
    await user.click(star("Rating", "3 stars"));
    await user.type(within(dialog).getByLabelText("Your review"), "Fine.");
    await user.click(within(dialog).getByRole("button", { name: "Send review" }));
    // Once as a toast, once under the field it is about.
    await waitFor(() => expect(screen.getAllByText("Review cannot contain a NUL character")).toHaveLength(2));
    expect(within(dialog).getByLabelText("Your review").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("dialog")).toBe(dialog);
  });

  it("says the time to review ended meanwhile, closes and shows the task's reviews as they now are", async () => {
    const { user, dialog, star, screen, reviews, task, db, section } = await openForm(DEMO_CLIENT);
    // Meanwhile the window closed: the server refuses the review, and answers the task's reviews so.
    db.reviewWindows.set(task._id, daysFromNow(-1));
    server.use(http.post("*/api/tasks/:id/reviews", () => problem(409, REVIEW_MESSAGES.windowEnded), { once: true }));
    await user.click(star("Rating", "3 stars"));
    await user.type(within(dialog).getByLabelText("Your review"), "Fine.");
    await user.click(within(dialog).getByRole("button", { name: "Send review" }));
    expect(await screen.findByText(REVIEW_MESSAGES.windowEnded, { selector: "[data-sonner-toast] *" })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await within(section).findByText("The time to review this task has ended.")).toBeTruthy();
    expect(reviews()).toHaveLength(0);
  });

  it("opens filled with the author's hidden review, and saves the change", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Set up analytics");
    const { user, screen } = await renderRoute(`/task-details/${task._id}`, { as: LUCAS, db });
    const section = await screen.findByRole("region", { name: "Reviews" });
    await user.click(await within(section).findByRole("button", { name: "Edit review" }));
    const dialog = await screen.findByRole("dialog", { name: "Review Demo Client" });
    const text = within(dialog).getByLabelText("Your review") as HTMLTextAreaElement;
    expect(text.value).toMatch(/^Organised, clear about what mattered/);
    expect((within(dialog).getByRole("radio", { name: "5 stars" }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole("radio", { name: "4 stars" }));
    await user.clear(text);
    await user.type(text, "Organised and clear.");
    await user.click(within(dialog).getByRole("button", { name: "Save review" }));
    expect(await screen.findByText("Your review has been saved.")).toBeTruthy();
    const mine = await within(section).findByText("Organised and clear.");
    expect(mine).toBeTruthy();
    const saved = reviewsOf(db, task._id);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ author: { id: userId(db, LUCAS) }, rating: 4, text: "Organised and clear." });
  });
});
