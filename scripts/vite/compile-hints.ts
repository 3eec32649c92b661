import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Plugin } from "vite";

const HINT = "//# allFunctionsCalledOnLoad\n";

/**
 * Marks the named chunks with V8's explicit compile hint (Chrome 136 and later; to other engines a
 * comment): V8 then compiles every function in the file while it streams it, off the main thread,
 * instead of each function on the main thread when first called, inside the app's start-up tasks
 * (decision 026). Only for chunks nearly all of whose code runs as a page starts. The hint must be
 * the file's first line, and Vite writes its own first line into a chunk last (its list of a lazy
 * import's files), so the hint goes into the written files, before they are compressed.
 */
export function compileHints(chunkNames: ReadonlySet<string>): Plugin {
  return {
    name: "quickgig:compile-hints",
    apply: "build",
    async writeBundle(options, bundle) {
      const files = Object.values(bundle)
        .filter((output) => output.type === "chunk" && chunkNames.has(output.name))
        .map((chunk) => path.join(options.dir ?? "", chunk.fileName));
      if (files.length !== chunkNames.size) {
        return this.error(`compile hints: expected the chunks ${[...chunkNames].join(", ")}, found ${files.length}`);
      }
      await Promise.all(files.map(async (file) => writeFile(file, HINT + (await readFile(file, "utf8")))));
    },
  };
}
