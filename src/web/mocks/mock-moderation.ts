import { HttpResponse, http } from "msw";
import { ANONYMOUS_NAME } from "../../contract/limits.ts";
import {
  AppealInputSchema,
  type AuditEntry,
  MODERATION_MESSAGES,
  type ReportInput,
  ReportInputSchema,
  type ReportTarget,
  type RuleId,
  type SanctionView,
  type Snapshot,
  type StaffRole,
  type Standing,
  TokenAppealInputSchema,
} from "../../contract/moderation.ts";
import { type Answer, type MockDb, MockProblem, type Parse } from "./mock-db.ts";
import { mockProfiles } from "./mock-profiles.ts";
import { mockReviews } from "./mock-reviews.ts";

/*
 * Moderation in mock mode: reports, sanctions and their appeals, the audit log and the staff's
 * roles, kept beside one MockDb. The reporters' and the sanctioned's operations are here; the
 * moderators' (/api/admin/*) are in mock-admin.ts, on the same store.
 */

export interface MockReport extends ReportInput {
  id: string;
  reporterId: string;
  authorId: string;
  snapshot: Snapshot;
  createdAt: string;
  status: "open" | "closed";
  outcome: "removed" | "stays" | null;
}

export interface MockSanction {
  id: string;
  userId: string;
  kind: "remove" | "warn" | "limit" | "suspend";
  rule: string;
  note: string;
  targetKind: ReportInput["targetKind"];
  targetId: string;
  targetTitle: string;
  createdAt: string;
  liftedAt: string | null;
  appeal: {
    text: string;
    appealedAt: string;
    outcome: "restored" | "upheld" | null;
    decidedAt: string | null;
    note: string | null;
  } | null;
}

export class MockModeration {
  reports: MockReport[] = [];
  sanctions: MockSanction[] = [];
  log: AuditEntry[] = [];
  staff = new Map<string, StaffRole>();

  /** The sanction of this kind in force on the person (the newest), if any: what a limit or a suspension refuses. */
  inForce(userId: string, kind: "limit" | "suspend"): MockSanction | undefined {
    return this.sanctions
      .filter((sanction) => sanction.userId === userId && sanction.kind === kind && sanction.liftedAt === null)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
  }

  /** Hidden by a moderator: a `remove` sanction on it that is not lifted. */
  isRemoved(kind: ReportTarget, id: string): boolean {
    return this.sanctions.some(
      (sanction) =>
        sanction.kind === "remove" && sanction.targetKind === kind && sanction.targetId === id && !sanction.liftedAt,
    );
  }

  /**
   * For the mock's handlers of posting a task, bidding and asking: the server's 403 for a limited
   * person (contract MODERATION_MESSAGES.limited).
   */
  requireNotLimited(userId: string) {
    const limit = this.inForce(userId, "limit");
    if (limit) throw new MockProblem(403, MODERATION_MESSAGES.limited(limit.rule));
  }
}

const stores = new WeakMap<MockDb, MockModeration>();

/** The moderation store of one mock marketplace. */
export function moderationOf(db: MockDb): MockModeration {
  let store = stores.get(db);
  if (!store) {
    store = new MockModeration();
    stores.set(db, store);
  }
  return store;
}

function person(db: MockDb, id: string) {
  const user = db.userById(id);
  return { id, name: user?.name.trim() || ANONYMOUS_NAME, image: user?.image ?? null };
}

/**
 * What `viewerId` is reporting, as a snapshot with its author, when they can see it where it is
 * shown (the server's targets.ts): nothing removed; a question the poster hid only to the poster and
 * its asker; a message only to its thread's two people; a review once published, or to its author;
 * a profile unless its person is suspended. Null otherwise.
 */
function snapshotFor(db: MockDb, store: MockModeration, kind: ReportTarget, id: string, viewerId: string) {
  if (store.isRemoved(kind, id)) return null;
  const taskOf = (taskId: string) => db.tasks.find((task) => task.id === taskId);
  switch (kind) {
    case "task": {
      const task = taskOf(id);
      if (!task) return null;
      return { title: task.title, text: task.description, author: person(db, task.ownerId), taskId: task.id };
    }
    case "question": {
      const question = db.questions.find((candidate) => candidate.id === id);
      const task = question && taskOf(question.taskId);
      if (!question || !task) return null;
      if (question.hidden && viewerId !== task.ownerId && viewerId !== question.askerId) return null;
      return { title: task.title, text: question.body, author: person(db, question.askerId), taskId: task.id };
    }
    case "message": {
      const message = db.messages.find((candidate) => candidate.id === id);
      const task = message && taskOf(message.taskId);
      if (!message || !task || (viewerId !== task.ownerId && viewerId !== message.bidderId)) return null;
      return { title: task.title, text: message.body, author: person(db, message.senderId), taskId: task.id };
    }
    case "review": {
      const review =
        mockReviews(db).reviews.find((candidate) => candidate.id === id) ??
        // The profiles' reviews of work before the mock's tasks (on no task).
        mockProfiles(db)
          .pastReviews.filter((candidate) => candidate._id === id)
          .map((past) => ({ ...past, authorId: past.author.id, taskId: past.taskId || null }))[0];
      if (!review || (review.publishedAt === null && review.authorId !== viewerId)) return null;
      const task = review.taskId ? taskOf(review.taskId) : undefined;
      const title = task?.title ?? ("taskTitle" in review ? review.taskTitle : null);
      return { title, text: review.text, author: person(db, review.authorId), taskId: task?.id ?? null };
    }
    case "profile": {
      if (!db.userById(id) || store.inForce(id, "suspend")) return null;
      const about = mockProfiles(db).about.get(id) ?? { bio: "", skills: [] };
      const text = [about.bio.trim(), about.skills.length > 0 ? `Skills: ${about.skills.join(", ")}` : ""]
        .filter(Boolean)
        .join("\n\n");
      return { title: person(db, id).name, text, author: person(db, id), taskId: null };
    }
  }
}

