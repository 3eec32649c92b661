import { parseArgs } from "node:util";
import { STAFF_ROLES, type StaffRole } from "../contract/moderation.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { HttpProblem } from "./http/problem.ts";
import { grantRole, listStaff } from "./moderation/roles.ts";

/*
 * `npm run admin -- grant person@example.com admin`: makes the first admin (or any moderator) on
 * the database the server uses (DATABASE_URL, or the embedded SQLite file), with the audit log's
 * entry signed by the command line. Later roles are better given from /admin/roles.
 */

const USAGE = `Usage:
  npm run admin -- grant <email> <moderator|admin>   give a person a role
  npm run admin -- revoke <email>                    take their role away
  npm run admin -- list                              who has a role`;

async function main(argv: string[]): Promise<number> {
  const { positionals } = parseArgs({ args: argv, allowPositionals: true, strict: true });
  const [command, email, role] = positionals;
  const valid =
    (command === "grant" && email && STAFF_ROLES.includes(role as StaffRole) && positionals.length === 3) ||
    (command === "revoke" && email && positionals.length === 2) ||
    (command === "list" && positionals.length === 1);
  if (!valid) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database.db, database.dialect);
    if (command === "list") {
      const staff = await listStaff(database.db);
      if (staff.length === 0) console.log("Nobody has a role yet.");
      for (const member of staff) console.log(`${member.role.padEnd(9)} ${member.email} (${member.name})`);
      return 0;
    }
    const granted = command === "grant" ? (role as StaffRole) : null;
    await grantRole(database.db, email as string, granted, null);
    console.log(
      granted ? `${email} is now ${granted === "admin" ? "an admin" : "a moderator"}.` : `${email} has no role now.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    // A refusal (no such person, a bad setting) is said as it is; anything else with its stack.
    if (error instanceof ConfigError) console.error(error.message);
    else if (error instanceof HttpProblem) console.error(error.detail);
    else console.error(error);
    process.exit(1);
  },
);
