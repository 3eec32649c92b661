import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { transform } from "esbuild";
import { msw } from "msw/vite";
import { defineConfig, loadEnv, type Plugin, runnerImport } from "vite";

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|xml|webmanifest)$/;

/** Scripts of public/ that pages load as they are (not modules, so not bundled): minified in the build. */
const CLASSIC_SCRIPTS = ["theme.js"];

/**
 * Minifies the classic scripts, then writes a .br (quality 11) and a .gz (level 9) beside every
 * compressible file of the build, kept only when smaller than the file itself; the server sends
 * them to clients that accept them (@fastify/static preCompressed), so nothing is compressed per
 * request.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipAsync = promisify(gzip);
  let outDir = "";
  return {
    name: "quickgig:precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      for (const name of CLASSIC_SCRIPTS) {
        const file = path.join(outDir, name);
        const { code } = await transform(await readFile(file, "utf8"), { minify: true, target: "es5" });
        await writeFile(file, code);
      }
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name))
        .filter((file) => !path.relative(outDir, file).startsWith(".vite"));
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < content.length) await writeFile(`${file}.br`, br);
          if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/**
 * The modules app/start.tsx imports statically (the layout, header, session, router, API client):
 * known once the module graph is built, and grouped into start's own chunk by the build below,
 * instead of being split into small files wherever a page shares one of them.
 */
const startModules = new Set<string>();
const SOURCES = path.resolve("src") + path.sep;
function collectStartModules(): Plugin {
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

type FirstScreensModule = typeof import("./src/web/app/first-screens.tsx");

/**
 * Writes the app's first screens into its HTML (see src/web/app/first-screens.tsx): the loading
 * screen into index.html, and for each page that has one, a copy of index.html with that page's
 * first screen, its title, and preloads of its route module's code, listed for the server in
 * .vite/first-screens.json.
 */
function firstScreens(): Plugin {
  let screens: FirstScreensModule | undefined;
  const load = async () => {
    screens ??= (
      await runnerImport<FirstScreensModule>(path.resolve("src/web/app/first-screens.tsx"), {
        configFile: false,
        logLevel: "warn",
      })
    ).module;
    return screens;
  };
  let loadingRoot = "";
  // The browser paints a page only once its whole first screen is read (the element after it is in):
  // on a slow machine it would otherwise paint the part read so far, and what follows would move it.
  const rootWith = (screen: string) => `<div id="root">${screen}<span id="first-screen-end" hidden></span></div>`;
  const renderBlocking = '<link rel="expect" href="#first-screen-end" blocking="render">';
  return {
    name: "quickgig:first-screens",
    apply: "build",
    enforce: "post",
    transformIndexHtml: {
      order: "post",
      async handler(html) {
        const root = '<div id="root"></div>';
        if (!html.includes(root)) throw new Error(`index.html has no ${root} to fill`);
        loadingRoot = rootWith((await load()).renderLoadingScreen());
        return html.replace(root, loadingRoot).replace("</head>", `${renderBlocking}</head>`);
      },
    },
    async generateBundle(_options, bundle) {
      const index = bundle["index.html"];
      if (index?.type !== "asset") return this.error("the bundle has no index.html");
      const chunks = Object.values(bundle).filter((output) => output.type === "chunk");
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) return this.error("the bundle has no entry chunk");
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const chunkOf = (module: string) => {
        const moduleId = path.resolve("src/web", module);
        const chunk =
          chunks.find((candidate) => candidate.facadeModuleId === moduleId) ??
          chunks.find((candidate) => candidate.moduleIds.includes(moduleId));
        if (!chunk) throw new Error(`the bundle has no chunk for ${module}`);
        return chunk.fileName;
      };
      /** These chunks and all they import, less what the entry itself loads. */
      const appModules = (...fileNames: string[]) => {
        const loaded = new Set<string>();
        const markLoaded = (fileName: string) => {
          if (loaded.has(fileName)) return;
          loaded.add(fileName);
          for (const imported of byFile.get(fileName)?.imports ?? []) markLoaded(imported);
        };
        markLoaded(entry.fileName);
        const modules: string[] = [];
        const visit = (fileName: string) => {
          if (loaded.has(fileName)) return;
          loaded.add(fileName);
          modules.push(`/${fileName}`);
          for (const imported of byFile.get(fileName)?.imports ?? []) visit(imported);
        };
        for (const fileName of fileNames) visit(fileName);
        // Data, not a script: the CSP lets no inline script run, and this one is only read (src/web/main.tsx).
        return `<script type="application/json" id="app-modules">${JSON.stringify(modules)}</script>`;
      };
      // The entry fetches and runs the app (app/start.tsx) after the first paint: the page's code,
      // listed in its HTML, loads then instead of sharing a slow connection with the CSS.
      const start = chunkOf("app/start.tsx");
      const html = String(index.source).replace("</head>", `${appModules(start)}</head>`);
      index.source = html;
      /** index.html with this first screen, title and route modules' code, written as fileName. */
      const emitPage = (fileName: string, screen: string, title: string, routeModules: string[]) => {
        const page = html
          .replace(loadingRoot, rootWith(screen))
          .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
          .replace(appModules(start), appModules(start, ...routeModules.map(chunkOf)));
        this.emitFile({ type: "asset", fileName, source: page });
        return fileName;
      };
      const emitList = (name: string, pages: Array<[string, string]>) =>
        this.emitFile({
          type: "asset",
          fileName: `.vite/${name}`,
          source: `${JSON.stringify(Object.fromEntries(pages), null, 2)}\n`,
        });
      const { PAGE_SCREEN_SLOT, PAGE_TEMPLATES, renderFirstScreens } = await load();
      emitList(
        "first-screens.json",
        renderFirstScreens().map((screen) => [
          screen.path,
          emitPage(
            `first-screens/${screen.path === "/" ? "home" : screen.path.slice(1).replaceAll("/", "-")}.html`,
            screen.html,
            screen.title,
            [screen.routeModule],
          ),
        ]),
      );
      // The pages whose first screen holds data: a template each, which the server fills per request.
      emitList(
        "page-templates.json",
        PAGE_TEMPLATES.map((template) => [
          template.name,
          emitPage(
            `first-screens/${template.name}.template.html`,
            PAGE_SCREEN_SLOT,
            template.title,
            template.routeModules,
          ),
        ]),
      );
    },
  };
}

const NAMED_CHUNKS = new Set(["framework", "preload-helper", "start", "task-card", "rolldown-runtime"]);

// The web app lives in src/web; its build lands in dist/web, which the server serves.
export default defineConfig(({ mode }) => {
  const apiUrl = loadEnv(mode, path.resolve("."), "VITE_").VITE_API_URL;
  return {
    root: path.resolve("src/web"),
    publicDir: path.resolve("src/web/public"),
    plugins: [
      react(),
      tailwindcss(),
      collectStartModules(),
      firstScreens(),
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
      modulePreload: { polyfill: false },
      // Lists each page's chunks; the e2e bundle-size check reads it.
      manifest: true,
      rolldownOptions: {
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
