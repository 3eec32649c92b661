import { HttpResponse, http } from "msw";
import { DEMO_ADMIN, DEMO_USER } from "../../contract/demo-data.ts";
import { ANONYMOUS_NAME } from "../../contract/limits.ts";
import {
  AppealDecisionSchema,
  type AppealItem,
  type AuditAction,
  type AuditEntry,
  AuditQuerySchema,
  DecisionInputSchema,
  MODERATION_MESSAGES,
  type ReportGroup,
  type ReportReason,
  type ReportTarget,
  RestoreInputSchema,
  RoleInputSchema,
  type RuleId,
  type Snapshot,
  type StaffRole,
} from "../../contract/moderation.ts";
import type { NotificationData, NotificationKind } from "../../contract/notifications.ts";
import type { PersonRef } from "../../contract/reputation.ts";
import { type Answer, type MockDb, MockProblem, type Parse } from "./mock-db.ts";
import { type MockModeration, type MockReport, type MockSanction, moderationOf } from "./mock-moderation.ts";
import { mockProfiles } from "./mock-profiles.ts";
import { mockReviews } from "./mock-reviews.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

/** When each person was given their role (the store keeps the role only). */
const grantedAt = new WeakMap<MockModeration, Map<string, string>>();
function sinceOf(store: MockModeration): Map<string, string> {
  let since = grantedAt.get(store);
  if (!since) {
    since = new Map();
    grantedAt.set(store, since);
  }
  return since;
}

function personRef(db: MockDb, id: string): PersonRef {
  const user = db.userById(id);
  return { id, name: user?.name || ANONYMOUS_NAME, image: user?.image ?? null };
}

/** The content as it is now, removed or not, in a snapshot's shape; null once its author deleted it. */
export function currentOf(db: MockDb, kind: ReportTarget, id: string): Snapshot | null {
  const taskTitle = (taskId: string) => db.tasks.find((task) => task.id === taskId)?.title ?? null;
  switch (kind) {
    case "task": {
      const task = db.tasks.find((candidate) => candidate.id === id);
      return task
        ? { title: task.title, text: task.description, author: personRef(db, task.ownerId), taskId: task.id }
        : null;
    }
    case "question": {
      const question = db.questions.find((candidate) => candidate.id === id);
      return question
        ? {
            title: taskTitle(question.taskId),
            text: question.body,
            author: personRef(db, question.askerId),
            taskId: question.taskId,
          }
        : null;
    }
    case "message": {
      const message = db.messages.find((candidate) => candidate.id === id);
      return message
        ? {
            title: taskTitle(message.taskId),
            text: message.body,
            author: personRef(db, message.senderId),
            taskId: message.taskId,
          }
        : null;
    }
    case "review": {
      const review = mockReviews(db).reviews.find((candidate) => candidate.id === id);
      if (review) {
        return {
          title: taskTitle(review.taskId),
          text: review.text,
          author: personRef(db, review.authorId),
          taskId: review.taskId,
        };
      }
      // The profiles' reviews of work before the mock's tasks (on no task).
      const past = mockProfiles(db).pastReviews.find((candidate) => candidate._id === id);
      return past ? { title: past.taskTitle, text: past.text, author: past.author, taskId: null } : null;
    }
    case "profile": {
      const user = db.userById(id);
      if (!user) return null;
      // As a report's snapshot has it (mock-moderation.ts): the bio, then the skills.
      const about = mockProfiles(db).about.get(id) ?? { bio: "", skills: [] };
      const text = [about.bio.trim(), about.skills.length > 0 ? `Skills: ${about.skills.join(", ")}` : ""]
        .filter(Boolean)
        .join("\n\n");
      return { title: personRef(db, id).name, text, author: personRef(db, id), taskId: null };
    }
  }
}

/** How a notice names the content: the task it is on, or the person for a profile. */
function noticeTarget(kind: ReportTarget, id: string, content: Snapshot): NotificationData {
  return {
    taskId: content.taskId ?? "",
    taskTitle: content.title ?? "",
    targetKind: kind,
    ...(kind === "profile" ? { userId: id } : {}),
  };
}

