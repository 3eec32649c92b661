import { type Kysely, sql } from "kysely";
import type { MigrationContext } from "./context.ts";

export default (_context: MigrationContext) => ({
  async up(db: Kysely<unknown>) {
    // A Firebase (or any provider's) account belongs to one user: two first sign-ins at once
    // linked it twice. Any such pair already made keeps its first row.
    await sql`delete from account where id in (
      select id from (
        select id, row_number() over (partition by "providerId", "accountId" order by "createdAt", id) as n
        from account) as ranked
      where n > 1)`.execute(db);
    await db.schema.dropIndex("account_provider_account_idx").execute();
    await db.schema
      .createIndex("account_provider_account_idx")
      .on("account")
      .columns(["providerId", "accountId"])
      .unique()
      .execute();
    // An offer keeps the time it was first placed (bid_time); a change is dated on its own.
    await db.schema.alterTable("bids").addColumn("changed_at", "text").execute();
    // The hired offer of a task cancelled while assigned ends too (PRODUCT.md, Hiring).
    await sql`update bids set status = 'cancelled' where status = 'accepted'
      and task_id in (select id from tasks where status = 'cancelled')`.execute(db);
    // Emails about one thing to one person wait and gather (email/outbox.ts, enqueueGatheredEmail):
    // the key says what they are about, lines what each change said.
    await db.schema.alterTable("outbox").addColumn("gather_key", "text").execute();
    await db.schema.alterTable("outbox").addColumn("lines", "text").execute();
    await db.schema
      .createIndex("outbox_gather_idx")
      .on("outbox")
      .columns(["gather_key", "id"])
      .where(sql.ref("gather_key"), "is not", null)
      .execute();
  },
});
