import type { Page } from "@playwright/test";
import { type Account, daysFromNow, expect, limitFor, test, toast, uniqueId, windowFor } from "./support/fixtures.ts";

async function placeBid(page: Page, taskUrl: string, offer: { amount: string; days: string; message: string }) {
  await page.goto(taskUrl);
  await page.getByRole("button", { name: "Place a Bid" }).click();
  const dialog = page.getByRole("dialog", { name: "Place a Bid" });
  await expect(dialog.getByLabel("Amount (USD)")).toHaveValue("500");
  await dialog.getByLabel("Amount (USD)").fill(offer.amount);
  await dialog.getByLabel("Delivery (days)").fill(offer.days);
  await dialog.getByLabel("Message").fill(offer.message);
  await dialog.getByRole("button", { name: "Place bid" }).click();
  await expect(toast(page, "Your bid has been placed.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Your bid" })).toContainText(`$${offer.amount}`);
  await expect(page.getByRole("region", { name: "Your bid" })).toContainText("Pending");
}

test("a client posts, two freelancers bid, the client compares and hires one, then marks it completed", async ({
  browser,
  makeUser,
}) => {
  // Three people through a whole hire: 33 s alone, more than 90 s on a loaded day.
  test.setTimeout(limitFor(180_000));
  const client = await makeUser({ name: `Client ${uniqueId()}` });
  const maya = await makeUser({ name: `Maya ${uniqueId()}` });
  const lucas = await makeUser({ name: `Lucas ${uniqueId()}` });
  const title = `Bakery website ${uniqueId()}`;

  // The client posts the task through the form.
  const clientPage = await windowFor(browser, client);
  await clientPage.goto("/dashboard/add-task");
  await clientPage.getByLabel("Task Title").fill(title);
  await clientPage.getByLabel("Category").selectOption("Web Development");
  await clientPage.getByLabel("Description").fill("A one-page site with a menu and opening hours.");
  await clientPage.getByLabel("Deadline").fill(daysFromNow(14));
  await clientPage.getByLabel("Budget ($)").fill("500");
  await clientPage.getByRole("button", { name: "Add Task" }).click();
  await expect(toast(clientPage, "Task added successfully")).toBeVisible();

  // Two freelancers find it in Browse Tasks and bid different amounts.
  const mayaPage = await windowFor(browser, maya);
  await mayaPage.goto("/browse-tasks");
  await mayaPage.getByRole("searchbox", { name: "Search tasks" }).fill(title);
  await mayaPage.getByRole("button", { name: "Search", exact: true }).click();
  const card = mayaPage.getByRole("article").filter({ hasText: title });
  await expect(card).toContainText("Status:Open");
  await card.getByRole("link", { name: /See Details/ }).click();
  await mayaPage.waitForURL(/\/task-details\//);
  const taskUrl = new URL(mayaPage.url()).pathname;
  await placeBid(mayaPage, taskUrl, { amount: "450", days: "7", message: "I built three bakery sites this year." });
  const lucasPage = await windowFor(browser, lucas, { width: 390, height: 844 });
  await placeBid(lucasPage, taskUrl, { amount: "380", days: "10", message: "Fixed price, two rounds of changes." });

  // Maya changes her offer.
  await mayaPage.getByRole("button", { name: "Edit bid" }).click();
  const edit = mayaPage.getByRole("dialog", { name: "Edit your bid" });
  await expect(edit.getByLabel("Amount (USD)")).toHaveValue("450");
  await edit.getByLabel("Amount (USD)").fill("420");
  await edit.getByRole("button", { name: "Save bid" }).click();
  await expect(toast(mayaPage, "Your bid has been updated.")).toBeVisible();
  await expect(mayaPage.getByRole("region", { name: "Your bid" })).toContainText("$420");

  // The client compares the offers, cheapest first, and hires Maya.
  await clientPage.goto("/dashboard/my-posted-tasks");
  await clientPage.getByRole("button", { name: `Bids for ${title}` }).click();
  const bids = clientPage.getByRole("dialog", { name: "Bids for This Task" });
  await expect(bids.getByTestId("total-bids")).toHaveText("2");
  await bids.getByLabel("Sort by").selectOption("amount");
  const offers = bids.getByRole("listitem");
  await expect(offers.nth(0)).toContainText(lucas.name);
  await expect(offers.nth(0)).toContainText("$380");
  await expect(offers.nth(0)).toContainText("in 10 days");
  await expect(offers.nth(0)).toContainText("Fixed price, two rounds of changes.");
  await expect(offers.nth(1)).toContainText(maya.name);
  await expect(offers.nth(1)).toContainText("$420");
  await bids.getByRole("button", { name: `Accept bid from ${maya.name}` }).click();
  const confirm = clientPage.getByRole("alertdialog", { name: "Accept this bid?" });
  await expect(confirm).toContainText(`${maya.name} will be hired for $420`);
  await confirm.getByRole("button", { name: "Accept bid" }).click();
  await expect(toast(clientPage, `You hired ${maya.name}.`)).toBeVisible();
  await expect(offers.nth(1)).toContainText("Accepted");
  await expect(offers.nth(0)).toContainText("Declined");
  await bids.getByRole("button", { name: "Close" }).click();
  const row = clientPage.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("Assigned");
  await expect(row).toContainText(maya.name);
  await expect(row.getByRole("button", { name: `Update ${title}` })).toHaveCount(0);

  // Lucas sees he was declined, in My Bids; the task's page says who got it.
  await lucasPage.goto("/dashboard/my-bids");
  const lucasBid = lucasPage.getByRole("listitem").filter({ hasText: title });
  await expect(lucasBid).toContainText("Declined");
  await expect(lucasBid).toContainText("Assigned");
  await lucasPage.getByRole("combobox", { name: "Status" }).selectOption("declined");
  await expect(lucasPage).toHaveURL(/status=declined/);
  await expect(lucasPage.getByRole("listitem").filter({ hasText: title })).toBeVisible();
  await lucasPage.goto(taskUrl);
  await expect(lucasPage.getByText(`Assigned to ${maya.name}`)).toBeVisible();
  // His offer's fate takes the place of a Place a Bid that has nothing left to offer him.
  await expect(lucasPage.getByText("The client chose another offer.")).toBeVisible();
  await expect(lucasPage.getByRole("button", { name: "Place a Bid" })).toHaveCount(0);

  // The client marks the work completed.
  await row.getByRole("button", { name: `Mark as completed: ${title}` }).click();
  const done = clientPage.getByRole("alertdialog", { name: "Mark as completed?" });
  await done.getByRole("button", { name: "Mark as completed" }).click();
  await expect(toast(clientPage, "The task is marked as completed.")).toBeVisible();
  await expect(row).toContainText("Completed");

  // Both dashboards show the figures.
  await clientPage.goto("/dashboard");
  const spent = clientPage.getByRole("listitem").filter({ hasText: "Total Spent" });
  await expect(spent).toContainText("$420");
  await expect(spent).toContainText("on 1 completed task");
  await mayaPage.goto("/dashboard");
  const earned = mayaPage.getByRole("listitem").filter({ hasText: "Total Earnings" });
  await expect(earned).toContainText("$420");
  await expect(earned).toContainText("from 1 completed task");
  await expect(mayaPage.getByRole("link", { name: `You completed “${title}”` })).toBeVisible();
  // On the task, Maya sees what became of her offer, and the client no empty Manage this task.
  await mayaPage.goto(taskUrl);
  await expect(mayaPage.getByText("The client marked this task completed. Thank you for your work!")).toBeVisible();
  await expect(mayaPage.getByRole("button", { name: "Place a Bid" })).toHaveCount(0);
  await clientPage.goto(taskUrl);
  await expect(clientPage.getByRole("region", { name: "Offers" })).toBeVisible();
  await expect(clientPage.getByRole("region", { name: "Manage this task" })).toHaveCount(0);

  for (const page of [clientPage, mayaPage, lucasPage]) await page.context().close();
});

test("a bidder withdraws and bids again; the poster's own task offers its management instead of a bid button", async ({
  page,
  makeUser,
  login,
}) => {
  const client = await makeUser();
  const freelancer = await makeUser();
  const taskId = await client.createTask({ budget: 120 });
  await login(freelancer);
  await page.goto(`/task-details/${taskId}`);
  await page.getByRole("button", { name: "Place a Bid" }).click();
  const dialog = page.getByRole("dialog", { name: "Place a Bid" });
  await dialog.getByLabel("Amount (USD)").fill("0");
  await dialog.getByLabel("Delivery (days)").fill("400");
  await dialog.getByRole("button", { name: "Place bid" }).click();
  await expect(dialog.getByText("Amount must be more than 0")).toBeVisible();
  await expect(dialog.getByText("Delivery days must be from 1 to 365")).toBeVisible();
  await dialog.getByLabel("Amount (USD)").fill("110");
  await dialog.getByLabel("Delivery (days)").fill("");
  await dialog.getByRole("button", { name: "Place bid" }).click();
  await expect(page.getByText("You bid for 1 opportunities.")).toBeVisible();

  await page.getByRole("button", { name: "Withdraw bid" }).click();
  await page
    .getByRole("alertdialog", { name: "Withdraw your bid?" })
    .getByRole("button", { name: "Withdraw bid" })
    .click();
  await expect(toast(page, "Your bid has been withdrawn.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Your bid" })).toContainText("Withdrawn");
  await expect(page.getByText("You bid for 0 opportunities.")).toBeVisible();
  await page.getByRole("button", { name: "Place a Bid" }).click();
  await expect(page.getByRole("dialog", { name: "Place a Bid" }).getByLabel("Amount (USD)")).toHaveValue("120");
  await page.getByRole("dialog", { name: "Place a Bid" }).getByRole("button", { name: "Place bid" }).click();
  await expect(page.getByRole("region", { name: "Your bid" })).toContainText("Pending");

  await page.context().clearCookies();
  await login(client);
  await page.goto(`/task-details/${taskId}`);
  await expect(page.getByRole("region", { name: "Manage this task" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Offers" }).getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Place a Bid" })).toHaveCount(0);
});

