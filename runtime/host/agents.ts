/**
 * Agents: who answers decisions. Random, first-legal and scripted ones live here: they are handed
 * the state but read nothing of it. Agents that look at the game (greedy, MCTS) are observing
 * agents (agents/observe.ts): they get their player's view and a determinizer, never the state.
 */
import type { Engine } from "./engine.ts";
import { AgentRandom } from "../state/rng.ts";
import type { Action, State } from "../types.ts";

export interface Agent {
  /** Picks one of `legal` (never empty) for the pending decision of `state`. */
  choose(state: State, legal: readonly Action[], engine: Engine): Action;
}

/** An agent that may take its time (a person at a terminal or in a UI). */
export interface AsyncAgent {
  choose(state: State, legal: readonly Action[], engine: Engine): Action | Promise<Action>;
}

/** Uniformly random over the legal actions, from its own seeded generator (not the state's). */
export function randomAgent(seed: number): Agent & { readonly sample: (state: State, engine: Engine) => Action } {
  const rng = new AgentRandom(seed);
  return {
    choose: (_s, legal) => legal[rng.int(legal.length)] as Action,
    /** The answer `choose` would give with the legal actions listed, without listing them (legal actions on demand). */
    sample: (s, engine) => engine.legalAt(s, rng.int(engine.legalCount(s))) as Action,
  };
}

/** Always the first legal action. */
export function firstLegalAgent(): Agent {
  return { choose: (_s, legal) => legal[0] as Action };
}

/**
 * Plays the given actions in order (they are checked when applied, not here); when they run out,
 * asks `fallback`, or throws.
 */
export function scriptedAgent(
  actions: readonly Action[],
  fallback?: Agent,
): Agent & { readonly remaining: () => number } {
  let i = 0;
  return {
    choose(state, legal, engine) {
      if (i < actions.length) return actions[i++] as Action;
      if (fallback !== undefined) return fallback.choose(state, legal, engine);
      throw new Error(`the script has no more actions (it had ${actions.length})`);
    },
    remaining: () => actions.length - i,
  };
}
