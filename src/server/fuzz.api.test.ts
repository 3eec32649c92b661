import http from "node:http";
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { TASK_CATEGORIES, TASK_SORTS } from "../contract/index.ts";
import {
  AUDIT_ACTIONS,
  AUTHOR_SANCTIONS,
  REPORT_REASONS,
  REPORT_TARGETS,
  RULE_IDS,
  STAFF_ROLES,
} from "../contract/moderation.ts";
import { FREELANCER_FIELDS, FREELANCER_SORTS } from "../contract/reputation.ts";
import { openDatabase } from "./db/database.ts";
import { grantRole } from "./moderation/roles.ts";
import { expectWellFormed } from "./test/answers.ts";
import { rawRequest } from "./test/raw-http.ts";
import { inDays, PUBLIC_URL, postTask, setupTestApp, signUp, type TestUser } from "./test/test-app.ts";

/**
 * Fuzzing every endpoint, signed in and not, with schema-shaped and junk input: never a 5xx, every
 * 4xx is problem+json with a readable detail, and the server keeps answering. FUZZ_RUNS sets the
 * cases per route (1,000 in the suite; a longer run: FUZZ_RUNS=20000 npx vitest run src/server/fuzz).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const ctx = setupTestApp();
let user: TestUser;
let taskId: string;
/** A task the fuzzing user posted, hired for and completed: theirs to review (issue 28). */
let endedTaskId: string;
/** Moderation (issue 29): the other person, an admin, and a warning of the other's, appealed. */
let other: TestUser;
let staff: TestUser;
let sanctionId: string;
/** A saved search of the fuzzing user's (issue 47). */
let savedSearchId: string;

beforeAll(async () => {
  user = await signUp(ctx.app);
  other = await signUp(ctx.app);
  taskId = await postTask(ctx.app, other);
  endedTaskId = await postTask(ctx.app, user);
  const as = (who: TestUser, url: string, payload: object) =>
    ctx.app.inject({ method: "POST", url, headers: { cookie: who.cookie }, payload });
  const bid = await as(other, "/api/bids", { taskId: endedTaskId });
  await as(user, `/api/tasks/${endedTaskId}/accept`, { bidId: bid.json()._id });
  await as(user, `/api/tasks/${endedTaskId}/complete`, {});
  savedSearchId = (await as(user, "/api/saved-searches", { q: "logo" })).json()._id;

  staff = await signUp(ctx.app);
  const database = openDatabase(ctx.database.config);
  try {
    await grantRole(database.db, staff.email, "admin", null);
  } finally {
    await database.close();
  }
  const decision = {
    targetKind: "profile",
    targetId: other.id,
    remove: false,
    sanction: "warn",
    rule: "honest",
    note: "x",
  };
  sanctionId = (await as(staff, "/api/admin/decisions", decision)).json().entries[0].sanctionId;
  await as(other, `/api/sanctions/${sanctionId}/appeal`, { text: "Not me" });
});

