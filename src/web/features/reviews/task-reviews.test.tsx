import { waitFor, within } from "@testing-library/react";
import { http, passthrough } from "msw";
import { toast } from "sonner";
import { beforeEach, describe, expect, it } from "vitest";
import { LIMITS } from "../../../contract/limits.ts";
import type { Review } from "../../../contract/reputation.ts";
import { closeDialog } from "../../lib/dialogs.ts";
import type { ScenarioId } from "../../mocks/scenarios.ts";
import type { MockStore } from "../../mocks/store.ts";
import { AISHA, LUCAS, taskTitled, userId } from "../../test/demo.ts";
import { DEMO_CLIENT, DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi } from "../../test/setup.ts";
import { receiveNotice } from "../notifications/live-updates.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The logo task ended today (completed, or cancelled after the hire), its review window open, as the server keeps it. */
function endLogoTask(db: MockStore, status: "completed" | "cancelled") {
  const task = taskTitled(db, "Logo and colour palette");
  task.status = status;
  db.reviewWindows.set(task._id, new Date(Date.now() + LIMITS.reviewWindowDays * DAY_MS).toISOString());
}

// Toasts and dialogs are kept by modules that outlive a test: none carries over to the next.
beforeEach(() => {
  toast.dismiss();
  closeDialog();
});

/** The task's page, once its Reviews section has read the reviews. */
async function openReviews(
  title: string,
  as: string | undefined,
  prepare?: (db: MockStore) => void,
  scenario?: ScenarioId,
) {
  const db = freshMockApi(scenario);
  const task = taskTitled(db, title);
  prepare?.(db);
  const view = await renderRoute(`/task-details/${task._id}`, { db, ...(as ? { as } : {}) });
  const section = await view.screen.findByRole("region", { name: "Reviews" });
  await waitFor(() => expect(within(section).queryByText("Loading the reviews…")).toBeNull());
  return { ...view, db, task, section };
}