function tell(db: MockDb, userId: string, kind: NotificationKind, data: NotificationData) {
  if (db.channel(userId, kind) === "off") return;
  db.notices.push({ id: db.notices.length + 1, userId, kind, data, createdAt: db.now(), read: false });
}

/** The queue's and the log's operations, as the server's moderation rules do them. */
export class MockAdmin {
  readonly store: MockModeration;

  constructor(private readonly db: MockDb) {
    this.store = moderationOf(db);
  }

  /** The viewer, who must be a moderator or an admin (an admin for roles). */
  requireStaff(adminOnly = false) {
    const viewer = this.db.requireViewer();
    const role = this.store.staff.get(viewer.id);
    if (!role) throw new MockProblem(403, MODERATION_MESSAGES.staffOnly);
    if (adminOnly && role !== "admin") throw new MockProblem(403, MODERATION_MESSAGES.adminOnly);
    return viewer;
  }

  private record(
    actorId: string,
    action: AuditAction,
    target: { kind: AuditEntry["targetKind"]; id: string },
    subjectId: string | null,
    rule: string | null,
    note: string,
    sanctionId: string | null = null,
    at = this.db.now(),
  ): AuditEntry {
    const entry: AuditEntry = {
      _id: this.db.nextId("l"),
      at,
      actor: personRef(this.db, actorId),
      action,
      targetKind: target.kind,
      targetId: target.id,
      subject: subjectId ? personRef(this.db, subjectId) : null,
      rule: rule as RuleId | null,
      note,
      sanctionId,
    };
    this.store.log.push(entry);
    return entry;
  }

  private brief(sanction: MockSanction) {
    return {
      _id: sanction.id,
      kind: sanction.kind,
      rule: sanction.rule as RuleId,
      createdAt: sanction.createdAt,
      liftedAt: sanction.liftedAt,
    };
  }

  queue() {
    const open = this.store.reports.filter((report) => report.status === "open");
    const groups = new Map<string, MockReport[]>();
    for (const report of [...open].sort((a, b) => a.createdAt.localeCompare(b.createdAt))) {
      const key = `${report.targetKind} ${report.targetId}`;
      groups.set(key, [...(groups.get(key) ?? []), report]);
    }
    const reports: ReportGroup[] = [...groups.values()].map((group) => {
      const [first] = group as [MockReport, ...MockReport[]];
      const current = currentOf(this.db, first.targetKind, first.targetId);
      const authorId = current?.author.id ?? first.authorId;
      const reasons: Partial<Record<ReportReason, number>> = {};
      for (const report of group) reasons[report.reason] = (reasons[report.reason] ?? 0) + 1;
      return {
        targetKind: first.targetKind,
        targetId: first.targetId,
        firstReportedAt: first.createdAt,
        reportCount: group.length,
        reasons,
        reports: group.map((report) => ({
          _id: report.id,
          reporter: personRef(this.db, report.reporterId),
          reason: report.reason,
          note: report.note?.trim() ? report.note : null,
          createdAt: report.createdAt,
          snapshot: report.snapshot,
        })),
        current,
        removed: this.store.isRemoved(first.targetKind, first.targetId),
        author: personRef(this.db, authorId),
        history: {
          reports: this.store.reports.filter(
            (report) => report.authorId === authorId && report.createdAt < first.createdAt,
          ).length,
          sanctions: this.store.sanctions
            .filter((sanction) => sanction.userId === authorId)
            .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
            .map((sanction) => this.brief(sanction)),
        },
      };
    });
    const appeals: AppealItem[] = this.store.sanctions
      .filter((sanction) => sanction.appeal && sanction.appeal.outcome === null)
      .sort((a, b) => (a.appeal?.appealedAt ?? "").localeCompare(b.appeal?.appealedAt ?? ""))
      .map((sanction) => ({
        sanction: {
          ...this.brief(sanction),
          note: sanction.note,
          targetKind: sanction.targetKind,
          targetId: sanction.targetId,
          targetTitle: sanction.targetTitle,
        },
        person: personRef(this.db, sanction.userId),
        text: sanction.appeal?.text ?? "",
        appealedAt: sanction.appeal?.appealedAt ?? "",
      }));
    return { reports, appeals };
  }

