import path from "node:path";
import type { Plugin } from "vite";

/**
 * The lazy parts that show as a page loads, without a tap, and that nobody waits for: the layout's
 * account buttons and bell, toaster (mounted at the first toast or click), email banner and footer,
 * and Home's sections below the fold (their place kept while they load). Vite loads a lazy import
 * with a list of the files it imports, and inserts a preload link for each one not yet loaded, there
 * and then: inside React's first render, 8-16 ms of link insertions on a task's page, one link now
 * and then stalling for 3-14 ms; Home's lower sections inserted eight in one task of 8-21 ms. These parts get no list: the browser
 * fetches their few files as it reads their imports, in tasks of its own, one round trip later
 * (decision 026). A page's code, a dialog or form opened by a tap, and what a page shows first keep
 * theirs, so that nothing someone is waiting for comes later. (Report and the limited person's
 * notice share their files with other code, so they keep theirs too.)
 */
export const LAZY_PARTS = [
  "features/accounts/account-buttons.tsx",
  "features/notifications/notification-bell.tsx",
  "components/lazy-toaster.tsx",
  "features/accounts/email-banner.tsx",
  "components/footer.tsx",
  "features/home/home-more.tsx",
];

/**
 * Finds the files the build wrote the lazy parts into (the build stops if one has no file of its own), for
 * `isLazyPart` to answer Vite's `modulePreload.resolveDependencies`, which Vite calls after this
 * plugin's generateBundle.
 */
export function lazyParts(modules: readonly string[] = LAZY_PARTS) {
  const files = new Set<string>();
  let found = false;
  const plugin: Plugin = {
    name: "quickgig:lazy-parts",
    apply: "build",
    buildStart() {
      found = false;
    },
    generateBundle(_options, bundle) {
      files.clear();
      const chunks = Object.values(bundle).filter((output) => output.type === "chunk");
      for (const module of modules) {
        const id = path.resolve("src/web", module);
        // Its own chunk only: a chunk it shares (with a page that imports it, say) must keep its list.
        const chunk = chunks.find((candidate) => candidate.facadeModuleId === id);
        if (!chunk) return this.error(`lazy parts: ${module} has no chunk of its own`);
        files.add(chunk.fileName);
      }
      found = true;
    },
  };
  const isLazyPart = (file: string) => {
    if (!found) throw new Error("lazy parts: Vite asked for a lazy import's list before the bundle was read");
    return files.has(file);
  };
  return { plugin, isLazyPart };
}
