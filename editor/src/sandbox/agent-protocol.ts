/** Messages between the sandbox and its agent worker (agent.worker.ts): plain data both ways. */
import type { AgentSpec, DecisionReport, DeckLists, EntityId, State } from "../../../runtime/index.ts";

export interface AgentRequest {
  readonly id: number;
  /** The URL of the compiled game module the page plays (the same file, the same version). */
  readonly module: string;
  readonly state: State;
  readonly seat: EntityId;
  readonly spec: AgentSpec;
  /** The agent's seed: the seat and the decision's place in the history, so a replay repeats it. */
  readonly seed: number;
  /** The decks in play (what the seat may assume the hidden cards are drawn from). */
  readonly decks: DeckLists;
}

export type AgentReply =
  | { readonly id: number; readonly ok: true; readonly report: DecisionReport }
  | { readonly id: number; readonly ok: false; readonly reason: string };