  private sanction(
    userId: string,
    kind: MockSanction["kind"],
    rule: string,
    note: string,
    target: { kind: ReportTarget; id: string; title: string },
    createdAt = this.db.now(),
  ): MockSanction {
    const sanction: MockSanction = {
      id: this.db.nextId("s"),
      userId,
      kind,
      rule,
      note,
      targetKind: target.kind,
      targetId: target.id,
      targetTitle: target.title,
      createdAt,
      liftedAt: null,
      appeal: null,
    };
    this.store.sanctions.push(sanction);
    return sanction;
  }

  /** Remove the content and/or sanction its author, or dismiss: the target's open reports close. */
  decide(input: ReturnType<typeof DecisionInputSchema.parse>) {
    const viewer = this.requireStaff();
    const open = this.store.reports.filter(
      (report) =>
        report.status === "open" &&
        report.targetKind === input.targetKind &&
        report.targetId === input.targetId &&
        (input.reportIds === undefined || input.reportIds.includes(report.id)),
    );
    // The reports the moderator saw were decided by another a moment ago, as the server says.
    if (input.reportIds?.length && open.length === 0) throw new MockProblem(409, MODERATION_MESSAGES.decidedByOther);
    const content = currentOf(this.db, input.targetKind, input.targetId) ?? open[0]?.snapshot ?? null;
    if (!content) throw new MockProblem(404, MODERATION_MESSAGES.targetNotFound);
    const authorId = content.author.id;
    if (authorId === viewer.id) throw new MockProblem(403, MODERATION_MESSAGES.selfDecision);
    const target = { kind: input.targetKind, id: input.targetId };
    const title = content.title ?? content.author.name;
    const data = noticeTarget(input.targetKind, input.targetId, content);
    const rule = input.rule ?? null;
    const entries: AuditEntry[] = [];

    if (input.remove && !this.store.isRemoved(input.targetKind, input.targetId)) {
      const removal = this.sanction(authorId, "remove", rule ?? "", input.note, { ...target, title });
      entries.push(this.record(viewer.id, "remove", target, authorId, rule, input.note, removal.id));
      tell(this.db, authorId, "moderation-action", {
        ...data,
        sanction: "remove",
        rule: rule ?? "",
        sanctionId: removal.id,
      });
      if (input.targetKind === "task") {
        const task = this.db.task(input.targetId);
        for (const bid of this.db.bids) {
          if (bid.taskId === task.id && bid.status === "pending") {
            tell(this.db, bid.bidderId, "task-removed", { taskId: task.id, taskTitle: task.title, sanction: "remove" });
          }
        }
      }
    }
    if (input.sanction !== "none") {
      const given = this.sanction(authorId, input.sanction, rule ?? "", input.note, { ...target, title });
      entries.push(this.record(viewer.id, input.sanction, target, authorId, rule, input.note, given.id));
      tell(this.db, authorId, "moderation-action", {
        ...data,
        sanction: input.sanction,
        rule: rule ?? "",
        sanctionId: given.id,
      });
      if (input.sanction === "suspend") this.cancelOpenTasks(authorId);
    }
    if (!input.remove && input.sanction === "none") {
      entries.push(this.record(viewer.id, "dismiss", target, authorId, null, input.note));
    }

    const outcome = this.store.isRemoved(input.targetKind, input.targetId) ? "removed" : "stays";
    for (const report of open) {
      report.status = "closed";
      report.outcome = outcome;
      tell(this.db, report.reporterId, "report-outcome", { ...data, reason: report.reason, outcome });
    }
    return { entries };
  }

