import { readFileSync } from "node:fs";
import path from "node:path";
import { constants, gzipSync } from "node:zlib";

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export interface FilesWeight {
  /** Gzipped at level 9, file by file, as the build's precompressed .gz files are. */
  gzipBytes: number;
  files: string[];
}

export interface PageWeight {
  js: FilesWeight;
  css: FilesWeight;
}

/** 1 KB = 1000 bytes, as the budgets are written. */
export function formatKB(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} KB`;
}

/**
 * What a first visit to a page downloads before it can paint: the entry chunk, the page's route
 * module, everything the two import statically (dynamic imports load later) and their CSS.
 */
export function initialPageWeight(distDir: string, routeModule: string): PageWeight {
  const manifest = JSON.parse(readFileSync(path.join(distDir, ".vite/manifest.json"), "utf8")) as Record<
    string,
    ManifestChunk
  >;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error("the Vite manifest names no entry chunk");
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the Vite manifest has no chunk ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  visit(routeModule);
  const chunks = [...seen].map((key) => manifest[key] as ManifestChunk);
  const weigh = (files: string[]): FilesWeight => ({
    gzipBytes: files.reduce(
      (sum, file) =>
        sum + gzipSync(readFileSync(path.join(distDir, file)), { level: constants.Z_BEST_COMPRESSION }).length,
      0,
    ),
    files,
  });
  return {
    js: weigh(chunks.map((chunk) => chunk.file).filter((file) => file.endsWith(".js"))),
    css: weigh([...new Set(chunks.flatMap((chunk) => chunk.css ?? []))]),
  };
}
