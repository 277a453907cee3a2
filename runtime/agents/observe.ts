/**
 * Agents that play honestly: they are handed what their player may know (the player's view and a
 * determinizer that builds full states consistent with it), never the real state. Every decision
 * comes with a report of how it was reached, for people to see why.
 */
import type { Engine } from "../host/engine.ts";
import type { Action, EntityId, State } from "../types.ts";
import type { Determinizer } from "./determinize.ts";

/** What an observing agent receives at one of its player's decisions. */
export interface Observation {
  /** The seat that must answer. */
  readonly player: EntityId;
  /** `engine.view(state, player)`: for looking, not for playing on. */
  readonly view: State;
  /** The legal answers (never empty), as the player sees them. */
  readonly legal: readonly Action[];
  /** Full states consistent with the view, for search. */
  readonly worlds: Determinizer;
}

/** One answer the agent weighed: how often the search tried it and how good it looked (0 = lost … 1 = won). */
export interface Alternative {
  readonly action: Action;
  readonly visits: number;
  readonly value: number;
}

/** How a decision was reached. */
export interface DecisionReport {
  /** The agent's spec (`greedy`, `mcts:1000`, …). */
  readonly agent: string;
  /** Search iterations run (greedy: the answers it previewed; 0 for a forced answer). */
  readonly iterations: number;
  /** Wall time of the decision in milliseconds. */
  readonly ms: number;
  readonly action: Action;
  /** The answers weighed, best first (the chosen one first), at most `top` of them. */
  readonly alternatives: readonly Alternative[];
  /** What an alternative's value is: a search's mean reward (0…1, with visits), or the game's evaluation after the answer (greedy; ±Infinity for a win or a loss). */
  readonly measure: "search" | "evaluation";
}

export interface ObservingAgent {
  /** Marks the interface (the older `Agent` is handed the full state). */
  readonly observes: true;
  /** The spec it was made from, e.g. `mcts:1000`. */
  readonly spec: string;
  decide(obs: Observation, engine: Engine): DecisionReport;
}

/** The report of a decision with one legal answer: nothing weighed, nothing searched. Null when there is a choice. */
export function forcedAnswer(
  spec: string,
  obs: Observation,
  t0: number,
  measure: DecisionReport["measure"],
): DecisionReport | null {
  const only = obs.legal.length === 1 ? obs.legal[0] : undefined;
  if (only === undefined) return null;
  return { agent: spec, iterations: 0, ms: performance.now() - t0, action: only, alternatives: [], measure };
}

export function isObserving(a: unknown): a is ObservingAgent {
  return typeof a === "object" && a !== null && (a as { observes?: unknown }).observes === true;
}

/** A stable key of an action (the same answer in two worlds has the same key). */
export function actionKey(a: Action): string {
  switch (a.type) {
    case "act":
      return `a ${a.action} ${JSON.stringify(a.args)}`;
    case "pick":
      return `p ${JSON.stringify(a.value)}`;
    default:
      return a.type;
  }
}
