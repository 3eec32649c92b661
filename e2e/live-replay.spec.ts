import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import {
  type Account,
  expect,
  STREAM_OPEN,
  test,
  toast,
  uniqueId,
  watchEventStreams,
  webDist,
  windowFor,
} from "./support/fixtures.ts";
import { freePort, startApp } from "./support/global-setup.ts";

/** Nothing missed (issue 46): what happens while a page's live stream is not yet open, or is down, still reaches it. */

async function userId(api: APIRequestContext): Promise<string> {
  const session = (await (await api.get("/api/auth/get-session")).json()) as { user: { id: string } };
  return session.user.id;
}

const say = async (api: APIRequestContext, taskId: string, bidderId: string, body: string) => {
  const sent = await api.post(`/api/tasks/${taskId}/threads/${bidderId}/messages`, { data: { body } });
  expect(sent.status(), await sent.text()).toBe(201);
};

test("a reply sent the moment a thread shows appears, 20 times in 20", async ({ browser, makeUser }) => {
  test.setTimeout(test.info().timeout * 4);
  const client = await makeUser({ name: `Client ${uniqueId()}` });
  const freelancer = await makeUser({ name: `Freelancer ${uniqueId()}` });
  const taskId = await client.createTask({ title: `Quick reply ${uniqueId()}` });
  await freelancer.bid(taskId);
  const bidderId = await userId(freelancer.api);
  const page = await windowFor(browser, client);
  const messages = page.getByRole("list", { name: "Messages" });
  for (let round = 1; round <= 20; round += 1) {
    await page.goto(`/dashboard/messages/${taskId}/${bidderId}`);
    await expect(page.getByRole("heading", { name: `Messages with ${freelancer.name}` })).toBeVisible();
    // The thread shows, its stream perhaps not open yet: the reply comes now.
    await say(freelancer.api, taskId, bidderId, `Reply number ${round}.`);
    await expect(messages.getByText(`Reply number ${round}.`), `round ${round}`).toBeVisible();
  }
  await page.context().close();
});

