import type { Page } from "@playwright/test";
import {
  baseURL,
  bell,
  confirmEmail,
  expect,
  linkIn,
  STREAM_OPEN,
  test,
  toast,
  uniqueId,
  waitForEmail,
  watchEventStreams,
  windowFor,
} from "./support/fixtures.ts";

const STREAM_CLOSED = 2;

const dashboardMenu = (page: Page) => page.getByRole("navigation", { name: "Dashboard" });

test("a bid and a lower budget reach the other person's bell without a reload; the notice leads to the task", async ({
  browser,
  makeUser,
}) => {
  test.setTimeout(test.info().timeout * 2);
  const client = await makeUser({ name: `Client ${uniqueId()}` });
  const freelancer = await makeUser({ name: `Freelancer ${uniqueId()}` });
  await confirmEmail(freelancer);
  const title = `Website ${uniqueId()}`;
  const taskId = await client.createTask({ title, budget: 500 });

  // The client has the task open on the dashboard; nothing new yet.
  const clientPage = await windowFor(browser, client);
  await clientPage.goto("/dashboard/my-posted-tasks");
  await expect(clientPage.getByRole("row").filter({ hasText: title })).toBeVisible();
  await expect(bell(clientPage)).toHaveAccessibleName("Notifications");
  await expect(bell(clientPage)).toHaveText("");

  // The freelancer bids through the task's page.
  const freelancerPage = await windowFor(browser, freelancer);
  await freelancerPage.goto(`/task-details/${taskId}`);
  await expect(bell(freelancerPage)).toHaveAccessibleName("Notifications");
  await freelancerPage.getByRole("button", { name: "Place a Bid" }).click();
  const dialog = freelancerPage.getByRole("dialog", { name: "Place a Bid" });
  await dialog.getByRole("button", { name: "Place bid" }).click();
  await expect(toast(freelancerPage, "Your bid has been placed.")).toBeVisible();

  // The client's bell, the menu and a toast say so, on the page as it was.
  await expect(bell(clientPage)).toHaveAccessibleName("Notifications, 1 unread");
  await expect(bell(clientPage)).toHaveText("1");
  await expect(dashboardMenu(clientPage).getByRole("link", { name: "Notifications 1 unread" })).toBeVisible();
  await expect(toast(clientPage, `${freelancer.name} bid for $500.00 on “${title}”.`)).toBeVisible();

  // The client lowers the budget through the update form.
  await clientPage.goto(`/dashboard/update-task/${taskId}`);
  await clientPage.getByLabel("Budget ($)").fill("350");
  await clientPage.getByRole("button", { name: "Update Task" }).click();
  await expect(clientPage.getByRole("alertdialog", { name: "Updated!" })).toBeVisible();

  // The freelancer, still on the task's page, sees the bell rise, and the notice names the change.
  await expect(bell(freelancerPage)).toHaveAccessibleName("Notifications, 1 unread");
  await expect(bell(freelancerPage)).toHaveText("1");
  await bell(freelancerPage).click();
  await expect(freelancerPage).toHaveURL(/\/dashboard\/notifications$/);
  await expect(freelancerPage.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
  const notice = freelancerPage.getByRole("list", { name: "Notifications" }).getByRole("listitem").first();
  await expect(notice).toContainText(`“${title}” changed after your bid: Budget changed from $500.00 to $350.00.`);
  await expect(notice).toContainText("New");
  // Opening it leads to the task and reads it.
  await notice.getByRole("link").click();
  await expect(freelancerPage).toHaveURL(`/task-details/${taskId}`);
  await expect(bell(freelancerPage)).toHaveAccessibleName("Notifications");
  await freelancerPage.goBack();
  await expect(notice).toContainText("Budget changed from $500.00 to $350.00");
  await expect(notice).not.toContainText("New");

  // The change was emailed too (by default); its unsubscribe link works signed out.
  const email = await waitForEmail(freelancer.email, `“${title}” changed after your bid`);
  expect(email.text).toContain("Budget changed from $500.00 to $350.00");
  const signedOut = await browser.newContext({ baseURL: baseURL() });
  const unsubscribePage = await signedOut.newPage();
  await unsubscribePage.goto(linkIn(email, `${baseURL()}/email/unsubscribe?token=`));
  await expect(unsubscribePage.getByRole("heading", { name: "Unsubscribe" })).toBeVisible();
  await unsubscribePage.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(unsubscribePage.getByRole("status")).toHaveText(
    "You will no longer get emails for “Changes to a task I bid on”. You can change this in your profile.",
  );
  // The profile shows the choice: in the app only.
  await freelancerPage.goto("/profile");
  const changes = freelancerPage.getByRole("group", { name: "Changes to a task I bid on" });
  await expect(changes.getByRole("radio", { name: "In the app" })).toBeChecked();

  for (const page of [clientPage, freelancerPage, unsubscribePage]) await page.context().close();
});

test("private messages raise the other person's Messages count live; opening the thread brings it down", async ({
  browser,
  makeUser,
}) => {
  test.setTimeout(test.info().timeout * 2);
  const client = await makeUser({ name: `Client ${uniqueId()}` });
  const freelancer = await makeUser({ name: `Freelancer ${uniqueId()}` });
  const title = `Poster ${uniqueId()}`;
  const taskId = await client.createTask({ title });
  await freelancer.bid(taskId);

  const freelancerPage = await windowFor(browser, freelancer);
  await freelancerPage.goto("/dashboard");
  const freelancerMessages = dashboardMenu(freelancerPage).getByRole("link", { name: /^Messages/ });
  await expect(freelancerMessages).toHaveAccessibleName("Messages");

  const clientPage = await windowFor(browser, client);
  await clientPage.goto("/dashboard/my-posted-tasks");
  await clientPage.getByRole("button", { name: `Bids for ${title}` }).click();
  await clientPage.getByRole("link", { name: `Message ${freelancer.name}` }).click();
  await clientPage.getByLabel("Your message").fill("Could you start on Monday?");
  await clientPage.getByRole("button", { name: "Send", exact: true }).click();
  await expect(clientPage.getByRole("list", { name: "Messages" })).toContainText("Could you start on Monday?");

  // The freelancer's menu and bell count it, without a reload.
  await expect(freelancerMessages).toHaveAccessibleName("Messages 1 unread");
  await expect(freelancerMessages).toContainText("1");
  await expect(bell(freelancerPage)).toHaveAccessibleName("Notifications, 1 unread");
  await freelancerMessages.click();
  const conversation = freelancerPage.getByRole("link", { name: new RegExp(client.name) });
  await expect(conversation).toContainText("1 unread");
  await conversation.click();
  await expect(freelancerPage.getByRole("list", { name: "Messages" })).toContainText("Could you start on Monday?");
  // Reading the thread reads its message notice too.
  await expect(freelancerMessages).toHaveAccessibleName("Messages");
  await expect(bell(freelancerPage)).toHaveAccessibleName("Notifications");

  // The reply appears in the thread the client still has open, without a reload (issue 27), and
  // what is shown there is read: the count comes back to none.
  await freelancerPage.getByLabel("Your message").fill("Yes, Monday works.");
  await freelancerPage.getByRole("button", { name: "Send", exact: true }).click();
  await expect(freelancerPage.getByRole("list", { name: "Messages" })).toContainText("Yes, Monday works.");
  await expect(clientPage.getByRole("list", { name: "Messages" })).toContainText("Yes, Monday works.");
  const clientMessages = dashboardMenu(clientPage).getByRole("link", { name: /^Messages/ });
  await expect(clientMessages).toHaveAccessibleName("Messages");

  for (const page of [clientPage, freelancerPage]) await page.context().close();
});

test("the list pages back with Load more, marks all as read, and starts empty", async ({ page, makeUser, login }) => {
  const client = await makeUser();
  const asker = await makeUser({ name: `Asker ${uniqueId()}` });
  const title = `Logo ${uniqueId()}`;
  const taskId = await client.createTask({ title });
  await login(client);
  await page.goto("/dashboard/notifications");
  await expect(page.getByText("No notifications yet.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Mark all as read" })).toHaveCount(0);

  for (let i = 1; i <= 22; i++) {
    const asked = await asker.api.post(`/api/tasks/${taskId}/questions`, { data: { body: `Question ${i}?` } });
    expect(asked.status(), await asked.text()).toBe(201);
  }
  // New notices join the list at the top as they come.
  const items = page.getByRole("list", { name: "Notifications" }).getByRole("listitem");
  await expect(items.first()).toContainText(`${asker.name} asked a question on “${title}”.`);
  await expect(bell(page)).toHaveAccessibleName("Notifications, 22 unread");

  await page.reload();
  await expect(items).toHaveCount(20);
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(items).toHaveCount(22);
  await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);
  await expect(items.filter({ hasText: "New" })).toHaveCount(22);

  await page.getByRole("button", { name: "Mark all as read" }).click();
  await expect(items.filter({ hasText: "New" })).toHaveCount(0);
  await expect(bell(page)).toHaveAccessibleName("Notifications");
  await expect(page.getByRole("button", { name: "Mark all as read" })).toBeDisabled();
});

