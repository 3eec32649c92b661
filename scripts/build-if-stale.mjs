// `npm start` starts: it builds first only when the build is missing, unfinished, or older than what
// it is made from (the sources, the build's own settings and scripts, the installed packages, and the
// .env files whose VITE_ lines the web build reads). A restart by a process manager then takes a
// second or two instead of a whole build. `npm run build` always builds; so does a change of VITE_
// variables in the shell, which this cannot see.
//   node scripts/build-if-stale.mjs            build if stale, then exit
//   node scripts/build-if-stale.mjs --unstamp  (npm run build, first) the build is unfinished
//   node scripts/build-if-stale.mjs --stamp    (npm run build, last) the build is complete
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Written when both halves of the build are done: its time says when the build was made. */
const STAMP = "dist/.build-complete";
/** What the build is made from. */
const INPUTS = [
  "src",
  "scripts/vite",
  "scripts/build-server.ts",
  "vite.config.ts",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
  ".env",
  ".env.local",
  ".env.production",
  ".env.production.local",
];

/**
 * The newest modification time under a path: of its files, and of its folders, whose time changes
 * when a file in them is added or deleted (0 when it does not exist).
 */
function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(target, { recursive: true, withFileTypes: true })) {
    latest = Math.max(latest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

/** Whether the build in `root` is missing (or unfinished), or older than anything it is made from. */
export function isBuildStale(root) {
  const built = newest(path.join(root, STAMP));
  const madeFrom = Math.max(...INPUTS.map((input) => newest(path.join(root, input))));
  return { missing: built === 0, stale: built === 0 || built < madeFrom };
}

if (import.meta.main) {
  const root = path.resolve(import.meta.dirname, "..");
  const stamp = path.join(root, STAMP);
  if (process.argv.includes("--unstamp")) {
    rmSync(stamp, { force: true });
  } else if (process.argv.includes("--stamp")) {
    mkdirSync(path.dirname(stamp), { recursive: true });
    writeFileSync(stamp, `${new Date().toISOString()}\n`);
  } else {
    const { missing, stale } = isBuildStale(root);
    if (stale) {
      console.log(
        missing
          ? "No complete build yet: building the app."
          : "The sources changed since the last build: building the app.",
      );
      const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
      process.exit(result.status ?? 1);
    }
    console.log("The build is up to date with the sources (npm run build builds again).");
  }
}
