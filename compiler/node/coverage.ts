/**
 * Collecting clause coverage of a game: its module is generated in memory with coverage probes
 * (never written to dist/, so normal builds stay probe-free), its scenarios run against it, and
 * the probes' array becomes a report (compiler/core/analysis/coverage/report.ts).
 */
import type { GameModule } from "../../runtime/types.ts";
import { withoutPrototypes } from "../../runtime/kernel/module-index.ts";
import { type GameInput } from "../core/files/check-files.ts";
import { checkGame } from "../core/workspace/workspace.ts";
import { coverageReport, type CoverageReport } from "../core/analysis/coverage/report.ts";
import type { Diagnostic } from "../core/text/diagnostics.ts";
import type { CheckedModel } from "../core/workspace/model.ts";
import { runScenarios, type ScenarioResult } from "../scenarios/runner.ts";
import { hasCodeErrors, inlineMapUrl, readGame, ROOT } from "./project.ts";

/** A game compiled with coverage probes: run its module any number of times, then read `report()`. */
export interface InstrumentedGame {
  readonly model: CheckedModel;
  readonly module: GameModule;
  /** Clears the probes (a fresh count). */
  reset(): void;
  /** The report of what ran since the last reset. */
  report(): CoverageReport;
}

export type Instrumented =
  | { readonly ok: true; readonly game: InstrumentedGame }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[] };

/** Checks a game and loads its module with coverage probes. */
export async function instrumentGame(game: string, root = ROOT): Promise<Instrumented> {
  const inp: GameInput | Diagnostic = readGame(game, root);
  if ("code" in inp) return { ok: false, diagnostics: [inp] };
  const model = checkGame(inp);
  if (hasCodeErrors(model)) return { ok: false, diagnostics: model.diagnostics };
  const { emitGame } = await import("../core/emit/emit.ts");
  const emitted = emitGame(model, [inp.rules, ...inp.cards], { coverage: true, mapUrl: inlineMapUrl });
  const mod = (await import(`data:text/javascript;base64,${Buffer.from(emitted.js).toString("base64")}`)) as {
    game: GameModule;
    coverage: Uint8Array;
  };
  const hits = mod.coverage;
  const module = withoutPrototypes(mod.game);
  return {
    ok: true,
    game: {
      model,
      module,
      reset: () => hits.fill(0),
      report: () => coverageReport(model, emitted.clauses, hits),
    },
  };
}

/** Runs every scenario file of the game (as `cardwright test` does) against the instrumented module. */
export function runAllScenarios(g: InstrumentedGame): ScenarioResult[] {
  const results: ScenarioResult[] = [];
  for (const s of g.model.scenarios) {
    const errors = g.model.diagnostics.filter((d) => d.file === s.file && d.severity === "error");
    for (const r of runScenarios(g.module, s, errors)) results.push(r);
  }
  return results;
}
