import { readFileSync } from "node:fs";
import path from "node:path";
import { compile } from "@tailwindcss/node";
import { Scanner } from "@tailwindcss/oxide";
import type { Plugin } from "vite";

/**
 * The utility classes that only the screens loaded later use (a profile, Find Freelancers, How
 * reputation works, About you, a task's reviews, moderation's pages and its Report form), found by
 * Tailwind's own scanner at build time: what those folders use and no other part of the web app
 * does. `src/web/lazy-screens.css` generates them, and loads with those screens' code;
 * `src/web/styles.css`, which every first visit downloads, leaves them out. Each class is in exactly
 * one sheet, so the later one adds rules without repeating any (a repeated `hidden` loaded after
 * `md:flex` would hide the header's menu). Both sheets say where the list goes with PLACEHOLDER.
 */

/** The folders of src/web whose screens load lazy-screens.css with their code. */
export const LAZY_FOLDERS = ["features/profiles", "features/reviews", "features/moderation", "features/admin"];

/** Where each sheet takes the list: `@source inline(...)` in lazy-screens.css, `@source not inline(...)` in styles.css. */
export const PLACEHOLDER = "/* lazy-screens: the classes only lazy screens use (scripts/vite/lazy-screens.ts) */";

/** What a test file, a test's helper or the mock API holds is not the app's. */
const NOT_THE_APP = ["**/*.test.ts", "**/*.test.tsx", "**/test/**", "mocks/**"];

/** A word Tailwind may read as a class, written safely inside `@source inline("…")`. */
const WRITABLE = /^[-!\w:.[\]/#%()&>=,+*@]+$/;

/** The classes a stylesheet's @apply lines name. */
function appliedIn(sheet: string): string[] {
  return [...readFileSync(sheet, "utf8").matchAll(/@apply\s+([^;]+);/g)].flatMap((match) =>
    (match[1] as string).split(/\s+/).filter(Boolean),
  );
}

function scan(sources: Array<{ base: string; pattern: string; negated: boolean }>): Set<string> {
  return new Set(new Scanner({ sources }).scan());
}

/** Of these words, those Tailwind makes a utility class of (with the app's dark variant). */
async function utilitiesAmong(words: string[]): Promise<string[]> {
  const compiler = await compile(
    '@import "tailwindcss/theme.css";\n@import "tailwindcss/utilities.css" source(none);\n@custom-variant dark (&:where(.dark, .dark *));',
    // Tailwind itself is resolved from the project, wherever the scanned folder is.
    { base: process.cwd(), onDependency: () => {} },
  );
  const css = compiler.build(words);
  const made = new Set(
    [...css.matchAll(/\.((?:\\.|[\w-])+)/g)].map((match) => (match[1] as string).replace(/\\(.)/g, "$1")),
  );
  return words.filter((word) => made.has(word));
}

/** The utility classes that the lazy folders of `webRoot` use and no other part of the app does, sorted. */
export async function lazyOnlyClasses(webRoot: string): Promise<string[]> {
  const without = (base: string) => NOT_THE_APP.map((pattern) => ({ base, pattern, negated: true }));
  const lazy = scan(
    LAZY_FOLDERS.flatMap((folder) => {
      const base = path.join(webRoot, folder);
      return [{ base, pattern: "**/*.{ts,tsx}", negated: false }, ...without(base)];
    }),
  );
  const elsewhere = scan([
    { base: webRoot, pattern: "**/*.{ts,tsx,html}", negated: false },
    ...without(webRoot),
    ...LAZY_FOLDERS.map((folder) => ({ base: path.join(webRoot, folder), pattern: "**/*", negated: true })),
  ]);
  // The sheets' own @apply lines use classes too (the scanner leaves stylesheets alone).
  for (const word of appliedIn(path.join(webRoot, "styles.css"))) elsewhere.add(word);
  return utilitiesAmong([...lazy].filter((word) => !elsewhere.has(word) && WRITABLE.test(word)).sort());
}

/** Writes the list into both sheets before Tailwind reads them (listed before Tailwind's plugin). */
export function lazyScreensCss(webRoot: string): Plugin {
  const sheets = {
    [path.join(webRoot, "lazy-screens.css")]: "@source inline",
    [path.join(webRoot, "styles.css")]: "@source not inline",
  };
  // Found once a build: both sheets use the same list.
  let found: Promise<string[]> | undefined;
  return {
    name: "quickgig:lazy-screens-css",
    enforce: "pre",
    buildStart() {
      found = undefined;
    },
    async transform(code, id) {
      const directive = sheets[id.split("?")[0] ?? id];
      if (!directive) return;
      if (!code.includes(PLACEHOLDER)) return this.error(`${id} has no place for the lazy screens' classes`);
      // The dev server finds the list each time it reads a sheet: classes may have changed since.
      if (this.meta.watchMode || !found) found = lazyOnlyClasses(webRoot);
      const classes = await found;
      if (classes.length === 0) return this.error("no class found that only the lazy screens use");
      return { code: code.replace(PLACEHOLDER, `${directive}("${classes.join(" ")}");`), map: null };
    },
  };
}
