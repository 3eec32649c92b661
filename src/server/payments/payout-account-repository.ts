import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";

/** Payout accounts' SQL (migration 0021): a freelancer's account at the provider. */

export interface PayoutAccount {
  userId: string;
  provider: string;
  accountId: string;
  payable: boolean;
}

export async function findPayoutAccount(db: Kysely<DB>, userId: string): Promise<PayoutAccount | undefined> {
  const row = await db.selectFrom("payout_accounts").selectAll().where("user_id", "=", userId).executeTakeFirst();
  return (
    row && {
      userId: row.user_id,
      provider: row.provider,
      accountId: row.account_id,
      payable: row.payouts_enabled === 1,
    }
  );
}

/** Keeps the person's account; the first one kept wins when two requests made one at once. */
export async function insertPayoutAccount(
  db: Kysely<DB>,
  account: { userId: string; provider: string; accountId: string },
  now = new Date(),
): Promise<void> {
  await db
    .insertInto("payout_accounts")
    .values({
      user_id: account.userId,
      provider: account.provider,
      account_id: account.accountId,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .onConflict((conflict) => conflict.column("user_id").doNothing())
    .execute();
}

export async function setPayable(db: Kysely<DB>, accountId: string, payable: boolean, now = new Date()) {
  await db
    .updateTable("payout_accounts")
    .set({ payouts_enabled: payable ? 1 : 0, updated_at: now.toISOString() })
    .where("account_id", "=", accountId)
    .execute();
}

/** Whose payout account this is. */
export async function findAccountOwner(db: Kysely<DB>, accountId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("payout_accounts")
    .select("user_id")
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  return row?.user_id;
}
