import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * What mock mode may contain (issue 43): the demo data, a store in the contract's shapes, handlers
 * that read and write it, and named scenarios. Not the server's rules: a refusal, a notice or a
 * cascade written here would be a second backend that drifts from the first.
 */
const folder = path.dirname(new URL(import.meta.url).pathname);
const files = readdirSync(folder)
  .filter((name) => name.endsWith(".ts") && !name.includes(".test."))
  .map((name) => ({ name, text: readFileSync(path.join(folder, name), "utf8") }));

/** The mock's lines before issue 43 (2,873 in seven files), halved. */
const MAX_LINES = Math.floor(2873 / 2);
/** Not valid (the contract's schemas), not signed in, not found, not available without a server. */
const OWN_ANSWERS = new Set(["400", "401", "404", "503"]);

describe("mock mode's code", () => {
  it("is at most half of what it was before the rewrite", () => {
    const lines = files.reduce((sum, file) => sum + file.text.split("\n").length - 1, 0);
    expect(lines).toBeLessThanOrEqual(MAX_LINES);
  });

  it("refuses nothing the server decides: other refusals are named scenarios", () => {
    const refusals = files
      .filter((file) => file.name !== "scenarios.ts")
      .flatMap((file) =>
        [...file.text.matchAll(/\b(?:refuse|problem)\((\d{3})/g)].map((match) => `${file.name}: ${match[1]}`),
      );
    expect(refusals.length).toBeGreaterThan(0);
    expect(refusals.filter((refusal) => !OWN_ANSWERS.has(refusal.slice(-3)))).toEqual([]);
    expect(files.filter((file) => /\b(403|409|410|422|429)\b/.test(file.text) && file.name !== "scenarios.ts")).toEqual(
      [],
    );
  });

  it("tells no one: a notice is never made by an action", () => {
    expect(files.filter((file) => /notices\.push|notices\s*=/.test(file.text)).map((file) => file.name)).toEqual([]);
  });

  it("imports only msw, zod, the contract and its own modules", () => {
    const imports = files.flatMap((file) =>
      [...file.text.matchAll(/from "([^"]+)"/g)].map((match) => ({ file: file.name, from: match[1] ?? "" })),
    );
    const allowed = (from: string) =>
      /^(msw|msw\/\w+|zod)$/.test(from) || from.startsWith("../../contract/") || /^\.\/[\w-]+\.ts$/.test(from);
    expect(imports.filter((entry) => !allowed(entry.from))).toEqual([]);
  });
});
