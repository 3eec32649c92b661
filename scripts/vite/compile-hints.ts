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
      const { dir } = options;
      if (!dir) return this.error("compile hints: the build wrote no folder");
      const chunks = Object.values(bundle).filter((output) => output.type === "chunk" && chunkNames.has(output.name));
      for (const name of chunkNames) {
        const named = chunks.filter((chunk) => chunk.name === name).length;
        if (named !== 1) return this.error(`compile hints: expected one chunk named ${name}, found ${named}`);
      }
      const files = chunks.map((chunk) => path.join(dir, chunk.fileName));
      await Promise.all(files.map(async (file) => writeFile(file, HINT + (await readFile(file, "utf8")))));
    },
  };
}
