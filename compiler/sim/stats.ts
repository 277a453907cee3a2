/**
 * The statistics of a simulation: the Wilson score interval of a score, and the summary of a list
 * of game lengths. Written here rather than taken from a library: it is a few lines of closed-form
 * arithmetic, tested against published values (test/sim/stats.test.ts).
 */

/** The 97.5% quantile of the standard normal distribution: a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

/** A closed interval of a proportion, both ends in [0, 1]. */
export interface Interval {
  readonly low: number;
  readonly high: number;
}

/**
 * The Wilson score interval (Wilson 1927) of a proportion `score / n`, where `score` may hold
 * halves (a draw scores ½):
 *
 *   p = score / n,  d = 1 + z²/n
 *   centre = (p + z²/2n) / d,  half-width = (z / d) · √(p(1 − p)/n + z²/4n²)
 *
 * Unlike the normal ("Wald") interval it stays inside [0, 1] and does not collapse to a point at
 * 0% or 100%, which matters for the lopsided scores agents get against random. With draws the
 * true variance is below p(1 − p), so the interval is, if anything, a little wide (conservative).
 * No games: no interval (null), rather than a made-up [0, 1].
 */
export function wilson(score: number, n: number, z = Z95): Interval | null {
  if (!(n > 0)) return null;
  if (!(score >= 0 && score <= n)) throw new RangeError(`wilson: a score of ${score} out of ${n} games`);
  const p = score / n;
  const z2 = z * z;
  const d = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / d;
  const half = (z / d) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // Rounding may leave an end a hair outside [0, 1] at p = 0 or 1.
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** Minimum, median, mean and maximum of a list of counts (game lengths); null when it is empty. */
export interface Spread {
  readonly min: number;
  readonly median: number;
  readonly mean: number;
  readonly max: number;
}

export function spread(values: readonly number[]): Spread | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median =
    sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  let sum = 0;
  for (const v of sorted) sum += v;
  return { min: sorted[0] as number, median, mean: sum / sorted.length, max: sorted[sorted.length - 1] as number };
}

/**
 * The standard normal distribution function Φ(x), through the complementary error function of
 * W. J. Cody's rational approximations as given by Numerical Recipes (erfc with a relative error
 * below 1.2 · 10⁻⁷): enough for p-values that are compared with 0.05, not for tails past 10⁻⁷.
 */
export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * z);
  const erfc =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? 1 - erfc / 2 : erfc / 2;
}

/** The two-sided p-value of a z statistic: P(|Z| ≥ |z|). */
export function twoSidedP(z: number): number {
  return Math.min(1, 2 * (1 - normalCdf(Math.abs(z))));
}

/**
 * Holm's step-down adjustment (Holm 1979) of a family of p-values: sort them, multiply the i-th
 * smallest (0-based) by m − i, carry the running maximum, cap at 1. A figure is flagged when its
 * adjusted p-value is below α; the chance of any false flag in the family stays at most α, so 200
 * cards do not give ten false alarms. Returned in the order given.
 */
export function holm(p: readonly number[]): number[] {
  const m = p.length;
  const order = p.map((_, i) => i).sort((a, b) => (p[a] as number) - (p[b] as number) || a - b);
  const out = new Array<number>(m);
  let running = 0;
  order.forEach((idx, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * (p[idx] as number)));
    out[idx] = running;
  });
  return out;
}

/**
 * The Benjamini–Hochberg adjustment (1995): the i-th smallest of m p-values (1-based) times m / i,
 * with the running minimum taken from the largest down, capped at 1. Flags below α keep the
 * expected share of false flags among the flags at most α (less strict than Holm). In the order given.
 */
export function benjaminiHochberg(p: readonly number[]): number[] {
  const m = p.length;
  const order = p.map((_, i) => i).sort((a, b) => (p[a] as number) - (p[b] as number) || a - b);
  const out = new Array<number>(m);
  let running = 1;
  for (let rank = m - 1; rank >= 0; rank--) {
    const idx = order[rank] as number;
    running = Math.min(running, ((p[idx] as number) * m) / (rank + 1));
    out[idx] = running;
  }
  return out;
}