const junk = fc.oneof(fc.anything(), fc.string(), fc.integer(), fc.double(), fc.constant(null), fc.boolean());
const withNul = fc.string().map((value) => `${value}\u0000${value}`);
const text = fc.oneof(
  withNul,
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 200 }),
  fc.constant(""),
  fc.string({ minLength: 5001, maxLength: 6000 }),
);
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(fc.oneof(arbitrary, junk), { nil: undefined });
const date = fc.oneof(
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  fc.constant(inDays(3)),
  fc.string(),
);
const taskBody = fc.oneof(
  fc.record(
    {
      title: maybe(text),
      category: maybe(fc.constantFrom(...TASK_CATEGORIES, "Other", "")),
      description: maybe(text),
      deadline: maybe(date),
      budget: maybe(fc.oneof(fc.double(), fc.integer({ min: -10, max: 2_000_000 }), fc.constant(19.99))),
      userEmail: maybe(fc.string()),
      _id: maybe(fc.string()),
    },
    { requiredKeys: [] },
  ),
  junk,
);
const id = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary", maxLength: 80 }),
  fc.constant("..%2F..%2Fetc%2Fpasswd"),
  fc.constant(""),
);
const query = fc.record(
  {
    q: maybe(text),
    category: maybe(fc.constantFrom(...TASK_CATEGORIES, "nope")),
    sort: maybe(fc.constantFrom(...TASK_SORTS, "price")),
    page: maybe(fc.oneof(fc.integer(), fc.string())),
    limit: maybe(fc.oneof(fc.integer(), fc.string())),
    owner: maybe(fc.constantFrom("me", "you")),
    taskId: maybe(id),
    minBudget: maybe(fc.oneof(fc.double(), fc.integer({ min: -10, max: 2_000_000 }), fc.string())),
    maxBudget: maybe(fc.oneof(fc.double(), fc.integer({ min: -10, max: 2_000_000 }), fc.string())),
  },
  { requiredKeys: [] },
);
/** A saved search's fields (issue 47), each valid, wrong or junk. */
const savedSearchBody = fc.oneof(
  fc.record(
    {
      name: maybe(fc.oneof(text, fc.constant(""), junk)),
      q: maybe(fc.oneof(text, junk)),
      category: maybe(fc.oneof(fc.constantFrom(...TASK_CATEGORIES, "nope"), fc.constant(null))),
      minBudget: maybe(fc.oneof(fc.double(), fc.integer({ min: -10, max: 2_000_000 }), fc.constant(null))),
      maxBudget: maybe(fc.oneof(fc.double(), fc.integer({ min: -10, max: 2_000_000 }), fc.constant(null))),
      frequency: maybe(fc.constantFrom("instant", "daily", "hourly")),
      paused: maybe(fc.oneof(fc.boolean(), junk)),
    },
    { requiredKeys: [] },
  ),
  junk,
);
const signedIn = fc.boolean();
const offerFields = {
  amount: maybe(fc.oneof(fc.double(), fc.integer({ min: -10, max: 2_000_000 }), fc.constant(99.99))),
  days: maybe(fc.oneof(fc.integer({ min: -5, max: 400 }), fc.double(), fc.constant(null))),
  message: maybe(fc.oneof(text, fc.constant(null))),
};

const stars = maybe(fc.oneof(fc.integer({ min: -2, max: 8 }), fc.double(), fc.constant(5)));
const reviewBody = fc.oneof(
  fc.record(
    { rating: stars, text: maybe(text), communication: stars, quality: stars, deadline: stars },
    { requiredKeys: [] },
  ),
  junk,
);
/** A task's id in a review's path: the ended task's (marker "ENDED"), the open one's, or anything. */
const reviewTask = fc.oneof(id, fc.constant("TASK"), fc.constant("ENDED"));
const reviewTaskPath = (value: string) =>
  encodeURIComponent(value === "TASK" ? taskId : value === "ENDED" ? endedTaskId : value);

/** The seeded task's id, known only once the tests run, stands in for the marker "TASK". */
function withTaskId(body: unknown): unknown {
  const record = body as { taskId?: unknown } | null;
  return record && typeof record === "object" && record.taskId === "TASK" ? { ...record, taskId } : body;
}

function queryString(values: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined)
      params.set(key, typeof value === "string" ? value : (JSON.stringify(value) ?? "undefined"));
  }
  return params.toString();
}

/** Paths under /api as a client or a scanner might write them: broken escapes, dots, long segments. */
const apiPath = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        "tasks",
        "bids",
        "features-tasks",
        "auth",
        "docs",
        "..",
        ".",
        "%2e",
        "%2E%2e",
        ".%2e",
        "a%2fb",
        "a\\b",
        "%",
        "%E0%A4%A",
        "%zz",
        "%00",
        "",
      ),
      fc.stringMatching(/^[A-Za-z0-9%._~-]{0,12}$/),
      fc.string({ unit: fc.constantFrom("a", "%41", "-"), minLength: 90, maxLength: 400 }),
    ),
    { maxLength: 4 },
  )
  .map((segments) => `/api/${segments.join("/")}`);
