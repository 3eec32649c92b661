import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, runnerImport } from "vite";

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes a .br (quality 11) and a .gz (level 9) beside every compressible file of the build, kept
 * only when smaller than the file itself; the server sends them to clients that accept them
 * (@fastify/static preCompressed), so nothing is compressed per request.
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

/** Writes the app's loading screen into index.html's #root (see src/web/app/prerender-shell.tsx). */
function prerenderShell(): Plugin {
  return {
    name: "quickgig:prerender-shell",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      async handler(html) {
        const { module } = await runnerImport<typeof import("./src/web/app/prerender-shell.tsx")>(
          path.resolve("src/web/app/prerender-shell.tsx"),
          { configFile: false, logLevel: "warn" },
        );
        const root = '<div id="root"></div>';
        if (!html.includes(root)) throw new Error(`index.html has no ${root} to fill`);
        return html.replace(root, `<div id="root">${module.renderShellHtml()}</div>`);
      },
    },
  };
}

// The web app lives in src/web; its build lands in dist/web, which the server serves.
export default defineConfig(({ command }) => ({
  root: path.resolve("src/web"),
  publicDir: path.resolve("src/web/public"),
  plugins: [react(), tailwindcss(), prerenderShell(), precompress()],
  resolve: {
    // React Router's package exports always name its development build, warnings and all
    // (remix-run/react-router#14102); the build takes the production one it ships beside it.
    alias:
      command === "build"
        ? [
            {
              find: /^react-router$/,
              replacement: path.resolve("node_modules/react-router/dist/production/index.mjs"),
            },
            {
              find: /^react-router\/dom$/,
              replacement: path.resolve("node_modules/react-router/dist/production/dom-export.mjs"),
            },
          ]
        : [],
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
        codeSplitting: {
          groups: [
            // React and the router travel together: every page needs them, they change only with an
            // upgrade (so stay cached across deploys), and one file compresses better.
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 2,
            },
            // The rest of what the entry imports (layout, header, session, API client) in the entry
            // chunk itself, instead of being split off wherever a page module shares a piece of it.
            { name: "shell", tags: ["$initial"], priority: 1 },
            // The task card and the tasks API client, with the icons and formatting they use: Home,
            // Browse Tasks and Task Details all need them, and one file is smaller than six.
            { name: "task-card", test: /src[\\/]web[\\/]features[\\/]tasks[\\/](task-card|tasks-api)\.tsx?$/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000" },
  },
  preview: {
    proxy: { "/api": "http://localhost:3000" },
  },
}));
