import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const repo = fileURLToPath(new URL("..", import.meta.url));

// The app imports the compiler core, the grammar and the runtime straight from the repository.
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  server: { fs: { allow: [repo] }, watch: { ignored: ["**/cards/**", "**/dist/**", "**/.scratch/**"] } },
  // The YAML worker must be pre-bundled up front, or the dev server re-optimizes and reloads the
  // page when the first YAML file opens.
  optimizeDeps: {
    include: ["monaco-editor", "monaco-yaml", "monaco-yaml/yaml.worker.js", "yaml", "ajv", "chevrotain", "pure-rand"],
  },
  worker: { format: "es" },
  build: { outDir: "../dist/editor", emptyOutDir: true },
});
