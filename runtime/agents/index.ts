/**
 * The agents a seat can be given, by spec: `random`, `first`, `human`, `greedy`, `mcts:<budget>`
 * (single-observer ISMCTS), `dmcts:<budget>` (determinized MCTS); a budget is a number of
 * iterations (`1000`, deterministic) or a time (`1s`, `250ms`). The command line parses the text
 * (compiler/node/cli/play-command.ts, parseAgents); this builds the agent.
 */
import { firstLegalAgent, randomAgent, type Agent } from "../host/agents.ts";
import { greedyAgent, type GreedyOptions } from "./greedy.ts";
import { dmctsAgent, ismctsAgent, type Budget, type SearchOptions } from "./mcts.ts";
import type { ObservingAgent } from "./observe.ts";

export type AgentSpec =
  | { readonly kind: "random" | "first" | "human" | "greedy" }
  | { readonly kind: "mcts" | "dmcts"; readonly budget: Budget };

/** The spec as it is written on the command line. */
export function specText(spec: AgentSpec): string {
  if (spec.kind !== "mcts" && spec.kind !== "dmcts") return spec.kind;
  const b = spec.budget;
  return `${spec.kind}:${"iterations" in b ? b.iterations : b.ms % 1000 === 0 ? `${b.ms / 1000}s` : `${b.ms}ms`}`;
}

/** Settings other than the budget (for experiments; the defaults are greedy.ts's and mcts.ts's). */
export type SearchTuning = Omit<SearchOptions, "budget"> & GreedyOptions;

/** The agent of a spec with its seed (null for `human`: the caller seats a person there). `tuning`: greedy's or the search's settings. */
export function makeAgent(spec: AgentSpec, seed: number, tuning: SearchTuning = {}): Agent | ObservingAgent | null {
  switch (spec.kind) {
    case "human":
      return null;
    case "random":
      return randomAgent(seed);
    case "first":
      return firstLegalAgent();
    case "greedy":
      return greedyAgent(seed, "greedy", tuning);
    case "mcts":
      return ismctsAgent(seed, { ...tuning, budget: spec.budget }, specText(spec));
    case "dmcts":
      return dmctsAgent(seed, { ...tuning, budget: spec.budget }, specText(spec));
  }
}

export { greedyAgent, type GreedyOptions } from "./greedy.ts";
export { ismctsAgent, dmctsAgent, worldKey, type Budget, type PlayoutPolicy, type SearchOptions } from "./mcts.ts";
export { Determinizer, deckListsOfMatch, deckListsOfState, type DeckLists } from "./determinize.ts";
export {
  actionKey,
  isObserving,
  type Alternative,
  type DecisionReport,
  type ObservingAgent,
  type Observation,
} from "./observe.ts";
export { askSeat, askSeatAsync, decideAt, observe, type AsyncSeatAgent, type SeatAgent } from "./seat.ts";