  /** A suspension cancels its person's open tasks; their bidders are told why. */
  private cancelOpenTasks(userId: string) {
    for (const task of this.db.tasks) {
      if (task.ownerId !== userId || task.status !== "open") continue;
      task.status = "cancelled";
      for (const bid of this.db.bids) {
        if (bid.taskId !== task.id || bid.status !== "pending") continue;
        bid.status = "declined";
        tell(this.db, bid.bidderId, "task-removed", { taskId: task.id, taskTitle: task.title });
      }
    }
  }

  private sanctionById(id: string): MockSanction {
    const sanction = this.store.sanctions.find((candidate) => candidate.id === id);
    if (!sanction) throw new MockProblem(404, MODERATION_MESSAGES.sanctionNotFound);
    return sanction;
  }

  private lift(sanction: MockSanction) {
    sanction.liftedAt = this.db.now();
  }

  private sanctionData(sanction: MockSanction): NotificationData {
    const task = this.db.tasks.find((candidate) => candidate.id === sanction.targetId);
    return {
      taskId: sanction.targetKind === "task" ? sanction.targetId : (task?.id ?? ""),
      taskTitle: sanction.targetTitle,
      targetKind: sanction.targetKind,
      sanction: sanction.kind,
      rule: sanction.rule,
      sanctionId: sanction.id,
      ...(sanction.targetKind === "profile" ? { userId: sanction.targetId } : {}),
    };
  }

  restore(id: string, note: string) {
    const viewer = this.requireStaff();
    const sanction = this.sanctionById(id);
    if (sanction.liftedAt) throw new MockProblem(409, MODERATION_MESSAGES.alreadyLifted);
    this.lift(sanction);
    const entry = this.record(
      viewer.id,
      "restore",
      { kind: "sanction", id: sanction.id },
      sanction.userId,
      sanction.rule,
      note,
      sanction.id,
    );
    tell(this.db, sanction.userId, "moderation-lifted", this.sanctionData(sanction));
    return { entries: [entry] };
  }

  decideAppeal(id: string, decision: "restore" | "uphold", note: string) {
    const viewer = this.requireStaff();
    const sanction = this.sanctionById(id);
    const { appeal } = sanction;
    if (!appeal || appeal.outcome !== null) throw new MockProblem(409, MODERATION_MESSAGES.noAppeal);
    if (decision === "restore" && !sanction.liftedAt) this.lift(sanction);
    appeal.outcome = decision === "restore" ? "restored" : "upheld";
    appeal.decidedAt = this.db.now();
    appeal.note = note;
    const entry = this.record(
      viewer.id,
      decision,
      { kind: "sanction", id: sanction.id },
      sanction.userId,
      sanction.rule,
      note,
      sanction.id,
    );
    tell(this.db, sanction.userId, "appeal-decided", { ...this.sanctionData(sanction), decision: appeal.outcome });
    return { entries: [entry] };
  }

  audit(filter: ReturnType<typeof AuditQuerySchema.parse>) {
    this.requireStaff();
    const day = (iso: string) => iso.slice(0, 10);
    const entries = this.store.log
      .filter(
        (entry) =>
          (!filter.action || entry.action === filter.action) &&
          (!filter.actor || entry.actor.id === filter.actor) &&
          (!filter.subject || entry.subject?.id === filter.subject) &&
          (!filter.from || day(entry.at) >= filter.from) &&
          (!filter.to || day(entry.at) <= filter.to),
      )
      .sort((a, b) => b.at.localeCompare(a.at) || b._id.localeCompare(a._id));
    return {
      entries: entries.slice((filter.page - 1) * filter.limit, filter.page * filter.limit),
      total: entries.length,
    };
  }

  staffList() {
    this.requireStaff(true);
    const since = sinceOf(this.store);
    const staff = [...this.store.staff.entries()].map(([id, role]) => {
      const user = this.db.userById(id);
      return {
        ...personRef(this.db, id),
        email: user?.email ?? "",
        role,
        grantedAt: since.get(id) ?? ago(30),
      };
    });
    return { staff: staff.sort((a, b) => a.grantedAt.localeCompare(b.grantedAt)) };
  }