/** A sanction as the person sanctioned sees it. */
function presentSanction(sanction: MockSanction): SanctionView {
  return {
    _id: sanction.id,
    kind: sanction.kind,
    rule: sanction.rule as RuleId,
    note: sanction.note,
    targetKind: sanction.targetKind,
    targetTitle: sanction.targetTitle,
    createdAt: sanction.createdAt,
    liftedAt: sanction.liftedAt,
    appeal: sanction.appeal,
    canAppeal: sanction.liftedAt === null && sanction.appeal === null,
  };
}

/**
 * POST /api/reports, GET /api/me/standing, and the two appeals, with the server's refusals. In mock
 * mode there is no email, so no signed token: POST /api/appeals takes a sanction's id as its token
 * (`/appeal#token=<sanction id>`); anything else is refused as a bad link.
 */
export function moderationHandlers(db: MockDb, answer: Answer, parse: Parse): ReturnType<typeof http.get>[] {
  const store = moderationOf(db);
  const body = async (request: Request) => {
    const text = await request.text();
    return text ? JSON.parse(text) : {};
  };
  const appeal = (sanction: MockSanction, text: string) => {
    if (sanction.appeal) throw new MockProblem(409, MODERATION_MESSAGES.alreadyAppealed);
    if (sanction.liftedAt) throw new MockProblem(409, MODERATION_MESSAGES.alreadyLifted);
    sanction.appeal = { text: text.trim(), appealedAt: db.now(), outcome: null, decidedAt: null, note: null };
    return HttpResponse.json(presentSanction(sanction), { status: 201 });
  };
  return [
    http.post(
      "*/api/reports",
      answer(async ({ request }) => {
        const viewer = db.requireViewer();
        const input = parse(ReportInputSchema, await body(request));
        const snapshot = snapshotFor(db, store, input.targetKind, input.targetId, viewer.id);
        if (!snapshot) throw new MockProblem(404, MODERATION_MESSAGES.targetNotFound);
        if (snapshot.author.id === viewer.id) throw new MockProblem(400, MODERATION_MESSAGES.ownContent);
        const open = store.reports.some(
          (report) =>
            report.status === "open" &&
            report.reporterId === viewer.id &&
            report.targetKind === input.targetKind &&
            report.targetId === input.targetId,
        );
        if (open) throw new MockProblem(409, MODERATION_MESSAGES.alreadyReported);
        const report: MockReport = {
          id: db.nextId("p"),
          targetKind: input.targetKind,
          targetId: input.targetId,
          reason: input.reason,
          ...(input.note?.trim() ? { note: input.note.trim() } : {}),
          reporterId: viewer.id,
          authorId: snapshot.author.id,
          snapshot,
          createdAt: db.now(),
          status: "open",
          outcome: null,
        };
        store.reports.push(report);
        return HttpResponse.json({ _id: report.id, createdAt: report.createdAt }, { status: 201 });
      }),
    ),
    http.get(
      "*/api/me/standing",
      answer((): Standing => {
        const viewer = db.requireViewer();
        const sanctions = store.sanctions
          .filter((sanction) => sanction.userId === viewer.id)
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
          .map(presentSanction);
        const limit = store.inForce(viewer.id, "limit");
        return {
          role: store.staff.get(viewer.id) ?? null,
          limited: sanctions.find((sanction) => sanction._id === limit?.id) ?? null,
          sanctions,
        };
      }),
    ),
    http.post(
      "*/api/sanctions/:id/appeal",
      answer(async ({ params, request }) => {
        const viewer = db.requireViewer();
        const sanction = store.sanctions.find((candidate) => candidate.id === String(params.id ?? ""));
        if (!sanction || sanction.userId !== viewer.id)
          throw new MockProblem(404, MODERATION_MESSAGES.sanctionNotFound);
        return appeal(sanction, parse(AppealInputSchema, await body(request)).text);
      }),
    ),
    http.post(
      "*/api/appeals",
      answer(async ({ request }) => {
        const input = parse(TokenAppealInputSchema, await body(request));
        const sanction = store.sanctions.find((candidate) => candidate.id === input.token.trim());
        if (!sanction) throw new MockProblem(400, MODERATION_MESSAGES.badAppealLink);
        return appeal(sanction, input.text);
      }),
    ),
  ];
}
