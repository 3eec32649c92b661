import type { ColumnType } from "kysely";

/**
 * Tables of better-auth (user, session, account, verification) keep the library's own column
 * names; our tables use snake_case. Timestamps of our tables are ISO-8601 UTC strings, which sort
 * as text on both dialects.
 */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: ColumnType<boolean | number, boolean | number, boolean | number>;
  image: string | null;
  createdAt: ColumnType<Date | string, Date | string, Date | string>;
  updatedAt: ColumnType<Date | string, Date | string, Date | string>;
}

export interface SessionTable {
  id: string;
  expiresAt: ColumnType<Date | string>;
  token: string;
  createdAt: ColumnType<Date | string>;
  updatedAt: ColumnType<Date | string>;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
}

export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: ColumnType<Date | string> | null;
  refreshTokenExpiresAt: ColumnType<Date | string> | null;
  scope: string | null;
  password: string | null;
  createdAt: ColumnType<Date | string>;
  updatedAt: ColumnType<Date | string>;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: ColumnType<Date | string>;
  createdAt: ColumnType<Date | string>;
  updatedAt: ColumnType<Date | string>;
}

export interface TaskTable {
  id: string;
  owner_id: string;
  title: string;
  category: string;
  description: string;
  deadline: string;
  /** US cents, so budgets add and compare exactly. */
  budget_cents: number;
  created_at: string;
  updated_at: string;
  /** open, assigned, completed or cancelled (contract TASK_STATUSES; migration 0005). */
  status: ColumnType<string, string | undefined, string>;
  assignee_id: string | null;
  agreed_cents: number | null;
  /** 0 or 1 on both dialects. */
  offers_public: ColumnType<number, number | undefined, number>;
  // Not listed: on SQLite only, search_rowid, the task's row in the FTS5 table tasks_search, both
  // kept by triggers (migration 0004) and read only by the search's own SQL.
}

export interface BidTable {
  id: string;
  task_id: string;
  bidder_id: string;
  /** When the offer was last made (placed, changed, or placed again after a withdrawal). */
  bid_time: string;
  amount_cents: number;
  days: number | null;
  message: string | null;
  /** pending, accepted, declined or withdrawn (contract BID_STATUSES). */
  status: ColumnType<string, string | undefined, string>;
}

export interface QuestionTable {
  id: string;
  task_id: string;
  asker_id: string;
  body: string;
  answer: string | null;
  answered_at: string | null;
  /** 0 or 1: hidden by the task's poster. */
  hidden: ColumnType<number, number | undefined, number>;
  created_at: string;
}

/** A private message; its thread is (task_id, bidder_id). */
export interface MessageTable {
  id: string;
  task_id: string;
  bidder_id: string;
  sender_id: string;
  body: string;
  sent_at: string;
}

/** When a person last read a thread, for its unread count. */
export interface ThreadReadTable {
  task_id: string;
  bidder_id: string;
  user_id: string;
  read_at: string;
}

/** Tasks per category and status, kept by database triggers (migrations 0003 and 0005). */
export interface TaskCountTable {
  category: string;
  status: string;
  total: number;
}

export interface DB {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  tasks: TaskTable;
  bids: BidTable;
  task_counts: TaskCountTable;
  questions: QuestionTable;
  messages: MessageTable;
  thread_reads: ThreadReadTable;
}
