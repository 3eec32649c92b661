import type { ColumnType, Generated } from "kysely";

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
  /**
   * open, assigned, completed or cancelled (contract TASK_STATUSES; migration 0005), or removed by
   * a moderator (migration 0015): hidden everywhere, its status before kept by its sanction.
   */
  status: ColumnType<string, string | undefined, string>;
  assignee_id: string | null;
  agreed_cents: number | null;
  /** 0 or 1 on both dialects. */
  offers_public: ColumnType<number, number | undefined, number>;
  // Not listed, read only by the search's own SQL: on SQLite, search_rowid, the task's row in the
  // FTS5 table tasks_search, both kept by triggers (migration 0004); on PostgreSQL, search_seq, the
  // task's number in the order tasks were posted (from tasks_search_seq), and search_vector, a
  // generated column (migrations 0010 and 0011).
}

export interface BidTable {
  id: string;
  task_id: string;
  bidder_id: string;
  /** When the offer was placed (first, or again after a withdrawal); a change leaves it (migration 0012). */
  bid_time: string;
  /** When the pending offer was last changed; null if never. */
  changed_at: ColumnType<string | null, string | null | undefined, string | null>;
  amount_cents: number;
  days: number | null;
  message: string | null;
  /** pending, accepted, declined, withdrawn or cancelled (contract BID_STATUSES). */
  status: ColumnType<string, string | undefined, string>;
}