describe("A task's reviews", () => {
  it("asks the client of a task just completed for a review, with the time left", async () => {
    const { section, db, task } = await openReviews("Logo and colour palette", DEMO_CLIENT, (db) =>
      endLogoTask(db, "completed"),
    );
    expect(
      within(section).getByText(
        "How was working with Aisha Bello? Your review stays hidden until they review you too.",
      ),
    ).toBeTruthy();
    expect(within(section).getByText(/^You can review until /)).toBeTruthy();
    expect(within(section).getByRole("button", { name: "Leave a review" })).toBeTruthy();
    expect(within(section).queryByRole("list", { name: "Published reviews" })).toBeNull();
    expect(db.reviews.filter((review) => review.taskId === task._id)).toHaveLength(0);
  });

  it("tells the one reviewed first that a review waits for theirs, without showing it", async () => {
    const { section } = await openReviews("Set up analytics", DEMO_CLIENT);
    expect(within(section).getByText("Lucas Moreau reviewed you — write yours to see it.")).toBeTruthy();
    expect(within(section).getByRole("button", { name: "Leave a review" })).toBeTruthy();
    expect(within(section).queryByText(/Organised, clear about what mattered/)).toBeNull();
  });

  it("shows its author their hidden review, until when it stays hidden, and Edit review", async () => {
    const { section, db, task } = await openReviews("Set up analytics", LUCAS);
    const mine = within(section).getByRole("article", { name: "Your review" });
    expect(within(mine).getByText(/Organised, clear about what mattered/)).toBeTruthy();
    expect(within(mine).getByRole("img", { name: "5 out of 5 stars" })).toBeTruthy();
    const endsAt = db.reviewWindows.get(task._id) ?? "";
    expect(endsAt).not.toBe("");
    expect(
      within(section).getByText(
        /^Only you can see this until Demo Client reviews too or the time to review ends on \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M\.$/,
      ),
    ).toBeTruthy();
    expect(within(section).getByRole("button", { name: "Edit review" })).toBeTruthy();
    expect(within(section).queryByRole("button", { name: "Leave a review" })).toBeNull();
  });

  it("shows both published reviews to anyone: stars, text, the client's aspects, the author's profile and the answer", async () => {
    const { section, db } = await openReviews("Retouch menu photos", AISHA);
    const list = within(section).getByRole("list", { name: "Published reviews" });
    const byClient = within(list).getByRole("article", { name: "Review by Demo Client" });
    expect(within(byClient).getByRole("link", { name: "Demo Client" }).getAttribute("href")).toBe(
      `/users/${userId(db, DEMO_CLIENT)}`,
    );
    expect(within(byClient).getByText("· the client")).toBeTruthy();
    expect(within(byClient).getByText(/Beautiful, consistent photos/)).toBeTruthy();
    expect(within(byClient).getByText("Kept to the deadline")).toBeTruthy();
    expect(
      within(byClient)
        .getAllByRole("img")
        .map((stars) => stars.getAttribute("aria-label")),
    ).toEqual(["5 out of 5 stars", "5 out of 5 stars", "5 out of 5 stars", "4 out of 5 stars"]);
    expect(within(byClient).getByText("Answer from Maya Patel")).toBeTruthy();
    expect(within(byClient).getByText("Thank you! The croissant shots were my favourites.")).toBeTruthy();

    const byFreelancer = within(list).getByRole("article", { name: "Review by Maya Patel" });
    expect(within(byFreelancer).getByRole("link", { name: "Maya Patel" }).getAttribute("href")).toBe(
      `/users/${userId(db, DEMO_FREELANCER)}`,
    );
    expect(within(byFreelancer).getByText("A clear brief and quick feedback. Thank you!")).toBeTruthy();
    // A freelancer's review of the client has no aspects.
    expect(within(byFreelancer).queryByText("Communication")).toBeNull();
    expect(within(section).queryByRole("button", { name: "Leave a review" })).toBeNull();
  });

  it("shows the two parties both reviews once published, with nothing left to write", async () => {
    const { section } = await openReviews("Retouch menu photos", DEMO_FREELANCER);
    expect(within(section).getAllByRole("article")).toHaveLength(2);
    expect(within(section).queryByRole("button", { name: /Leave a review|Edit review/ })).toBeNull();
    expect(within(section).queryByText(/Only you can see this/)).toBeNull();
  });

  it("shows someone else no hidden review and nothing to write, only what is published", async () => {
    const { section } = await openReviews("Set up analytics", AISHA);
    expect(
      within(section).getByText(
        "No reviews published yet. They appear once the client and the freelancer have both reviewed, or when the time to review ends.",
      ),
    ).toBeTruthy();
    expect(within(section).queryByText(/Organised, clear about what mattered/)).toBeNull();
    expect(within(section).queryByText(/reviewed you/)).toBeNull();
    expect(within(section).queryByRole("button")).toBeNull();
  });

  it("says the time to review has ended, and shows what the window's end published", async () => {
    // The scenario ends every review window and publishes what was hidden, as the server's timed job does.
    const { section } = await openReviews("Set up analytics", DEMO_CLIENT, undefined, "review-window-closed");
    expect(within(section).getByText("The time to review this task has ended.")).toBeTruthy();
    expect(within(section).queryByRole("button", { name: "Leave a review" })).toBeNull();
    // Lucas's review, hidden until then, is published alone.
    expect(within(section).getByRole("article", { name: "Review by Lucas Moreau" })).toBeTruthy();
  });

  it("takes Leave a review away when the window closes while the page is open, with no notice", async () => {
    const { section } = await openReviews("Logo and colour palette", DEMO_CLIENT, (db) => {
      endLogoTask(db, "completed");
      db.reviewWindows.set(taskTitled(db, "Logo and colour palette")._id, new Date(Date.now() + 3000).toISOString());
    });
    expect(within(section).getByRole("button", { name: "Leave a review" })).toBeTruthy();
    await waitFor(() => expect(within(section).queryByRole("button", { name: "Leave a review" })).toBeNull(), {
      timeout: 10_000,
    });
  });

  it("has reviews for a task cancelled after a hire", async () => {
    const { section } = await openReviews("Logo and colour palette", DEMO_CLIENT, (db) => endLogoTask(db, "cancelled"));
    expect(within(section).getByRole("button", { name: "Leave a review" })).toBeTruthy();
  });

  it("has no reviews for a task still open, nor reads any", async () => {
    const db = freshMockApi();
    const open = taskTitled(db, "Landing page");
    let asked = 0;
    const counted = http.get("*/api/tasks/:id/reviews", () => {
      asked += 1;
      return passthrough();
    });
    const { screen } = await renderRoute(`/task-details/${open._id}`, { as: DEMO_CLIENT, db, handlers: [counted] });
    expect(await screen.findByRole("heading", { name: /^Questions/ })).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Reviews" })).toBeNull();
    expect(asked).toBe(0);
  });

  it("follows the other side's review in place: the notice reads the page and its reviews again", async () => {
    const { section, db, task, screen } = await openReviews("Set up analytics", LUCAS);
    expect(within(section).getByRole("article", { name: "Your review" })).toBeTruthy();
    // The client reviews in another browser: the server publishes both, and the stream brings the notice.
    const publishedAt = db.now();
    for (const review of db.reviews) if (review.taskId === task._id) review.publishedAt = publishedAt;
    db.reviews.push({
      _id: db.nextId("r"),
      taskId: task._id,
      taskTitle: task.title,
      role: "client",
      author: db.person(userId(db, DEMO_CLIENT)),
      subject: db.person(userId(db, LUCAS)),
      rating: 4,
      text: "Clear weekly reports; one was a day late.",
      createdAt: publishedAt,
      updatedAt: publishedAt,
      publishedAt,
      answer: null,
    } satisfies Review);
    receiveNotice({
      id: 9_999,
      kind: "reviews-published",
      data: { taskId: task._id, taskTitle: task.title },
      read: false,
      createdAt: new Date().toISOString(),
    });
    const list = await screen.findByRole("list", { name: "Published reviews" });
    expect(within(list).getByText("Clear weekly reports; one was a day late.")).toBeTruthy();
    expect(within(list).getByRole("article", { name: "Review by Lucas Moreau" })).toBeTruthy();
    expect(screen.queryByRole("article", { name: "Your review" })).toBeNull();
    expect(screen.queryByText(/Only you can see this/)).toBeNull();
  });
});
