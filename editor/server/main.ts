/** `npm start`: compile every game, then serve the editor on 127.0.0.1 and print its URL. */
import { renderDiagnostic } from "../../compiler/core/text/diagnostics.ts";
import { compileToDisk, listGames, ROOT } from "../../compiler/node/project.ts";
import { startEditorServer } from "./server.ts";

const portArg = process.argv.indexOf("--port");
const port = portArg > 0 ? Number(process.argv[portArg + 1]) : Number(process.env["PORT"] ?? 5178);

for (const game of listGames(ROOT)) {
  const r = await compileToDisk(game, { root: ROOT });
  for (const d of r.diagnostics) process.stderr.write(renderDiagnostic(d) + "\n");
  process.stdout.write(
    `${r.jsPath ? "compiled" : "NOT compiled (fix the errors above)"}: ${game}${r.fromCache ? " (cached)" : ""}\n`,
  );
}
const server = await startEditorServer({ root: ROOT, port });
process.stdout.write(`Cardwright editor: ${server.url}\n`);
const stop = () => void server.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
