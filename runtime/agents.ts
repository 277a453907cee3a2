/** Agents: who answers decisions. Random, first-legal and scripted ones live here. */
import type { Engine } from "./engine.ts";
import { AgentRandom } from "./rng.ts";
import type { Action, State } from "./types.ts";

export interface Agent {
  /** Picks one of `legal` (never empty) for the pending decision of `state`. */
  choose(state: State, legal: readonly Action[], engine: Engine): Action;
}

/** An agent that may take its time (a person at a terminal or in a UI). */
export interface AsyncAgent {
  choose(state: State, legal: readonly Action[], engine: Engine): Action | Promise<Action>;
}

/** Uniformly random over the legal actions, from its own seeded generator (not the state's). */
export function randomAgent(seed: number): Agent {
  const rng = new AgentRandom(seed);
  return { choose: (_s, legal) => legal[rng.int(legal.length)] as Action };
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

/** An agent as the command line names it (`--agents random,first`); `human` is answered by a person. */
export type AgentSpec = { readonly kind: "random" | "first" | "human" };

/** The spec as it is written on the command line. */
export function specText(spec: AgentSpec): string {
  return spec.kind;
}

/** The agent of a spec with its seed (null for `human`: the caller seats a person there). */
export function makeAgent(spec: AgentSpec, seed: number): Agent | null {
  switch (spec.kind) {
    case "human":
      return null;
    case "random":
      return randomAgent(seed);
    case "first":
      return firstLegalAgent();
  }
}
