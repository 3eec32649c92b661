// What each package the brief names costs in the browser, against what QuickGig uses instead
// (docs/decisions/011). Installs them into a scratch folder (not the project), bundles each import
// alone with esbuild (minified, React left out) and prints the gzip and brotli sizes.
//   node scripts/package-weights.mjs
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";

const PACKAGES = [
  "sweetalert2@11",
  "react-toastify@11",
  "react-slick@0",
  "slick-carousel@1",
  "react-tooltip@6",
  "daisyui@5",
  "firebase@13",
  "sonner@2",
  "@radix-ui/react-alert-dialog@1",
  "@radix-ui/react-tooltip@1",
  "embla-carousel-react@8",
  "embla-carousel-autoplay@8",
  "react@19",
  "react-dom@19",
  "esbuild",
];

const CASES = {
  "sweetalert2 (Swal.fire)": `import Swal from "sweetalert2"; Swal.fire("x");`,
  "@radix-ui/react-alert-dialog": `import * as A from "@radix-ui/react-alert-dialog"; console.log(A);`,
  "react-toastify (toast, ToastContainer)": `import { toast, ToastContainer } from "react-toastify"; console.log(toast, ToastContainer);`,
  "sonner (toast, Toaster)": `import { toast, Toaster } from "sonner"; console.log(toast, Toaster);`,
  "react-slick": `import Slider from "react-slick"; console.log(Slider);`,
  "embla-carousel-react + autoplay": `import useEmbla from "embla-carousel-react"; import Autoplay from "embla-carousel-autoplay"; console.log(useEmbla, Autoplay);`,
  "react-tooltip": `import { Tooltip } from "react-tooltip"; console.log(Tooltip);`,
  "@radix-ui/react-tooltip": `import * as T from "@radix-ui/react-tooltip"; console.log(T);`,
  "radix alert-dialog + radix tooltip": `import * as A from "@radix-ui/react-alert-dialog"; import * as T from "@radix-ui/react-tooltip"; console.log(A, T);`,
  "radix alert-dialog + react-tooltip": `import * as A from "@radix-ui/react-alert-dialog"; import { Tooltip } from "react-tooltip"; console.log(A, Tooltip);`,
  "firebase auth (email and Google sign-in)": `import { initializeApp } from "firebase/app"; import { getAuth, signInWithEmailAndPassword, createUserWithEmailAndPassword, GoogleAuthProvider, signInWithPopup } from "firebase/auth"; console.log(initializeApp, getAuth, signInWithEmailAndPassword, createUserWithEmailAndPassword, GoogleAuthProvider, signInWithPopup);`,
};
const STYLESHEETS = [
  "slick-carousel/slick/slick.css",
  "slick-carousel/slick/slick-theme.css",
  "react-toastify/dist/ReactToastify.css",
  "daisyui/daisyui.css",
];

const dir = mkdtempSync(path.join(tmpdir(), "quickgig-weights-"));
try {
  writeFileSync(path.join(dir, "package.json"), "{}");
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--ignore-scripts", ...PACKAGES], {
    cwd: dir,
    stdio: "ignore",
  });
  const { build } = await import(path.join(dir, "node_modules/esbuild/lib/main.js"));
  const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
  for (const [name, contents] of Object.entries(CASES)) {
    const result = await build({
      stdin: { contents, resolveDir: dir, loader: "js" },
      bundle: true,
      minify: true,
      format: "esm",
      platform: "browser",
      write: false,
      external: ["react", "react-dom", "react/jsx-runtime"],
      define: { "process.env.NODE_ENV": '"production"' },
      loader: { ".css": "empty" },
      logLevel: "silent",
    });
    const bytes = result.outputFiles[0].contents;
    console.log(
      `${name.padEnd(44)} ${kb(gzipSync(bytes).length).padStart(9)} gzip ${kb(brotliCompressSync(bytes).length).padStart(9)} brotli`,
    );
  }
  for (const file of STYLESHEETS) {
    const bytes = readFileSync(path.join(dir, "node_modules", file));
    console.log(`${file.padEnd(44)} ${kb(gzipSync(bytes).length).padStart(9)} gzip (CSS)`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
