import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { msw } from "msw/vite";
import { defineConfig, loadEnv } from "vite";
import { compileHints } from "./scripts/vite/compile-hints.ts";
import { firstScreens } from "./scripts/vite/first-screens.ts";
import { inlineBoot } from "./scripts/vite/inline-boot.ts";
import { lazyParts } from "./scripts/vite/lazy-parts.ts";
import { lazyScreensCss } from "./scripts/vite/lazy-screens.ts";
import { precompress } from "./scripts/vite/precompress.ts";
import { collectStartModules, startModules } from "./scripts/vite/start-modules.ts";

const NAMED_CHUNKS = new Set(["framework", "preload-helper", "start", "task-card", "rolldown-runtime"]);
/** The chunks whose functions nearly all run as the app starts, compiled whole by V8 (compile-hints.ts). */
const COMPILED_WHOLE = new Set(["framework", "start"]);

// The web app lives in src/web; its build lands in dist/web, which the server serves.
export default defineConfig(({ mode }) => {
  const apiUrl = loadEnv(mode, path.resolve("."), "VITE_").VITE_API_URL;
  const { plugin: findLazyParts, isLazyPart } = lazyParts();
  return {
    root: path.resolve("src/web"),
    publicDir: path.resolve("src/web/public"),
    plugins: [
      react(),
      // Before Tailwind reads the sheets: which classes only the lazy screens use.
      lazyScreensCss(path.resolve("src/web")),
      tailwindcss(),
      collectStartModules(),
      findLazyParts,
      firstScreens(),
      // After firstScreens: it checks every page that plugin wrote.
      inlineBoot(),
      compileHints(COMPILED_WHOLE),
      precompress(),
      // Mock mode (npm run dev:mock): msw's service worker script, and the switch main.tsx reads.
      ...(mode === "mock" ? [msw({ mode: "worker-only" })] : []),
    ],
    // .env and .env.example live at the repository's root, beside the server's settings.
    envDir: path.resolve("."),
    define: {
      ...(mode === "mock" ? { "import.meta.env.VITE_MOCK_API": JSON.stringify("true") } : {}),
      // The API's origin without a trailing slash, fixed in the build (unset: the page's own origin).
      ...(apiUrl ? { "import.meta.env.VITE_API_URL": JSON.stringify(apiUrl.replace(/\/+$/, "")) } : {}),
    },
    build: {
      outDir: path.resolve("dist/web"),
      emptyOutDir: true,
      assetsDir: "assets",
      target: "es2022",
      // Every browser of the es2022 target but Safari 16 preloads modules itself; the polyfill only cost bytes.
      modulePreload: {
        polyfill: false,
        // The entry's one import, the app, needs no list of its modules to preload: boot.js preloads
        // them. The parts shown as a page loads need none either (scripts/vite/lazy-parts.ts). Vite
        // adds a chunk's stylesheets to what this returns itself.
        resolveDependencies: (file, deps, { hostType }) =>
          /^assets\/start-/.test(file) || (hostType === "js" && isLazyPart(file)) ? [] : deps,
      },
      // Lists each page's chunks; the e2e bundle-size check reads it.
      manifest: true,
      rolldownOptions: {
        // A feature's public.ts re-exports what the others may use (docs/architecture.md); a page
        // that takes one thing from it must not take the rest. The features' modules run nothing
        // when they load (components, hooks, API calls, lazy() declarations), so an export nobody
        // uses leaves its module out.
        treeshake: {
          moduleSideEffects: (id: string) => !/src[\\/]web[\\/]features[\\/]/.test(id),
        },
        output: {
          // The start chunk lists the file of every lazy page and its parts, to preload them with the
          // page: those files go by their hash alone, so each new screen adds little to what every
          // first visit downloads. The chunks a first visit loads keep their names.
          chunkFileNames: ({ name }) => (NAMED_CHUNKS.has(name) ? "assets/[name]-[hash].js" : "assets/[hash].js"),
          codeSplitting: {
            groups: [
              // React and the router travel together: every page needs them, they change only with an
              // upgrade (so stay cached across deploys), and one file compresses better.
              {
                name: "framework",
                test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
                priority: 2,
              },
              // Vite's helper for loading a chunk with its imports, used by the entry and by the app: a
              // file of its own, so that the entry does not import the app.
              { name: "preload-helper", test: /preload-helper/, priority: 3 },
              { name: "start", test: (id: string) => startModules.has(id), priority: 1 },
              // zod with the browser's setting (lib/zod-jitless.ts) in one file: that setting must run
              // before any schema is built, and a chunk of schemas shared by two pages (the contract's
              // notifications import its schemas) is evaluated before the page chunk that imports it.
              { name: "zod", test: /node_modules[\\/]zod[\\/]|src[\\/]web[\\/]lib[\\/]zod-jitless\.ts$/, priority: 2 },
              // The task card, its formatting and the tasks API client: Home, Browse Tasks and Task
              // Details all need them, and one file is smaller than three.
              {
                name: "task-card",
                test: /src[\\/]web[\\/](features[\\/]tasks[\\/](task-card|tasks-api)|lib[\\/]format)\.tsx?$/,
              },
            ],
          },
        },
      },
    },
    // The dev server prepares every page's libraries at start, not when a lazy page first asks (which
    // reloads the page, and in mock mode loses its data).
    optimizeDeps: { entries: ["**/*.tsx"] },
    server: {
      port: 5173,
      proxy: { "/api": "http://localhost:3000" },
    },
    preview: {
      proxy: { "/api": "http://localhost:3000" },
    },
  };
});
