import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain script of npm start's, without types
import { isBuildStale } from "../../scripts/build-if-stale.mjs";

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** A project of its own, every file and folder dated `at` (days into 2026). */
function project(files: string[], day: number): { root: string; touch(file: string, day: number): void } {
  const root = mkdtempSync(path.join(tmpdir(), "quickgig-stale-"));
  roots.push(root);
  const date = (d: number) => new Date(Date.UTC(2026, 0, d));
  const touch = (file: string, d: number) => {
    const full = path.join(root, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, "x");
    // The file and every folder above it, as writing (or deleting) there dates them.
    for (let at = full; at.startsWith(root) && at !== root; at = path.dirname(at)) utimesSync(at, date(d), date(d));
  };
  for (const file of files) touch(file, day);
  return { root, touch };
}

describe("npm start's build check", () => {
  it("builds when there is no complete build, or anything it is made from is newer; starts at once otherwise", () => {
    const { root, touch } = project(["src/server/main.ts", "src/web/main.tsx", "package-lock.json"], 1);
    expect(isBuildStale(root)).toEqual({ missing: true, stale: true });
    // Only the web half written, as a build stopped half-way leaves it: no stamp yet.
    touch("dist/web/index.html", 2);
    expect(isBuildStale(root)).toEqual({ missing: true, stale: true });
    touch("dist/.build-complete", 2);
    expect(isBuildStale(root)).toEqual({ missing: false, stale: false });
    // A source changed after the build (a pull).
    touch("src/web/features/tasks/task-card.tsx", 3);
    expect(isBuildStale(root).stale).toBe(true);
    touch("dist/.build-complete", 4);
    expect(isBuildStale(root).stale).toBe(false);
    // The web build's settings.
    touch(".env.production", 5);
    expect(isBuildStale(root).stale).toBe(true);
  });

  it("builds again after a source was deleted", () => {
    const { root, touch } = project(["src/server/main.ts", "src/server/old.ts", "dist/.build-complete"], 1);
    touch("dist/.build-complete", 2);
    expect(isBuildStale(root).stale).toBe(false);
    rmSync(path.join(root, "src/server/old.ts"));
    expect(isBuildStale(root).stale).toBe(true);
  });
});