test.describe("a server restart in the middle of a thread", () => {
  let stop: (() => Promise<void>) | undefined;
  test.afterEach(async () => stop?.());

  test("what was said while the server was down arrives after it is back, each notice's toast once", async ({
    browser,
    playwright,
  }) => {
    test.setTimeout(test.info().timeout * 3);
    // A server of this story's own, which it restarts; a second process on the same database
    // stands in for the rest of the world while it is down.
    const dataDir = mkdtempSync(path.join(tmpdir(), "quickgig-restart-"));
    const where = { serverBundle: path.resolve("dist/server/main.js"), webDist, dataDir, name: "restart" };
    const env = { EMAIL_DIR: path.join(dataDir, "mail"), PAYMENTS: "off" };
    const port = await freePort();
    let server = await startApp({ ...where, port }, env);
    stop = () => server.stop();

    const signUp = async (name: string, origin: string): Promise<Account> => {
      const id = uniqueId();
      const api = await playwright.request.newContext({ baseURL: origin });
      const fields = {
        name,
        email: `restart-${id}@example.test`,
        password: `Qg-${id}-Pass9`,
        image: `${origin}/images/freelancer-2.svg`,
      };
      expect((await api.post("/api/auth/sign-up/email", { data: fields })).status()).toBe(200);
      return {
        ...fields,
        api,
        createTask: async () => "",
        bid: async (taskId) => {
          expect((await api.post("/api/bids", { data: { taskId } })).status()).toBe(201);
        },
      };
    };
    const task = async (owner: Account, title: string) => {
      const created = await owner.api.post("/api/tasks", {
        data: { title, category: "Design", description: "A story's task.", deadline: "2099-01-01", budget: 100 },
      });
      expect(created.status(), await created.text()).toBe(201);
      return ((await created.json()) as { insertedId: string }).insertedId;
    };
    const client = await signUp(`Client ${uniqueId()}`, server.url);
    const freelancer = await signUp(`Freelancer ${uniqueId()}`, server.url);
    const other = await signUp(`Other ${uniqueId()}`, server.url);
    const threadTask = await task(client, `Restart thread ${uniqueId()}`);
    const secondTask = await task(client, `Restart second ${uniqueId()}`);
    await freelancer.bid(threadTask);
    const bidderId = await userId(freelancer.api);

    const page = await windowFor(browser, client, undefined, { origin: server.url });
    const streams = await watchEventStreams(page);
    await page.goto(`/dashboard/messages/${threadTask}/${bidderId}`);
    const messages = page.getByRole("list", { name: "Messages" });
    await expect(page.getByRole("heading", { name: `Messages with ${freelancer.name}` })).toBeVisible();
    await expect.poll(streams).toContain(STREAM_OPEN);
    await say(freelancer.api, threadTask, bidderId, "Before the restart.");
    await expect(messages.getByText("Before the restart.")).toBeVisible();

    await server.stop();
    await expect.poll(streams).not.toContain(STREAM_OPEN);
    // While it is down: a message in the thread, an offer and a question on the other task.
    const elsewhere = await startApp({ ...where, port: await freePort() }, env);
    try {
      // The same people, their same sessions, through the other process.
      const through = async (account: Account) =>
        playwright.request.newContext({
          baseURL: elsewhere.url,
          storageState: { cookies: (await account.api.storageState()).cookies, origins: [] },
        });
      const [freelancerThere, otherThere] = [await through(freelancer), await through(other)];
      await say(freelancerThere, threadTask, bidderId, "While the server was down.");
      const placed = await otherThere.post("/api/bids", { data: { taskId: secondTask } });
      expect(placed.status(), await placed.text()).toBe(201);
      const asked = await otherThere.post(`/api/tasks/${secondTask}/questions`, {
        data: { body: "Vector or raster?" },
      });
      expect(asked.status(), await asked.text()).toBe(201);
    } finally {
      await elsewhere.stop();
    }

    server = await startApp({ ...where, port }, env);
    await expect(messages.getByText("While the server was down.")).toBeVisible();
    const offer = toast(page, `${other.name} bid`);
    const question = toast(page, `${other.name} asked a question on`);
    await expect(offer).toHaveCount(1);
    await expect(question).toHaveCount(1);
    // The message is in the thread on screen: no toast for it.
    await expect(toast(page, "sent you a message")).toHaveCount(0);
    await page.context().close();
  });
});

test("a browser that goes offline while an offer and a question come shows both once it is back, each toast once", async ({
  browser,
  makeUser,
}) => {
  const client = await makeUser({ name: `Client ${uniqueId()}` });
  const freelancer = await makeUser({ name: `Freelancer ${uniqueId()}` });
  const taskId = await client.createTask({ title: `Offline mural ${uniqueId()}` });
  const page = await windowFor(browser, client);
  const streams = await watchEventStreams(page);
  await page.goto("/dashboard/my-posted-tasks");
  await expect.poll(streams).toContain(STREAM_OPEN);

  await page.context().setOffline(true);
  await expect.poll(streams).not.toContain(STREAM_OPEN);
  await freelancer.bid(taskId);
  const asked = await freelancer.api.post(`/api/tasks/${taskId}/questions`, { data: { body: "Indoor or outdoor?" } });
  expect(asked.status(), await asked.text()).toBe(201);
  await page.context().setOffline(false);

  await expect(toast(page, `${freelancer.name} bid`)).toHaveCount(1);
  await expect(toast(page, `${freelancer.name} asked a question on`)).toHaveCount(1);
  // The list read itself again: the task's one offer shows.
  const row = page
    .getByRole("region", { name: "Your posted tasks" })
    .getByRole("row")
    .filter({ hasText: "Offline mural" });
  await expect(row.getByRole("cell").nth(4)).toHaveText("1");
  await page.context().close();
});
