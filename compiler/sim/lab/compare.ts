/**
 * A/B: did a change move the balance? Both versions of a game play every ordered pairing of the
 * same decks on the same seeds (so each game of A has a twin in B dealt alike, and the two differ
 * only where the change mattered), and each matchup's change is tested on those paired games:
 * the differences d = score_B − score_A of the row deck (−1 … 1 in halves) give a mean, its 95%
 * interval (normal, mean ± 1.96·s/√n) and a two-sided p-value, adjusted over the run's matchups
 * by Holm (or Benjamini–Hochberg). A matchup "moved" where the adjusted p-value is below α, "up"
 * or "down" for the row deck. Browser-safe: no Node API.
 */
import type { AgentSpec, GameModule } from "../../../runtime/index.ts";
import type { PlanDeck, SimPlan } from "../plan.ts";
import type { GameRecord } from "../record.ts";
import { benjaminiHochberg, holm, twoSidedP, Z95 } from "../stats.ts";
import type { Adjust } from "./cards.ts";
import { runLab, type LabResult } from "./run.ts";

export interface MatchupChange {
  readonly row: string;
  readonly column: string;
  /** Paired games (both finished), the row deck's score rate in A and in B over them. */
  readonly pairs: number;
  readonly a: number | null;
  readonly b: number | null;
  /** The mean of B − A and its 95% interval; null without pairs. */
  readonly diff: { readonly diff: number; readonly low: number; readonly high: number } | null;
  readonly p: number;
  readonly adjusted: number;
  readonly verdict: "up" | "down" | "same";
}

export interface Comparison {
  readonly adjust: Adjust;
  readonly alpha: number;
  /** One per unordered pairing (row before column in the run's deck order). */
  readonly changes: readonly MatchupChange[];
  readonly a: LabResult;
  readonly b: LabResult;
}

export interface CompareRun {
  readonly a: GameModule;
  readonly b: GameModule;
  /** The plan both share; `seedB` (default: the same seed) only for calibration on disjoint seeds. */
  readonly base: SimPlan;
  readonly seedB?: number;
  readonly decksA: readonly PlanDeck[];
  readonly decksB: readonly PlanDeck[];
  readonly agents: readonly AgentSpec[];
  readonly adjust?: Adjust;
  readonly alpha?: number;
  readonly progress?: (done: number, total: number) => void;
}

/** The row deck's score in a record, or null when the game has no result or the row deck is not in it. */
function scoreOf(r: GameRecord, row: string, column: string): number | null {
  if (r.outcome === "timeout" || r.outcome === "fault") return null;
  const seat = r.decks[0] === row && r.decks[1] === column ? 1 : r.decks[0] === column && r.decks[1] === row ? 2 : 0;
  if (seat === 0) return null;
  return r.outcome === "draw" ? 0.5 : r.winner === seat ? 1 : 0;
}

/** The paired test of one matchup from the two runs' records (same plan order, so index i is a twin). */
export function matchupChange(
  row: string,
  column: string,
  recA: readonly GameRecord[],
  recB: readonly GameRecord[],
): Omit<MatchupChange, "adjusted" | "verdict"> {
  let n = 0;
  let sa = 0;
  let sb = 0;
  const ds: number[] = [];
  for (let i = 0; i < recA.length; i++) {
    const x = recA[i] as GameRecord;
    const y = recB[i];
    if (y === undefined) break;
    const a = scoreOf(x, row, column);
    const b = scoreOf(y, row, column);
    if (a === null || b === null) continue;
    n++;
    sa += a;
    sb += b;
    ds.push(b - a);
  }
  if (n === 0) return { row, column, pairs: 0, a: null, b: null, diff: null, p: 1 };
  const mean = (sb - sa) / n;
  let ss = 0;
  for (const d of ds) ss += (d - mean) ** 2;
  const se = n > 1 ? Math.sqrt(ss / (n - 1) / n) : 0;
  // Every pair alike: no spread, no evidence of a change unless every pair moved the same way.
  const p = se > 0 ? twoSidedP(mean / se) : mean === 0 ? 1 : 0;
  return {
    row,
    column,
    pairs: n,
    a: sa / n,
    b: sb / n,
    diff: { diff: mean, low: Math.max(-1, mean - Z95 * se), high: Math.min(1, mean + Z95 * se) },
    p,
  };
}

export function compareLab(run: CompareRun): Comparison {
  const adjust = run.adjust ?? "holm";
  const alpha = run.alpha ?? 0.05;
  const total = 2 * run.decksA.length * (run.decksA.length - 1) * run.base.games;
  const half = total / 2;
  const a = runLab({
    module: run.a,
    base: run.base,
    decks: run.decksA,
    agents: run.agents,
    adjust,
    progress: (d) => run.progress?.(d, total),
  });
  const b = runLab({
    module: run.b,
    base: { ...run.base, seed: run.seedB ?? run.base.seed },
    decks: run.decksB,
    agents: run.agents,
    adjust,
    progress: (d) => run.progress?.(half + d, total),
  });
  const ids = run.decksA.map((d) => d.id);
  const raw: Omit<MatchupChange, "adjusted" | "verdict">[] = [];
  for (let i = 0; i < ids.length; i++)
    for (let j = i + 1; j < ids.length; j++)
      raw.push(matchupChange(ids[i] as string, ids[j] as string, a.records, b.records));
  const ps = raw.map((c) => c.p);
  const adj = adjust === "holm" ? holm(ps) : benjaminiHochberg(ps);
  const changes = raw.map((c, k): MatchupChange => {
    const adjusted = adj[k] as number;
    const verdict = adjusted < alpha && c.diff !== null ? (c.diff.diff > 0 ? "up" : "down") : "same";
    return { ...c, adjusted, verdict };
  });
  return { adjust, alpha, changes, a: a.result, b: b.result };
}