/** A bid on a task since deleted, kept for its bidder with the task's title, deadline and budget (migration 0013). */
export interface DeletedTaskBidTable {
  /** The bid's own id. */
  id: string;
  /** The deleted task's id: no row to refer to. */
  task_id: string;
  task_title: string;
  task_deadline: string;
  task_budget_cents: number;
  bidder_id: string;
  bid_time: string;
  changed_at: string | null;
  amount_cents: number;
  days: number | null;
  message: string | null;
  /** As the bid was, but a pending one is cancelled with its task. */
  status: string;
  deleted_at: string;
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
  /** 0 or 1: removed by a moderator (migration 0015). */
  removed: ColumnType<number, number | undefined, number>;
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
  /** 0 or 1: removed by a moderator (migration 0015); shown as removed in its thread. */
  removed: ColumnType<number, number | undefined, number>;
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

/** A notice to one person (PRODUCT.md, Notifications); kept 90 days. */
export interface NotificationTable {
  id: Generated<number>;
  user_id: string;
  /** One of the contract's NOTIFICATION_KINDS. */
  kind: string;
  task_id: string;
  /** The thread's bidder, for a message. */
  bidder_id: string | null;
  /** JSON of the contract's NotificationDataSchema. */
  data: string;
  created_at: string;
  read_at: string | null;
}

/** A person's choice of channel for one kind; the contract's DEFAULT_CHANNELS where there is none. */
export interface NotificationPreferenceTable {
  user_id: string;
  kind: string;
  channel: string;
}

/** The address a person last used the site at, for their emails' links (email/email-sites.ts, migration 0023). */
export interface EmailSiteTable {
  user_id: string;
  origin: string;
  seen_at: string;
}

/** An email to send (email/outbox.ts). */
export interface OutboxTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  /** JSON object of extra headers (List-Unsubscribe). */
  headers: string;
  created_at: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  locked_until: string | null;
  sent_at: string | null;
  failed_at: string | null;
  last_error: string | null;
  /** What a gathered email is about, to one person (task-changed:user:task); null for the others. */
  gather_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON array of a gathered email's paragraphs, one per change, so that the next change adds one. */
  lines: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A hire and how it ended (migration 0014): what profiles count and who may review whom. */
export interface AssignmentTable {
  id: string;
  task_id: string;
  client_id: string;
  freelancer_id: string;
  assigned_at: string;
  /** active, completed, released (given back by the freelancer) or cancelled (by the client). */
  outcome: ColumnType<string, string | undefined, string>;
  ended_at: string | null;
  reminded_at: ColumnType<string | null, string | null | undefined, string | null>;
  reviews_closed_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A review of one side of a hire by the other (migration 0014); hidden while published_at is null. */
export interface ReviewTable {
  id: string;
  task_id: string;
  assignment_id: string;
  author_id: string;
  subject_id: string;
  /** client (the poster's review of the freelancer) or freelancer (the reverse). */
  role: string;
  rating: number;
  text: string;
  communication: number | null;
  quality: number | null;
  deadline: number | null;
  created_at: string;
  updated_at: string;
  published_at: ColumnType<string | null, string | null | undefined, string | null>;
  answer: ColumnType<string | null, string | null | undefined, string | null>;
  answered_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0 or 1: removed by a moderator (migration 0015): not shown, not counted. */
  removed: ColumnType<number, number | undefined, number>;
}

/** What a person says of themselves and their record as a freelancer, kept as it changes (migration 0014). */
export interface ProfileTable {
  user_id: string;
  bio: ColumnType<string, string | undefined, string>;
  /** JSON array of strings. */
  skills: ColumnType<string, string | undefined, string>;
  /** The same skills one a line: what Find Freelancers searches. */
  skills_text: ColumnType<string, string | undefined, string>;
  field: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0 or 1: shown in Find Freelancers. */
  listed: ColumnType<number, number | undefined, number>;
  /** Published reviews of their work: the stars' sum and count. */
  rating_sum: ColumnType<number, number | undefined, number>;
  rating_count: ColumnType<number, number | undefined, number>;
  /** Tasks assigned to them and completed. */
  completed: ColumnType<number, number | undefined, number>;
  updated_at: string;
  /** 0 or 1: bio and skills removed by a moderator (migration 0015): not shown, not listed. */
  removed: ColumnType<number, number | undefined, number>;
  /** rating_sum / rating_count, 0 without reviews: generated by the database, never written. */
  rating_avg: ColumnType<number, never, never>;
  // Not listed, read only by the search's own SQL: on SQLite, search_rowid, the profile's row in
  // the FTS5 table profiles_search, both kept by triggers (migration 0014).
}

/** A moderator's or admin's role (migration 0015). */
export interface StaffRoleTable {
  user_id: string;
  /** moderator or admin (contract STAFF_ROLES). */
  role: string;
  granted_by: string | null;
  granted_at: string;
}

/** One person's report of one target, with the target as it was (migration 0015). */
export interface ReportTable {
  id: string;
  reporter_id: string;
  /** contract REPORT_TARGETS; a profile's id is its person's. */
  target_kind: string;
  target_id: string;
  author_id: string;
  /** contract REPORT_REASONS. */
  reason: string;
  note: string | null;
  /** JSON of the contract's SnapshotSchema. */
  snapshot: string;
  created_at: string;
  /** open or closed. */
  status: ColumnType<string, string | undefined, string>;
  closed_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** removed or stays, once closed. */
  outcome: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Content removed, or its author warned, limited or suspended, until lifted; with its one appeal (migration 0015). */
export interface SanctionTable {
  id: string;
  user_id: string;
  /** contract SANCTION_KINDS. */
  kind: string;
  /** contract RULE_IDS. */
  rule: string;
  note: string;
  target_kind: string;
  target_id: string;
  task_id: string | null;
  target_title: string;
  /** JSON: what restoring puts back (a removed task's status). */
  previous_state: ColumnType<string | null, string | null | undefined, string | null>;
  created_by: string;
  created_at: string;
  lifted_at: ColumnType<string | null, string | null | undefined, string | null>;
  lifted_by: ColumnType<string | null, string | null | undefined, string | null>;
  appeal_text: ColumnType<string | null, string | null | undefined, string | null>;
  appealed_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** restored or upheld. */
  appeal_outcome: ColumnType<string | null, string | null | undefined, string | null>;
  appeal_decided_at: ColumnType<string | null, string | null | undefined, string | null>;
  appeal_note: ColumnType<string | null, string | null | undefined, string | null>;
  /** The decision this sanction is one effect of: the id of its first sanction (migration 0022). */
  decision_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The append-only audit log (migration 0015): the database refuses updates and deletes. */
export interface ModerationLogTable {
  id: string;
  at: string;
  /** null: the command line. */
  actor_id: string | null;
  actor_name: string;
  /** contract AUDIT_ACTIONS. */
  action: string;
  target_kind: string;
  target_id: string;
  subject_id: string | null;
  subject_name: string | null;
  rule: string | null;
  note: string;
  sanction_id: string | null;
}

/** A hire's payment and where it stands (migration 0017); its money is in the ledger. */
export interface PaymentTable {
  id: string;
  task_id: string;
  task_title: string;
  bid_id: string;
  client_id: string;
  freelancer_id: string;
  /** bigint: PostgreSQL's driver reads it as a string. */
  cents: ColumnType<string | number, number, never>;
  fee_basis_points: number;
  currency: string;
  /** contract PAYMENT_STATUSES. */
  status: string;
  provider: string;
  provider_ref: ColumnType<string | null, string | null | undefined, string | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  attempts: ColumnType<number, number | undefined, number>;
  created_at: string;
  updated_at: string;
  held_at: ColumnType<string | null, string | null | undefined, string | null>;
  delivered_at: ColumnType<string | null, string | null | undefined, string | null>;
  release_due_at: ColumnType<string | null, string | null | undefined, string | null>;
  release_reminded_at: ColumnType<string | null, string | null | undefined, string | null>;
  settled_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The provider's own page for a payment waiting (migration 0020); null in test mode. */
  checkout_url: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A dispute over a held payment (migration 0018): one per payment. */
export interface DisputeTable {
  payment_id: string;
  /** client, freelancer or moderators. */
  opened_by: string;
  reason: string;
  opened_at: string;
  escalates_at: string;
  escalated_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** open, settled, decided. */
  status: string;
  ended_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** bigint: PostgreSQL's driver reads it as a string. */
  to_freelancer_cents: ColumnType<string | number | null, number | null | undefined, number | null>;
  to_client_cents: ColumnType<string | number | null, number | null | undefined, number | null>;
  decided_by: ColumnType<string | null, string | null | undefined, string | null>;
  rule: ColumnType<string | null, string | null | undefined, string | null>;
  note: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A split one party of a dispute proposes to the other (migration 0018). */
export interface DisputeProposalTable {
  id: string;
  payment_id: string;
  /** client or freelancer. */
  proposed_by: string;
  to_freelancer_cents: ColumnType<string | number, number, never>;
  to_client_cents: ColumnType<string | number, number, never>;
  /** open, replaced, accepted. */
  status: string;
  created_at: string;
}

/** A call to the payment provider made after its step commits (migration 0019): a refund or a payout's transfer. */
export interface ProviderCallTable {
  id: string;
  payment_id: string;
  kind: string;
  key: string;
  reference: string;
  /** bigint: PostgreSQL's driver reads it as a string. */
  cents: ColumnType<string | number, number, never>;
  /** due, running, done, failed. */
  status: string;
  attempts: ColumnType<number, number | undefined, number>;
  next_at: string;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  result: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  done_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A freelancer's payout account at the payment provider (migration 0021): Stripe Connect Express. */
export interface PayoutAccountTable {
  user_id: string;
  provider: string;
  account_id: string;
  /** 1 once the provider says it can receive payouts. */
  payouts_enabled: ColumnType<number, number | undefined, number>;
  created_at: string;
  updated_at: string;
}

/** An invitation to a task (migration 0025): one per task and freelancer. */
export interface InvitationTable {
  task_id: string;
  freelancer_id: string;
  inviter_id: string;
  created_at: string;
}

/** A saved search (migration 0027): a person's search of Browse Tasks, and how often it tells them. */
/** A task to match against the saved searches, queued by triggers when it is posted or edited (migration 0028). */
export interface AlertQueueTable {
  id: Generated<number>;
  task_id: string;
  queued_at: string;
  attempts: Generated<number>;
}

/** A saved search's match: one row per search and task. */
export interface SavedSearchMatchTable {
  saved_search_id: string;
  task_id: string;
  matched_at: string;
}

/** What one person was told of one task (once, whatever the number of their searches it matched). */
export interface TaskAlertTable {
  user_id: string;
  task_id: string;
  /** The search it went under; null once that search is deleted. */
  saved_search_id: string | null;
  /** email: emailed at once; digest: waiting for the next digest; app: in the app only. */
  delivery: string;
  created_at: string;
  digested_at: string | null;
}

export interface SavedSearchTable {
  id: string;
  user_id: string;
  name: string;
  q: string;
  /** contract/alerts.ts, keyWordOf: null for a search of filters alone. */
  key_word: string | null;
  category: string | null;
  /** Integer cents (bigint: PostgreSQL's driver reads it as a string). */
  min_budget_cents: ColumnType<string | number | null, number | null, number | null>;
  max_budget_cents: ColumnType<string | number | null, number | null, number | null>;
  /** contract/alerts.ts, ALERT_FREQUENCIES. */
  frequency: string;
  paused_at: string | null;
  created_at: string;
  updated_at: string;
}

/** The payments ledger (migration 0017): append-only, a transaction's entries sum to zero. */
export interface LedgerTransactionTable {
  id: string;
  at: string;
  /** payments/ledger.ts LEDGER_KINDS. */
  kind: string;
  payment_id: string | null;
  task_id: string | null;
  note: string;
}

export interface LedgerEntryTable {
  id: string;
  transaction_id: string;
  /** payments/accounts.ts. */
  account: string;
  /** Signed integer cents (bigint: PostgreSQL's driver reads it as a string). */
  cents: ColumnType<string | number, number, never>;
  note: string;
}

export interface DB {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  tasks: TaskTable;
  bids: BidTable;
  invitations: InvitationTable;
  saved_searches: SavedSearchTable;
  alert_queue: AlertQueueTable;
  saved_search_matches: SavedSearchMatchTable;
  task_alerts: TaskAlertTable;
  deleted_task_bids: DeletedTaskBidTable;
  assignments: AssignmentTable;
  reviews: ReviewTable;
  profiles: ProfileTable;
  task_counts: TaskCountTable;
  questions: QuestionTable;
  messages: MessageTable;
  thread_reads: ThreadReadTable;
  notifications: NotificationTable;
  notification_preferences: NotificationPreferenceTable;
  outbox: OutboxTable;
  email_sites: EmailSiteTable;
  staff_roles: StaffRoleTable;
  reports: ReportTable;
  sanctions: SanctionTable;
  moderation_log: ModerationLogTable;
  payments: PaymentTable;
  disputes: DisputeTable;
  dispute_proposals: DisputeProposalTable;
  provider_calls: ProviderCallTable;
  payout_accounts: PayoutAccountTable;
  ledger_transactions: LedgerTransactionTable;
  ledger_entries: LedgerEntryTable;
}
