import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The web app lives in src/web; its build lands in dist/web, which the server serves.
export default defineConfig({
  root: path.resolve("src/web"),
  publicDir: path.resolve("src/web/public"),
  plugins: [react(), tailwindcss()],
  build: {
    outDir: path.resolve("dist/web"),
    emptyOutDir: true,
    assetsDir: "assets",
    target: "es2022",
    // Lists each page's chunks; the e2e bundle-size check reads it.
    manifest: true,
    rolldownOptions: {
      output: {
        // React and the router travel together: every page needs them, and one file compresses better.
        advancedChunks: {
          groups: [{ name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
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
});
