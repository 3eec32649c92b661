import {
  bell,
  confirmEmail,
  expect,
  STREAM_OPEN,
  test,
  toast,
  uniqueId,
  waitForEmail,
  watchEventStreams,
  windowFor,
} from "./support/fixtures.ts";

test("a client invites Maya from her profile; her bell says so live, the task says who invited her, and her offer is marked invited", async ({
  browser,
  makeUser,
}) => {
  test.setTimeout(test.info().timeout * 2);
  const client = await makeUser({ name: `Client ${uniqueId()}` });
  const maya = await makeUser({ name: `Maya ${uniqueId()}` });
  await confirmEmail(maya);
  const title = `Logo ${uniqueId()}`;
  const taskId = await client.createTask({ title, budget: 320 });
  const session = await (await maya.api.get("/api/auth/get-session")).json();
  const mayaId = session.user.id as string;

  // Maya is on her bids, her live stream open; nothing new yet.
  const mayaPage = await windowFor(browser, maya);
  const streams = await watchEventStreams(mayaPage);
  await mayaPage.goto("/dashboard/my-bids");
  await expect.poll(streams).toContain(STREAM_OPEN);
  await expect(bell(mayaPage)).toHaveAccessibleName("Notifications");

  // The client invites her from her profile to their open task.
  const clientPage = await windowFor(browser, client);
  await clientPage.goto(`/users/${mayaId}`);
  await expect(clientPage.getByRole("heading", { name: maya.name, level: 1 })).toBeVisible();
  await clientPage.getByRole("button", { name: /Invite to a task/ }).click();
  const dialog = clientPage.getByRole("dialog", { name: `Invite ${maya.name} to a task` });
  await expect(dialog.getByRole("radio", { name: new RegExp(title) })).toBeChecked();
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(toast(clientPage, `${maya.name} is invited to “${title}”.`)).toBeVisible();
  await expect(dialog).toBeHidden();

  // Maya's bell rises on the page as it was, with a toast; the email came too.
  await expect(bell(mayaPage)).toHaveAccessibleName("Notifications, 1 unread");
  await expect(toast(mayaPage, `${client.name} invited you to “${title}” for $320.00.`)).toBeVisible();
  const email = await waitForEmail(maya.email, `${client.name} invited you to “${title}”`);
  expect(email.text).toContain(`/task-details/${taskId}`);

  // The notice leads to the task, which says who invited her; she bids.
  await bell(mayaPage).click();
  const notice = mayaPage.getByRole("list", { name: "Notifications" }).getByRole("listitem").first();
  await expect(notice).toContainText(`${client.name} invited you to “${title}”`);
  await notice.getByRole("link").click();
  await expect(mayaPage).toHaveURL(`/task-details/${taskId}`);
  await expect(mayaPage.getByText(`Invited by ${client.name}`)).toBeVisible();
  await mayaPage.getByRole("button", { name: "Place a Bid" }).click();
  await mayaPage.getByRole("dialog", { name: "Place a Bid" }).getByRole("button", { name: "Place bid" }).click();
  await expect(toast(mayaPage, "Your bid has been placed.")).toBeVisible();

  // The client's offers on the task mark hers as invited.
  await clientPage.goto(`/task-details/${taskId}`);
  const offer = clientPage.getByRole("listitem", { name: `Offer from ${maya.name}` });
  await expect(offer).toBeVisible();
  await expect(offer.getByText("Invited", { exact: true })).toBeVisible();
});
