import type { Auth } from "./accounts/auth.ts";
import type { Sessions } from "./accounts/session.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/database.ts";
import type { RateLimiters } from "./http/rate-limits.ts";

/** What the feature routes are built from; created once in app.ts. */
export interface AppDeps {
  config: Config;
  database: Database;
  auth: Auth;
  sessions: Sessions;
  limiters: RateLimiters;
}