test("public offers show names and amounts to every signed-in reader; the hired freelancer can give the task back", async ({
  page,
  makeUser,
  login,
}) => {
  const client = await makeUser();
  const hired = await makeUser();
  const other = await makeUser();
  const created = await client.api.post("/api/tasks", {
    data: {
      title: `Public ${uniqueId()}`,
      category: "Design",
      description: "Offers in the open.",
      deadline: daysFromNow(9),
      budget: 300,
      offersPublic: true,
    },
  });
  const taskId = ((await created.json()) as { insertedId: string }).insertedId;
  const offer = async (account: Account, amount: number, message: string) =>
    (await (await account.api.post("/api/bids", { data: { taskId, amount, message } })).json()) as { _id: string };
  const hiredBid = await offer(hired, 280, "Secret plan");
  await offer(other, 260, "Another secret");

  await login(await makeUser());
  await page.goto(`/task-details/${taskId}`);
  const offers = page.getByRole("region", { name: "Offers" });
  await expect(offers.getByRole("listitem")).toHaveCount(2);
  await expect(offers).toContainText(hired.name);
  await expect(offers).toContainText("$280.00");
  await expect(offers).toContainText(other.name);
  await expect(offers).toContainText("$260.00");
  await expect(page.getByText("Secret plan")).toHaveCount(0);

  const accepted = await client.api.post(`/api/tasks/${taskId}/accept`, { data: { bidId: hiredBid._id } });
  expect(accepted.status()).toBe(200);
  await page.context().clearCookies();
  await login(hired);
  await page.goto(`/task-details/${taskId}`);
  await expect(page.getByText(`Assigned to ${hired.name}`)).toBeVisible();
  await expect(page.getByText("for $280.00")).toBeVisible();
  await page.getByRole("button", { name: "Give the task back" }).click();
  await page
    .getByRole("alertdialog", { name: "Give this task back?" })
    .getByRole("button", { name: "Give the task back" })
    .click();
  await expect(toast(page, "You gave the task back.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Your bid" })).toContainText("Withdrawn");
  // The page reads the task again: open, nobody assigned, bids taken again.
  await expect(page.getByText(`Assigned to ${hired.name}`)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Place a Bid" })).toBeEnabled();
  const now = await (await client.api.get(`/api/tasks/${taskId}`)).json();
  expect(now.status).toBe("open");
  expect(now.assignee).toBeUndefined();
});

