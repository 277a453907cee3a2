/**
 * Asking a seat for its answer. An observing agent is handed its player's view and a
 * determinizer built on the real state (never the state itself); the older `Agent` interface
 * (random, first-legal, scripted: agents that read nothing) keeps receiving what it always did.
 */
import type { Agent, AsyncAgent } from "../agents.ts";
import type { Engine } from "../engine.ts";
import type { Action, EntityId, State } from "../types.ts";
import { Determinizer, type DeckLists } from "./determinize.ts";
import { isObserving, type DecisionReport, type Observation, type ObservingAgent } from "./observe.ts";

export type SeatAgent = Agent | ObservingAgent;
export type AsyncSeatAgent = AsyncAgent | ObservingAgent;

/** What an observing agent sees at `seat`'s decision of `state`. */
export function observe(engine: Engine, state: State, seat: EntityId, decks: DeckLists): Observation {
  const worlds = new Determinizer(engine, state, seat, decks);
  return { player: seat, view: worlds.view, legal: engine.legalActions(worlds.view), worlds };
}

/** An observing agent's decision at `seat` of `state`, with its report. */
export function decideAt(
  agent: ObservingAgent,
  engine: Engine,
  state: State,
  seat: EntityId,
  decks: DeckLists,
): DecisionReport {
  return agent.decide(observe(engine, state, seat, decks), engine);
}

/**
 * The answer of `agent` at `seat`. `seen` is what an older Agent is handed (the state, or the
 * view when the match asks for views); `onReport` hears each observing agent's report.
 */
export function askSeat(
  engine: Engine,
  state: State,
  seat: EntityId,
  agent: SeatAgent,
  decks: DeckLists,
  seen: State,
  legal: readonly Action[],
  onReport?: (seat: EntityId, report: DecisionReport) => void,
): Action {
  if (!isObserving(agent)) return agent.choose(seen, legal, engine);
  const r = decideAt(agent, engine, state, seat, decks);
  onReport?.(seat, r);
  return r.action;
}

export async function askSeatAsync(
  engine: Engine,
  state: State,
  seat: EntityId,
  agent: AsyncSeatAgent,
  decks: DeckLists,
  seen: State,
  legal: readonly Action[],
  onReport?: (seat: EntityId, report: DecisionReport) => void,
): Promise<Action> {
  if (!isObserving(agent)) return agent.choose(seen, legal, engine);
  const r = decideAt(agent, engine, state, seat, decks);
  onReport?.(seat, r);
  return r.action;
}
