import { type HttpHandler, HttpResponse, http } from "msw";
import { MODERATION_MESSAGES, type SanctionView, type Standing } from "../../contract/moderation.ts";
import { REVIEW_MESSAGES } from "../../contract/reputation-words.ts";
import type { MockStore } from "./store.ts";

/*
 * Mock mode's refusals and edge states. The mock decides nothing (the server's rules are the
 * server's): a person who wants to see how the app shows a limit, a suspension, a removed task or a
 * closed review window picks that scenario (the mock's banner, or ?scenario= in the URL), and these
 * handlers answer as the server does then, before the ordinary ones. Each says what it changes.
 */

export const SCENARIOS = {
  limited: "Limited account: posting, bidding, asking and editing are refused",
  suspended: "Suspended account: signing in is refused",
  "task-removed": "Every task was removed by a moderator",
  "review-window-closed": "The time to review every finished task has ended",
  google: "Google sign-in is set up: login and sign-up show Continue with Google (the mock cannot sign in with it)",
} as const;
export type ScenarioId = keyof typeof SCENARIOS;

export const isScenario = (value: unknown): value is ScenarioId =>
  typeof value === "string" && Object.hasOwn(SCENARIOS, value);

const RULE = "on-platform";

export const problem = (status: number, detail: string, extra: Record<string, unknown> = {}) =>
  HttpResponse.json(
    { type: "about:blank", title: String(status), status, detail, ...extra },
    { status, headers: { "content-type": "application/problem+json" } },
  );

/** The limit the "limited" scenario puts on whoever is signed in, kept with their other sanctions. */
function limitOf(store: MockStore, userId: string): SanctionView {
  const kept = store.sanctions.get(userId) ?? [];
  const found = kept.find((sanction) => sanction._id === `limit-${userId}`);
  if (found) return found;
  const limit: SanctionView = {
    _id: `limit-${userId}`,
    kind: "limit",
    rule: RULE,
    note: "Asked a client to pay by bank transfer, outside QuickGig.",
    targetKind: "question",
    targetTitle: store.tasks[0]?.title ?? "",
    createdAt: store.now(),
    liftedAt: null,
    appeal: null,
    canAppeal: true,
  };
  store.sanctions.set(userId, [limit, ...kept]);
  return limit;
}

/** What entering a scenario changes in the data (a closed window publishes what was hidden, as its end does). */
export function enterScenario(store: MockStore): void {
  if (store.scenario !== "review-window-closed") return;
  const ended = new Date(Date.now() - 60_000).toISOString();
  for (const taskId of store.reviewWindows.keys()) store.reviewWindows.set(taskId, ended);
  for (const review of store.reviews) review.publishedAt ??= ended;
}

export function scenarioHandlers(store: MockStore): HttpHandler[] {
  type Method = "get" | "post" | "put" | "patch";
  const when = (scenario: ScenarioId, method: Method, path: string, answer: () => Response) =>
    http[method](`*/api${path}`, () => (store.scenario === scenario ? answer() : undefined));
  const limited = () => problem(403, MODERATION_MESSAGES.limited(RULE));
  const removed = () => problem(404, MODERATION_MESSAGES.removedTask);
  const windowEnded = () => problem(409, REVIEW_MESSAGES.windowEnded);
  return [
    when("limited", "get", "/me/standing", () => {
      const viewer = store.viewer();
      if (!viewer) return problem(401, "Please sign in first.");
      const limit = limitOf(store, viewer.id);
      const standing: Standing = {
        role: viewer.role,
        limited: limit.liftedAt === null ? limit : null,
        sanctions: store.sanctions.get(viewer.id) ?? [],
      };
      return HttpResponse.json(standing);
    }),
    ...(
      [
        ["post", "/tasks"],
        ["put", "/tasks/:id"],
        ["post", "/bids"],
        ["patch", "/bids/:id"],
        ["post", "/tasks/:id/questions"],
        ["put", "/profile/about"],
        ["post", "/auth/update-user"],
      ] as const
    ).map(([method, path]) => when("limited", method, path, limited)),
    when("suspended", "post", "/auth/sign-in/email", () =>
      problem(403, MODERATION_MESSAGES.suspended(RULE), { code: "ACCOUNT_SUSPENDED" }),
    ),
    when("suspended", "get", "/auth/get-session", () => HttpResponse.json(null)),
    when("task-removed", "get", "/tasks/:id", removed),
    when("task-removed", "get", "/tasks/:id/threads/:bidderId/messages", removed),
    when("review-window-closed", "post", "/tasks/:id/reviews", windowEnded),
    when("review-window-closed", "put", "/tasks/:id/reviews/mine", windowEnded),
  ];
}
