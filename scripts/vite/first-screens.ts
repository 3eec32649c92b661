import path from "node:path";
import { type Plugin, runnerImport } from "vite";

type FirstScreensModule = typeof import("../../src/web/app/first-screens.tsx");

/**
 * Writes the app's first screens into its HTML (see src/web/app/first-screens.tsx): the loading
 * screen into index.html, and for each page that has one, a copy of index.html with that page's
 * first screen, its title, its route module's stylesheets (a lazy screen's own) and the list of its
 * code that boot.js fetches after the paint, listed for the server in .vite/first-screens.json.
 */
export function firstScreens(): Plugin {
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
      /** These chunks and all they import, depth first, less `loaded` (which the walk adds them to). */
      const walk = (fileNames: string[], loaded = new Set<string>()) => {
        const reached: string[] = [];
        const visit = (fileName: string) => {
          if (loaded.has(fileName)) return;
          loaded.add(fileName);
          reached.push(fileName);
          for (const imported of byFile.get(fileName)?.imports ?? []) visit(imported);
        };
        for (const fileName of fileNames) visit(fileName);
        return reached;
      };
      const entryChunks = walk([entry.fileName]);
      const entryCss = new Set(
        entryChunks.flatMap((fileName) => [...(byFile.get(fileName)?.viteMetadata?.importedCss ?? [])]),
      );
      // Vite links the entry and what it imports in the head; boot.js fetches them after the first paint.
      const entryTags = new RegExp(
        entryChunks
          .map((fileName) => `<(script|link)\\b[^>]*="/${fileName.replaceAll(".", "\\.")}"[^>]*>(</script>)?\\s*`)
          .join("|"),
        "g",
      );
      const built = String(index.source);
      if ((built.match(entryTags) ?? []).length !== entryChunks.length) {
        return this.error(`index.html does not link the entry's ${entryChunks.length} files as expected`);
      }
      /** The entry, and these chunks' code and all they import, for boot.js to fetch. */
      const appModules = (...fileNames: string[]) => {
        const modules = [...entryChunks.slice(1), ...walk(fileNames, new Set(entryChunks))].map((file) => `/${file}`);
        // Data, not a script: boot.js reads it (and the CSP runs no inline script but boot.js).
        const app = { entry: `/${entry.fileName}`, modules };
        return `<script type="application/json" id="app-modules">${JSON.stringify(app)}</script>`;
      };
      /**
       * The stylesheets these chunks and all they import bring (a lazy screen's own sheet), less the
       * entry's: linked in the page's head, so its first screen is painted with every class it uses.
       */
      const routeStyles = (fileNames: string[]) => {
        const sheets = new Set(
          walk(fileNames).flatMap((fileName) => [...(byFile.get(fileName)?.viteMetadata?.importedCss ?? [])]),
        );
        return [...sheets]
          .filter((css) => !entryCss.has(css))
          .map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`)
          .join("");
      };
      // The page's code, listed in its HTML, loads after the first paint instead of sharing a slow
      // connection with the CSS: the entry and the app (app/start.tsx) it runs.
      const start = chunkOf("app/start.tsx");
      const html = built.replace(entryTags, "").replace("</head>", `${appModules(start)}</head>`);
      index.source = html;
      /** index.html with this first screen, title and route modules' code, written as fileName. */
      const emitPage = (fileName: string, screen: string, title: string, routeModules: string[]) => {
        const routeChunks = routeModules.map(chunkOf);
        const page = html
          .replace(loadingRoot, rootWith(screen))
          .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
          .replace(appModules(start), appModules(start, ...routeChunks))
          .replace(renderBlocking, () => `${routeStyles(routeChunks)}${renderBlocking}`);
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
