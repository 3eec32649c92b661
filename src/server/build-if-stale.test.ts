import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain script of npm start's, without types
import { isBuildStale } from "../../scripts/build-if-stale.mjs";

const root = mkdtempSync(path.join(tmpdir(), "quickgig-stale-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(file: string, at: Date) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), "x");
  utimesSync(path.join(root, file), at, at);
}

describe("npm start's build check", () => {
  it("builds when there is no build, or a source is newer than it; starts at once otherwise", () => {
    const earlier = new Date("2026-01-01T00:00:00Z");
    const later = new Date("2026-01-02T00:00:00Z");
    write("src/server/main.ts", earlier);
    write("package-lock.json", earlier);
    expect(isBuildStale(root)).toEqual({ missing: true, stale: true });
    write("dist/web/index.html", later);
    expect(isBuildStale(root)).toEqual({ missing: true, stale: true });
    write("dist/server/main.js", later);
    expect(isBuildStale(root)).toEqual({ missing: false, stale: false });
    // A source changed (a pull), or the web build's settings (.env's VITE_ lines), after the build.
    write("src/web/features/tasks/task-card.tsx", new Date("2026-01-03T00:00:00Z"));
    expect(isBuildStale(root)).toEqual({ missing: false, stale: true });
    write("dist/web/index.html", new Date("2026-01-04T00:00:00Z"));
    write("dist/server/main.js", new Date("2026-01-04T00:00:00Z"));
    expect(isBuildStale(root).stale).toBe(false);
    write(".env", new Date("2026-01-05T00:00:00Z"));
    expect(isBuildStale(root).stale).toBe(true);
  });
});
