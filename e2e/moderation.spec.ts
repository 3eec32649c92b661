import type { Browser, Page } from "@playwright/test";
import {
  type Account,
  expect,
  grantRole,
  limitFor,
  STREAM_OPEN,
  test,
  toast,
  uniqueId,
  watchEventStreams,
  windowFor,
} from "./support/fixtures.ts";
import { setTheme } from "./support/screens.ts";

/** A window for `account` whose live stream is open on `path` (a notice before then would reach nobody). */
async function liveWindow(
  browser: Browser,
  account: Account,
  path: string,
  { viewport, theme }: { viewport?: { width: number; height: number }; theme?: "light" | "dark" } = {},
) {
  const page = await windowFor(browser, account, viewport);
  if (theme) await setTheme(page, theme);
  const streams = await watchEventStreams(page);
  await page.goto(path);
  await expect.poll(streams).toContain(STREAM_OPEN);
  return page;
}

const decisions = (page: Page) => page.getByRole("list", { name: "Decisions about you, newest first" });

test("a freelancer reports a scam task; a moderator removes it and limits its poster; the reporter is told; the poster sees the rule, cannot post, appeals the decision once; the moderator restores it all; the poster can post again and the reporter is told the task is back", async ({
  browser,
  makeUser,
}) => {
  test.setTimeout(test.info().timeout * 3);
  const poster = await makeUser({ name: `Rex ${uniqueId()}` });
  const freelancer = await makeUser({ name: `Fiona ${uniqueId()}` });
  const moderator = await makeUser({ name: `Mo ${uniqueId()}` });
  await grantRole(moderator.email, "moderator");
  const title = `Earn $500 a day from home ${uniqueId()}`;
  const taskId = await poster.createTask({
    title,
    description: "Pay a $20 starter fee by gift card and I will send you the tasks. Text me to start.",
  });

  // The freelancer reads the task and reports it as a scam; her notices are open in another tab.
  const reporter = await windowFor(browser, freelancer);
  await reporter.goto(`/task-details/${taskId}`);
  await reporter.getByRole("button", { name: "Report this task" }).click();
  const form = reporter.getByRole("dialog", { name: "Report this task" });
  await form.getByLabel("Scam or fraud").check();
  await form.getByLabel(/What is wrong\?/).fill("Asks for a fee up front, paid by gift card.");
  await form.getByRole("button", { name: "Send report" }).click();
  await expect(toast(reporter, "Thank you. A moderator will look at it.")).toBeVisible();
  await expect(form).toHaveCount(0);
  const reporterNotices = await liveWindow(browser, freelancer, "/dashboard/notifications");

  // The poster has their account's standing open on a phone, in the dark: nothing yet.
  const posterPage = await liveWindow(browser, poster, "/account/standing", {
    viewport: { width: 390, height: 844 },
    theme: "dark",
  });
  await expect(
    posterPage.getByText("Nothing here: no moderator has acted on your account or your content."),
  ).toBeVisible();

  // The moderator finds the report in the queue, with the reporter's reason and words, and decides:
  // remove the task and limit its poster, under a house rule, with a note.
  const queue = await windowFor(browser, moderator);
  await queue.goto("/admin");
  const group = queue.getByRole("article", { name: new RegExp(title.replace(/\$/g, "\\$")) });
  // The queue is shared with every other test's reports: this one's group is found by its title.
  await expect(group).toContainText("Scam or fraud", { timeout: limitFor(30_000) });
  await expect(group).toContainText("Asks for a fee up front, paid by gift card.");
  await group.getByLabel("Remove the content").check();
  await group.getByRole("radio", { name: /^Limit/ }).check();
  await group.getByLabel("House rule").selectOption({ label: "Be honest" });
  await group.getByRole("textbox", { name: "Note" }).fill("An upfront fee paid by gift card is a known scam.");
  await group.getByRole("button", { name: "Decide" }).click();
  await expect(toast(queue, `Decided: the content is removed and ${poster.name} is limited.`)).toBeVisible();
  await expect(group).toHaveCount(0);

  // The reporter is told, without a reload, that it was removed: not what happened to the poster.
  const told = reporterNotices.getByRole("list", { name: "Notifications" });
  await expect(told.getByText(`We removed the task “${title}”, which you reported as a scam.`)).toBeVisible();
  await expect(told.getByText(/limited/)).toHaveCount(0);
  await reporter.goto(`/task-details/${taskId}`);
  await expect(reporter.getByText("This task was removed for breaking the house rules.")).toBeVisible();

  // The poster's page shows the decision, one card for both its effects, the rule and the note, without a reload.
  const decision = decisions(posterPage)
    .getByRole("listitem")
    .filter({ hasText: "Content removed and account limited" });
  await expect(
    decisions(posterPage).getByRole("heading", { name: "Content removed and account limited" }),
  ).toBeVisible();
  await expect(decisions(posterPage).getByRole("button", { name: /^Appeal/ })).toHaveCount(1);
  await expect(decisions(posterPage).getByRole("link", { name: "Be honest" }).first()).toBeVisible();
  await expect(
    decisions(posterPage).getByText("An upfront fee paid by gift card is a known scam.").first(),
  ).toBeVisible();
  await posterPage.screenshot({ path: test.info().outputPath("standing-phone-dark.png"), fullPage: true });

  // They cannot post: Add Task says so and why, its form disabled before they type, and the server refuses naming the rule.
  const addTask = await windowFor(browser, poster);
  await addTask.goto("/dashboard/add-task");
  await expect(addTask.getByText("Your account is limited")).toBeVisible();
  await expect(addTask.getByLabel("Task Title")).toBeDisabled();
  await expect(addTask.getByRole("button", { name: "Add Task" })).toBeDisabled();
  const refused = await poster.api.post("/api/tasks", {
    data: { title: "Another try", category: "Design", description: "x", deadline: "2099-01-01", budget: 10 },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).detail).toContain("“Be honest”");

  // They appeal the decision, once.
  await decision.getByRole("button", { name: "Appeal: Content removed and account limited" }).click();
  await posterPage.getByLabel("Your appeal").fill("It was a mistake in my wording; I will post real tasks only.");
  await posterPage.getByRole("button", { name: "Send appeal" }).click();
  await expect(toast(posterPage, "Your appeal is sent. A moderator will look at it.")).toBeVisible();
  await expect(decisions(posterPage).getByRole("button", { name: /^Appeal/ })).toHaveCount(0);

  // The moderator opens the queue again: one appeal waits there, of both; they restore it all.
  await queue.goto("/admin");
  const appeal = queue.getByRole("article", { name: `${poster.name}'s appeal` });
  await expect(appeal).toContainText("It was a mistake in my wording");
  await expect(appeal.getByRole("heading", { level: 3 })).toHaveText(`${poster.name} appeals a removal and limit`);
  await expect(appeal.getByRole("checkbox")).toHaveCount(2);
  await appeal.getByLabel("Your answer").fill("Lifted: post real work only from now on.");
  await appeal.getByRole("button", { name: "Restore" }).click();
  await expect(toast(queue, /Restored/)).toBeVisible();
  await expect(appeal).toHaveCount(0);

  // The poster's page says the decision is lifted, in place; Add Task, still open, has its form back
  // without a reload; they post again.
  await expect(decision.getByText("Lifted", { exact: true })).toBeVisible();
  await expect(decision).toContainText("Lifted: post real work only from now on.");
  await expect(addTask.getByText("Your account is limited")).toHaveCount(0);
  await expect(addTask.getByLabel("Task Title")).toBeEnabled();
  await poster.createTask({ title: `A real task ${uniqueId()}` });

  // The task is back, and its reporter is told so, without a reload.
  await expect(
    told.getByText(
      `We put back the task “${title}”, which you reported as a scam: looked at again, it does not break the house rules.`,
    ),
  ).toBeVisible();
  await reporter.goto(`/task-details/${taskId}`);
  await expect(reporter.getByRole("heading", { level: 1, name: title })).toBeVisible();

  // The moderator finds the poster's page from the audit log: nothing in force, the decision in their history.
  await queue.goto("/admin/audit");
  await queue
    .getByRole("link", { name: `${poster.name}'s record` })
    .first()
    .click();
  await expect(queue.getByRole("heading", { level: 1, name: poster.name })).toBeVisible();
  await expect(queue.getByText("Nothing in force: no removal, limit or suspension stands.")).toBeVisible();
});
