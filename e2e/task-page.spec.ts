import type { Page } from "@playwright/test";
import {
  type Account,
  expect,
  limitFor,
  STREAM_OPEN,
  test,
  toast,
  uniqueId,
  watchEventStreams,
  windowFor,
} from "./support/fixtures.ts";

/** A window for `account` whose live stream is open on `path` (a notice before then would reach nobody). */
async function liveWindow(browser: import("@playwright/test").Browser, account: Account, path: string) {
  const page = await windowFor(browser, account);
  const streams = await watchEventStreams(page);
  await page.goto(path);
  await expect.poll(streams).toContain(STREAM_OPEN);
  return page;
}

const offers = (page: Page) => page.getByRole("region", { name: "Offers" });
const offerFrom = (page: Page, account: Account) =>
  offers(page).getByRole("listitem", { name: `Offer from ${account.name}` });
const myBidsRow = (page: Page, title: string) =>
  page
    .getByRole("list", { name: /^Your bids/ })
    .getByRole("listitem")
    .filter({ hasText: title });

/** The client accepts `account`'s offer on the task's page, and the page says who is hired. */
async function hireFromTaskPage(clientPage: Page, account: Account) {
  await offerFrom(clientPage, account)
    .getByRole("button", { name: `Accept bid from ${account.name}` })
    .click();
  await clientPage
    .getByRole("alertdialog", { name: "Accept this bid?" })
    .getByRole("button", { name: "Accept bid" })
    .click();
  await expect(toast(clientPage, `You hired ${account.name}.`)).toBeVisible();
  await expect(clientPage.getByText(`Assigned to ${account.name}`)).toBeVisible();
}

async function bidThroughApi(account: Account, taskId: string, amount: number): Promise<string> {
  const placed = await account.api.post("/api/bids", { data: { taskId, amount } });
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { _id: string })._id;
}

test("a visitor reads a task without its contact email, and Place a Bid brings them back after login", async ({
  browser,
  makeUser,
}) => {
  const client = await makeUser({ name: `Client ${uniqueId()}` });
  const freelancer = await makeUser();
  const title = `Menu design ${uniqueId()}`;
  const taskId = await client.createTask({ title, description: "A two-page menu for a small café." });
  const page = await windowFor(browser, null);
  await page.goto(`/task-details/${taskId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page).toHaveTitle(`${title} - QuickGig`);
  // What search engines read in the HTML's head.
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    "A two-page menu for a small café.",
  );
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/task-details/${taskId}$`));
  await expect(page.getByText(client.name)).toBeVisible();
  await expect(page.getByText(client.email)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Log in to see it" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Log in to ask the client a question" })).toBeVisible();

  await page.getByRole("link", { name: "Place a Bid" }).click();
  await expect(page).toHaveURL(`/auth/login?redirect=${encodeURIComponent(`/task-details/${taskId}?bid=open`)}`);
  await page.getByLabel("Email").fill(freelancer.email);
  await page.getByLabel("Password", { exact: true }).fill(freelancer.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  // Back as a signed-in freelancer, with the bid form they asked for open (issue 45).
  await expect(page.getByRole("dialog", { name: "Place a Bid" })).toBeVisible();
  await expect(page).toHaveURL(`/task-details/${taskId}`);
  await page.keyboard.press("Escape");
  // The contact, the bid panel, the question form.
  await expect(page.getByRole("link", { name: client.email })).toBeVisible();
  await page.getByRole("button", { name: "Place a Bid" }).click();
  await expect(page.getByRole("dialog", { name: "Place a Bid" })).toBeVisible();
  await page.context().close();
});

