/**
 * What a simulation plays, fixed before the first game: the plan. It is plain JSON (workers get it
 * as it is, the out file's first line holds it, and `--resume` compares it), and it alone decides
 * every game: which agent sits in which seat, the deal seed, the agents' seeds.
 */
import type { MatchConfig, Value } from "../../runtime/index.ts";

/** A seat's deck, as the plan keeps it: its id and its cards (so a changed deck file changes the plan). */
export interface PlanDeck {
  readonly id: string;
  readonly zones: Readonly<Record<string, readonly string[]>>;
}

export interface SimPlan {
  /** The game's id (its module's), and the hash of the inputs it was built from (dist/<game>/inputs.hash). */
  readonly game: string;
  readonly inputs: string;
  /** The agents as written on the command line, one per seat; an agent is known by its position (A1, A2, …). */
  readonly agents: readonly string[];
  /** Games in all: a whole number of rounds, each round one deal played once per seat rotation. */
  readonly games: number;
  readonly seed: number;
  /** Seat i's deck (null: the seat starts with no cards). Decks stay with their seats; agents rotate. */
  readonly decks: readonly (PlanDeck | null)[];
  readonly options: Readonly<Record<string, Value>>;
  readonly version: string | null;
  /** A game that has not ended after this many decisions is stopped and counted as a timeout. */
  readonly maxDecisions: number;
}

/** A 32-bit mix (the murmur3 finaliser): neighbouring inputs give unrelated outputs. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Two numbers into one seed (0 … 2³² − 1). */
export function mixSeed(a: number, b: number): number {
  return fmix32((fmix32(a >>> 0) ^ Math.imul((b >>> 0) + 1, 0x9e3779b1)) >>> 0);
}

/** One game of the plan: its round and rotation, the deal seed, and which agent sits where. */
export interface GameSlot {
  readonly index: number;
  readonly round: number;
  /** The deal seed, the same for every game of a round (paired seeds). */
  readonly seed: number;
  /** seatAgents[s] is the agent (index into plan.agents) in seat s + 1. */
  readonly seatAgents: readonly number[];
  /** agentSeeds[a] is agent a's own seed in this round (the same whichever seat it sits in). */
  readonly agentSeeds: readonly number[];
}

/**
 * Game i of the plan. With k seats, the games come in rounds of k: round r = ⌊i/k⌋ deals from
 * seed mix(S, r), and rotation i mod k seats agent (s + rotation) mod k in seat s. Over a round
 * every agent plays every seat once from the same deal, so a seat's advantage falls equally on all.
 */
export function slot(plan: SimPlan, index: number): GameSlot {
  const k = plan.agents.length;
  const round = Math.floor(index / k);
  const rotation = index % k;
  const seed = mixSeed(plan.seed, round);
  return {
    index,
    round,
    seed,
    seatAgents: Array.from({ length: k }, (_, s) => (s + rotation) % k),
    agentSeeds: Array.from({ length: k }, (_, a) => mixSeed(seed, a + 1)),
  };
}

/** The match configuration of a slot: seats named P1…Pk with their decks; the plan's options and version. */
export function configOf(plan: SimPlan, s: GameSlot): MatchConfig {
  return {
    seed: s.seed,
    players: plan.decks.map((d, i) => ({ name: `P${i + 1}`, zones: d ? { ...d.zones } : {} })),
    ...(Object.keys(plan.options).length > 0 ? { options: { ...plan.options } } : {}),
    ...(plan.version !== null ? { version: plan.version } : {}),
  };
}
