/** Every scenario file of every game, one test per scenario (what `cardwright test` runs). */
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { describe, expect, it } from "vitest";
import { renderDiagnostic } from "../../compiler/core/text/diagnostics.ts";
import { listGames } from "../../compiler/node/project.ts";
import { runScenarioFile } from "../../compiler/scenarios/runner.ts";
import { scenarioFiles } from "../../compiler/node/cli/test-command.ts";
import { gameModule } from "../kit/games.ts";

for (const game of listGames()) {
  describe(game, async () => {
    const module = await gameModule(game);
    for (const file of scenarioFiles(game)) {
      const rel = relative(process.cwd(), file);
      describe(rel, () => {
        const results = runScenarioFile(module, rel, readFileSync(file, "utf8"));
        for (const r of results) {
          it(r.name, () => {
            expect(r.failures.map(renderDiagnostic)).toEqual([]);
          });
        }
      });
    }
  });
}