test("the profile's email choices are saved per kind", async ({ page, makeUser, login }) => {
  await login(await makeUser());
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "Email notifications" })).toBeVisible();
  const messages = page.getByRole("group", { name: "New messages" });
  await expect(messages.getByRole("radio", { name: "Email" })).toBeChecked();
  // New offers are emailed by default (issue 27); questions stay in the app.
  await expect(
    page.getByRole("group", { name: "New bids on my tasks" }).getByRole("radio", { name: "Email" }),
  ).toBeChecked();
  await expect(
    page.getByRole("group", { name: "New questions on my tasks" }).getByRole("radio", { name: "In the app" }),
  ).toBeChecked();
  await messages.getByText("Off").click();
  await expect(toast(page, "Saved: “New messages” turned off.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("group", { name: "New messages" }).getByRole("radio", { name: "Off" })).toBeChecked();
});

test("an unsubscribe link that is not valid says so", async ({ page }) => {
  await page.goto("/email/unsubscribe?token=not-a-real-token");
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "This unsubscribe link is not valid. Open your profile to choose your emails.",
  );
  await page.goto("/email/unsubscribe");
  await expect(page.getByRole("alert")).toContainText("This unsubscribe link is not valid.");
  await expect(page.getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);
});

test("a signed-out visitor opens no event stream; a signed-in tab opens one, and logging out closes it", async ({
  page,
  makeUser,
  login,
}) => {
  // Every EventSource the page makes, to read their states.
  const streamStates = await watchEventStreams(page);
  await page.goto("/about");
  await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
  await expect(bell(page)).toHaveCount(0);
  expect(await streamStates()).toEqual([]);

  await login(await makeUser());
  await page.goto("/about");
  await expect(bell(page)).toHaveAccessibleName("Notifications");
  await expect.poll(streamStates).toEqual([STREAM_OPEN]);
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(bell(page)).toHaveCount(0);
  expect(await streamStates()).toEqual([STREAM_CLOSED]);
});
