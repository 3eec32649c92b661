import type { Browser, Page } from "@playwright/test";
import {
  type Account,
  expect,
  STREAM_OPEN,
  test,
  toast,
  uniqueId,
  watchEventStreams,
  windowFor,
} from "./support/fixtures.ts";

/** A window for `account` whose live stream is open on `path` (a notice before then would reach nobody). */
async function liveWindow(browser: Browser, account: Account, path: string) {
  const page = await windowFor(browser, account);
  const streams = await watchEventStreams(page);
  await page.goto(path);
  await expect.poll(streams).toContain(STREAM_OPEN);
  return page;
}

async function call(account: Account, method: "post" | "get", url: string, data?: object) {
  const response = await account.api[method](url, data ? { data } : undefined);
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

const reviews = (page: Page) => page.getByRole("region", { name: "Reviews" });

/** Writes a review in the task page's dialog: the stars, the text, and sends it. */
async function review(page: Page, name: string, stars: number, text: string, aspects: Record<string, number> = {}) {
  await reviews(page).getByRole("button", { name: "Leave a review" }).click();
  const dialog = page.getByRole("dialog", { name: `Review ${name}` });
  await dialog.getByRole("radiogroup", { name: "Rating" }).getByLabel(`${stars} stars`).check({ force: true });
  await dialog.getByLabel("Your review").fill(text);
  for (const [aspect, count] of Object.entries(aspects)) {
    await dialog.getByRole("radiogroup", { name: aspect }).getByLabel(`${count} stars`).check({ force: true });
  }
  await dialog.getByRole("button", { name: "Send review" }).click();
  await expect(dialog).toHaveCount(0);
}

test("a client and a freelancer review each other blind, both see both at once, the freelancer answers, and the client's next bids show the rating", async ({
  browser,
  makeUser,
}) => {
  // Three windows of two people, each page live: a story takes more than one screen's time.
  test.setTimeout(test.info().timeout * 2);
  const client = await makeUser({ name: `Client ${uniqueId()}` });
  const freelancer = await makeUser({ name: `Maya ${uniqueId()}` });
  const title = `Logo design ${uniqueId()}`;
  const taskId = await client.createTask({ title, description: "A logo for a cycling club." });
  const bid = await call(freelancer, "post", "/api/bids", { taskId, amount: 200 });
  await call(client, "post", `/api/tasks/${taskId}/accept`, { bidId: bid._id });

  const taskPath = `/task-details/${taskId}`;
  const clientPage = await liveWindow(browser, client, taskPath);
  const freelancerPage = await liveWindow(browser, freelancer, taskPath);

  // The client marks the work done on the task's page and reviews at once.
  await clientPage.getByRole("button", { name: `Mark as completed: ${title}` }).click();
  await clientPage
    .getByRole("alertdialog", { name: "Mark as completed?" })
    .getByRole("button", { name: "Mark as completed" })
    .click();
  await expect(toast(clientPage, "The task is marked as completed.")).toBeVisible();
  await review(clientPage, freelancer.name, 5, "Clear sketches, quick changes, and files ready for the printer.", {
    Communication: 5,
    "Quality of work": 5,
    "Kept to the deadline": 4,
  });
  await expect(toast(clientPage, "Your review has been sent.")).toBeVisible();
  await expect(reviews(clientPage).getByText("Hidden")).toBeVisible();

  // The client also has the freelancer's profile open, where nothing of it shows yet.
  const profileView = await liveWindow(browser, client, `/users/${bid.bidderId}`);
  await expect(profileView.getByRole("heading", { level: 1, name: freelancer.name })).toBeVisible();
  await expect(profileView.getByText(`No published reviews of ${freelancer.name}'s work yet.`)).toBeVisible();

  // The freelancer's open page learns that a review waits, without its words.
  await expect(reviews(freelancerPage)).toContainText(`${client.name} reviewed you — write yours to see it.`);
  await expect(freelancerPage.getByText("Clear sketches")).toHaveCount(0);
  await review(freelancerPage, client.name, 4, "A precise brief and quick answers.");
  await expect(toast(freelancerPage, "Your review is published, with the one you received.")).toBeVisible();

  // Both are published together: on both task pages (the client's without a reload) …
  for (const page of [freelancerPage, clientPage]) {
    const published = reviews(page).getByRole("list", { name: "Published reviews" });
    await expect(published.getByRole("listitem")).toHaveCount(2);
    await expect(published).toContainText("Clear sketches, quick changes");
    await expect(published).toContainText("A precise brief and quick answers.");
  }

  // … on the profile the client has open, without a reload …
  await expect(profileView.getByText("Clear sketches, quick changes")).toBeVisible();
  await expect(profileView.getByRole("link", { name: /^As a freelancer \(1\)/ })).toBeVisible();

  // … and on both profiles: the client's, from the poster's name on the task's page …
  await freelancerPage.getByRole("link", { name: client.name }).first().click();
  await expect(freelancerPage.getByRole("heading", { level: 1, name: client.name })).toBeVisible();
  await freelancerPage.getByRole("link", { name: /^As a client/ }).click();
  await expect(freelancerPage.getByText("A precise brief and quick answers.")).toBeVisible();

  // … and the freelancer's, from her name in the client's review.
  await clientPage.getByRole("link", { name: freelancer.name }).first().click();
  await expect(clientPage.getByRole("heading", { level: 1, name: freelancer.name })).toBeVisible();
  await expect(clientPage.getByText("Clear sketches, quick changes")).toBeVisible();
  const freelancerId = new URL(clientPage.url()).pathname.split("/").pop() as string;

  await freelancerPage.goto(`/users/${freelancerId}`);
  await expect(freelancerPage.getByText("Clear sketches, quick changes")).toBeVisible();
  await freelancerPage.getByRole("button", { name: `Answer ${client.name}'s review` }).click();
  await freelancerPage.getByLabel("Your public answer").fill("Thank you, it was a joy to draw.");
  await freelancerPage.getByRole("button", { name: "Publish answer" }).click();
  await expect(freelancerPage.getByText("Thank you, it was a joy to draw.")).toBeVisible();
  await expect(freelancerPage.getByRole("button", { name: `Answer ${client.name}'s review` })).toHaveCount(0);

  // What "… reviewed you — write yours" asked is done: it is no longer New beside its outcome.
  await freelancerPage.goto("/dashboard/notifications");
  const notices = freelancerPage.getByRole("list", { name: "Notifications" });
  const waited = notices.getByRole("listitem").filter({ hasText: `${client.name} reviewed you — write yours` });
  await expect(
    notices.getByRole("listitem").filter({ hasText: `Your reviews of “${title}” are published.` }),
  ).toBeVisible();
  await expect(waited).toBeVisible();
  await expect(waited.getByText("New", { exact: true })).toHaveCount(0);

  // An answer tells nobody: the client sees it the next time the profile is read.
  await clientPage.reload();
  await expect(clientPage.getByText("Thank you, it was a joy to draw.")).toBeVisible();

  // The client's next task: Maya's offer shows her rating beside it.
  const next = await client.createTask({ title: `Business cards ${uniqueId()}` });
  await call(freelancer, "post", "/api/bids", { taskId: next, amount: 80 });
  await clientPage.goto(`/task-details/${next}`);
  const offer = clientPage
    .getByRole("region", { name: "Offers" })
    .getByRole("listitem", { name: `Offer from ${freelancer.name}` });
  await expect(offer).toContainText("★ 5.0 · 1 review · 1 done");
});