test("an offer changed while the client looks at it is not accepted at the new price; the dialog shows it anew", async ({
  page,
  makeUser,
  login,
}) => {
  const client = await makeUser();
  const freelancer = await makeUser();
  const taskId = await client.createTask({ title: `Changing ${uniqueId()}`, budget: 200 });
  const placed = (await (await freelancer.api.post("/api/bids", { data: { taskId, amount: 150 } })).json()) as {
    _id: string;
  };
  await login(client);
  // No live stream here: with it, the change's notice would show the new price before the click
  // (task-page.spec.ts shows offers arriving live); this is the client who did not get it in time.
  // The stream's address carries where it starts (?after=…): matched with or without it.
  await page.route(/\/api\/events(\?|$)/, (route) => route.abort());
  await page.goto("/dashboard/my-posted-tasks");
  await page.getByRole("button", { name: /^Bids for Changing/ }).click();
  const bids = page.getByRole("dialog", { name: "Bids for This Task" });
  await expect(bids.getByRole("listitem")).toContainText("$150.00");
  // Meanwhile the freelancer raises the price.
  expect((await freelancer.api.patch(`/api/bids/${placed._id}`, { data: { amount: 950 } })).status()).toBe(200);
  await bids.getByRole("button", { name: `Accept bid from ${freelancer.name}` }).click();
  await page.getByRole("alertdialog", { name: "Accept this bid?" }).getByRole("button", { name: "Accept bid" }).click();
  await expect(
    toast(page, "The bidder changed this offer a moment ago. Look at it again before you accept."),
  ).toBeVisible();
  await expect(bids.getByRole("listitem")).toContainText("$950.00");
  await expect(bids.getByRole("listitem")).toContainText("Pending");
  // The offer keeps when it was placed, and says that it changed.
  await expect(bids.getByRole("listitem")).toContainText("· changed");
});

test("a task cancelled after the hire: the freelancer's My Bids says Cancelled, under its own filter", async ({
  page,
  makeUser,
  login,
}) => {
  const client = await makeUser();
  const freelancer = await makeUser();
  const title = `Called off ${uniqueId()}`;
  const taskId = await client.createTask({ title });
  const placed = (await (await freelancer.api.post("/api/bids", { data: { taskId } })).json()) as { _id: string };
  expect((await client.api.post(`/api/tasks/${taskId}/accept`, { data: { bidId: placed._id } })).status()).toBe(200);
  expect((await client.api.post(`/api/tasks/${taskId}/cancel`, { data: {} })).status()).toBe(200);

  await login(freelancer);
  await page.goto("/dashboard/my-bids");
  const row = page.getByRole("listitem").filter({ hasText: title });
  await expect(row.getByTitle("Bid status: Cancelled")).toBeVisible();
  await page.getByLabel("Status").selectOption("cancelled");
  await expect(page).toHaveURL(/status=cancelled/);
  await expect(page.getByRole("list", { name: "Your bids (1)" })).toContainText(title);
  await page.getByLabel("Status").selectOption("accepted");
  await expect(page.getByText("No accepted bids.")).toBeVisible();
});
