import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { constants, gzipSync } from "node:zlib";
import { inlineScripts } from "../../src/server/http/inline-scripts.ts";
import { readBuildList } from "../../src/server/http/web-app.ts";

export interface FilesWeight {
  /**
   * Gzipped at level 9, file by file, as the build's precompressed .gz files are, with the hashes
   * in the names of the build's files read as one fixed name (see withFixedHashes).
   */
  gzipBytes: number;
  files: string[];
}

export interface PageWeight {
  /** The HTML file the server answers the page with. */
  htmlFile: string;
  js: FilesWeight;
  css: FilesWeight;
}

/** 1 KB = 1000 bytes, as the budgets are written. */
export function formatKB(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} KB`;
}

/**
 * The page's own HTML when the build wrote it a first screen, or a template the server fills (by
 * the template's name, "task-details"; src/web/app/first-screens.tsx), else index.html.
 */
function htmlFileOf(distDir: string, page: string): string {
  return (
    readBuildList(distDir, "first-screens.json")[page] ??
    readBuildList(distDir, "page-templates.json")[page] ??
    "index.html"
  );
}

/** The entry and the modules boot.js fetches once the page has painted (listed by scripts/vite/first-screens.ts). */
function appModules(html: string): string[] {
  const listed = /<script type="application\/json" id="app-modules">([^<]*)<\/script>/.exec(html)?.[1];
  if (!listed) return [];
  const app = JSON.parse(listed) as { entry: string; modules: string[] };
  return [app.entry, ...app.modules].map((href) => href.replace(/^\//, ""));
}

/**
 * The build's file names end in a hash of eight characters that depends on the folder the build ran
 * in, not only on the code (Rolldown hashes its modules' absolute paths): the same commit built in
 * two folders weighed up to 50 bytes apart on a page, as random characters compress differently.
 * Each name's hash is read as "00000000", so that a page's weight depends on its code alone.
 */
function withFixedHashes(distDir: string): (content: Buffer) => Buffer {
  const hashes = readdirSync(path.join(distDir, "assets"))
    .map((file) => /([A-Za-z0-9_-]{8})\.(?:js|css)$/.exec(file)?.[1])
    .filter((hash): hash is string => hash !== undefined);
  const pattern = new RegExp(hashes.map((hash) => hash.replace(/[-]/g, "\\-")).join("|"), "g");
  return (content) => Buffer.from(content.toString("utf8").replace(pattern, "00000000"));
}

/**
 * What a first visit to a page downloads to be live: the HTML's inline script (boot.js), and every
 * script, module preload and style sheet its HTML names, and the app's modules it lists. (Its first
 * screen is in the HTML and paints without them. Dynamic imports load later.)
 */
export function initialPageWeight(distDir: string, page: string): PageWeight {
  const htmlFile = htmlFileOf(distDir, page);
  const html = readFileSync(path.join(distDir, htmlFile), "utf8");
  const named = (pattern: RegExp) => [...new Set([...html.matchAll(pattern)].map((match) => match[1] as string))];
  const fixed = withFixedHashes(distDir);
  const gzipped = (content: Buffer) => gzipSync(fixed(content), { level: constants.Z_BEST_COMPRESSION }).length;
  const weigh = (files: string[], inline: string[] = []): FilesWeight => ({
    gzipBytes:
      files.reduce((sum, file) => sum + gzipped(readFileSync(path.join(distDir, file))), 0) +
      inline.reduce((sum, script) => sum + gzipped(Buffer.from(script)), 0),
    files: [...files, ...inline.map((_, index) => `${htmlFile} inline script ${index + 1}`)],
  });
  return {
    htmlFile,
    js: weigh(
      [
        ...named(/<script[^>]*\ssrc="\/([^"]+)"/g),
        ...named(/<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+)"/g),
        ...appModules(html),
      ],
      inlineScripts(html),
    ),
    css: weigh(named(/<link[^>]*rel="stylesheet"[^>]*href="\/([^"]+)"/g)),
  };
}

/** The build's manifest: each module's file, the chunks it imports, and a shared chunk's name. */
function readManifest(distDir: string): Record<string, { file: string; name?: string; imports?: string[] }> {
  return JSON.parse(readFileSync(path.join(distDir, ".vite/manifest.json"), "utf8"));
}

/** The file the build wrote a source module into, from its manifest. */
export function chunkFileOf(distDir: string, module: string): string | undefined {
  return readManifest(distDir)[module]?.file;
}

/**
 * The names the build gave the chunks a source module loads with it (its static imports, followed
 * through), from its manifest: "zod" is the validation library's (a shared chunk named after it).
 */
export function staticChunkNames(distDir: string, module: string): string[] {
  const manifest = readManifest(distDir);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  visit(module);
  return [...seen].map((key) => manifest[key]?.name ?? key);
}