/** A signed difference of two proportions and its 95% interval (ends in [−1, 1]). */
export interface Difference {
  readonly diff: number;
  readonly low: number;
  readonly high: number;
}

/**
 * The difference p₁ − p₂ of two independent proportions with Newcombe's hybrid score interval
 * (Newcombe 1998, method 10): built from each proportion's Wilson interval, so, like Wilson, it
 * stays honest near 0% and 100% where the plain Wald interval does not. Null when a side has no games.
 */
export function newcombe(s1: number, n1: number, s2: number, n2: number, z = Z95): Difference | null {
  const a = wilson(s1, n1, z);
  const b = wilson(s2, n2, z);
  if (a === null || b === null) return null;
  const p1 = s1 / n1;
  const p2 = s2 / n2;
  const d = p1 - p2;
  const low = d - Math.sqrt((p1 - a.low) ** 2 + (b.high - p2) ** 2);
  const high = d + Math.sqrt((a.high - p1) ** 2 + (p2 - b.low) ** 2);
  return { diff: d, low: Math.max(-1, low), high: Math.min(1, high) };
}

/**
 * The two-sided p-value of "these two proportions are equal" (the pooled two-proportion z test);
 * 1 when there is nothing to compare (no games, or every game the same result on both sides).
 */
export function twoProportionP(s1: number, n1: number, s2: number, n2: number): number {
  if (!(n1 > 0 && n2 > 0)) return 1;
  const pooled = (s1 + s2) / (n1 + n2);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  if (!(se > 0)) return 1;
  return twoSidedP((s1 / n1 - s2 / n2) / se);
}

/** The state of a sequential test: still running, or stopped with its verdict. */
export type SprtVerdict = "moved" | "not-moved" | "continue";

export interface Sprt {
  /** The log-likelihood ratio of "moved by +δ" and of "moved by −δ", each against "did not move". */
  readonly llrUp: number;
  readonly llrDown: number;
  /** ln(β / (1 − α/2)) and ln((1 − β) / (α/2)): Wald's stopping bounds, each direction at α/2. */
  readonly lower: number;
  readonly upper: number;
  readonly verdict: SprtVerdict;
}

/**
 * Wald's sequential probability ratio test on paired differences (the score of version B minus
 * that of version A on the same seeds), with the normal approximation chess engines use for
 * patches (a generalised SPRT): with n pairs, mean x̄ and variance s² of the differences,
 *
 *   LLR(δ) = n · δ · (x̄ − δ/2) / s²
 *
 * is the log-likelihood ratio of "the mean moved by δ" against "it did not move". Both directions
 * are tested: "moved" once either ratio passes the upper bound, "not-moved" once both are below
 * the lower one. Each direction is tested at α/2, so α is the chance of calling a change that did not happen, β that of missing one of δ.
 */
export function sprt(diffs: readonly number[], delta: number, alpha = 0.05, beta = 0.05): Sprt {
  // Two directions are tested, each at α/2, so that a false "moved" in either stays near α in all.
  const lower = Math.log(beta / (1 - alpha / 2));
  const upper = Math.log((1 - beta) / (alpha / 2));
  const n = diffs.length;
  let sum = 0;
  for (const d of diffs) sum += d;
  const mean = n > 0 ? sum / n : 0;
  let ss = 0;
  for (const d of diffs) ss += (d - mean) ** 2;
  // With no spread yet (every pair alike) there is no evidence either way: keep playing.
  const variance = n > 1 ? ss / (n - 1) : 0;
  if (!(variance > 0)) return { llrUp: 0, llrDown: 0, lower, upper, verdict: "continue" };
  const llrUp = (n * delta * (mean - delta / 2)) / variance;
  const llrDown = (n * delta * (-mean - delta / 2)) / variance;
  const verdict: SprtVerdict =
    llrUp >= upper || llrDown >= upper ? "moved" : llrUp <= lower && llrDown <= lower ? "not-moved" : "continue";
  return { llrUp, llrDown, lower, upper, verdict };
}
