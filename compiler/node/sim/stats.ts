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
