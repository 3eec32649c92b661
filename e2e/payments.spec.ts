import { expect, liveWindow, test, toast, uniqueId } from "./support/fixtures.ts";

/**
 * Money at the hire (issue 44), in test mode, on the run's second app (payments on: global-setup.ts):
 * a client, the freelancer they hire and another bidder, each in a window of their own.
 */
test.use({ appURL: process.env.E2E_PAYMENTS_URL ?? "" });

const PHONE = { width: 390, height: 844 };

test("the client pays at the hire (declined, then paid), the freelancer sees it secured, asks for it and has it released, the other bidder declined, both read their receipt", async ({
  browser,
  makeUser,
}) => {
  // Three windows of three people, each page live: a story takes more than one screen's time.
  test.setTimeout(test.info().timeout * 2);
  const client = await makeUser({ name: `Client ${uniqueId()}` });
  const maya = await makeUser({ name: `Maya ${uniqueId()}` });
  const lucas = await makeUser({ name: `Lucas ${uniqueId()}` });
  const title = `Bakery logo ${uniqueId()}`;
  const taskId = await client.createTask({ title, budget: 400 });
  for (const [account, amount] of [
    [maya, 350],
    [lucas, 300],
  ] as const) {
    const placed = await account.api.post("/api/bids", { data: { taskId, amount } });
    expect(placed.status(), await placed.text()).toBe(201);
  }
  const taskPath = `/task-details/${taskId}`;
  const mayaPage = await liveWindow(browser, maya, taskPath, PHONE, "dark");
  const lucasPage = await liveWindow(browser, lucas, taskPath);
  const clientPage = await liveWindow(browser, client, "/dashboard/my-posted-tasks");

  // Accepting Maya's offer opens the checkout: nobody is hired yet.
  await clientPage.getByRole("button", { name: `Bids for ${title}` }).click();
  const bids = clientPage.getByRole("dialog");
  await bids.getByRole("button", { name: `Accept bid from ${maya.name}` }).click();
  await clientPage
    .getByRole("alertdialog", { name: "Accept this bid?" })
    .getByRole("button", { name: "Accept bid" })
    .click();
  await expect(clientPage.getByRole("heading", { level: 1, name: "Pay for the hire" })).toBeVisible();
  await expect(clientPage.getByRole("note")).toHaveText("Test mode — no real money");
  await expect(clientPage.getByText(/QuickGig holds your payment/)).toContainText(
    `${maya.name} receives $315.00: the amount less the 10 % platform fee ($35.00)`,
  );

  // A declined card hires nobody, and says why.
  await clientPage.getByLabel("Card number").fill("4000 0000 0000 0002");
  await clientPage.getByLabel("Expiry").fill("12/34");
  await clientPage.getByLabel("CVC").fill("123");
  await clientPage.getByRole("button", { name: "Pay $350.00" }).click();
  await expect(clientPage.getByRole("alert")).toHaveText("Your card was declined.");
  await expect(mayaPage.getByText("Open", { exact: true }).first()).toBeVisible();

  // A card that pays hires Maya: her page and Lucas's follow at once.
  await clientPage.getByLabel("Card number").fill("4242 4242 4242 4242");
  await clientPage.getByRole("button", { name: "Pay $350.00" }).click();
  await clientPage.waitForURL(`**${taskPath}`);
  await expect(toast(clientPage, `Payment secured. You hired ${maya.name}.`)).toBeVisible();
  await expect(clientPage.getByText("Payment secured", { exact: true })).toBeVisible();
  await expect(mayaPage.getByText("Payment secured", { exact: true })).toBeVisible();
  await expect(mayaPage.getByText(`Assigned to ${maya.name}`)).toBeVisible();
  await mayaPage.screenshot({ path: test.info().outputPath("freelancer-phone-dark-secured.png"), fullPage: true });
  await expect(lucasPage.getByText("Declined").first()).toBeVisible();
  await expect(lucasPage.getByText("Payment secured", { exact: true })).toHaveCount(0);

  // Maya delivers and asks for the payment; the client sees it at once, with the date it goes by itself.
  await mayaPage.getByRole("button", { name: "Request payment" }).click();
  await mayaPage
    .getByRole("alertdialog", { name: "Request payment?" })
    .getByRole("button", { name: "Request payment" })
    .click();
  await expect(toast(mayaPage, "Payment requested. The client is told.")).toBeVisible();
  await expect(clientPage.getByText("Payment requested", { exact: true })).toBeVisible();
  // Seven days by default (AUTO_RELEASE_DAYS), counted down once the page is live.
  await expect(clientPage.getByText(/released by itself on .+ \(in 6 days, 23 hours\)/)).toBeVisible();

  // The client marks the work done: the payment is released to Maya.
  await clientPage.getByRole("button", { name: `Mark as completed: ${title}` }).click();
  await clientPage
    .getByRole("alertdialog", { name: "Mark as completed?" })
    .getByRole("button", { name: "Mark as completed" })
    .click();
  await expect(clientPage.getByText("Payment released", { exact: true })).toBeVisible();
  await expect(mayaPage.getByText("Payment released", { exact: true })).toBeVisible();
  await clientPage.screenshot({ path: test.info().outputPath("client-desktop-released.png"), fullPage: true });

  // Maya's payments: earned after the 10 % fee, with the receipt; the client's: what was paid.
  await mayaPage.goto("/dashboard/payments");
  await expect(mayaPage.getByRole("region", { name: "As a freelancer" })).toContainText("Earned, after fees$315.00");
  await mayaPage.getByRole("link", { name: "Receipt" }).first().click();
  await expect(mayaPage.getByRole("heading", { level: 1, name: "Receipt" })).toBeVisible();
  await expect(mayaPage.getByText("The freelancer receives").locator("..")).toContainText("$315.00");
  await mayaPage.screenshot({ path: test.info().outputPath("freelancer-phone-dark-receipt.png"), fullPage: true });
  await clientPage.goto("/dashboard/payments");
  await expect(clientPage.getByRole("region", { name: "As a client" })).toContainText("Paid$350.00");
  await clientPage.getByRole("link", { name: "Receipt" }).first().click();
  await expect(clientPage.getByRole("heading", { level: 1, name: "Receipt" })).toBeVisible();
  await expect(clientPage.getByText("Amount", { exact: true }).locator("..")).toContainText("$350.00");
});
