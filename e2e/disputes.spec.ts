import { expect, liveWindow, test, toast, uniqueId } from "./support/fixtures.ts";

/**
 * A dispute over held money (issue 44), on the run's payments app: the client and the freelancer
 * each in a window of their own (the freelancer on a phone in the dark), the money split by
 * agreement.
 */
test.use({ appURL: process.env.E2E_PAYMENTS_URL ?? "" });

const PHONE = { width: 390, height: 844 };
const CARD = { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" };

test("the client disputes the held payment, the freelancer proposes a split, the client accepts it: both pages follow, the task ends completed", async ({
  browser,
  makeUser,
}) => {
  test.setTimeout(test.info().timeout * 2);
  const client = await makeUser({ name: `Client ${uniqueId()}` });
  const maya = await makeUser({ name: `Maya ${uniqueId()}` });
  const title = `Cycling club logo ${uniqueId()}`;
  const taskId = await client.createTask({ title, budget: 300 });
  const offer = await maya.api.post("/api/bids", { data: { taskId, amount: 300 } });
  expect(offer.status(), await offer.text()).toBe(201);
  // The hire, paid (the checkout's screens are payments.spec.ts's story).
  const accepted = await client.api.post(`/api/tasks/${taskId}/accept`, { data: { bidId: (await offer.json())._id } });
  const { paymentId } = await accepted.json();
  const paid = await client.api.post(`/api/payments/${paymentId}/pay`, { data: { card: CARD } });
  expect(paid.status(), await paid.text()).toBe(200);

  const mayaPage = await liveWindow(browser, maya, `/payments/${paymentId}`, PHONE, "dark");
  const clientPage = await liveWindow(browser, client, `/task-details/${taskId}`);

  // From the task page to the payment, and a dispute with its reason.
  await clientPage.getByRole("link", { name: "Payment details and disputes" }).click();
  await clientPage.getByRole("button", { name: "Open a dispute" }).click();
  const dialog = clientPage.getByRole("dialog", { name: "Open a dispute" });
  await dialog.getByLabel("Reason").fill("Three colours in the palette, not four, and no jersey version.");
  await dialog.getByRole("button", { name: "Open dispute" }).click();
  await expect(toast(clientPage, "Dispute opened")).toBeVisible();

  // Maya's page follows at once: the dispute and its reason; she proposes $200 for her part.
  await expect(mayaPage.getByText("Payment disputed", { exact: true })).toBeVisible();
  await expect(mayaPage.getByText("Three colours in the palette, not four, and no jersey version.")).toBeVisible();
  const form = mayaPage.getByRole("form", { name: "Propose a split" });
  await form.getByLabel("To the freelancer, in dollars").fill("200");
  await expect(form).toContainText("$100.00 goes back to the client");
  await form.getByRole("button", { name: "Propose" }).click();
  await expect(mayaPage.getByRole("list", { name: "Proposals" })).toContainText(
    "You propose $200.00 to the freelancer, $100.00 back to the client.",
  );
  await mayaPage.screenshot({ path: test.info().outputPath("freelancer-phone-dark-proposed.png"), fullPage: true });

  // The client sees her proposal live and accepts it: the money moves at once.
  const proposals = clientPage.getByRole("list", { name: "Proposals" });
  await expect(proposals).toContainText(`${maya.name} proposes $200.00 to the freelancer, $100.00 back to the client.`);
  await proposals.getByRole("button", { name: "Accept" }).click();
  await clientPage
    .getByRole("alertdialog", { name: "Accept this split?" })
    .getByRole("button", { name: "Accept split" })
    .click();
  await expect(toast(clientPage, "Split accepted: the dispute is settled.")).toBeVisible();
  for (const page of [clientPage, mayaPage]) {
    await expect(page.getByText("Settled by agreement")).toBeVisible();
    await expect(page.getByText("Payment split", { exact: true })).toBeVisible();
  }
  await clientPage.screenshot({ path: test.info().outputPath("client-desktop-settled.png"), fullPage: true });

  // The hire is over; Maya's payments show $200 less the 10 % fee, the client's the $100 back.
  await clientPage.goto(`/task-details/${taskId}`);
  await expect(clientPage.getByText("Completed", { exact: true }).first()).toBeVisible();
  await mayaPage.goto("/dashboard/payments");
  await expect(mayaPage.getByRole("region", { name: "As a freelancer" })).toContainText("Earned, after fees$180.00");
  await clientPage.goto("/dashboard/payments");
  await expect(clientPage.getByRole("region", { name: "As a client" })).toContainText("Refunded$100.00");
});
