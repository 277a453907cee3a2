/** Test kit: load a compiled game once per test file. */
import type { GameModule } from "../runtime/index.ts";
import { loadGame } from "../compiler/node/project.ts";
import { renderDiagnostic } from "../compiler/core/diagnostics.ts";

export async function gameModule(game: string): Promise<GameModule> {
  const { module, diagnostics } = await loadGame(game);
  if (!module) throw new Error(`${game} does not compile:\n${diagnostics.map(renderDiagnostic).join("\n")}`);
  return module;
}
