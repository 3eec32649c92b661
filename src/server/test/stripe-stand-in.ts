import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in of the few Stripe endpoints QuickGig calls (checkout sessions, refunds), on
 * 127.0.0.1, for the official SDK pointed at it with STRIPE_API_URL. It answers in Stripe's shapes,
 * replays an idempotency key's first answer as Stripe does, and records every request. What it
 * proves: QuickGig's calls, amounts, keys and its handling of the answers; not Stripe's own
 * behaviour (README, Payments).
 */
export interface StandInRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  body: URLSearchParams;
}

export interface StripeStandIn {
  url: string;
  requests: StandInRequest[];
  sessions: Map<string, Record<string, unknown>>;
  accounts: Map<string, Record<string, unknown>>;
  /** Marks a checkout paid, as a client paying on Stripe's page would (its PaymentIntent made). */
  pay(sessionId: string): string;
  /** Marks a checkout expired unpaid, as Stripe does after a day. */
  expire(sessionId: string): void;
  /** Answers the next `count` refunds with a server error, as Stripe down would. */
  failRefunds(count: number): void;
  /** Refuses the next `count` transfers for good (400), as for an account that can no longer receive them. */
  refuseTransfers(count: number): void;
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: StandInRequest[] = [];
  const sessions = new Map<string, Record<string, unknown>>();
  const accounts = new Map<string, Record<string, unknown>>();
  const answered = new Map<string, unknown>();
  let counter = 0;
  let refundsToFail = 0;
  let transfersToRefuse = 0;
  const server = createServer(async (request, response) => {
    const path = (request.url ?? "").split("?")[0] ?? "";
    const body = new URLSearchParams(await bodyOf(request));
    const key = request.headers["idempotency-key"];
    const idempotencyKey = typeof key === "string" ? key : undefined;
    requests.push({ method: request.method ?? "", path, idempotencyKey, body });
    const send = (status: number, answer: unknown) => {
      response.writeHead(status, { "content-type": "application/json", "request-id": `req_${counter}` });
      response.end(JSON.stringify(answer));
    };
    if (request.method === "POST" && idempotencyKey && answered.has(`${path} ${idempotencyKey}`)) {
      return send(200, answered.get(`${path} ${idempotencyKey}`));
    }
    let answer: unknown;
    if (request.method === "POST" && path === "/v1/checkout/sessions") {
      counter += 1;
      const id = `cs_test_${counter}`;
      const session = {
        id,
        object: "checkout.session",
        url: `https://checkout.stripe.test/c/pay/${id}`,
        mode: "payment",
        payment_status: "unpaid",
        payment_intent: null,
        amount_total: Number(body.get("line_items[0][price_data][unit_amount]")),
        currency: body.get("line_items[0][price_data][currency]"),
        client_reference_id: body.get("client_reference_id"),
        metadata: { paymentId: body.get("metadata[paymentId]") },
        success_url: body.get("success_url"),
        cancel_url: body.get("cancel_url"),
      };
      sessions.set(id, session);
      answer = session;
    } else if (request.method === "GET" && path.startsWith("/v1/checkout/sessions/")) {
      const session = sessions.get(path.slice("/v1/checkout/sessions/".length));
      if (!session) return send(404, { error: { type: "invalid_request_error", message: "No such checkout.session" } });
      return send(200, session);
    } else if (request.method === "POST" && path === "/v1/accounts") {
      counter += 1;
      const account = {
        id: `acct_test_${counter}`,
        object: "account",
        email: body.get("email"),
        payouts_enabled: false,
        metadata: { userId: body.get("metadata[userId]") },
      };
      accounts.set(account.id, account);
      answer = account;
    } else if (request.method === "GET" && path.startsWith("/v1/accounts/")) {
      const account = accounts.get(path.slice("/v1/accounts/".length));
      if (!account) return send(404, { error: { type: "invalid_request_error", message: "No such account" } });
      return send(200, account);
    } else if (request.method === "POST" && path === "/v1/account_links") {
      answer = {
        object: "account_link",
        url: `https://connect.stripe.test/setup/${body.get("account")}`,
        return_url: body.get("return_url"),
      };
    } else if (request.method === "POST" && path === "/v1/transfers") {
      if (transfersToRefuse > 0) {
        transfersToRefuse -= 1;
        return send(400, {
          error: { type: "invalid_request_error", message: "The destination cannot receive transfers" },
        });
      }
      counter += 1;
      answer = {
        id: `tr_test_${counter}`,
        object: "transfer",
        amount: Number(body.get("amount")),
        currency: body.get("currency"),
        destination: body.get("destination"),
      };
    } else if (request.method === "POST" && path === "/v1/refunds") {
      if (refundsToFail > 0) {
        refundsToFail -= 1;
        return send(500, { error: { type: "api_error", message: "Stripe is resting" } });
      }
      counter += 1;
      answer = {
        id: `re_test_${counter}`,
        object: "refund",
        payment_intent: body.get("payment_intent"),
        amount: Number(body.get("amount")),
        status: "succeeded",
      };
    } else {
      return send(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${path})` } });
    }
    if (idempotencyKey) answered.set(`${path} ${idempotencyKey}`, answer);
    send(200, answer);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    accounts,
    pay(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      counter += 1;
      const intent = `pi_test_${counter}`;
      Object.assign(session, { payment_status: "paid", payment_intent: intent, status: "complete" });
      return intent;
    },
    expire(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      Object.assign(session, { status: "expired" });
    },
    failRefunds(count) {
      refundsToFail = count;
    },
    refuseTransfers(count) {
      transfersToRefuse = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
