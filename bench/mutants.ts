/**
 * More compiler mutants than `npm test` runs, with a fresh seed each time:
 *   npx tsx bench/mutants.ts [count=20000] [seed]
 * Prints mutants per second and every failure (an exception, a diagnostic without a position, a slow case).
 */
import fc from "fast-check";
import { badDiagnostic, checkMutant, loadCorpus, mutate, mutationArb } from "../test/kit/mutants.ts";

const count = Number(process.argv[2] ?? 20000);
const seed = Number(process.argv[3] ?? Date.now() % 0x7fffffff);
const corpus = await loadCorpus();
const weights = corpus.targets.filter((t) => t.kind !== "rules" || Math.random() < 0.05);
let failures = 0;
let slowest = 0;
const t0 = performance.now();
fc.assert(
  fc.property(fc.nat(weights.length - 1), fc.array(mutationArb, { minLength: 1, maxLength: 3 }), (fi, ms) => {
    const t = weights[fi];
    if (t === undefined) return;
    const text = ms.reduce(mutate, t.text);
    const s = performance.now();
    try {
      const bad = badDiagnostic(text, checkMutant(corpus, t, text));
      if (bad !== null) {
        failures++;
        console.log(`FAIL ${t.path} ${JSON.stringify(ms)}: ${bad}`);
      }
    } catch (e) {
      failures++;
      console.log(`CRASH ${t.path} ${JSON.stringify(ms)}: ${e instanceof Error ? e.message : String(e)}`);
    }
    slowest = Math.max(slowest, performance.now() - s);
  }),
  { numRuns: count, seed },
);
const s = (performance.now() - t0) / 1000;
console.log(
  `${count} mutants (seed ${seed}) in ${s.toFixed(1)} s: ${(count / s).toFixed(0)}/s, ${failures} failures, slowest case ${slowest.toFixed(0)} ms`,
);
if (failures > 0) process.exitCode = 1;
