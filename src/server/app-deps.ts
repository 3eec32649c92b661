import type { Auth } from "./accounts/auth.ts";
import type { Sessions } from "./accounts/session.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/database.ts";
import type { HiringMoney } from "./hiring/hiring.ts";
import type { OriginPolicy } from "./http/origins.ts";
import type { RateLimiters } from "./http/rate-limits.ts";
import type { ReportableContents } from "./moderation/targets.ts";
import type { EventHub } from "./notifications/event-hub.ts";
import type { OtherUnsubscribe } from "./notifications/notices.ts";
import type { Notifier } from "./notifications/notifier.ts";
import type { PaymentsDeps } from "./payments/payments.ts";
import type { ProfileFigures } from "./profiles/profiles.ts";
import type { TaskNeighbours } from "./tasks/tasks.ts";

/** What the feature routes are built from; created once in app.ts. */
export interface AppDeps {
  config: Config;
  database: Database;
  auth: Auth;
  sessions: Sessions;
  limiters: RateLimiters;
  /** Which origins are the site's (http/origins.ts). */
  origins: OriginPolicy;
  /** Writes notices in a change's transaction (notifications/notifier.ts). */
  notifier: Notifier;
  /** The live streams open in this process. */
  hub: EventHub;
  /** What bids and reviews tell tasks about a task (tasks/tasks.ts), so that tasks import neither. */
  taskNeighbours: TaskNeighbours;
  /** Every kind of content that can be reported, each through its own feature (content/reportable.ts). */
  reportables: ReportableContents;
  /** What hiring and reviews count for a profile's figures (profiles/profiles.ts). */
  profileFigures: ProfileFigures;
  /** What payments do at a hire's steps (hiring/hiring.ts); null when PAYMENTS=off. */
  hiringMoney: HiringMoney | null;
  /** The payments' own dependencies (moderation's dispute decisions); null when PAYMENTS=off. */
  payments: PaymentsDeps | null;
  /** The email links rooms above notifications stop things with (a task alert's pauses its search). */
  otherUnsubscribe?: OtherUnsubscribe;
}