  setRole(email: string, role: StaffRole | null) {
    const viewer = this.requireStaff(true);
    const person = this.db.users.find((user) => user.email.toLowerCase() === email.trim().toLowerCase());
    if (!person) throw new MockProblem(404, MODERATION_MESSAGES.personNotFound);
    if (person.id === viewer.id) throw new MockProblem(400, MODERATION_MESSAGES.ownRole);
    const before = this.store.staff.get(person.id) ?? null;
    if (before !== role) {
      const target = { kind: "person" as const, id: person.id };
      if (role) {
        this.store.staff.set(person.id, role);
        sinceOf(this.store).set(person.id, this.db.now());
        const note = before ? `Role: ${role} (was ${before})` : `Role: ${role}`;
        this.record(viewer.id, "grant-role", target, person.id, null, note);
      } else {
        this.store.staff.delete(person.id);
        sinceOf(this.store).delete(person.id);
        this.record(viewer.id, "revoke-role", target, person.id, null, `Role removed: ${before}`);
      }
    }
    return this.staffList();
  }

  /** The demo admin (the demo user has no role), and a queue with something in it: three reported targets and an appeal. */
  seed() {
    const db = this.db;
    let admin = db.users.find((user) => user.email === DEMO_ADMIN.email);
    if (!admin) {
      admin = {
        id: db.nextId("u"),
        name: DEMO_ADMIN.name,
        email: DEMO_ADMIN.email,
        image: null,
        password: DEMO_USER.password,
        emailVerified: true,
      };
      db.users.push(admin);
    }
    this.store.staff.set(admin.id, "admin");
    sinceOf(this.store).set(admin.id, ago(200));

    const byEmail = (email: string) => db.users.find((user) => user.email === email)?.id ?? "";
    const byName = (name: string) => db.users.find((user) => user.name === name)?.id ?? "";
    const demo = byEmail(DEMO_USER.email);
    const maya = byEmail("maya@quickgig.dev");
    const lucas = byEmail("lucas@quickgig.dev");
    const aisha = byEmail("aisha@quickgig.dev");
    const chloe = byName("Chloe Martin");
    const omar = byName("Omar Haddad");
    const noah = byName("Noah Kim");
    const report = (
      reporterId: string,
      target: { kind: ReportTarget; id: string },
      reason: ReportReason,
      snapshot: Snapshot,
      daysAgo: number,
      note?: string,
      status: MockReport["status"] = "open",
    ) =>
      this.store.reports.push({
        id: db.nextId("p"),
        targetKind: target.kind,
        targetId: target.id,
        reason,
        ...(note ? { note } : {}),
        reporterId,
        authorId: snapshot.author.id,
        snapshot,
        createdAt: ago(daysAgo),
        status,
        outcome: status === "closed" ? "stays" : null,
      });

    // Chloe's bio asked people to pay her outside QuickGig; she has changed it since.
    if (chloe) {
      const profile = { kind: "profile" as const, id: chloe };
      const snapshot: Snapshot = {
        title: "Chloe Martin",
        text: "Campaigns measured twice. Email me at chloe.ads@example.com and pay by bank transfer: 30% cheaper than through QuickGig.\n\nSkills: SEO, Google Ads, Newsletters",
        author: personRef(db, chloe),
        taskId: null,
      };
      report(lucas, profile, "spam", snapshot, 40, undefined, "closed");
      report(
        maya,
        profile,
        "off-platform",
        snapshot,
        6,
        "Her bio asks people to pay her by bank transfer to skip the fee.",
      );
      report(demo, profile, "off-platform", snapshot, 5);
      report(lucas, profile, "spam", snapshot, 4);
      const warned = this.sanction(
        chloe,
        "warn",
        "no-spam",
        "Sent the same offer to nine tasks within an hour.",
        { kind: "profile", id: chloe, title: "Chloe Martin" },
        ago(38),
      );
      this.record(admin.id, "warn", profile, chloe, "no-spam", warned.note, warned.id, ago(38));
    }
    // A question asking bidders to talk on Telegram, deleted by its author after the report.
    const roaster = db.tasks.find((task) => task.title.startsWith("Brand refresh for a coffee roaster"));
    if (roaster && noah) {
      report(
        aisha,
        { kind: "question", id: db.nextId("q") },
        "off-platform",
        {
          title: roaster.title,
          text: "Are you still hiring? Message me on Telegram @cheap_brand_design, I do it for half the budget.",
          author: personRef(db, noah),
          taskId: roaster.id,
        },
        3,
      );
    }
    // A task reported by someone who doubts it; it reads the same as when reported.
    const audit = db.tasks.find((task) => task.title.startsWith("SEO audit of a travel blog"));
    if (audit) {
      const content = currentOf(db, "task", audit.id);
      if (content) {
        report(
          demo,
          { kind: "task", id: audit.id },
          "other",
          content,
          2,
          "The budget looks far too low for a full audit; I think the description was copied from another site.",
        );
      }
    }
    // Omar was limited and appealed.
    if (omar) {
      const limited = this.sanction(
        omar,
        "limit",
        "no-spam",
        "Copied the same offer, word for word, to twelve tasks in one evening.",
        { kind: "profile", id: omar, title: "Omar Haddad" },
        ago(5),
      );
      limited.appeal = {
        text: "I wrote each of those offers myself; they start the same way because I describe my experience the same way. I am new here and bid on many tasks to get my first job. Please look again.",
        appealedAt: ago(2),
        outcome: null,
        decidedAt: null,
        note: null,
      };
      this.record(admin.id, "limit", { kind: "profile", id: omar }, omar, "no-spam", limited.note, limited.id, ago(5));
    }
  }
}

