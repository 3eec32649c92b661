import { describe, expect, it } from "vitest";
import { openEventStream } from "../test/event-stream.ts";
import { listening, postTask, setupTestApp, signUp } from "../test/test-app.ts";
import { moderationKit } from "./test/moderation-kit.ts";

/**
 * The moderators' queue is live (issue 46): staff's unread counts carry how much waits in it, and a
 * report or a decision sends everyone on the staff their counts again, so the queue page reads
 * itself again with no reload. Nobody else's counts say anything of the queue.
 */
const ctx = setupTestApp();
const kit = moderationKit(ctx);
const origin = listening(ctx);

describe("the moderators' queue, live", () => {
  it("a report raises the staff's queue count on their open streams, a decision lowers it; others' counts have none", async () => {
    const moderator = await kit.newPerson("Queue Moderator");
    const admin = await kit.newPerson("Queue Admin");
    await kit.grant(moderator, "moderator");
    await kit.grant(admin, "admin");
    const poster = await signUp(ctx.app, { name: "Queue Poster" });
    const reporter = await signUp(ctx.app, { name: "Queue Reporter" });
    const taskId = await postTask(ctx.app, poster, { title: "Pay a fee to apply" });

    const streams = await Promise.all(
      [moderator, admin, reporter].map((user) => openEventStream(`${origin()}/api/events`, { cookie: user.cookie })),
    );
    const [moderatorStream, adminStream, reporterStream] = streams as [
      (typeof streams)[number],
      (typeof streams)[number],
      (typeof streams)[number],
    ];
    try {
      for (const stream of [moderatorStream, adminStream]) {
        const first = await stream.next((e) => e.event === "unread");
        expect(JSON.parse(first.data)).toEqual({ notifications: 0, messages: 0, queue: 0 });
      }
      expect(JSON.parse((await reporterStream.next((e) => e.event === "unread")).data)).toEqual({
        notifications: 0,
        messages: 0,
      });

      await kit.ok(kit.report(reporter, "task", taskId), 201);
      for (const stream of [moderatorStream, adminStream]) {
        await stream.next((e) => e.event === "unread" && JSON.parse(e.data).queue === 1);
      }
      const counts = await ctx.app.inject({ url: "/api/notifications/unread", headers: { cookie: moderator.cookie } });
      expect(counts.json()).toEqual({ notifications: 0, messages: 0, queue: 1 });

      await kit.ok(
        kit.decideAs(moderator, {
          targetKind: "task",
          targetId: taskId,
          remove: false,
          sanction: "none",
          note: "Fine.",
        }),
      );
      for (const stream of [moderatorStream, adminStream]) {
        await stream.next((e) => e.event === "unread" && JSON.parse(e.data).queue === 0);
      }
      // The reporter hears of the outcome (a notice); their counts never carry the queue.
      await reporterStream.next((e) => e.event === "notification");
      expect(
        reporterStream.events.filter((e) => e.event === "unread").every((e) => !("queue" in JSON.parse(e.data))),
      ).toBe(true);
    } finally {
      await Promise.all(streams.map((stream) => stream.close()));
    }
  });
});
