/**
 * The SPRT of compiler/sim/stats.ts on synthetic paired games (seeded): A against A stops with a
 * false "moved" at about α, and a planted shift of 10 points stops as "moved" in its direction.
 * This checks the test's arithmetic and bounds, not the game pipeline (A/B on games is still to come).
 */
import { describe, expect, it } from "vitest";
import { sprt, type SprtVerdict } from "../../compiler/sim/stats.ts";

/** mulberry32: a small seeded generator, so the repetitions are the same on every run. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Pairs of games (A's result, B's result), checked every 20 pairs, until the test stops or 20,000 pairs. */
function run(seed: number, pA: number, pB: number, delta: number): { verdict: SprtVerdict; up: boolean } {
  const r = rng(seed);
  const diffs: number[] = [];
  while (diffs.length < 20000) {
    for (let k = 0; k < 20; k++) diffs.push((r() < pB ? 1 : 0) - (r() < pA ? 1 : 0));
    const s = sprt(diffs, delta);
    if (s.verdict !== "continue") return { verdict: s.verdict, up: s.llrUp > s.llrDown };
  }
  return { verdict: "continue", up: false };
}

describe("the SPRT's calibration", () => {
  it("A against A, 300 repetitions at δ = 10 points: a false 'moved' at about α = 0.05 (below 9%)", () => {
    let moved = 0;
    const reps = 300;
    for (let i = 0; i < reps; i++) if (run(i + 1, 0.5, 0.5, 0.1).verdict === "moved") moved++;
    const rate = moved / reps;
    console.log(`SPRT A vs A: ${moved} false move(s) in ${reps} repetitions (${(rate * 100).toFixed(1)}%, α = 5%)`);
    // Below 9% (about 3 standard errors above α at 300 runs): a test of both directions at α each would give about 2α.
    expect(rate).toBeLessThan(0.09);
  });

  it("a planted +10 and −10 point change stops as 'moved' in its direction", () => {
    let right = 0;
    for (let i = 0; i < 50; i++) {
      const up = run(1000 + i, 0.5, 0.6, 0.1);
      const down = run(2000 + i, 0.5, 0.4, 0.1);
      if (up.verdict === "moved" && up.up) right++;
      if (down.verdict === "moved" && !down.up) right++;
    }
    console.log(`SPRT planted ±10 points: ${right} of 100 runs stopped as moved in the right direction`);
    expect(right).toBeGreaterThanOrEqual(90);
  });
});
