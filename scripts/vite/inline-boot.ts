import { readFile } from "node:fs/promises";
import path from "node:path";
import { transform } from "esbuild";
import type { Plugin } from "vite";
import { inlineScripts } from "../../src/server/http/inline-scripts.ts";

const MARK = "<!--quickgig:boot-->";
const SOURCE = path.resolve("src/web/boot.js");
const PAGE_LISTS = [".vite/first-screens.json", ".vite/page-templates.json"];

/**
 * Writes src/web/boot.js, minified, into index.html's head as its one inline script: the theme
 * before the first paint, and the page's code fetched after it, with no request of its own in the
 * way (docs/decisions/025-one-inline-script-by-its-hash.md). The server allows it by its hash,
 * worked out from the pages it serves; the build stops if a page it wrote carries another text of
 * it, none, or another inline script.
 */
export function inlineBoot(): Plugin {
  let minified: Promise<string> | undefined;
  const boot = () => {
    minified ??= readFile(SOURCE, "utf8").then(async (source) => {
      const { code } = await transform(source, { minify: true, target: "es5" });
      return code.trim();
    });
    return minified;
  };
  return {
    name: "quickgig:inline-boot",
    enforce: "post",
    buildStart() {
      this.addWatchFile(SOURCE);
    },
    watchChange(id) {
      if (path.resolve(id) === SOURCE) minified = undefined;
    },
    transformIndexHtml: {
      order: "pre",
      async handler(html) {
        if (!html.includes(MARK)) throw new Error(`index.html has no ${MARK} for the boot script`);
        const script = await boot();
        return html.replace(MARK, () => `<script>${script}</script>`);
      },
    },
    async generateBundle(_options, bundle) {
      const script = await boot();
      const listed = PAGE_LISTS.flatMap((list) => {
        const asset = bundle[list];
        if (asset?.type !== "asset") return this.error(`the bundle has no ${list}`);
        return Object.values(JSON.parse(String(asset.source)) as Record<string, string>);
      });
      for (const fileName of ["index.html", ...listed]) {
        const page = bundle[fileName];
        if (page?.type !== "asset") return this.error(`the bundle has no ${fileName}`);
        const scripts = inlineScripts(String(page.source));
        if (scripts.length !== 1 || scripts[0] !== script) {
          return this.error(`${fileName} must hold the boot script, as written, and no other inline script`);
        }
      }
    },
  };
}
