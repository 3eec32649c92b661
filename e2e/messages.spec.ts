import { expect, test, uniqueId } from "./support/fixtures.ts";

test("a client writes to a bidder from the Bids dialog; the bidder sees it unread in Messages and replies", async ({
  browser,
  baseURL,
  makeUser,
}) => {
  // Two windows of two people, each page live: a story takes more than one screen's time.
  test.setTimeout(test.info().timeout * 2);
  const client = await makeUser({ name: `Client ${uniqueId()}` });
  const freelancer = await makeUser({ name: `Freelancer ${uniqueId()}` });
  const title = `Poster design ${uniqueId()}`;
  const taskId = await client.createTask({ title });
  await freelancer.bid(taskId);
  const windowFor = async (account: typeof client) => {
    const context = await browser.newContext({ baseURL });
    await context.addCookies((await account.api.storageState()).cookies);
    return context.newPage();
  };

  const clientPage = await windowFor(client);
  await clientPage.goto("/dashboard/my-posted-tasks");
  await clientPage.getByRole("button", { name: `Bids for ${title}` }).click();
  await clientPage.getByRole("link", { name: `Message ${freelancer.name}` }).click();
  await expect(clientPage.getByRole("heading", { name: `Messages with ${freelancer.name}` })).toBeVisible();
  await clientPage.getByRole("button", { name: "Send", exact: true }).click();
  await expect(clientPage.getByText("Message is required")).toBeVisible();
  await clientPage.getByLabel("Your message").fill("Can you do A2 as well as A3?");
  await clientPage.getByRole("button", { name: "Send", exact: true }).click();
  await expect(clientPage.getByRole("list", { name: "Messages" })).toContainText("Can you do A2 as well as A3?");

  const freelancerPage = await windowFor(freelancer);
  await freelancerPage.goto("/dashboard/messages");
  const conversation = freelancerPage.getByRole("link", { name: new RegExp(client.name) });
  await expect(conversation).toContainText("1 unread");
  await expect(conversation).toContainText(title);
  await conversation.click();
  await expect(freelancerPage.getByRole("list", { name: "Messages" })).toContainText("Can you do A2 as well as A3?");
  await freelancerPage.getByLabel("Your message").fill("Yes, both sizes for the same price.");
  await freelancerPage.getByRole("button", { name: "Send", exact: true }).click();
  // Sent once it shows in the thread; leaving the page before that would cancel the request.
  await expect(freelancerPage.getByRole("list", { name: "Messages" })).toContainText(
    "Yes, both sizes for the same price.",
  );
  await freelancerPage.goto("/dashboard/messages");
  await expect(freelancerPage.getByRole("link", { name: new RegExp(client.name) })).not.toContainText("unread");

  await clientPage.reload();
  await expect(clientPage.getByRole("list", { name: "Messages" })).toContainText("Yes, both sizes for the same price.");
  // The freelancer reaches the same thread from the task's page.
  await freelancerPage.goto(`/task-details/${taskId}`);
  await freelancerPage.getByRole("link", { name: "Message the client" }).click();
  await expect(freelancerPage.getByRole("list", { name: "Messages" })).toContainText(
    "Yes, both sizes for the same price.",
  );
  for (const page of [clientPage, freelancerPage]) await page.context().close();
});

test("Enter sends and Shift+Enter starts a new line; a draft survives a reload and goes once sent", async ({
  browser,
  baseURL,
  makeUser,
}) => {
  const client = await makeUser({ name: `Client ${uniqueId()}` });
  const freelancer = await makeUser({ name: `Freelancer ${uniqueId()}` });
  const taskId = await client.createTask({ title: `Flyer ${uniqueId()}` });
  await freelancer.bid(taskId);
  const context = await browser.newContext({ baseURL });
  await context.addCookies((await freelancer.api.storageState()).cookies);
  const page = await context.newPage();
  await page.goto(`/task-details/${taskId}`);
  await page.getByRole("link", { name: "Message the client" }).click();
  const box = page.getByLabel("Your message");
  await box.fill("Half a thought");
  await page.reload();
  await expect(page.getByLabel("Your message")).toHaveValue("Half a thought");

  await box.press("End");
  await box.press("Shift+Enter");
  await box.pressSequentially("and the rest.");
  await expect(box).toHaveValue("Half a thought\nand the rest.");
  await box.press("Enter");
  const messages = page.getByRole("list", { name: "Messages" });
  await expect(messages).toContainText("and the rest.");
  await expect(messages.getByRole("listitem")).toHaveCount(1);
  await expect(box).toHaveValue("");
  await page.reload();
  await expect(page.getByRole("list", { name: "Messages" })).toContainText("and the rest.");
  await expect(page.getByLabel("Your message")).toHaveValue("");
  await context.close();
});
