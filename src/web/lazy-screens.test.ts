import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// lazy-screens.css holds the utility classes that only the screens loaded later use, and styles.css
// leaves the same classes out: each class is generated in exactly one of the two sheets.

const WEB = path.resolve(import.meta.dirname);
/** The folders whose screens load lazy-screens.css with their code. */
const LAZY_FOLDERS = ["features/profiles", "features/reviews", "features/moderation", "features/admin"];

function listed(sheet: string, directive: string): string[] {
  const css = readFileSync(path.join(WEB, sheet), "utf8");
  return [...css.matchAll(new RegExp(`${directive}\\("([^"]*)"\\)`, "g"))].flatMap((match) =>
    (match[1] as string).split(/\s+/).filter(Boolean),
  );
}

/** The web app's source files (not tests), by path from src/web. */
function sources(): string[] {
  return readdirSync(WEB, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.(tsx?|html)$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith("test/"))
    .map((file) => file.split(path.sep).join("/"));
}

/** The words of a file as Tailwind reads them: anything between spaces, quotes, backticks and braces. */
function tokens(file: string): Set<string> {
  return new Set(readFileSync(path.join(WEB, file), "utf8").split(/[\s"'`{}]+/));
}

const isLazy = (file: string) => LAZY_FOLDERS.some((folder) => file.startsWith(`${folder}/`));
const classes = listed("lazy-screens.css", "@source inline");

describe("lazy-screens.css", () => {
  it("lists the classes that styles.css leaves out, and only those", () => {
    expect(classes.length).toBeGreaterThan(0);
    expect([...classes].sort()).toEqual([...listed("styles.css", "@source not inline")].sort());
    expect(new Set(classes).size).toBe(classes.length);
  });

  it("lists classes that the lazy screens use and no other part of the app does", () => {
    const files = sources();
    const lazyTokens = files.filter(isLazy).map(tokens);
    const unused = classes.filter((name) => !lazyTokens.some((words) => words.has(name)));
    expect(unused, "listed, but no lazy screen uses it").toEqual([]);
    const elsewhere = files
      .filter((file) => !isLazy(file))
      .flatMap((file) => {
        const words = tokens(file);
        return classes.filter((name) => words.has(name)).map((name) => `${name} in ${file}`);
      });
    expect(elsewhere, "styles.css does not have these, and the page may load without lazy-screens.css").toEqual([]);
  });

  it("is imported by each module that uses one of its classes, so that it loads with that module's code", () => {
    const missing = sources()
      .filter(isLazy)
      .filter((file) => {
        const words = tokens(file);
        return classes.some((name) => words.has(name));
      })
      .filter((file) => !readFileSync(path.join(WEB, file), "utf8").includes('lazy-screens.css";'));
    expect(missing).toEqual([]);
  });
});
