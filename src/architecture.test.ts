import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { cruise, type ICruiseResult, type IReporterOutput } from "dependency-cruiser";
import { afterAll, describe, expect, it } from "vitest";
import config from "../.dependency-cruiser.mjs";
import {
  arrowsBetweenRooms,
  type CruisedModule,
  circleProblems,
  circlesAmongFeatures,
  lineProblems,
} from "../scripts/deps/folder-arrows.ts";

/**
 * The house's rules (.dependency-cruiser.mjs, docs/architecture.md) hold for the tree, and each of
 * them fails a tree that breaks it: a wrong import is written into a small tree of its own, in a
 * temporary folder laid out as the project is.
 */
async function violations(files: string[], baseDir: string): Promise<string[]> {
  const { tsConfig: _, ...options } = config.options;
  const { output } = (await cruise(files, {
    ...options,
    baseDir,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
  })) as IReporterOutput;
  return (output as ICruiseResult).summary.violations.map(
    (violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`,
  );
}

async function modulesOf(files: string[], baseDir: string): Promise<CruisedModule[]> {
  const { tsConfig: _, ...options } = config.options;
  const { output } = (await cruise(files, { ...options, baseDir })) as IReporterOutput;
  return (output as ICruiseResult).modules as CruisedModule[];
}

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A tree of its own: each file's path and what it says. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), "quickgig-architecture-"));
  folders.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe("the house's rules", () => {
  it("hold for the project as it is", async () => {
    expect(await violations(["src"], process.cwd())).toEqual([]);
  }, 60_000);

  it.each([
    [
      "a cycle",
      "no-cycles",
      {
        "src/server/tasks/tasks.ts": 'import { b } from "../bids/bids.ts";\nexport const a = () => b;\n',
        "src/server/bids/bids.ts": 'import { a } from "../tasks/tasks.ts";\nexport const b = () => a;\n',
      },
    ],
    [
      "the contract importing the server",
      "contract-stands-alone",
      {
        "src/contract/limits.ts": 'import { a } from "../server/config.ts";\nexport const b = a;\n',
        "src/server/config.ts": "export const a = 1;\n",
      },
    ],
    [
      "the web app importing the server",
      "web-not-server",
      {
        "src/web/features/tasks/tasks-api.ts":
          'import { a } from "../../../server/tasks/tasks.ts";\nexport const b = a;\n',
        "src/server/tasks/tasks.ts": "export const a = 1;\n",
      },
    ],
    [
      "a feature of the server importing the web app",
      "server-not-web",
      {
        "src/server/tasks/tasks.ts": 'import { a } from "../../web/app/router.tsx";\nexport const b = a;\n',
        "src/web/app/router.tsx": "export const a = 1;\n",
      },
    ],
    [
      "http/ importing a feature",
      "http-knows-no-feature",
      {
        "src/server/http/rate-limits.ts": 'import { a } from "../accounts/session.ts";\nexport const b = a;\n',
        "src/server/accounts/session.ts": "export const a = 1;\n",
      },
    ],
    [
      "a route importing another feature's routes",
      "routes-only-from-app",
      {
        "src/server/bids/bid-routes.ts": 'import { a } from "../tasks/task-routes.ts";\nexport const b = a;\n',
        "src/server/tasks/task-routes.ts": "export const a = 1;\n",
      },
    ],
    [
      "a route reading its repository",
      "routes-through-rules",
      {
        "src/server/tasks/task-routes.ts": 'import { a } from "./task-repository.ts";\nexport const b = a;\n',
        "src/server/tasks/task-repository.ts": "export const a = 1;\n",
      },
    ],
    [
      "a route writing SQL itself",
      "routes-through-rules",
      {
        "src/server/tasks/task-routes.ts": 'import { sql } from "kysely";\nexport const b = sql;\n',
      },
    ],
    [
      "a repository answering HTTP",
      "repositories-know-no-rules",
      {
        "src/server/tasks/task-repository.ts":
          'import type { FastifyReply } from "fastify";\nexport type B = FastifyReply;\n',
      },
    ],
    [
      "a repository importing a feature's rules",
      "repositories-know-no-rules",
      {
        "src/server/bids/bid-repository.ts": 'import { a } from "../tasks/tasks.ts";\nexport const b = a;\n',
        "src/server/tasks/tasks.ts": "export const a = 1;\n",
      },
    ],
    [
      "a feature importing the server-rendered screens",
      "features-below-screens",
      {
        "src/server/tasks/tasks.ts": 'import { a } from "../screens/page-screens.ts";\nexport const b = a;\n',
        "src/server/screens/page-screens.ts": "export const a = 1;\n",
      },
    ],
    [
      "a feature asking moderation about a person's sanctions",
      "features-ask-standing-not-moderation",
      {
        "src/server/bids/bids.ts": 'import { a } from "../moderation/enforcement.ts";\nexport const b = a;\n',
        "src/server/moderation/enforcement.ts": "export const a = 1;\n",
      },
    ],
    [
      "standing/ importing a feature",
      "standing-knows-no-feature",
      {
        "src/server/standing/standing.ts": 'import { a } from "../tasks/tasks.ts";\nexport const b = a;\n',
        "src/server/tasks/tasks.ts": "export const a = 1;\n",
      },
    ],
    [
      "a shared web component importing a feature",
      "shared-web-rooms-know-no-feature",
      {
        "src/web/components/header.tsx":
          'import type { User } from "../features/accounts/session.ts";\nexport const b = (u: User) => u;\n',
        "src/web/features/accounts/session.ts": "export type User = { id: string };\n",
      },
    ],
    [
      "a web feature reaching into another's files",
      "features-meet-through-public-modules",
      {
        "src/web/features/home/home-page.tsx": 'import { a } from "../tasks/task-card.tsx";\nexport const b = a;\n',
        "src/web/features/tasks/task-card.tsx": "export const a = 1;\n",
      },
    ],
  ])("fail on %s (%s)", async (_what, rule, files) => {
    const root = tree(files);
    expect((await violations(["src"], root)).map((violation) => violation.split(":")[0])).toContain(rule);
  });

  it("find two rooms of the server that import each other through different modules, which no module cycle shows", async () => {
    const root = tree({
      "src/server/tasks/tasks.ts": 'import { a } from "../bids/bid-repository.ts";\nexport const b = a;\n',
      "src/server/bids/bid-repository.ts": "export const a = 1;\n",
      "src/server/bids/bids.ts": 'import { c } from "../tasks/task-repository.ts";\nexport const d = c;\n',
      "src/server/tasks/task-repository.ts": "export const c = 1;\n",
      "src/server/reviews/reviews.ts": 'import { b } from "../tasks/tasks.ts";\nexport const e = b;\n',
    });
    expect(await violations(["src"], root)).toEqual([]);
    const arrows = arrowsBetweenRooms(await modulesOf(["src"], root));
    const circles = circlesAmongFeatures(arrows);
    expect(circles).toEqual([["bids", "tasks"]]);
    expect(circleProblems(circles, [])).toEqual(["bids, tasks import each other, around a circle"]);
    // Known and being untied: allowed; shrunk or gone, the list must say so.
    expect(circleProblems(circles, [["bids", "tasks"]])).toEqual([]);
    expect(circleProblems(circles, [["bids", "hiring", "tasks"]])).toEqual([
      "the known circle bids, hiring, tasks has shrunk: write it as bids, tasks",
    ]);
    expect(circleProblems([], [["bids", "tasks"]])).toEqual([
      "the known circle bids, tasks is gone: take it off the list of known circles",
    ]);
  });

  it("find an arrow that points up the line of features, and a feature the line does not name", async () => {
    const root = tree({
      "src/server/tasks/tasks.ts": 'import { a } from "../bids/bid-repository.ts";\nexport const b = a;\n',
      "src/server/bids/bid-repository.ts": 'import { c } from "../standing/standing.ts";\nexport const a = c;\n',
      "src/server/standing/standing.ts": "export const c = 1;\n",
      "src/server/payments/payments.ts": 'import { a } from "../bids/bid-repository.ts";\nexport const d = a;\n',
    });
    const arrows = arrowsBetweenRooms(await modulesOf(["src"], root));
    expect(lineProblems(arrows, ["standing", "tasks", "bids"])).toEqual([
      "payments is not in the line of features: give it its place",
      "tasks imports bids, which stands above it in the line: tasks/tasks.ts → bids/bid-repository.ts",
    ]);
    expect(lineProblems(arrows, ["standing", "bids", "tasks", "payments"])).toEqual([]);
  });

  it("let a web feature use another through its public module", async () => {
    const root = tree({
      "src/web/features/home/home-page.tsx": 'import { a } from "../tasks/public.ts";\nexport const b = a;\n',
      "src/web/features/tasks/public.ts": 'export { a } from "./task-card.tsx";\n',
      "src/web/features/tasks/task-card.tsx": "export const a = 1;\n",
    });
    expect(await violations(["src"], root)).toEqual([]);
  });
});
