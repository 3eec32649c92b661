import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * The JavaScript a first visit to a route's page downloads before it can paint: the entry chunk, the
 * route module, and everything they import statically (dynamic imports load later). Sizes gzipped.
 */
export function initialJsGzipBytes(distDir: string, routeModule: string): { bytes: number; files: string[] } {
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
  const files = [...seen].map((key) => manifest[key]?.file ?? "").filter((file) => file.endsWith(".js"));
  const bytes = files.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(distDir, file))).length, 0);
  return { bytes, files };
}