/** A plain path of the API with a dot segment, plain or encoded, somewhere in it. */
const detour = fc
  .tuple(
    fc.constantFrom(
      "/api/tasks",
      "/api/bids",
      "/api/auth/sign-in/email",
      "/api/auth/request-password-reset",
      "/api/notifications/read-all",
    ),
    fc.constantFrom(".", "..", "%2e", "%2E", "%2e%2e", ".%2E", "%2E."),
    fc.nat(),
  )
  .map(([path, dots, at]) => {
    const segments = path.split("/");
    const where = 1 + (at % (segments.length - 1));
    return [...segments.slice(0, where), dots, ...segments.slice(where)].join("/");
  });
const method = fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS") as fc.Arbitrary<
  "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS"
>;

function send(
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS",
  url: string,
  withSession: boolean | TestUser,
  payload?: unknown,
) {
  const headers: Record<string, string> = { origin: PUBLIC_URL };
  if (withSession) headers.cookie = withSession === true ? user.cookie : withSession.cookie;
  if (payload !== undefined) {
    headers["content-type"] = "application/json";
    return ctx.app.inject({ method, url, headers, payload: JSON.stringify(payload) ?? "null" });
  }
  return ctx.app.inject({ method, url, headers });
}

/** Moderation: who asks (nobody, the fuzzing user, an admin), and the ids of what exists, as markers. */
const asWhom = fc
  .constantFrom("none", "user", "staff")
  .map((who) => () => (who === "none" ? false : who === "user" ? true : staff));
const moderationId = fc.oneof(id, fc.constant("TASK"), fc.constant("OTHER"), fc.constant("SANCTION"));
const moderationPath = (value: string) => encodeURIComponent(String(resolveId(value)));
function resolveId(value: unknown): unknown {
  if (value === "TASK") return taskId;
  if (value === "OTHER") return other.id;
  if (value === "SANCTION") return sanctionId;
  return value;
}
/** The markers of a body's ids, replaced with the ids they stand for. */
function withIds(body: unknown, ...keys: string[]): unknown {
  if (!body || typeof body !== "object" || Array.isArray(body)) return body;
  const record = { ...(body as Record<string, unknown>) };
  for (const key of keys) if (key in record) record[key] = resolveId(record[key]);
  return record;
}
const reportBody = fc.oneof(
  fc.record(
    {
      targetKind: maybe(fc.constantFrom(...REPORT_TARGETS, "user")),
      targetId: maybe(moderationId),
      reason: maybe(fc.constantFrom(...REPORT_REASONS, "rude")),
      note: maybe(fc.oneof(text, fc.string({ minLength: 995, maxLength: 1005 }))),
    },
    { requiredKeys: [] },
  ),
  junk,
);
const decisionBody = fc.oneof(
  fc.record(
    {
      targetKind: maybe(fc.constantFrom(...REPORT_TARGETS, "user")),
      targetId: maybe(moderationId),
      remove: maybe(fc.boolean()),
      sanction: maybe(fc.constantFrom(...AUTHOR_SANCTIONS, "ban")),
      rule: maybe(fc.constantFrom(...RULE_IDS, "none")),
      note: maybe(text),
      reportIds: maybe(fc.array(fc.oneof(id, junk), { maxLength: 5 })),
    },
    { requiredKeys: [] },
  ),
  junk,
);
const noteBody = fc.oneof(fc.record({ note: maybe(text) }, { requiredKeys: [] }), junk);

