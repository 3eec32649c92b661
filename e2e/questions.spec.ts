import { expect, test, toast, uniqueId } from "./support/fixtures.ts";

test("a freelancer asks on the task's page, the client answers and hides spam, everyone reads the answer", async ({
  browser,
  baseURL,
  makeUser,
}) => {
  const client = await makeUser({ name: `Client ${uniqueId()}` });
  const asker = await makeUser({ name: `Asker ${uniqueId()}` });
  const spammer = await makeUser();
  const taskId = await client.createTask({ title: `Logo ${uniqueId()}` });
  await spammer.api.post(`/api/tasks/${taskId}/questions`, { data: { body: "Cheap followers here!" } });

  const windowFor = async (account: typeof client) => {
    const context = await browser.newContext({ baseURL });
    await context.addCookies((await account.api.storageState()).cookies);
    return context.newPage();
  };
  const askerPage = await windowFor(asker);
  await askerPage.goto(`/task-details/${taskId}`);
  const questions = askerPage.getByRole("region", { name: /^Questions/ });
  await questions.getByRole("button", { name: "Ask" }).click();
  await expect(questions.getByText("Question is required")).toBeVisible();
  await questions.getByLabel("Ask the client a question").fill("What does a small logo mean?");
  await questions.getByRole("button", { name: "Ask" }).click();
  await expect(toast(askerPage, "Your question has been posted.")).toBeVisible();
  await expect(questions.getByRole("heading", { name: "Questions (2)" })).toBeVisible();

  const clientPage = await windowFor(client);
  await clientPage.goto(`/task-details/${taskId}`);
  const own = clientPage.getByRole("region", { name: /^Questions/ });
  await expect(own.getByLabel("Ask the client a question")).toHaveCount(0);
  const question = own.getByRole("listitem").filter({ hasText: "What does a small logo mean?" });
  await question.getByRole("button", { name: "Answer" }).click();
  await question.getByLabel("Your answer").fill("About 200 px wide, for the website header.");
  await question.getByRole("button", { name: "Save answer" }).click();
  await expect(toast(clientPage, "Your answer has been saved.")).toBeVisible();
  await own
    .getByRole("listitem")
    .filter({ hasText: "Cheap followers here!" })
    .getByRole("button", { name: "Hide question" })
    .click();
  await expect(own.getByRole("listitem").filter({ hasText: "Cheap followers here!" })).toContainText("Hidden");

  await askerPage.reload();
  await expect(questions.getByText("About 200 px wide, for the website header.")).toBeVisible();
  await expect(questions.getByText("Cheap followers here!")).toHaveCount(0);
  await expect(questions.getByRole("heading", { name: "Questions (1)" })).toBeVisible();
  for (const page of [askerPage, clientPage]) await page.context().close();
});
