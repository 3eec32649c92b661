import { waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { toast } from "sonner";
import { beforeEach, describe, expect, it } from "vitest";
import type { Dispute, Payment, Proposal } from "../../../contract/payments.ts";
import { closeDialog } from "../../lib/dialogs.ts";
import { problem } from "../../mocks/scenarios.ts";
import type { MockStore } from "../../mocks/store.ts";
import { taskTitled, userId } from "../../test/demo.ts";
import { DEMO_CLIENT, DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi, server } from "../../test/setup.ts";

beforeEach(() => {
  toast.dismiss();
  closeDialog();
});

const DAY_MS = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

/** The demo client's $360 payment to Maya for the bakery's landing page, held by QuickGig. */
function heldPayment(store: MockStore, changes: Partial<Payment> = {}): Payment {
  const task = taskTitled(store, "Landing page");
  const payment: Payment = {
    _id: "pay-1",
    status: "held",
    task: { _id: task._id, title: task.title },
    client: store.person(task.ownerId ?? ""),
    freelancer: store.person(userId(store, DEMO_FREELANCER)),
    amount: 360,
    fee: 36,
    feePercent: 10,
    currency: "USD",
    testMode: true,
    checkoutUrl: null,
    lastError: null,
    createdAt: ago(10),
    heldAt: ago(10),
    releaseDueAt: null,
    settledAt: null,
    dispute: null,
    ...changes,
  };
  store.payments.push(payment);
  return payment;
}

const proposal = (fields: Pick<Proposal, "_id" | "by" | "status" | "toFreelancer" | "toClient">, days: number) => ({
  ...fields,
  createdAt: ago(days),
});

/** Maya disputed the payment two days ago; the client proposed $100, then Maya $200 (waiting). */
function disputed(changes: Partial<Dispute> = {}): Dispute {
  return {
    openedBy: "freelancer",
    reason: "The client asked for two extra pages after the work was delivered.",
    openedAt: ago(2),
    escalatesAt: new Date(Date.now() + 5 * DAY_MS).toISOString(),
    escalatedAt: null,
    status: "open",
    proposals: [
      proposal({ _id: "d-1", by: "client", status: "replaced", toFreelancer: 100, toClient: 260 }, 2),
      proposal({ _id: "d-2", by: "freelancer", status: "open", toFreelancer: 200, toClient: 160 }, 1),
    ],
    outcome: null,
    ...changes,
  };
}

const dispute = (screen: Awaited<ReturnType<typeof renderRoute>>["screen"]) =>
  screen.getByRole("region", { name: "Dispute" });
const row = (screen: Awaited<ReturnType<typeof renderRoute>>["screen"], label: string) =>
  screen.getByText(label).nextElementSibling?.textContent;

describe("A receipt's dispute", () => {
  it("lets a party open a dispute on a held payment with a reason, then shows it", async () => {
    const store = freshMockApi();
    const payment = heldPayment(store);
    const sent: unknown[] = [];
    // The server's answer: the payment disputed, with when it goes to the moderators.
    server.use(
      http.post("*/api/payments/:id/dispute", async ({ request }) => {
        const body = (await request.clone().json()) as { reason: string };
        sent.push(body);
        Object.assign(payment, {
          status: "disputed",
          dispute: disputed({ openedBy: "client", reason: body.reason, openedAt: ago(0), proposals: [] }),
        });
        return HttpResponse.json(payment);
      }),
    );
    const { screen, user } = await renderRoute("/payments/pay-1", { as: DEMO_CLIENT, db: store });
    await screen.findByRole("heading", { level: 1, name: "Receipt" });
    expect(dispute(screen).textContent).toContain("until you and Maya Patel agree");
    await user.click(screen.getByRole("button", { name: "Open a dispute" }));

    const dialog = await screen.findByRole("dialog", { name: "Open a dispute" });
    await user.click(within(dialog).getByRole("button", { name: "Open dispute" }));
    expect(await within(dialog).findByText("Reason is required")).toBeTruthy();
    expect(sent).toEqual([]);
    await user.type(within(dialog).getByLabelText("Reason"), "  Two of the five pages were never delivered.  ");
    await user.click(within(dialog).getByRole("button", { name: "Open dispute" }));

    expect(await screen.findByText("Dispute opened")).toBeTruthy();
    expect(sent).toEqual([{ reason: "Two of the five pages were never delivered." }]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(row(screen, "Status")).toBe("Payment disputed"));
    const section = dispute(screen);
    expect(section.textContent).toContain("You opened this dispute on");
    expect(within(section).getByText("Two of the five pages were never delivered.")).toBeTruthy();
    expect(section.textContent).toMatch(/Unless you agree on a split by .+, it goes to QuickGig's moderators/);
    expect(within(section).queryByRole("button", { name: "Open a dispute" })).toBeNull();
    expect(within(section).getByRole("form", { name: "Propose a split" })).toBeTruthy();
  });

  it("offers Accept on the other party's waiting proposal only, and accepting posts it and shows the outcome", async () => {
    const store = freshMockApi();
    const payment = heldPayment(store, { status: "disputed", dispute: disputed() });
    const accepted: string[] = [];
    // The server's answer: the money moved at once, the payment split.
    server.use(
      http.post("*/api/payments/:id/dispute/proposals/:proposalId/accept", ({ params }) => {
        accepted.push(`${params.id} ${params.proposalId}`);
        const outcome = { toFreelancer: 200, toClient: 160, at: ago(0), rule: null, note: null };
        const proposals = disputed().proposals.map((made) => ({
          ...made,
          status: made._id === "d-2" ? "accepted" : made.status,
        }));
        Object.assign(payment, {
          status: "split",
          // The server's fee: on the freelancer's $200 only.
          fee: 20,
          settledAt: outcome.at,
          dispute: disputed({ status: "settled", outcome, proposals: proposals as Proposal[] }),
        });
        return HttpResponse.json(payment);
      }),
    );
    const { screen, user } = await renderRoute("/payments/pay-1", { as: DEMO_CLIENT, db: store });
    const list = await screen.findByRole("list", { name: "Proposals" });
    const items = within(list).getAllByRole("listitem");
    // Newest first: Maya's, waiting, then the client's own, replaced.
    expect(items[0]?.textContent).toContain(
      "Maya Patel proposes $200.00 to the freelancer, $160.00 back to the client.",
    );
    expect(items[1]?.textContent).toContain("You propose $100.00 to the freelancer, $260.00 back to the client.");
    expect(items[1]?.textContent).toContain("Replaced by a newer proposal");
    expect(within(items[1] as HTMLElement).queryByRole("button", { name: "Accept" })).toBeNull();
    expect(dispute(screen).textContent).toContain("Maya Patel opened this dispute on");

    await user.click(within(items[0] as HTMLElement).getByRole("button", { name: "Accept" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Accept this split?" });
    await user.click(within(confirm).getByRole("button", { name: "Accept split" }));

    expect(await screen.findByText("Split accepted: the dispute is settled.")).toBeTruthy();
    expect(accepted).toEqual(["pay-1 d-2"]);
    const outcome = await within(dispute(screen)).findByRole("status");
    expect(outcome.textContent).toContain("Settled by agreement");
    expect(outcome.textContent).toContain(
      "$200.00 to the freelancer (less the $20.00 platform fee), $160.00 back to the client.",
    );
    expect(within(dispute(screen)).queryByRole("button", { name: "Accept" })).toBeNull();
    expect(within(dispute(screen)).queryByRole("form", { name: "Propose a split" })).toBeNull();
    // The receipt's figures follow the split: the fee on the freelancer's part only.
    expect(row(screen, "Status")).toBe("Payment split");
    expect(row(screen, "Split: to the freelancer")).toBe("$200.00");
    expect(row(screen, "Platform fee (10 %) on the freelancer's part, paid by the freelancer")).toBe("$20.00");
    expect(row(screen, "The freelancer receives")).toBe("$180.00");
    expect(row(screen, "Back to the client")).toBe("$160.00");
  });

  it("shows no Accept on the viewer's own waiting proposal", async () => {
    const store = freshMockApi();
    heldPayment(store, { status: "disputed", dispute: disputed() });
    const { screen } = await renderRoute("/payments/pay-1", { as: DEMO_FREELANCER, db: store });
    const list = await screen.findByRole("list", { name: "Proposals" });
    const mine = within(list).getAllByRole("listitem")[0] as HTMLElement;
    expect(mine.textContent).toContain("You propose $200.00 to the freelancer, $160.00 back to the client.");
    expect(mine.textContent).toContain("Waiting for Demo Client to accept it");
    expect(within(list).queryByRole("button", { name: "Accept" })).toBeNull();
    expect(dispute(screen).textContent).toContain("You opened this dispute on");
  });

  it("leaves the split to an admin once the moderators have it: no Accept, no proposal form", async () => {
    const store = freshMockApi();
    heldPayment(store, { status: "disputed", dispute: disputed({ escalatedAt: ago(0.5) }) });
    const { screen } = await renderRoute("/payments/pay-1", { as: DEMO_CLIENT, db: store });
    const list = await screen.findByRole("list", { name: "Proposals" });
    expect(within(list).getAllByRole("listitem")[0]?.textContent).toContain("Maya Patel proposes $200.00");
    expect(within(list).queryByRole("button", { name: "Accept" })).toBeNull();
    expect(screen.queryByRole("form", { name: "Propose a split" })).toBeNull();
    expect(dispute(screen).textContent).toMatch(/With QuickGig's moderators since .+: an admin decides/);
  });

  it("shows live what goes back to the client, refuses more than the amount, shows the server's refusal, then proposes", async () => {
    const store = freshMockApi();
    const payment = heldPayment(store, { status: "disputed", dispute: disputed({ proposals: [] }) });
    const sent: unknown[] = [];
    server.use(
      http.post("*/api/payments/:id/dispute/proposals", async ({ request }) => {
        sent.push(await request.clone().json());
        return undefined;
      }),
      http.post(
        "*/api/payments/:id/dispute/proposals",
        () => problem(400, "This split is not valid: the freelancer's part is more than the amount held."),
        { once: true },
      ),
    );
    const { screen, user } = await renderRoute("/payments/pay-1", { as: DEMO_CLIENT, db: store });
    const form = await screen.findByRole("form", { name: "Propose a split" });
    const amount = within(form).getByLabelText("To the freelancer, in dollars");
    expect(form.textContent).toContain("Anything from $0.00 to $360.00; the rest goes back to the client.");
    await user.type(amount, "150.50");
    expect(form.textContent).toContain(
      "$209.50 goes back to the client; Maya Patel receives $135.45 after the 10 % platform fee.",
    );

    await user.clear(amount);
    await user.type(amount, "400");
    await user.click(within(form).getByRole("button", { name: "Propose" }));
    expect(await within(form).findByText("The freelancer's part cannot be more than the $360.00 held.")).toBeTruthy();
    expect(sent).toEqual([]);

    await user.clear(amount);
    await user.type(amount, "150.50");
    await user.click(within(form).getByRole("button", { name: "Propose" }));
    expect((await within(form).findByRole("alert")).textContent).toBe(
      "This split is not valid: the freelancer's part is more than the amount held.",
    );
    await user.click(within(form).getByRole("button", { name: "Propose" }));
    expect(await screen.findByText("Split proposed")).toBeTruthy();
    expect(sent).toEqual([{ toFreelancer: 150.5 }, { toFreelancer: 150.5 }]);
    const list = await screen.findByRole("list", { name: "Proposals" });
    expect(list.textContent).toContain("You propose $150.50 to the freelancer, $209.50 back to the client.");
    expect(payment.dispute?.proposals).toHaveLength(1);
  });

  it("names an admin's decision with its house rule and note", async () => {
    const store = freshMockApi();
    const outcome = {
      toFreelancer: 90,
      toClient: 270,
      at: ago(1),
      rule: "honest",
      note: "Only one page was delivered.",
    };
    heldPayment(store, {
      status: "split",
      // The server's fee on the freelancer's $90.
      fee: 9,
      settledAt: ago(1),
      dispute: disputed({ escalatedAt: ago(3), status: "decided", outcome }),
    });
    const { screen } = await renderRoute("/payments/pay-1", { as: DEMO_CLIENT, db: store });
    const decided = await within(await screen.findByRole("region", { name: "Dispute" })).findByRole("status");
    expect(decided.textContent).toContain("Decided by an admin");
    expect(decided.textContent).toContain(
      "$90.00 to the freelancer (less the $9.00 platform fee), $270.00 back to the client.",
    );
    expect(decided.textContent).toContain("House rule: Be honest");
    expect(decided.textContent).toContain("Only one page was delivered.");
    expect(row(screen, "The freelancer receives")).toBe("$81.00");
    expect(row(screen, "Back to the client")).toBe("$270.00");
  });

  it("offers no dispute on a payment already released", async () => {
    const store = freshMockApi();
    heldPayment(store, { status: "released", settledAt: ago(1) });
    const { screen } = await renderRoute("/payments/pay-1", { as: DEMO_CLIENT, db: store });
    await screen.findByRole("heading", { level: 1, name: "Receipt" });
    expect(screen.queryByRole("region", { name: "Dispute" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Open a dispute" })).toBeNull();
  });
});
