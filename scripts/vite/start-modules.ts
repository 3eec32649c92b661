import path from "node:path";
import type { Plugin } from "vite";

/**
 * The modules app/start.tsx imports statically (the layout, header, session, router, API client):
 * known once the module graph is built, and grouped into start's own chunk by the build below,
 * instead of being split into small files wherever a page shares one of them.
 */
/** Filled once the build has its module graph; the build's "start" chunk group reads it. */
export const startModules = new Set<string>();
const SOURCES = path.resolve("src") + path.sep;
export function collectStartModules(): Plugin {
  return {
    name: "quickgig:start-modules",
    apply: "build",
    buildEnd() {
      startModules.clear();
      const visit = (id: string) => {
        // Only the app's own modules: libraries have their chunks, and Vite's preload helper is
        // shared with the entry, which must not import start's chunk.
        if (startModules.has(id) || !id.startsWith(SOURCES)) return;
        startModules.add(id);
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported);
      };
      visit(path.resolve("src/web/app/start.tsx"));
    },
  };
}
