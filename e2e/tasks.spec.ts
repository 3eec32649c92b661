import { daysFromNow, expect, test, toast, uniqueId } from "./support/fixtures.ts";

test.describe("Browse Tasks", () => {
  test("cards show title, category, budget and deadline, with See Details", async ({ page, makeUser, login }) => {
    const poster = await makeUser();
    const title = `Browse card ${uniqueId()}`;
    const id = await poster.createTask({ title, category: "Writing", budget: 1234.5, deadline: "2030-06-15" });
    await login(await makeUser());
    await page.goto(`/browse-tasks?q=${encodeURIComponent(title)}`);
    const card = page.getByRole("article").filter({ hasText: title });
    await expect(card.getByText("Writing")).toBeVisible();
    await expect(card.getByText("$1,234.50")).toBeVisible();
    await expect(card.getByText("Jun 15, 2030")).toBeVisible();
    await card.getByRole("link", { name: /See Details/ }).click();
    await expect(page).toHaveURL(`/task-details/${id}`);
  });

  test("search, category, sort and pages live in the URL and survive a reload", async ({ page, makeUser }) => {
    const poster = await makeUser();
    const tag = uniqueId();
    for (let i = 1; i <= 14; i++) {
      await poster.createTask({
        title: `Paged ${tag} ${String(i).padStart(2, "0")}`,
        category: "Marketing",
        budget: i * 10,
      });
    }
    await poster.createTask({ title: `Paged ${tag} other`, category: "Design", budget: 5 });

    await page.goto("/browse-tasks");
    await page.getByLabel("Search tasks").fill(`Paged ${tag}`);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(`/browse-tasks?q=Paged+${tag}`);
    await expect(page.getByText("15 tasks · page 1 of 2")).toBeVisible();

    await page.getByLabel("Category").selectOption("Marketing");
    await expect(page).toHaveURL(`/browse-tasks?q=Paged+${tag}&category=Marketing`);
    await expect(page.getByText("14 tasks · page 1 of 2")).toBeVisible();

    await page.getByLabel("Sort by").selectOption("budget");
    await expect(page).toHaveURL(`/browse-tasks?q=Paged+${tag}&category=Marketing&sort=budget`);
    await expect(page.getByRole("article").first()).toContainText(`Paged ${tag} 14`);

    await page.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(`/browse-tasks?q=Paged+${tag}&category=Marketing&sort=budget&page=2`);
    await expect(page.getByRole("article")).toHaveCount(2);
    await page.reload();
    await expect(page.getByText("14 tasks · page 2 of 2")).toBeVisible();
    await expect(page.getByLabel("Search tasks")).toHaveValue(`Paged ${tag}`);
    await expect(page.getByLabel("Category")).toHaveValue("Marketing");
    await expect(page.getByLabel("Sort by")).toHaveValue("budget");
    await expect(page.getByRole("article").last()).toContainText(`Paged ${tag} 01`);
    await page.getByRole("link", { name: "Previous" }).click();
    await expect(page.getByRole("article")).toHaveCount(12);

    await page.getByLabel("Search tasks").fill(`nothing-matches-${tag}`);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByText("No tasks found.")).toBeVisible();
  });
});

test.describe("Task Details and bidding", () => {
  test("shows every field, and a bid raises the count with a toast", async ({ page, makeUser, login }) => {
    const poster = await makeUser();
    const title = `Details ${uniqueId()}`;
    const id = await poster.createTask({
      title,
      category: "Web Development",
      description: "Line one.\n<b>not bold</b>",
      budget: 480,
      deadline: "2031-01-20",
    });
    await (await makeUser()).bid(id);
    const bidder = await makeUser();
    await login(bidder);
    await page.goto(`/task-details/${id}`);
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(page.getByText(poster.name)).toBeVisible();
    await expect(page.getByText("Web Development")).toBeVisible();
    await expect(page.getByText("<b>not bold</b>")).toBeVisible();
    await expect(page.getByText("Jan 20, 2031")).toBeVisible();
    await expect(page.getByText("$480.00")).toBeVisible();
    await expect(page.getByRole("link", { name: poster.email })).toHaveAttribute("href", `mailto:${poster.email}`);
    await expect(page.getByText("You bid for 1 opportunities.")).toBeVisible();

    await page.getByRole("button", { name: "Place a Bid" }).click();
    const dialog = page.getByRole("dialog", { name: "Place a Bid" });
    await expect(dialog.getByLabel("Amount (USD)")).toHaveValue("480");
    await dialog.getByRole("button", { name: "Place bid" }).click();
    await expect(toast(page, "Your bid has been placed.")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("You bid for 2 opportunities.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Place a Bid" })).toBeDisabled();
    await expect(page.getByText("You have already placed a bid on this task.")).toBeVisible();
    await page.reload();
    await expect(page.getByText("You bid for 2 opportunities.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Place a Bid" })).toBeDisabled();
  });

  test("the poster's own task shows its management instead of a bid button", async ({ page, makeUser, login }) => {
    const poster = await makeUser();
    const id = await poster.createTask();
    await login(poster);
    await page.goto(`/task-details/${id}`);
    await expect(page.getByRole("region", { name: "Manage this task" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Offers" }).getByText("No bids yet.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Place a Bid" })).toHaveCount(0);
  });

  test("a task past its deadline takes no bids, and says so", async ({ page, makeUser, login }) => {
    const id = await (await makeUser()).createTask();
    await login(await makeUser());
    // The API refuses past deadlines for new tasks, so the answer is aged on its way to the page.
    await page.route(`**/api/tasks/${id}`, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), deadline: "2020-01-01" } });
    });
    await page.goto(`/task-details/${id}`);
    await expect(page.getByRole("button", { name: "Place a Bid" })).toBeDisabled();
    await expect(page.getByText("Bidding has closed for this task.")).toBeVisible();
  });

  test("a bid the server refuses shows its reason, and the page shows what changed meanwhile", async ({
    page,
    makeUser,
    login,
  }) => {
    const id = await (await makeUser()).createTask({ deadline: daysFromNow(3) });
    const bidder = await makeUser();
    await login(bidder);
    await page.goto(`/task-details/${id}`);
    await expect(page.getByText("You bid for 0 opportunities.")).toBeVisible();
    // Meanwhile, the same person bids from another tab.
    await bidder.bid(id);
    await page.getByRole("button", { name: "Place a Bid" }).click();
    await page.getByRole("dialog", { name: "Place a Bid" }).getByRole("button", { name: "Place bid" }).click();
    await expect(toast(page, "You have already placed a bid on this task.")).toBeVisible();
    // The task read again: the bid from the other tab is the one shown, and counted.
    await expect(page.getByRole("region", { name: "Your bid" })).toContainText("Pending");
    await expect(page.getByText("You bid for 1 opportunities.")).toBeVisible();
  });
});
