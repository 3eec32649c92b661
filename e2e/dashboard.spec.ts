import { daysFromNow, expect, test, toast, uniqueId } from "./support/fixtures.ts";

test("the index shows the person's figures, recent activity and quick actions; the side menu leads on", async ({
  page,
  makeUser,
  login,
}) => {
  await login(await makeUser());
  await page.goto("/dashboard");
  for (const label of ["Total Earnings", "Active Projects", "Proposals Sent", "Total Spent"]) {
    await expect(page.getByRole("main").getByText(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "Recent Activity" })).toBeVisible();
  await expect(page.getByText("Nothing yet: post a task or place a bid, and it shows here.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Post a New Task" })).toHaveAttribute("href", "/dashboard/add-task");
  const menu = page.getByRole("navigation", { name: "Dashboard" });
  await expect(menu.getByRole("link")).toHaveText([
    "Home",
    "Add Task",
    "My Posted Task",
    "My Bids",
    "Messages",
    "Notifications",
    "Task alerts",
    "Payments",
  ]);
  await menu.getByRole("link", { name: "My Posted Task" }).click();
  await expect(page).toHaveURL(/\/dashboard\/my-posted-tasks$/);
  await expect(page.getByText("No tasks posted yet.")).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("the side menu is a drawer that opens, traps focus, closes on Escape and after a link", async ({
    page,
    makeUser,
    login,
  }) => {
    await login(await makeUser());
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Dashboard menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Dashboard" });
    await expect(drawer.getByRole("link")).toHaveText([
      "Home",
      "Add Task",
      "My Posted Task",
      "My Bids",
      "Messages",
      "Notifications",
      "Task alerts",
      "Payments",
    ]);
    // More presses than the drawer has places to focus: focus comes round again, inside it.
    for (let i = 0; i < 10; i++) await page.keyboard.press("Tab");
    await expect(drawer.locator(":focus")).toHaveCount(1);
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await page.getByRole("button", { name: "Dashboard menu" }).click();
    await page.getByRole("dialog", { name: "Dashboard" }).getByRole("link", { name: "Add Task" }).click();
    await expect(page).toHaveURL(/\/dashboard\/add-task$/);
    await expect(page.getByRole("dialog")).toBeHidden();
  });
});

test.describe("Add Task", () => {
  test("posts the task with a toast and resets the form", async ({ page, makeUser, login }) => {
    const user = await makeUser();
    await login(user);
    await page.goto("/dashboard/add-task");
    await expect(page.getByText("Fill in the form below with what needs to be done")).toBeVisible();
    await expect(page.getByLabel("User Email")).toHaveValue(user.email);
    await expect(page.getByLabel("User Email")).toHaveAttribute("readonly", "");
    await expect(page.getByLabel("User Name")).toHaveValue(user.name);
    const title = `Added ${uniqueId()}`;
    await page.getByLabel("Task Title").fill(title);
    await page.getByLabel("Category").selectOption("Writing");
    await page.getByLabel("Description").fill("Write something good.");
    await page.getByLabel("Deadline").fill(daysFromNow(7));
    await page.getByLabel("Budget ($)").fill("99.5");
    await page.getByRole("button", { name: "Add Task" }).click();
    await expect(toast(page, "Task added successfully")).toBeVisible();
    // The new task's own page, ready for its offers.
    await expect(page).toHaveURL(/\/task-details\/[^/]+$/);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole("region", { name: "Manage this task" })).toBeVisible();
    await page.goto("/dashboard/my-posted-tasks");
    const row = page.getByRole("row").filter({ hasText: title });
    await expect(row).toContainText("Writing");
    await expect(row).toContainText("$99.50");
    await expect(row).toContainText(user.name);
  });

  test("names each invalid field, and a refusal shows the server's reason", async ({ page, makeUser, login }) => {
    await login(await makeUser());
    await page.goto("/dashboard/add-task");
    await page.getByRole("button", { name: "Add Task" }).click();
    await expect(page.getByText("Title is required")).toBeVisible();
    await expect(page.getByText(/^Category must be one of/)).toBeVisible();
    await expect(page.getByText("Description is required")).toBeVisible();
    await expect(page.getByText("Deadline is required")).toBeVisible();
    await expect(page.getByText("Budget must be a number")).toBeVisible();
    await page.getByLabel("Task Title").fill("Old deadline");
    await page.getByLabel("Category").selectOption("Design");
    await page.getByLabel("Description").fill("Something");
    await page.getByLabel("Deadline").fill("2001-01-01");
    await page.getByLabel("Budget ($)").fill("10.123");
    await page.getByRole("button", { name: "Add Task" }).click();
    await expect(page.getByText("Deadline cannot be in the past")).toBeVisible();
    await expect(page.getByText("Budget can have at most two decimals")).toBeVisible();

    await page.getByLabel("Deadline").fill(daysFromNow(5));
    await page.getByLabel("Budget ($)").fill("10");
    await page.route("**/api/tasks", (route) =>
      route.fulfill({
        status: 429,
        contentType: "application/problem+json",
        body: JSON.stringify({
          type: "about:blank",
          title: "Too Many Requests",
          status: 429,
          detail: "Slow down: too many tasks posted in a minute.",
        }),
      }),
    );
    await page.getByRole("button", { name: "Add Task" }).click();
    await expect(toast(page, "Slow down: too many tasks posted in a minute.")).toBeVisible();
    await expect(page.getByLabel("Task Title")).toHaveValue("Old deadline");
  });
});