const admins = new WeakMap<MockDb, MockAdmin>();

/** The moderators' side of this mock marketplace (made, with its admin and seeded queue, on first use). */
export function mockAdmin(db: MockDb): MockAdmin {
  let admin = admins.get(db);
  if (!admin) {
    admin = new MockAdmin(db);
    admins.set(db, admin);
    admin.seed();
  }
  return admin;
}

/** The moderators' operations (/api/admin/*) on mock-moderation.ts's store. */
export function adminHandlers(db: MockDb, answer: Answer, parse: Parse): ReturnType<typeof http.get>[] {
  const admin = mockAdmin(db);
  const body = async (request: Request) => {
    const text = await request.text();
    return text ? JSON.parse(text) : {};
  };
  const id = (params: Record<string, string | readonly string[] | undefined>) => String(params.id ?? "");
  return [
    http.get(
      "*/api/admin/queue",
      answer(() => {
        admin.requireStaff();
        return admin.queue();
      }),
    ),
    http.post(
      "*/api/admin/decisions",
      answer(async ({ request }) => {
        admin.requireStaff();
        return admin.decide(parse(DecisionInputSchema, await body(request)));
      }),
    ),
    http.post(
      "*/api/admin/sanctions/:id/restore",
      answer(async ({ params, request }) => {
        admin.requireStaff();
        return admin.restore(id(params), parse(RestoreInputSchema, await body(request)).note);
      }),
    ),
    http.post(
      "*/api/admin/appeals/:id",
      answer(async ({ params, request }) => {
        admin.requireStaff();
        const input = parse(AppealDecisionSchema, await body(request));
        return admin.decideAppeal(id(params), input.decision, input.note);
      }),
    ),
    http.get(
      "*/api/admin/audit",
      answer(({ request }) => {
        admin.requireStaff();
        return admin.audit(parse(AuditQuerySchema, Object.fromEntries(new URL(request.url).searchParams)));
      }),
    ),
    http.get(
      "*/api/admin/roles",
      answer(() => admin.staffList()),
    ),
    http.post(
      "*/api/admin/roles",
      answer(async ({ request }) => {
        admin.requireStaff(true);
        const input = parse(RoleInputSchema, await body(request));
        return HttpResponse.json(admin.setRole(input.email, input.role));
      }),
    ),
  ];
}
