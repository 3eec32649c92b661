// The house's arrows (docs/architecture.md), as `npm test` checks them: dependency-cruiser's rules
// (.dependency-cruiser.mjs), then the arrows between the server's rooms, which may not run in a
// circle. `npm run deps -- --folders` also prints which room of src/server imports which.
import { spawnSync } from "node:child_process";
import {
  arrowsBetweenRooms,
  type CruisedModule,
  circleProblems,
  circlesAmongFeatures,
  featuresOf,
  lineProblems,
  NOT_FEATURES,
} from "./deps/folder-arrows.ts";

/**
 * Circles between the server's rooms known today and being untied (issue 43): none may grow, no
 * new one may appear, and one that shrinks is written here as it is now. Empty once the rooms
 * stand in a line.
 */
const KNOWN_CIRCLES: string[][] = [];

/** The features in the order they stand on each other (decision 027): each imports only those before it. */
const LINE = [
  "standing",
  "email",
  "accounts",
  "notifications",
  "content",
  "tasks",
  "alerts",
  "profiles",
  "bids",
  "hiring",
  "questions",
  "messages",
  "reviews",
  "payments",
  "moderation",
];

const result = spawnSync("npx", ["depcruise", "src", "--config", ".dependency-cruiser.mjs", "--output-type", "json"], {
  encoding: "utf8",
  maxBuffer: 256 * 1024 * 1024,
});
if (result.status !== 0 && !result.stdout) {
  console.error(result.stderr || result.error);
  process.exit(1);
}
const { modules, summary } = JSON.parse(result.stdout) as {
  modules: CruisedModule[];
  summary: {
    violations: Array<{ rule: { name: string; severity: string }; from: string; to: string }>;
    totalCruised: number;
    totalDependenciesCruised: number;
  };
};
const arrows = arrowsBetweenRooms(modules);

if (process.argv.includes("--folders")) {
  console.log("\nWhich room of src/server imports which (tests left out); ⇄ marks two rooms that import each other.\n");
  const rooms = [...featuresOf(arrows), ...[...NOT_FEATURES].filter((room) => arrows.has(room)).sort()];
  const width = Math.max(...rooms.map((room) => room.length));
  for (const room of rooms) {
    const targets = [...(arrows.get(room)?.keys() ?? [])].sort();
    const shown = targets.map((to) => (arrows.get(to)?.has(room) ? `${to} ⇄` : to));
    console.log(`${room.padEnd(width)}  → ${shown.join(", ") || "(nothing)"}`);
  }
}

const violations = summary.violations.filter((violation) => violation.rule.severity === "error");
for (const violation of violations)
  console.error(`  error ${violation.rule.name}: ${violation.from} → ${violation.to}`);
const circles = circlesAmongFeatures(arrows);
const problems = [...circleProblems(circles, KNOWN_CIRCLES), ...lineProblems(arrows, LINE)];
for (const problem of problems) console.error(`  error rooms-in-a-line: ${problem}`);
for (const circle of circles) {
  console.log(`\n  known circle, being untied: ${circle.join(", ")}. The arrows that close it:`);
  for (const from of circle) {
    for (const [to, imports] of arrows.get(from) ?? []) {
      if (!circle.includes(to)) continue;
      console.log(`    ${from} → ${to}: ${imports[0]}${imports.length > 1 ? ` (and ${imports.length - 1} more)` : ""}`);
    }
  }
}
const failures = violations.length + problems.length;
console.log(
  failures === 0
    ? `\n✔ no dependency violations (${summary.totalCruised} modules, ${summary.totalDependenciesCruised} dependencies cruised), the server's rooms in their line, no circle between them`
    : `\n✘ ${violations.length} rule violations, ${problems.length} problems with the line of the server's rooms`,
);
process.exit(failures === 0 ? 0 : 1);
