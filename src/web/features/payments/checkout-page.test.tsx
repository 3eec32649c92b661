import { cleanup, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { toast } from "sonner";
import { beforeEach, describe, expect, it } from "vitest";
import { PAYMENT_MESSAGES, type Payment } from "../../../contract/payments.ts";
import { closeDialog } from "../../lib/dialogs.ts";
import { problem } from "../../mocks/scenarios.ts";
import type { MockStore } from "../../mocks/store.ts";
import { bidOf, LUCAS, taskTitled } from "../../test/demo.ts";
import { DEMO_CLIENT, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi, server } from "../../test/setup.ts";

beforeEach(() => {
  toast.dismiss();
  closeDialog();
});

/** The demo client's checkout for Lucas's offer on the bakery's landing page, as the server answers it. */
function checkout(store: MockStore): Payment {
  const task = taskTitled(store, "Landing page");
  const offer = bidOf(store, task._id, LUCAS);
  const payment: Payment = {
    _id: "pay-1",
    status: "pending",
    task: { _id: task._id, title: task.title },
    client: store.person(task.ownerId ?? ""),
    freelancer: store.person(offer.bidderId),
    amount: 360,
    fee: 36,
    feePercent: 10,
    currency: "USD",
    testMode: true,
    checkoutUrl: "/pay/pay-1",
    lastError: null,
    createdAt: store.now(),
    heldAt: null,
    releaseDueAt: null,
    settledAt: null,
    dispute: null,
  };
  store.payments.push(payment);
  return payment;
}

describe("The checkout of a hire", () => {
  it("says it is test mode, what is paid and what the freelancer receives, and names a wrong card's field", async () => {
    const store = freshMockApi();
    const payment = checkout(store);
    const { screen, user } = await renderRoute("/pay/pay-1", { as: DEMO_CLIENT, db: store });
    expect(await screen.findByRole("heading", { level: 1, name: "Pay for the hire" })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Checkout - QuickGig"));
    expect(screen.getByRole("note").textContent).toBe("Test mode — no real money");
    expect(screen.getByRole("link", { name: payment.task.title }).getAttribute("href")).toBe(
      `/task-details/${payment.task._id}`,
    );
    expect(screen.getByText(/you hire Lucas Moreau for/).textContent).toContain("$360.00");
    expect(screen.getByText(/QuickGig holds your payment/).textContent).toContain(
      "Lucas Moreau receives $324.00: the amount less the 10 % platform fee ($36.00)",
    );

    await user.type(screen.getByLabelText("Card number"), "4242");
    await user.type(screen.getByLabelText("Expiry"), "13/30");
    await user.click(screen.getByRole("button", { name: "Pay $360.00" }));
    expect(await screen.findByText("Card number must be 12 to 19 digits")).toBeTruthy();
    expect(screen.getByText("Expiry must be a month and year, such as 12/34")).toBeTruthy();
    expect(screen.getByText("CVC must be 3 or 4 digits")).toBeTruthy();
    expect(payment.status).toBe("pending");
  });

  it("shows a declined card's reason, keeps the form, then pays and returns to the task, hired", async () => {
    const store = freshMockApi();
    const payment = checkout(store);
    const sent: unknown[] = [];
    server.use(
      http.post(
        "*/api/payments/:id/pay",
        async ({ request }) => {
          sent.push(await request.clone().json());
          return problem(402, PAYMENT_MESSAGES.declined);
        },
        { once: true },
      ),
    );
    const { screen, user, router } = await renderRoute("/pay/pay-1", { as: DEMO_CLIENT, db: store });
    await user.type(await screen.findByLabelText("Card number"), "4000 0000 0000 0002");
    await user.type(screen.getByLabelText("Expiry"), "12/34");
    await user.type(screen.getByLabelText("CVC"), "123");
    await user.click(screen.getByRole("button", { name: "Pay $360.00" }));
    expect((await screen.findByRole("alert")).textContent).toBe(PAYMENT_MESSAGES.declined);
    // The digits only, never the spaces a person types.
    expect(sent).toEqual([{ card: { number: "4000000000000002", expiry: "12/34", cvc: "123" } }]);

    const number = screen.getByLabelText("Card number");
    await user.clear(number);
    await user.type(number, "4242 4242 4242 4242");
    await user.click(screen.getByRole("button", { name: "Pay $360.00" }));
    expect(await screen.findByText("Payment secured. You hired Lucas Moreau.")).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/task-details/${payment.task._id}`));
    expect(payment.status).toBe("held");
  });

  it("says a payment already made is secured, with the way back to its task, and no form", async () => {
    const store = freshMockApi();
    Object.assign(checkout(store), { status: "held" });
    const { screen } = await renderRoute("/pay/pay-1", { as: DEMO_CLIENT, db: store });
    const status = (await screen.findByText(/Payment secured\./)).closest("[role=status]") as HTMLElement;
    expect(status.textContent).toContain("Payment secured.");
    expect(within(status).getByRole("link", { name: "Open the task" })).toBeTruthy();
    expect(screen.queryByLabelText("Card number")).toBeNull();
  });
});

describe("Accepting an offer with payments on", () => {
  it("never asks for a card when the payment is made on the provider's own page (Stripe), and leads back to it", async () => {
    const store = freshMockApi();
    const payment: Payment = Object.assign(checkout(store), {
      testMode: false,
      checkoutUrl: "https://checkout.stripe.com/c/pay/cs_test_1",
    });
    const view = await renderRoute("/pay/pay-1", { as: DEMO_CLIENT, db: store });
    expect(await view.screen.findByRole("heading", { level: 1, name: "Pay for the hire" })).toBeTruthy();
    expect(view.screen.queryByLabelText("Card number")).toBeNull();
    expect(view.screen.queryByRole("note")).toBeNull();
    expect(view.screen.getByRole("link", { name: "Continue to the secure payment page" }).getAttribute("href")).toBe(
      "https://checkout.stripe.com/c/pay/cs_test_1",
    );
    cleanup();
    // Without the provider's address (an older payment): the way to open a new page.
    payment.checkoutUrl = null;
    const { screen } = await renderRoute("/pay/pay-1", { as: DEMO_CLIENT, db: store });
    expect(await screen.findByRole("heading", { level: 1, name: "Pay for the hire" })).toBeTruthy();
    expect(screen.queryByLabelText("Card number")).toBeNull();
    expect(screen.getByRole("status").textContent).toContain("made on the payment provider's secure page");
    expect(screen.getByRole("link", { name: "My Posted Tasks" }).getAttribute("href")).toBe(
      "/dashboard/my-posted-tasks",
    );
  });

  it("goes to the checkout the server answers, hiring nobody yet", async () => {
    const store = freshMockApi();
    const task = taskTitled(store, "Landing page");
    checkout(store);
    server.use(
      http.post("*/api/tasks/:id/accept", () =>
        HttpResponse.json({ paymentId: "pay-1", checkoutUrl: "/pay/pay-1" }, { status: 202 }),
      ),
    );
    const { screen, user, router } = await renderRoute("/dashboard/my-posted-tasks", { as: DEMO_CLIENT, db: store });
    const table = await screen.findByRole("table");
    await user.click(within(table).getByRole("button", { name: `Bids for ${task.title}` }));
    const dialog = await screen.findByRole("dialog");
    await user.click(await within(dialog).findByRole("button", { name: "Accept bid from Lucas Moreau" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Accept bid" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Pay for the hire" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/pay/pay-1");
    expect(task.status).toBe("open");
    expect(screen.queryByText(/You hired/)).toBeNull();
  });
});
