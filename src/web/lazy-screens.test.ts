import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { LAZY_FOLDERS, lazyOnlyClasses, PLACEHOLDER } from "../../scripts/vite/lazy-screens.ts";

// lazy-screens.css holds the utility classes that only the screens loaded later use, and styles.css
// leaves the same classes out; the build finds them with Tailwind's scanner (scripts/vite/lazy-screens.ts).

const WEB = path.resolve(import.meta.dirname);

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

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe("the lazy screens' classes", () => {
  it("are those the lazy folders use and no other module, no test and no @apply of styles.css does", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "quickgig-lazy-screens-"));
    folders.push(root);
    const files = {
      "features/profiles/card.tsx": 'export const a = <p className="sm:size-20 btn underline-offset-4 p-3" />;',
      "features/moderation/form.tsx": 'export const b = <p className="whitespace-pre-wrap" />;',
      "components/button.tsx": 'export const c = <p className="btn" />;',
      "features/profiles/card.test.tsx": 'export const d = <p className="p-3" />;',
      "features/tasks/list.tsx": 'export const e = <p className="whitespace-pre-wrap" />;',
      "styles.css": "/* */\n.x { @apply underline-offset-4 mt-1; }\n",
    };
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    const classes = await lazyOnlyClasses(root);
    expect(classes).toContain("sm:size-20");
    // A word Tailwind makes nothing of is no class (an id, a name in the code).
    expect(classes).not.toContain("card");
    expect(classes).toContain("p-3");
    // Used elsewhere: in a module outside the lazy folders, or by styles.css's @apply.
    for (const shared of ["btn", "whitespace-pre-wrap", "underline-offset-4"]) expect(classes).not.toContain(shared);
  });

  it("are found in this app, and both sheets say where the list goes", async () => {
    expect((await lazyOnlyClasses(WEB)).length).toBeGreaterThan(0);
    for (const sheet of ["styles.css", "lazy-screens.css"]) {
      expect(readFileSync(path.join(WEB, sheet), "utf8"), sheet).toContain(PLACEHOLDER);
    }
  });

  it("load with each module that uses one: the module imports lazy-screens.css", async () => {
    const classes = await lazyOnlyClasses(WEB);
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
