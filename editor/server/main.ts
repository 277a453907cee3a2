/**
 * `npm start`: compile every game, then serve the editor on 127.0.0.1 and print its URL. The app
 * is the production build (built once per change of its sources); `--dev` serves it through
 * Vite's dev middleware with HMR instead, for work on the editor itself.
 */
import { renderDiagnostic } from "../../compiler/core/text/diagnostics.ts";
import { cachedBuild } from "../../compiler/node/build-cache.ts";
import { listGames, ROOT } from "../../compiler/node/project-inputs.ts";
import { startEditorServer } from "./server.ts";

const portArg = process.argv.indexOf("--port");
const port = portArg > 0 ? Number(process.argv[portArg + 1]) : Number(process.env["PORT"] ?? 5178);

for (const game of listGames(ROOT)) {
  // An up-to-date build is found without loading the compiler (most of the start-up time of a warm start).
  const hit = cachedBuild(game, ROOT);
  const r = hit
    ? { ...hit, fromCache: true }
    : await (await import("../../compiler/node/project.ts")).compileToDisk(game, { root: ROOT });
  for (const d of r.diagnostics) process.stderr.write(renderDiagnostic(d) + "\n");
  process.stdout.write(
    `${r.jsPath ? "compiled" : "NOT compiled (fix the errors above)"}: ${game}${r.fromCache ? " (cached)" : ""}\n`,
  );
}
const t0 = performance.now();
const dev = process.argv.includes("--dev");
const server = await startEditorServer({ root: ROOT, port, mode: dev ? "dev" : "built" });
process.stdout.write(
  `Cardwright editor${dev ? " (dev mode, HMR)" : ""}: ${server.url} (ready in ${Math.round(performance.now() - t0)} ms)\n`,
);
const stop = () => void server.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
