/**
 * Issue 9 acceptance: compiler mutation fuzzing over every card, rules, deck and scenario file of
 * every game (test/kit/mutants.ts). 0 internal errors, 0 hangs (a per-case time limit), no diagnostic
 * without a position. The bench runs more mutants (bench/mutants.ts).
 */
import fc from "fast-check";
import { describe, it } from "vitest";
import { badDiagnostic, checkMutant, loadCorpus, mutate, mutationArb, type FileKind } from "../kit/mutants.ts";

/** Mutants per file kind in one run (rules are checked whole: the slowest, so the fewest). */
const RUNS: Readonly<Record<FileKind, number>> = { card: 1600, scenario: 300, deck: 200, rules: 12 };

describe("compiler mutation fuzzing (issue 9)", async () => {
  const corpus = await loadCorpus();
  for (const kind of ["card", "scenario", "deck", "rules"] as const) {
    const files = corpus.targets.filter((t) => t.kind === kind);
    it(`${RUNS[kind]} mutants of ${files.length} ${kind} files: diagnostics or success, never a crash`, () => {
      let slowest = 0;
      fc.assert(
        fc.property(fc.nat(files.length - 1), fc.array(mutationArb, { minLength: 1, maxLength: 3 }), (fi, ms) => {
          const t = files[fi];
          if (t === undefined) return;
          const text = ms.reduce(mutate, t.text);
          const t0 = performance.now();
          const diags = checkMutant(corpus, t, text);
          slowest = Math.max(slowest, performance.now() - t0);
          const bad = badDiagnostic(text, diags);
          if (bad !== null) throw new Error(`${t.path}: ${bad}`);
        }),
        { numRuns: RUNS[kind], seed: 0x9e3779b1 ^ files.length },
      );
      // A hang is caught by the test's timeout; the slowest case is printed, not asserted (timings live in bench/).
      console.log(`${kind}: slowest mutant checked in ${Math.round(slowest)} ms`);
    }, 120_000);
  }
});