test.describe("My Posted Tasks", () => {
  test("lists only my tasks; delete asks first, then removes the row", async ({ page, makeUser, login }) => {
    const me = await makeUser();
    const keep = `Keep ${uniqueId()}`;
    const drop = `Drop ${uniqueId()}`;
    await me.createTask({ title: keep, category: "Marketing", budget: 75 });
    await me.createTask({ title: drop });
    const other = await makeUser();
    await other.createTask({ title: "Not mine" });
    await login(me);
    await page.goto("/dashboard/my-posted-tasks");
    await expect(page.getByRole("columnheader")).toHaveText([
      "User Name",
      "Category",
      "Task Title",
      "Budget ($)",
      "Deadline",
      "Offers",
      "Status",
      "Actions",
    ]);
    await expect(page.getByRole("row")).toHaveCount(3);
    await expect(page.getByText("Not mine")).toHaveCount(0);

    const row = page.getByRole("row").filter({ hasText: drop });
    await row.getByRole("button", { name: /^Delete/ }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm.getByRole("heading", { name: "Are you sure?" })).toBeVisible();
    await expect(confirm.getByText("You won't be able to revert this!")).toBeVisible();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(row).toBeVisible();

    await row.getByRole("button", { name: /^Delete/ }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Yes, delete it!" }).click();
    const done = page.getByRole("alertdialog");
    await expect(done.getByRole("heading", { name: "Deleted!" })).toBeVisible();
    await expect(done.getByText("Your task has been deleted.")).toBeVisible();
    await done.getByRole("button", { name: "OK" }).click();
    await expect(page.getByRole("row").filter({ hasText: drop })).toHaveCount(0);
    await expect(page.getByRole("row").filter({ hasText: keep })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("row")).toHaveCount(2);
  });

  test("the Bids dialog shows the total and who bid when, and closes", async ({ page, makeUser, login }) => {
    const me = await makeUser();
    const id = await me.createTask({ title: "Popular task" });
    const first = await makeUser();
    const second = await makeUser();
    await first.bid(id);
    await second.bid(id);
    await login(me);
    await page.goto("/dashboard/my-posted-tasks");
    await page.getByRole("button", { name: "Bids for Popular task" }).click();
    const dialog = page.getByRole("dialog", { name: "Bids for This Task" });
    await expect(dialog.getByText("Total Bids: 2")).toBeVisible();
    const bidders = dialog.getByRole("list", { name: "Offers" }).getByRole("listitem");
    await expect(bidders).toHaveCount(2);
    await expect(bidders.first()).toContainText(first.name);
    await expect(bidders.first()).toContainText(first.email);
    await expect(bidders.first().locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
    await expect(bidders.nth(1)).toContainText(second.name);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  });

  test("when the bids cannot be fetched, the dialog shows 0", async ({ page, makeUser, login }) => {
    const me = await makeUser();
    await me.createTask({ title: "Quiet task" });
    await login(me);
    await page.route("**/api/bids?*", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/problem+json",
        body: JSON.stringify({ status: 500, title: "Internal Server Error", detail: "Something failed on our side." }),
      }),
    );
    await page.goto("/dashboard/my-posted-tasks");
    await page.getByRole("button", { name: "Bids for Quiet task" }).click();
    const dialog = page.getByRole("dialog", { name: "Bids for This Task" });
    await expect(dialog.getByText("Total Bids: 0")).toBeVisible();
    await expect(dialog.getByRole("alert")).toHaveText("Something failed on our side.");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });
});

test.describe("Update Task", () => {
  test("saves changes, says Updated! and returns to My Posted Tasks", async ({ page, makeUser, login }) => {
    const me = await makeUser();
    const id = await me.createTask({ title: "Before", category: "Design", budget: 100 });
    await login(me);
    await page.goto("/dashboard/my-posted-tasks");
    await page.getByRole("link", { name: "Update Before" }).click();
    await expect(page).toHaveURL(`/dashboard/update-task/${id}`);
    await expect(page.getByLabel("Task Title")).toHaveValue("Before");
    await expect(page.getByLabel("Category")).toHaveValue("Design");
    await expect(page.getByLabel("Budget ($)")).toHaveValue("100");

    await page.getByRole("button", { name: "Update Task" }).click();
    await expect(page.getByRole("status").filter({ hasText: "No changes to save." })).toBeVisible();

    await page.getByLabel("Task Title").fill("After");
    await page.getByLabel("Budget ($)").fill("150");
    await page.getByRole("button", { name: "Update Task" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog.getByRole("heading", { name: "Updated!" })).toBeVisible();
    await expect(dialog.getByText("Task updated successfully!")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/my-posted-tasks$/);
    await dialog.getByRole("button", { name: "OK" }).click();
    const row = page.getByRole("row").filter({ hasText: "After" });
    await expect(row).toContainText("$150.00");
  });
});
