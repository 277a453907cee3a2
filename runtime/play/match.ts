/** Playing a whole match with agents, one per seat. */
import { deckListsOfState, type DeckLists } from "../agents/determinize.ts";
import type { DecisionReport } from "../agents/observe.ts";
import { askSeat, askSeatAsync, type AsyncSeatAgent, type SeatAgent } from "../agents/seat.ts";
import type { Engine } from "../host/engine.ts";
import type { MatchConfig } from "../flow/setup.ts";
import type { Action, EntityId, State } from "../types.ts";
import { formatAction } from "../state/values.ts";

export interface PlayOptions {
  /** Stop with an error after this many decisions (a guard against endless games). Default 100 000. */
  readonly maxDecisions?: number;
  /** Give each agent the player's view instead of the full state. */
  readonly views?: boolean;
  /**
   * The decks in play, which observing agents' determinizers deal hidden cards from. Default: the
   * match configuration's (playMatch), or the cards each seat owns in the state play starts from
   * (playFrom: a match or board that has just been set up).
   */
  readonly decks?: DeckLists;
  /** Hears each observing agent's decision report (chosen answer, alternatives, iterations, time). */
  readonly onDecision?: (seat: EntityId, report: DecisionReport) => void;
  /** Build every seat's view at every decision as a check (Engine.everyView): a view that cannot be built throws. */
  readonly checkViews?: boolean;
}

export interface PlayedMatch {
  readonly state: State;
  readonly actions: Action[];
}

function agentFor<A>(engine: Engine, state: State, agents: readonly A[]): { agent: A; seat: number } {
  const seat = engine.toMove(state);
  if (seat === null) throw new Error("no decision is pending");
  const agent = agents[seat - 1] ?? agents[0];
  if (agent === undefined) throw new Error("no agents");
  return { agent, seat };
}

function applyOrThrow(engine: Engine, state: State, action: Action, seat: number, n: number): void {
  const r = engine.apply(state, action);
  if (!r.ok)
    throw new Error(
      `decision ${n + 1}: the agent of seat ${seat} answered '${formatAction(action)}', which was rejected: ${r.reason}`,
    );
}

/** Plays from `newMatch(config)` to the end; `onStep` sees the state after each action. */
export function playMatch(
  engine: Engine,
  config: MatchConfig,
  agents: readonly SeatAgent[],
  onStep?: (state: State, action: Action) => void,
  options?: PlayOptions,
): PlayedMatch {
  return playFrom(engine, engine.newMatch(config), agents, onStep, options);
}

/** Plays an existing state to the end, in place. */
export function playFrom(
  engine: Engine,
  state: State,
  agents: readonly SeatAgent[],
  onStep?: (state: State, action: Action) => void,
  options?: PlayOptions,
): PlayedMatch {
  const actions: Action[] = [];
  const decks = options?.decks ?? deckListsOfState(state, state.seats ?? engine.module.rules.players);
  while (!engine.isOver(state)) {
    const t = nextTurn(engine, state, agents, actions.length, options);
    record(
      engine,
      state,
      askSeat(engine, state, t.seat, t.agent, decks, t.seen, t.legal, options?.onDecision),
      t.seat,
      actions,
      onStep,
    );
  }
  if (options?.checkViews === true) engine.everyView(state);
  return { state, actions };
}

/** Whose decision it is, what that agent sees and may do (after the decision-count guard). */
function nextTurn<A>(
  engine: Engine,
  state: State,
  agents: readonly A[],
  taken: number,
  options?: PlayOptions,
): { agent: A; seat: number; seen: State; legal: Action[] } {
  const max = options?.maxDecisions ?? 100_000;
  if (taken >= max) throw new Error(`the match did not end within ${max} decisions`);
  const { agent, seat } = agentFor(engine, state, agents);
  if (options?.checkViews === true) engine.everyView(state);
  return {
    agent,
    seat,
    seen: options?.views === true ? engine.view(state, seat) : state,
    legal: engine.legalActions(state),
  };
}

/** Applies an agent's answer and records it. */
function record(
  engine: Engine,
  state: State,
  action: Action,
  seat: number,
  actions: Action[],
  onStep?: (state: State, action: Action) => void,
): void {
  applyOrThrow(engine, state, action, seat, actions.length);
  actions.push(action);
  onStep?.(state, action);
}

/** Like playMatch, for agents that answer asynchronously (people). */
export async function playMatchAsync(
  engine: Engine,
  config: MatchConfig,
  agents: readonly AsyncSeatAgent[],
  onStep?: (state: State, action: Action) => void,
  options?: PlayOptions,
): Promise<PlayedMatch> {
  const state = engine.newMatch(config);
  const actions: Action[] = [];
  const decks = options?.decks ?? deckListsOfState(state, config.players.length);
  while (!engine.isOver(state)) {
    const t = nextTurn(engine, state, agents, actions.length, options);
    record(
      engine,
      state,
      await askSeatAsync(engine, state, t.seat, t.agent, decks, t.seen, t.legal, options?.onDecision),
      t.seat,
      actions,
      onStep,
    );
  }
  return { state, actions };
}
