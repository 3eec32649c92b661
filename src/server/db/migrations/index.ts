import type { Migration } from "kysely/migration";
import m0001 from "./0001-accounts.ts";
import m0002 from "./0002-tasks-and-bids.ts";
import m0003 from "./0003-list-speed.ts";
import m0004 from "./0004-search.ts";
import m0005 from "./0005-hiring.ts";
import m0006 from "./0006-questions.ts";
import m0007 from "./0007-messages.ts";
import m0008 from "./0008-notifications.ts";
import m0009 from "./0009-word-search.ts";
import m0010 from "./0010-search-word-starts.ts";
import m0011 from "./0011-search-blocks.ts";
import m0012 from "./0012-doors-hold.ts";
import m0013 from "./0013-deleted-task-offers.ts";
import m0014 from "./0014-reputation.ts";
import m0015 from "./0015-moderation.ts";
import m0016 from "./0016-no-replacing-the-audit-log.ts";
import m0017 from "./0017-payments.ts";
import m0018 from "./0018-disputes.ts";
import m0019 from "./0019-provider-calls.ts";
import m0020 from "./0020-checkout-address.ts";
import m0021 from "./0021-payout-accounts.ts";
import m0022 from "./0022-sanction-decisions.ts";
import m0023 from "./0023-email-sites.ts";
import m0024 from "./0024-people-search-folds-accents.ts";
import m0025 from "./0025-invitations.ts";
import m0026 from "./0026-changes-announced-by-redis.ts";
import m0027 from "./0027-saved-searches.ts";
import m0028 from "./0028-task-alerts.ts";
import m0029 from "./0029-task-search-folds-accents.ts";
import type { MigrationContext } from "./context.ts";

/**
 * Every migration, in order: one file each, named by its number and what it does. A new one is a
 * file beside these and a line below; each runs in a transaction of its own (db/migrate.ts).
 */
export function allMigrations(context: MigrationContext): Record<string, Migration> {
  return {
    "0001-accounts": m0001(context),
    "0002-tasks-and-bids": m0002(context),
    "0003-list-speed": m0003(context),
    "0004-search": m0004(context),
    "0005-hiring": m0005(context),
    "0006-questions": m0006(context),
    "0007-messages": m0007(context),
    "0008-notifications": m0008(context),
    "0009-word-search": m0009(context),
    "0010-search-word-starts": m0010(context),
    "0011-search-blocks": m0011(context),
    "0012-doors-hold": m0012(context),
    "0013-deleted-task-offers": m0013(context),
    "0014-reputation": m0014(context),
    "0015-moderation": m0015(context),
    "0016-no-replacing-the-audit-log": m0016(context),
    "0017-payments": m0017(context),
    "0018-disputes": m0018(context),
    "0019-provider-calls": m0019(context),
    "0020-checkout-address": m0020(context),
    "0021-payout-accounts": m0021(context),
    "0022-sanction-decisions": m0022(context),
    "0023-email-sites": m0023(context),
    "0024-people-search-folds-accents": m0024(context),
    "0025-invitations": m0025(context),
    "0026-changes-announced-by-redis": m0026(context),
    "0027-saved-searches": m0027(context),
    "0028-task-alerts": m0028(context),
    "0029-task-search-folds-accents": m0029(context),
  };
}
