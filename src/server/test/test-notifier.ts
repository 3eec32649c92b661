import type { Database } from "../db/database.ts";
import { OutboxWorker } from "../email/outbox.ts";
import { EventHub } from "../notifications/event-hub.ts";
import { Notifier } from "../notifications/notifier.ts";
import type { TestContext } from "./test-app.ts";

/**
 * A notifier of a test's own on `database` (a connection of the test's), writing notices as the
 * app's does: for work a test runs itself, as a timed job or a moderator's decision would. Its
 * outbox never sends; `hub` wakes nobody unless the test gives one that announces.
 */
export function testNotifier(ctx: TestContext, database: Database, hub = new EventHub()): Notifier {
  const outbox = new OutboxWorker(database, async () => {}, { retryMs: 1000, log: ctx.app.log });
  void outbox.stop();
  const { webUrl, publicUrl, authSecret } = ctx.config;
  return new Notifier(database, hub, outbox, { webUrl, apiUrl: publicUrl, secret: authSecret, followRequest: false });
}
