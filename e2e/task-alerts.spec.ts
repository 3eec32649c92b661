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

test("a freelancer saves a search; a client posts a matching task; her bell rises live with why, the email says it once, and its link pauses the search", async ({
  browser,
  makeUser,
}) => {
  test.setTimeout(test.info().timeout * 2);
  const freelancer = await makeUser({ name: `Freelancer ${uniqueId()}` });
  const client = await makeUser({ name: `Client ${uniqueId()}` });
  await confirmEmail(freelancer);
  // A word nobody else's task has, so that only this story's task matches.
  const word = `harp${uniqueId()}`;

  // She searches Browse Tasks and saves the search, as it happens.
  const page = await windowFor(browser, freelancer);
  const streams = await watchEventStreams(page);
  await page.goto(`/browse-tasks?q=${word}`);
  await page.getByRole("button", { name: "Save this search" }).click();
  const dialog = page.getByRole("dialog", { name: "Save this search" });
  await expect(dialog.getByRole("radio", { name: "As it happens" })).toBeChecked();
  await dialog.getByRole("button", { name: "Save search" }).click();
  await expect(toast(page, "Search saved")).toBeVisible();
  await expect.poll(streams).toContain(STREAM_OPEN);
  await expect(bell(page)).toHaveAccessibleName("Notifications");

  // The client posts a task the search finds.
  const title = `Wedding ${word} player`;
  const taskId = await client.createTask({ title, category: "Writing", budget: 350 });

  // Her bell rises on the page as it was, and the toast says why it matched.
  const sentence = `New task for “${word}”: ${title} — $350.00 · matched ${word} (Writing).`;
  await expect(bell(page)).toHaveAccessibleName("Notifications, 1 unread");
  await expect(toast(page, sentence)).toBeVisible();
  const email = await waitForEmail(freelancer.email, `New task for “${word}”: ${title}`);
  expect(email.text).toContain(sentence);
  expect(email.text).toContain(`/task-details/${taskId}`);
  expect(email.text).toContain(`You get this email for “Task alerts: ${word}”`);

  // The notice marks the word in the title, and leads to the task.
  await bell(page).click();
  const notice = page.getByRole("list", { name: "Notifications" }).getByRole("listitem").first();
  await expect(notice).toContainText(sentence);
  await expect(notice.locator("mark")).toHaveText([word]);
  await notice.getByRole("link").click();
  await expect(page).toHaveURL(`/task-details/${taskId}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  // The email's link, opened without signing in, pauses the search.
  const visitor = await windowFor(browser, null);
  await visitor.goto(linkIn(email, `${baseURL()}/email/unsubscribe`));
  await expect(visitor.getByText(/Pause the saved search whose task alert brought you here/)).toBeVisible();
  await visitor.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(visitor.getByRole("status")).toHaveText(
    `Your saved search “${word}” is paused: it tells you of no new tasks until you resume it in Task alerts.`,
  );

  // Task alerts says so, with the task it found this week.
  await page.goto("/dashboard/alerts");
  await expect.poll(streams).toContain(STREAM_OPEN);
  const card = page.getByRole("article", { name: word });
  await expect(card.getByText("Paused", { exact: true })).toBeVisible();
  await expect(card.getByRole("link", { name: title })).toHaveAttribute("href", `/task-details/${taskId}`);
  await expect(card).toContainText("1 task this week");

  // Paused, it tells of nothing more: a task both it and a newer search find comes under the newer one.
  const saved = await freelancer.api.post("/api/saved-searches", { data: { q: `${word} second` } });
  expect(saved.status()).toBe(201);
  await expect(bell(page)).toHaveAccessibleName("Notifications");
  await client.createTask({ title: `Second ${word} task`, category: "Writing", budget: 200 });
  await expect(toast(page, `New task for “${word} second”: Second ${word} task — $200.00`)).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName("Notifications, 1 unread");
});
