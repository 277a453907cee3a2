/**
 * The result of a simulation from its game records, taken in game order: per agent (and per agent
 * and seat), per seat, the first seat's advantage, game lengths, timeouts and faults. The result
 * is plain JSON with no timings, so the same plan gives the same bytes whatever ran it.
 *
 * It is shaped to grow: per deck pairing and per card figures (the balance lab) become further
 * keys beside `agents` and `seats`, computed from the same records (each names its seats' decks).
 */
import type { SimPlan } from "./plan.ts";
import type { GameRecord } from "./record.ts";
import { spread, wilson, type Interval, type Spread } from "./stats.ts";

/** Games won, lost and drawn by someone, their score (win 1, draw ½) and its Wilson 95% interval. */
export interface Tally {
  /** Games counted: won, lost or drawn (timeouts and faults have no result and are counted apart). */
  readonly games: number;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
  readonly score: number;
  /** score / games, and its Wilson 95% interval; null without games. */
  readonly rate: number | null;
  readonly interval: Interval | null;
}

export interface AgentResult extends Tally {
  /** A1, A2, …: the agent's position in --agents (two entries of the same kind are two agents). */
  readonly agent: string;
  readonly name: string;
  readonly timeouts: number;
  readonly faults: number;
  /** The same, for each seat the agent sat in. */
  readonly seats: readonly (Tally & { readonly seat: number })[];
}

export interface SimResult {
  readonly plan: Omit<SimPlan, "decks"> & { readonly decks: readonly (string | null)[] };
  /** Games played in all, and how many ended with no result. */
  readonly games: number;
  readonly timeouts: number;
  readonly faults: number;
  readonly agents: readonly AgentResult[];
  /** Whoever sat there: the seats' own results. */
  readonly seats: readonly (Tally & { readonly seat: number })[];
  /**
   * Seat 1's score against the share a seat would get with no advantage (½ with two seats):
   * advantage = rate − 1/seats. Decks stay with their seats while the agents rotate, so when the
   * seats hold different decks seat 1's score is its seat and its deck together: then
   * `sameDecks` is false and there is no advantage (null); the same deck in every seat (or the
   * lab's mirrored pairings) measures the seat alone.
   */
  readonly firstSeat: {
    readonly rate: number | null;
    readonly interval: Interval | null;
    readonly advantage: number | null;
    readonly sameDecks: boolean;
  };
  /** Game length: decisions answered, and games played within each match. Over every game, faults and timeouts included. */
  readonly length: { readonly decisions: Spread | null; readonly matchGames: Spread | null };
  /** The first faults (game and message), in game order; `faults` counts them all. */
  readonly faultList: readonly { readonly game: number; readonly message: string }[];
}

/** Rates and bounds are rounded to 6 decimals, means to 3: the JSON stays readable and stable. */
const r6 = (x: number) => Math.round(x * 1e6) / 1e6;
const r3 = (x: number) => Math.round(x * 1e3) / 1e3;

/** Faults listed in the result (all are counted). */
const FAULTS_LISTED = 20;

class Counter {
  wins = 0;
  losses = 0;
  draws = 0;
  add(outcome: "win" | "loss" | "draw"): void {
    if (outcome === "win") this.wins++;
    else if (outcome === "loss") this.losses++;
    else this.draws++;
  }
  tally(): Tally {
    const games = this.wins + this.losses + this.draws;
    const score = this.wins + this.draws / 2;
    const iv = wilson(score, games);
    return {
      games,
      wins: this.wins,
      losses: this.losses,
      draws: this.draws,
      score,
      rate: games > 0 ? r6(score / games) : null,
      interval: iv && { low: r6(iv.low), high: r6(iv.high) },
    };
  }
}

const roundSpread = (s: Spread | null): Spread | null =>
  s && { min: s.min, median: s.median, mean: r3(s.mean), max: s.max };

/** `records` must be the plan's games 0 … n − 1 in order (the command sorts them). */
export function aggregate(plan: SimPlan, records: readonly GameRecord[]): SimResult {
  const k = plan.agents.length;
  const agents = plan.agents.map(() => ({
    all: new Counter(),
    bySeat: Array.from({ length: k }, () => new Counter()),
    timeouts: 0,
    faults: 0,
  }));
  const seats = Array.from({ length: k }, () => new Counter());
  let timeouts = 0;
  let faults = 0;
  const faultList: { game: number; message: string }[] = [];
  records.forEach((r, i) => {
    if (r.game !== i) throw new Error(`aggregate: record ${i} is game ${r.game}`);
    if (r.outcome === "timeout" || r.outcome === "fault") {
      if (r.outcome === "timeout") timeouts++;
      else {
        faults++;
        if (faultList.length < FAULTS_LISTED) faultList.push({ game: r.game, message: r.fault ?? "" });
      }
      for (const a of r.seats) {
        const ag = agents[a];
        if (ag !== undefined) r.outcome === "timeout" ? ag.timeouts++ : ag.faults++;
      }
      return;
    }
    r.seats.forEach((a, s) => {
      const o = r.outcome === "draw" ? "draw" : r.winner === s + 1 ? "win" : "loss";
      agents[a]?.all.add(o);
      agents[a]?.bySeat[s]?.add(o);
      seats[s]?.add(o);
    });
  });
  const seat1 = seats[0]?.tally();
  const deckIds = plan.decks.map((d) => d?.id ?? null);
  const sameDecks = deckIds.every((d) => d === deckIds[0]);
  return {
    plan: {
      game: plan.game,
      inputs: plan.inputs,
      agents: plan.agents,
      games: plan.games,
      seed: plan.seed,
      decks: plan.decks.map((d) => d?.id ?? null),
      options: plan.options,
      version: plan.version,
      maxDecisions: plan.maxDecisions,
    },
    games: records.length,
    timeouts,
    faults,
    agents: agents.map((a, i) => ({
      agent: `A${i + 1}`,
      name: plan.agents[i] as string,
      ...a.all.tally(),
      timeouts: a.timeouts,
      faults: a.faults,
      seats: a.bySeat.map((c, s) => ({ seat: s + 1, ...c.tally() })),
    })),
    seats: seats.map((c, s) => ({ seat: s + 1, ...c.tally() })),
    firstSeat: {
      rate: seat1?.rate ?? null,
      interval: seat1?.interval ?? null,
      advantage: sameDecks && seat1?.rate != null ? r6(seat1.rate - 1 / k) : null,
      sameDecks,
    },
    length: {
      decisions: roundSpread(spread(records.map((r) => r.decisions))),
      matchGames: roundSpread(spread(records.map((r) => r.matchGames))),
    },
    faultList,
  };
}
