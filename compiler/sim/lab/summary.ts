/**
 * The run-wide figures of a lab run: the first player's advantage, the draw, timeout and fault
 * rates (each with its Wilson 95% interval), and the distribution of game lengths in decisions.
 */
import type { GameRecord } from "../record.ts";
import { spread, wilson, type Interval, type Spread } from "../stats.ts";

export interface Rate {
  readonly count: number;
  readonly of: number;
  readonly rate: number | null;
  readonly interval: Interval | null;
}

export interface LengthBin {
  /** Decisions in [from, to). */
  readonly from: number;
  readonly to: number;
  readonly games: number;
}

export interface LabSummary {
  /** Games played in all (every ordered pairing). */
  readonly games: number;
  /** P1's score (win 1, draw ½) over the finished games: above 50% means moving first helps. */
  readonly firstPlayer: Rate;
  /** Draws among finished games; timeouts and faults among all games. */
  readonly draws: Rate;
  readonly timeouts: Rate;
  readonly faults: Rate;
  /** Lengths of the finished games in decisions: their spread and a histogram of ~20 equal bins. */
  readonly length: Spread | null;
  readonly lengthBins: readonly LengthBin[];
}

const rate = (count: number, of: number): Rate => ({
  count,
  of,
  rate: of > 0 ? count / of : null,
  interval: wilson(count, of),
});

/** Bins of a width from 1, 2, 5 × 10ᵏ so that about `target` cover [min, max]. */
export function lengthBins(values: readonly number[], target = 20): LengthBin[] {
  if (values.length === 0) return [];
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const raw = Math.max(1, (hi - lo + 1) / target);
  const p = 10 ** Math.floor(Math.log10(raw));
  const width = [1, 2, 5, 10].map((m) => m * p).find((w) => w >= raw) ?? 10 * p;
  const from = Math.floor(lo / width) * width;
  const n = Math.floor((hi - from) / width) + 1;
  const bins = Array.from({ length: n }, (_, i) => ({ from: from + i * width, to: from + (i + 1) * width, games: 0 }));
  for (const v of values) (bins[Math.floor((v - from) / width)] as { games: number }).games++;
  return bins;
}

export function labSummary(records: readonly GameRecord[]): LabSummary {
  let finished = 0;
  let p1 = 0;
  let draws = 0;
  let timeouts = 0;
  let faults = 0;
  const lengths: number[] = [];
  for (const r of records) {
    if (r.outcome === "timeout") timeouts++;
    else if (r.outcome === "fault") faults++;
    else {
      finished++;
      lengths.push(r.decisions);
      if (r.outcome === "draw") {
        draws++;
        p1 += 0.5;
      } else if (r.winner === 1) p1++;
    }
  }
  return {
    games: records.length,
    firstPlayer: rate(p1, finished),
    draws: rate(draws, finished),
    timeouts: rate(timeouts, records.length),
    faults: rate(faults, records.length),
    length: spread(lengths),
    lengthBins: lengthBins(lengths),
  };
}
