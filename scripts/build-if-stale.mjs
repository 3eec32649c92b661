// `npm start` starts: it builds first only when the build is missing or older than what it is made
// from (the sources, the build's own settings and scripts, the installed packages, and .env, whose
// VITE_ lines the web build reads). A restart by a process manager then takes a second or two
// instead of a whole build. `npm run build` always builds.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/** What the build writes last of each half: its times say when the build was made. */
const OUTPUTS = ["dist/web/index.html", "dist/server/main.js"];
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
];

/** The newest modification time of a file, or of the files under a folder (0 when there is none). */
function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(target, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) latest = Math.max(latest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

/** Whether the build in `root` is missing, or older than anything it is made from. */
export function isBuildStale(root) {
  const built = OUTPUTS.map((output) => newest(path.join(root, output)));
  const madeFrom = Math.max(...INPUTS.map((input) => newest(path.join(root, input))));
  return { missing: built.includes(0), stale: built.some((time) => time === 0 || time < madeFrom) };
}

if (import.meta.main) {
  const root = path.resolve(import.meta.dirname, "..");
  const { missing, stale } = isBuildStale(root);
  if (stale) {
    console.log(
      missing ? "No build yet: building the app." : "The sources changed since the last build: building the app.",
    );
    const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
    process.exit(result.status ?? 1);
  }
  console.log("The build is up to date with the sources (npm run build builds again).");
}
