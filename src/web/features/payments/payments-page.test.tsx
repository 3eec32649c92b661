import { waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it, vi } from "vitest";
import type { Payment, PaymentsOverview } from "../../../contract/payments.ts";
import { leaveFor } from "../../lib/leave.ts";
import { LUCAS, taskTitled } from "../../test/demo.ts";
import { DEMO_CLIENT, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi, server } from "../../test/setup.ts";

vi.mock("../../lib/leave.ts", () => ({ leaveFor: vi.fn() }));

describe("Payments", () => {
  it("shows both sides' figures as the server sums them, each movement with its task and receipt, and the CSV", async () => {
    const store = freshMockApi();
    const task = taskTitled(store, "Landing page");
    const overview: PaymentsOverview = {
      asClient: { paid: 440.5, held: 360, refunded: 80.5 },
      asFreelancer: { held: 0, earned: 180, paidOut: 0, balance: 180 },
      currency: "USD",
      payouts: { provider: "test", ready: true },
      lines: [
        {
          _id: "e-2",
          at: "2026-11-28T10:00:00.000Z",
          kind: "hold",
          paymentId: "pay-2",
          taskId: task._id,
          taskTitle: task.title,
          amount: -360,
          note: "Paid by card",
        },
        {
          _id: "e-1",
          at: "2026-11-27T10:00:00.000Z",
          kind: "release",
          paymentId: "pay-1",
          taskId: "gone",
          taskTitle: "A task deleted since",
          amount: 180,
          note: "Paid for the work",
        },
      ],
    };
    server.use(http.get("*/api/me/payments", () => HttpResponse.json(overview)));
    const { screen } = await renderRoute("/dashboard/payments", { as: DEMO_CLIENT, db: store });
    expect(await screen.findByRole("heading", { level: 1, name: "Payments" })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Payments - QuickGig"));
    const client = screen.getByRole("region", { name: "As a client" });
    expect(client.textContent).toContain("Paid$440.50");
    expect(client.textContent).toContain("Held by QuickGig$360.00");
    expect(client.textContent).toContain("Refunded$80.50");
    const freelancer = screen.getByRole("region", { name: "As a freelancer" });
    expect(freelancer.textContent).toContain("Earned, after fees$180.00");
    expect(freelancer.textContent).toContain("Waiting to be paid out$180.00");
    const rows = within(screen.getByRole("table")).getAllByRole("row").slice(1);
    expect(rows.map((row) => row.querySelectorAll("td")[3]?.textContent)).toEqual(["−$360.00", "+$180.00"]);
    expect(
      within(rows[0] as HTMLElement)
        .getByRole("link", { name: task.title })
        .getAttribute("href"),
    ).toBe(`/task-details/${task._id}`);
    expect(
      within(rows[1] as HTMLElement)
        .getByRole("link", { name: "Receipt" })
        .getAttribute("href"),
    ).toBe("/payments/pay-1");
    expect(screen.getByRole("link", { name: "Download CSV" }).getAttribute("href")).toMatch(
      /\/api\/me\/payments\.csv$/,
    );
  });

  it("pays out a freelancer's balance with one button, and shows what the server then sums", async () => {
    const store = freshMockApi();
    const before: PaymentsOverview = {
      asClient: { paid: 0, held: 0, refunded: 0 },
      asFreelancer: { held: 0, earned: 315, paidOut: 0, balance: 315 },
      currency: "USD",
      payouts: { provider: "test", ready: true },
      lines: [],
    };
    const after: PaymentsOverview = { ...before, asFreelancer: { held: 0, earned: 315, paidOut: 315, balance: 0 } };
    let paidOut = false;
    server.use(
      http.get("*/api/me/payments", () => HttpResponse.json(paidOut ? after : before)),
      http.post("*/api/me/payouts", () => {
        paidOut = true;
        return HttpResponse.json(after);
      }),
    );
    const { screen, user } = await renderRoute("/dashboard/payments", { as: DEMO_CLIENT, db: store });
    await user.click(await screen.findByRole("button", { name: "Pay out $315.00" }));
    expect(await screen.findByText("$315.00 paid out to your bank.")).toBeTruthy();
    const freelancer = screen.getByRole("region", { name: "As a freelancer" });
    await waitFor(() => expect(freelancer.textContent).toContain("Paid out$315.00"));
    expect(paidOut).toBe(true);
    expect(screen.queryByRole("button", { name: /^Pay out/ })).toBeNull();
  });

  it("asks a freelancer paid through Stripe to set up payouts first, and sends them to Stripe's page", async () => {
    const store = freshMockApi();
    const overview: PaymentsOverview = {
      asClient: { paid: 0, held: 0, refunded: 0 },
      asFreelancer: { held: 0, earned: 180, paidOut: 0, balance: 180 },
      currency: "USD",
      payouts: { provider: "stripe", ready: false },
      lines: [],
    };
    const asked: string[] = [];
    server.use(
      http.get("*/api/me/payments", () => HttpResponse.json(overview)),
      http.post("*/api/me/payout-account", ({ request }) => {
        asked.push(request.method);
        return HttpResponse.json({ url: "https://connect.stripe.com/setup/e/acct_1/abc" });
      }),
    );
    const { screen, user } = await renderRoute("/dashboard/payments", { as: DEMO_CLIENT, db: store });
    await user.click(await screen.findByRole("button", { name: "Set up payouts" }));
    expect(screen.queryByRole("button", { name: /^Pay out/ })).toBeNull();
    expect(screen.getByText(/Your earnings wait in your balance/)).toBeTruthy();
    await waitFor(() =>
      expect(vi.mocked(leaveFor)).toHaveBeenCalledWith("https://connect.stripe.com/setup/e/acct_1/abc"),
    );
    expect(asked).toEqual(["POST"]);
  });

  it("says when no money has moved yet", async () => {
    const { screen } = await renderRoute("/dashboard/payments", { as: DEMO_CLIENT });
    expect(await screen.findByText(/^No payments yet\./)).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });
});

describe("A receipt", () => {
  it("names the parties, the amount, the fee and what the freelancer receives, in test mode, with Print", async () => {
    const store = freshMockApi();
    const task = taskTitled(store, "Landing page");
    const lucas = store.users.find((user) => user.email === LUCAS);
    const receipt: Payment = {
      _id: "pay-9",
      status: "released",
      task: { _id: task._id, title: task.title },
      client: store.person(task.ownerId ?? ""),
      freelancer: store.person(lucas?.id ?? ""),
      amount: 360,
      fee: 36,
      feePercent: 10,
      currency: "USD",
      testMode: true,
      checkoutUrl: null,
      lastError: null,
      createdAt: "2026-11-20T09:00:00.000Z",
      heldAt: "2026-11-20T09:01:00.000Z",
      releaseDueAt: null,
      settledAt: "2026-11-27T12:00:00.000Z",
      dispute: null,
    };
    store.payments.push(receipt);
    const { screen } = await renderRoute("/payments/pay-9", { as: DEMO_CLIENT, db: store });
    expect(await screen.findByRole("heading", { level: 1, name: "Receipt" })).toBeTruthy();
    const shown = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect(shown("Receipt number")).toBe("pay-9");
    expect(shown("Client")).toBe("Demo Client");
    expect(shown("Freelancer")).toBe("Lucas Moreau");
    expect(shown("Amount")).toBe("$360.00");
    expect(shown("Platform fee (10 %), paid by the freelancer")).toBe("$36.00");
    expect(shown("The freelancer receives")).toBe("$324.00");
    expect(shown("Status")).toBe("Payment released");
    expect(screen.getByRole("note").textContent).toBe("Test mode — no real money");
    expect(screen.getByRole("button", { name: "Print" })).toBeTruthy();
  });
});
