import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { transform } from "esbuild";
import type { Plugin } from "vite";

const MARK = "<!--quickgig:boot-->";
const SOURCE = path.resolve("src/web/boot.js");

/** The CSP's source for an inline script: the SHA-256 of its text, base64. */
export function scriptHash(text: string): string {
  return `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
}

/**
 * Writes src/web/boot.js, minified, into index.html's head as its one inline script: the theme
 * before the first paint, and the page's code fetched after it, with no request of its own in the
 * way (docs/decisions/025-one-inline-script-by-its-hash.md). The build lists its hash in
 * .vite/script-hashes.json for the server's CSP, and stops if a page it wrote carries another
 * text of it or none.
 */
export function inlineBoot(): Plugin {
  let script = "";
  return {
    name: "quickgig:inline-boot",
    enforce: "post",
    async buildStart() {
      this.addWatchFile(SOURCE);
      const { code } = await transform(await readFile(SOURCE, "utf8"), { minify: true, target: "es5" });
      script = `<script>${code.trim()}</script>`;
    },
    transformIndexHtml: {
      order: "pre",
      handler(html) {
        if (!html.includes(MARK)) throw new Error(`index.html has no ${MARK} for the boot script`);
        return html.replace(MARK, () => script);
      },
    },
    generateBundle(_options, bundle) {
      const pages = Object.values(bundle).filter((output) => output.fileName.endsWith(".html"));
      if (pages.length === 0) return this.error("the bundle has no HTML");
      for (const page of pages) {
        const html = page.type === "asset" ? String(page.source) : "";
        const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)];
        if (inline.length !== 1 || `<script>${inline[0]?.[1]}</script>` !== script) {
          return this.error(`${page.fileName} must hold the boot script, as written, and no other inline script`);
        }
      }
      const text = script.slice("<script>".length, -"</script>".length);
      this.emitFile({
        type: "asset",
        fileName: ".vite/script-hashes.json",
        source: `${JSON.stringify([scriptHash(text)])}\n`,
      });
    },
  };
}
