import { AUDIT_LOG_APPEND_ONLY } from "./migrations/0015-moderation.ts";
import { LEDGER_APPEND_ONLY } from "./migrations/0017-payments.ts";

/**
 * The tables the database itself keeps append-only, with what it answers an attempt to change one:
 * UPDATE, DELETE, TRUNCATE and every kind of replacing insert are refused, whoever asks.
 * `append-only.api.test.ts` tries each of them on every table listed here.
 */
export const APPEND_ONLY_TABLES = {
  moderation_log: AUDIT_LOG_APPEND_ONLY,
  ledger_transactions: LEDGER_APPEND_ONLY,
  ledger_entries: LEDGER_APPEND_ONLY,
} as const;

export type AppendOnlyTable = keyof typeof APPEND_ONLY_TABLES;
