// Run before `npm install` and `npm start`: stops at once, saying what to do, on a Node.js older than
// the project's, instead of failing later in a native module or a dependency. Plain syntax on
// purpose, so that any Node since 12 can read it.
import { readFileSync } from "node:fs";

const required = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).engines.node;
const minimum = required
  .replace(/[^0-9.]/g, "")
  .split(".")
  .map(Number);
const current = process.versions.node.split(".").map(Number);
const tooOld = current[0] < minimum[0] || (current[0] === minimum[0] && (current[1] || 0) < (minimum[1] || 0));

if (tooOld) {
  console.error(
    "\nQuickGig needs Node.js " +
      required +
      " (24 recommended, see .nvmrc); this is Node.js " +
      process.version +
      ".\n" +
      "Install Node.js 24 (https://nodejs.org, or `nvm install 24`), or on Linux and macOS run\n" +
      "  . scripts/use-node.sh\n" +
      "in this shell first: it fetches Node.js 24 from the npm registry into ~/.cache/quickgig/node.\n",
  );
  process.exit(1);
}