const routes: Array<[string, fc.Arbitrary<() => Promise<LightMyRequestResponse>>]> = [
  [
    "any method on any /api path",
    fc.tuple(method, apiPath, signedIn).map(
      ([m, p, s]) =>
        () =>
          send(m, p, s),
    ),
  ],
  ["GET /api/features-tasks", signedIn.map((s) => () => send("GET", "/api/features-tasks", s))],
  [
    "GET /api/tasks",
    fc.tuple(query, signedIn).map(
      ([q, s]) =>
        () =>
          send("GET", `/api/tasks?${queryString(q)}`, s),
    ),
  ],
  [
    "GET /api/tasks/:id",
    fc.tuple(id, signedIn).map(
      ([i, s]) =>
        () =>
          send("GET", `/api/tasks/${encodeURIComponent(i)}`, s),
    ),
  ],
  [
    "POST /api/tasks",
    fc.tuple(taskBody, signedIn).map(
      ([b, s]) =>
        () =>
          send("POST", "/api/tasks", s, b),
    ),
  ],
  [
    "PUT /api/tasks/:id",
    fc.tuple(fc.oneof(id, fc.constant("TASK")), taskBody, signedIn).map(
      ([i, b, s]) =>
        () =>
          send("PUT", `/api/tasks/${encodeURIComponent(i === "TASK" ? taskId : i)}`, s, b),
    ),
  ],
  [
    "DELETE /api/tasks/:id",
    fc.tuple(id, signedIn).map(
      ([i, s]) =>
        () =>
          send("DELETE", `/api/tasks/${encodeURIComponent(i)}`, s),
    ),
  ],
  [
    "GET /api/bids",
    fc.tuple(query, signedIn).map(
      ([q, s]) =>
        () =>
          send("GET", `/api/bids?${queryString(q)}`, s),
    ),
  ],
  [
    "POST /api/bids",
    fc
      .tuple(
        fc.oneof(
          fc.record({ taskId: fc.oneof(id, fc.constant("TASK"), junk), ...offerFields }, { requiredKeys: [] }),
          junk,
        ),
        signedIn,
      )
      .map(
        ([b, s]) =>
          () =>
            send("POST", "/api/bids", s, withTaskId(b)),
      ),
  ],
  [
    "PATCH /api/bids/:id",
    fc.tuple(id, fc.oneof(fc.record(offerFields, { requiredKeys: [] }), junk), signedIn).map(
      ([i, b, s]) =>
        () =>
          send("PATCH", `/api/bids/${encodeURIComponent(i)}`, s, b),
    ),
  ],
  [
    "POST /api/tasks/:id/{accept,complete,cancel,release}",
    fc
      .tuple(
        fc.oneof(id, fc.constant("TASK")),
        fc.constantFrom("accept", "complete", "cancel", "release"),
        fc.oneof(fc.record({ bidId: fc.oneof(id, junk) }), junk),
        signedIn,
      )
      .map(
        ([i, step, b, s]) =>
          () =>
            send("POST", `/api/tasks/${encodeURIComponent(i === "TASK" ? taskId : i)}/${step}`, s, b),
      ),
  ],
  [
    // Invitations (issue 45): another's task (403), the user's own ended one (409), or none; anyone invited.
    "POST /api/tasks/:id/invitations and GET /api/users/:id/invitable-tasks",
    fc
      .tuple(
        fc.oneof(id, fc.constantFrom("TASK", "OWN")),
        fc.oneof(fc.record({ freelancerId: fc.oneof(id, fc.constantFrom("USER", "OTHER"), junk) }), junk),
        fc.boolean(),
        signedIn,
      )
      .map(([i, b, list, s]) => () => {
        const task = i === "TASK" ? taskId : i === "OWN" ? endedTaskId : i;
        const named = (who: unknown) => (who === "USER" ? user.id : who === "OTHER" ? other.id : who);
        const who = b && typeof b === "object" && "freelancerId" in b ? named(b.freelancerId) : undefined;
        if (list) return send("GET", `/api/users/${encodeURIComponent(String(who ?? "x"))}/invitable-tasks`, s);
        return send(
          "POST",
          `/api/tasks/${encodeURIComponent(task)}/invitations`,
          s,
          who === undefined ? b : { freelancerId: who },
        );
      }),
  ],
  [
    // Saved searches (issue 47): the user's own (MINE, saved before the fuzzing), another's or none.
    "GET, POST /api/saved-searches and PATCH, DELETE /api/saved-searches/:id",
    fc
      .tuple(
        fc.constantFrom("GET", "POST", "PATCH", "DELETE"),
        fc.oneof(id, fc.constant("MINE")),
        savedSearchBody,
        signedIn,
      )
      .map(([method, i, b, s]) => () => {
        if (method === "GET") return send("GET", "/api/saved-searches", s);
        if (method === "POST") return send("POST", "/api/saved-searches", s, b);
        const url = `/api/saved-searches/${encodeURIComponent(i === "MINE" ? savedSearchId : i)}`;
        return send(method, url, s, method === "PATCH" ? b : undefined);
      }),
  ],
  [
    "GET /api/tasks/:id/reviews",
    fc.tuple(reviewTask, signedIn).map(
      ([i, s]) =>
        () =>
          send("GET", `/api/tasks/${reviewTaskPath(i)}/reviews`, s),
    ),
  ],
  [
    "POST /api/tasks/:id/reviews and PUT /api/tasks/:id/reviews/mine",
    fc.tuple(reviewTask, fc.boolean(), reviewBody, signedIn).map(
      ([i, change, b, s]) =>
        () =>
          send(change ? "PUT" : "POST", `/api/tasks/${reviewTaskPath(i)}/reviews${change ? "/mine" : ""}`, s, b),
    ),
  ],
  [
    "POST /api/reviews/:id/answer",
    fc.tuple(id, fc.oneof(fc.record({ answer: maybe(text) }, { requiredKeys: [] }), junk), signedIn).map(
      ([i, b, s]) =>
        () =>
          send("POST", `/api/reviews/${encodeURIComponent(i)}/answer`, s, b),
    ),
  ],
  [
    "GET /api/users/:id and its reviews",
    fc
      .tuple(
        fc.oneof(id, fc.constant("USER")),
        fc.boolean(),
        fc.record(
          {
            as: maybe(fc.constantFrom("freelancer", "client", "boss")),
            page: maybe(fc.oneof(fc.integer(), fc.string())),
            limit: maybe(fc.oneof(fc.integer(), fc.string())),
          },
          { requiredKeys: [] },
        ),
        signedIn,
      )
      .map(([i, reviews, q, s]) => () => {
        const person = encodeURIComponent(i === "USER" ? user.id : i);
        return send("GET", reviews ? `/api/users/${person}/reviews?${queryString(q)}` : `/api/users/${person}`, s);
      }),
  ],
  [
    "PUT /api/profile/about",
    fc
      .tuple(
        fc.oneof(
          fc.record(
            {
              bio: maybe(fc.oneof(text, fc.string({ minLength: 990, maxLength: 1010 }))),
              skills: maybe(fc.array(fc.oneof(text, fc.string({ maxLength: 45 }), junk), { maxLength: 18 })),
              field: maybe(fc.constantFrom(...FREELANCER_FIELDS, "Plumbers", null)),
            },
            { requiredKeys: [] },
          ),
          junk,
        ),
        signedIn,
      )
      .map(
        ([b, s]) =>
          () =>
            send("PUT", "/api/profile/about", s, b),
      ),
  ],
  [
    "GET /api/freelancers",
    fc
      .tuple(
        fc.record(
          {
            q: maybe(fc.oneof(text, fc.constantFrom('"', "%", "_", "\\", "a*", "NEAR(a b)", "x OR y"))),
            field: maybe(fc.constantFrom(...FREELANCER_FIELDS, "Plumbers")),
            minRating: maybe(fc.oneof(fc.integer({ min: -1, max: 7 }), fc.double(), fc.string())),
            sort: maybe(fc.constantFrom(...FREELANCER_SORTS, "price")),
            page: maybe(fc.oneof(fc.integer(), fc.string())),
            limit: maybe(fc.oneof(fc.integer(), fc.string())),
          },
          { requiredKeys: [] },
        ),
        signedIn,
      )
      .map(
        ([q, s]) =>
          () =>
            send("GET", `/api/freelancers?${queryString(q)}`, s),
      ),
  ],
  [
    "POST /api/tasks/:id/threads/:bidderId/read",
    fc.tuple(fc.oneof(id, fc.constant("TASK")), id, signedIn).map(
      ([i, bidder, s]) =>
        () =>
          send(
            "POST",
            `/api/tasks/${encodeURIComponent(i === "TASK" ? taskId : i)}/threads/${encodeURIComponent(bidder)}/read`,
            s,
          ),
    ),
  ],
  [
    "POST /api/email/one-click-unsubscribe (form-encoded, as mail providers send it)",
    fc.tuple(fc.string(), fc.oneof(fc.constant("List-Unsubscribe=One-Click"), fc.string())).map(
      ([token, body]) =>
        () =>
          ctx.app.inject({
            method: "POST",
            url: `/api/email/one-click-unsubscribe?token=${encodeURIComponent(token)}`,
            headers: { "content-type": "application/x-www-form-urlencoded" },
            payload: body,
          }),
    ),
  ],
  [
    "POST /api/reports",
    fc.tuple(reportBody, signedIn).map(
      ([b, s]) =>
        () =>
          send("POST", "/api/reports", s, withIds(b, "targetId")),
    ),
  ],
  ["GET /api/me/standing", signedIn.map((s) => () => send("GET", "/api/me/standing", s))],
  [
    "POST /api/sanctions/:id/appeal",
    fc.tuple(moderationId, fc.oneof(fc.record({ text: maybe(text) }, { requiredKeys: [] }), junk), signedIn).map(
      ([i, b, s]) =>
        () =>
          send("POST", `/api/sanctions/${moderationPath(i)}/appeal`, s, b),
    ),
  ],
  [
    "POST /api/appeals (a token, no session)",
    fc
      .oneof(
        fc.record(
          {
            token: maybe(fc.oneof(fc.string(), fc.constant("SANCTION"), fc.string({ minLength: 490, maxLength: 510 }))),
            text: maybe(text),
          },
          { requiredKeys: [] },
        ),
        junk,
      )
      .map((b) => () => {
        const record = b as { token?: unknown } | null;
        const token =
          record && typeof record === "object" && record.token === "SANCTION" ? `${sanctionId}.x` : undefined;
        return send("POST", "/api/appeals", false, token ? { ...record, token } : b);
      }),
  ],
  ["GET /api/admin/queue", asWhom.map((who) => () => send("GET", "/api/admin/queue", who()))],
  [
    "GET /api/admin/audit",
    fc
      .tuple(
        fc.record(
          {
            action: maybe(fc.constantFrom(...AUDIT_ACTIONS, "erase")),
            actor: maybe(moderationId),
            subject: maybe(moderationId),
            from: maybe(date),
            to: maybe(date),
            page: maybe(fc.oneof(fc.integer(), fc.string())),
            limit: maybe(fc.oneof(fc.integer(), fc.string())),
          },
          { requiredKeys: [] },
        ),
        asWhom,
      )
      .map(
        ([q, who]) =>
          () =>
            send(
              "GET",
              `/api/admin/audit?${queryString(withIds(q, "actor", "subject") as Record<string, unknown>)}`,
              who(),
            ),
      ),
  ],
  [
    "POST /api/admin/decisions",
    fc.tuple(decisionBody, asWhom).map(
      ([b, who]) =>
        () =>
          send("POST", "/api/admin/decisions", who(), withIds(b, "targetId")),
    ),
  ],
  [
    "POST /api/admin/sanctions/:id/restore",
    fc.tuple(moderationId, noteBody, asWhom).map(
      ([i, b, who]) =>
        () =>
          send("POST", `/api/admin/sanctions/${moderationPath(i)}/restore`, who(), b),
    ),
  ],
  [
    "POST /api/admin/sanctions/:id/lift and GET /api/admin/people/:id",
    fc.tuple(fc.boolean(), moderationId, noteBody, asWhom).map(
      ([read, i, b, who]) =>
        () =>
          read
            ? send("GET", `/api/admin/people/${moderationPath(i)}`, who())
            : send("POST", `/api/admin/sanctions/${moderationPath(i)}/lift`, who(), b),
    ),
  ],
  [
    "POST /api/admin/appeals/:id",
    fc
      .tuple(
        moderationId,
        fc.oneof(
          fc.record(
            { decision: maybe(fc.constantFrom("restore", "uphold", "delete")), note: maybe(text) },
            { requiredKeys: [] },
          ),
          junk,
        ),
        asWhom,
      )
      .map(
        ([i, b, who]) =>
          () =>
            send("POST", `/api/admin/appeals/${moderationPath(i)}`, who(), b),
      ),
  ],
  [
    "GET and POST /api/admin/roles",
    fc
      .tuple(
        fc.boolean(),
        fc.oneof(
          fc.record(
            {
              email: maybe(fc.oneof(fc.emailAddress(), fc.string(), fc.constant("OTHER"))),
              role: maybe(fc.constantFrom(...STAFF_ROLES, null, "owner")),
            },
            { requiredKeys: [] },
          ),
          junk,
        ),
        asWhom,
      )
      .map(([read, b, who]) => () => {
        if (read) return send("GET", "/api/admin/roles", who());
        const record = b as { email?: unknown } | null;
        const body =
          record && typeof record === "object" && record.email === "OTHER" ? { ...record, email: other.email } : b;
        return send("POST", "/api/admin/roles", who(), body);
      }),
  ],
  [
    "POST /api/auth/sign-in/email",
    fc
      .oneof(fc.record({ email: maybe(fc.emailAddress()), password: maybe(text) }), junk)
      .map((b) => () => send("POST", "/api/auth/sign-in/email", false, b)),
  ],
  [
    "POST /api/auth/sign-up/email",
    fc
      .oneof(
        fc.record({
          name: maybe(text),
          email: maybe(fc.emailAddress()),
          password: maybe(text),
          image: maybe(fc.webUrl()),
        }),
        junk,
      )
      .map((b) => () => send("POST", "/api/auth/sign-up/email", false, b)),
  ],
  [
    "POST /api/auth/update-user",
    fc
      .tuple(
        fc.oneof(fc.record({ name: maybe(text), image: maybe(fc.oneof(fc.webUrl(), fc.string())) }), junk),
        signedIn,
      )
      .map(
        ([b, s]) =>
          () =>
            send("POST", "/api/auth/update-user", s, b),
      ),
  ],
];

