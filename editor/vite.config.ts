import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

const at = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// The app imports the compiler core, the grammar and the runtime straight from the repository.
// `npm start` serves the production build (editor/server/app-build.ts builds into dist/editor-app/);
// the dev server (`npm start -- --dev`) reads only the folders the app imports: not package.json,
// not an .npmrc, not the rest of the repository. No CORS, and only this machine's names as Host.
/**
 * The Noto Sans JP stylesheet names a .woff beside each .woff2: every browser the editor supports
 * reads woff2, so the .woff files (half the font's weight in the build) are left out.
 */
const woff2Only: Plugin = {
  name: "cardwright-woff2-only",
  enforce: "pre",
  transform(code, id) {
    if (!/@fontsource[\\/]noto-sans-jp[\\/].*\.css$/.test(id)) return null;
    return code.replace(/,\s*url\([^)]*\.woff\)\s*format\(['"]woff['"]\)/g, "");
  },
};

export default defineConfig({
  root: at("."),
  plugins: [woff2Only],
  server: {
    fs: {
      strict: true,
      allow: [at("."), at("../compiler/core"), at("../grammar"), at("../runtime"), at("../node_modules")],
      deny: [".env", ".env.*", "*.{crt,pem,key}", ".npmrc", "**/.git/**"],
    },
    cors: false,
    allowedHosts: ["127.0.0.1", "localhost", "[::1]"],
    watch: { ignored: ["**/cards/**", "**/dist/**", "**/.scratch/**"] },
  },
  // The YAML worker must be pre-bundled up front, or the dev server re-optimizes and reloads the
  // page when the first YAML file opens.
  optimizeDeps: {
    include: ["monaco-editor", "monaco-yaml", "monaco-yaml/yaml.worker.js", "yaml", "ajv", "chevrotain", "pure-rand"],
  },
  worker: { format: "es" },
  build: { outDir: "../dist/editor-app/manual", emptyOutDir: true },
});