test("the client hires from the task's page while offers arrive; the hired freelancer's My Bids and thread follow live", async ({
  browser,
  makeUser,
}) => {
  test.setTimeout(limitFor(90_000));
  const client = await makeUser({ name: `Client ${uniqueId()}` });
  const maya = await makeUser({ name: `Maya ${uniqueId()}` });
  const lucas = await makeUser({ name: `Lucas ${uniqueId()}` });
  const title = `Shop photos ${uniqueId()}`;
  const taskId = await client.createTask({ title, budget: 300 });

  const clientPage = await liveWindow(browser, client, `/task-details/${taskId}`);
  await expect(offers(clientPage).getByText("No bids yet.")).toBeVisible();

  // Offers come in while the client looks at the page: they appear without a reload.
  await bidThroughApi(maya, taskId, 280);
  await expect(offerFrom(clientPage, maya)).toContainText("$280.00");
  await bidThroughApi(lucas, taskId, 250);
  await expect(offerFrom(clientPage, lucas)).toContainText("$250.00");
  await expect(offers(clientPage).getByTestId("total-bids")).toHaveText("2");

  const mayaPage = await liveWindow(browser, maya, "/dashboard/my-bids");
  await expect(myBidsRow(mayaPage, title)).toContainText("Pending");

  // The client hires Maya from the task's page.
  await hireFromTaskPage(clientPage, maya);
  const manage = clientPage.getByRole("region", { name: "Manage this task" });
  await expect(manage.getByRole("button", { name: `Mark as completed: ${title}` })).toBeVisible();
  await expect(manage.getByRole("button", { name: `Delete ${title}` })).toHaveCount(0);
  await expect(offerFrom(clientPage, lucas)).toContainText("Declined");

  // Maya's My Bids, open all along, reads Accepted under the toast that says so.
  await expect(toast(mayaPage, /hired|accepted/i)).toBeVisible();
  await expect(myBidsRow(mayaPage, title)).toContainText("Accepted");
  await expect(myBidsRow(mayaPage, title)).toContainText("Assigned");

  // Maya opens the thread; the client's message appears in it without a reload.
  await myBidsRow(mayaPage, title)
    .getByRole("link", { name: `Message the client of ${title}` })
    .click();
  await expect(mayaPage.getByRole("heading", { name: `Messages with ${client.name}` })).toBeVisible();
  const sent = await client.api.post(`/api/tasks/${taskId}/threads/${await idOf(maya)}/messages`, {
    data: { body: "Welcome aboard — can you start Monday?" },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  await expect(mayaPage.getByRole("list", { name: "Messages" })).toContainText(
    "Welcome aboard — can you start Monday?",
  );

  for (const page of [clientPage, mayaPage]) await page.context().close();
});

/** A person's id, as the session gives it. */
async function idOf(account: Account): Promise<string> {
  const session = await (await account.api.get("/api/auth/get-session")).json();
  return (session as { user: { id: string } }).user.id;
}

test("when the hired freelancer gives the task back, the runner-up's offer returns and the client hires them at once", async ({
  browser,
  makeUser,
}) => {
  test.setTimeout(limitFor(90_000));
  const client = await makeUser({ name: `Client ${uniqueId()}` });
  const maya = await makeUser({ name: `Maya ${uniqueId()}` });
  const lucas = await makeUser({ name: `Lucas ${uniqueId()}` });
  const title = `Garden plan ${uniqueId()}`;
  const taskId = await client.createTask({ title, budget: 400 });
  const mayaBid = await bidThroughApi(maya, taskId, 380);
  await bidThroughApi(lucas, taskId, 350);
  const hired = await client.api.post(`/api/tasks/${taskId}/accept`, { data: { bidId: mayaBid } });
  expect(hired.status(), await hired.text()).toBe(200);

  const lucasPage = await liveWindow(browser, lucas, "/dashboard/my-bids");
  await expect(myBidsRow(lucasPage, title)).toContainText("Declined");
  const clientPage = await liveWindow(browser, client, `/task-details/${taskId}`);
  await expect(clientPage.getByText(`Assigned to ${maya.name}`)).toBeVisible();
  await expect(offerFrom(clientPage, lucas)).toContainText("Declined");

  // Maya gives the task back from its page.
  const mayaPage = await windowFor(browser, maya, { width: 390, height: 844 });
  await mayaPage.goto(`/task-details/${taskId}`);
  await mayaPage.getByRole("button", { name: "Give the task back" }).click();
  await mayaPage
    .getByRole("alertdialog", { name: "Give this task back?" })
    .getByRole("button", { name: "Give the task back" })
    .click();
  await expect(toast(mayaPage, "You gave the task back.")).toBeVisible();

  // The client's page, open all along: the task is open again, Lucas's offer waits again.
  await expect(clientPage.getByText(`Assigned to ${maya.name}`)).toHaveCount(0);
  await expect(offerFrom(clientPage, lucas)).toContainText("Pending");
  // Her offer, withdrawn with the release, is no longer among those to choose from.
  await expect(offerFrom(clientPage, maya)).toHaveCount(0);
  // Lucas hears of it, and his My Bids says Pending again.
  await expect(myBidsRow(lucasPage, title)).toContainText("Pending");

  await hireFromTaskPage(clientPage, lucas);
  await expect(myBidsRow(lucasPage, title)).toContainText("Accepted");

  for (const page of [clientPage, mayaPage, lucasPage]) await page.context().close();
});