describe("fuzzing", () => {
  for (const [name, request] of routes) {
    it(`${name}: ${RUNS} cases, no 5xx, every error problem+json`, async () => {
      await fc.assert(
        fc.asyncProperty(request, async (run) => expectWellFormed(await run())),
        { numRuns: RUNS },
      );
    }, 120_000);
  }

  it(`a path with a dot segment, plain or encoded, over HTTP: ${RUNS} cases, each refused with 400`, async () => {
    // Over a real socket: light-my-request, like fetch, would resolve the dots before sending.
    await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = ctx.app.server.address() as { port: number };
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      await fc.assert(
        fc.asyncProperty(detour, method, signedIn, async (path, m, s) => {
          const response = await rawRequest(port, m, path, { agent, headers: s ? { cookie: user.cookie } : {} });
          expect(response.status, `${m} ${path}`).toBe(400);
          expect(response.type).toContain("application/problem+json");
          expect(JSON.parse(response.body).detail).toMatch(/not in its plain form/);
        }),
        { numRuns: RUNS },
      );
    } finally {
      agent.destroy();
    }
  }, 120_000);

  it("leaves the server answering", async () => {
    expect((await ctx.app.inject({ url: "/healthz" })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: "/readyz" })).statusCode).toBe(200);
  });
});
