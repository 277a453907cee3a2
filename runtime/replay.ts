/** Replays: the game, how it began and the answers given. Seed + actions ⇒ the same match, byte for byte. */
import type { SeatAgent } from "./agents/seat.ts";
import type { ApplyResult, Engine } from "./engine.ts";
import { playMatch, type PlayOptions } from "./match.ts";
import type { Board, MatchConfig } from "./setup.ts";
import type { Action, State } from "./types.ts";
import { formatAction } from "./values.ts";

export interface Replay {
  /** The game module id. */
  readonly game: string;
  /** The match configuration (for a board replay: its seed is the board's seed). */
  readonly config: MatchConfig;
  /** When present, the match began with `fromBoard(board, config.seed)` instead of `newMatch(config)`. */
  readonly board?: Board;
  readonly actions: readonly Action[];
}

/** The state a replay begins with. */
export function replayStart(engine: Engine, r: Replay): State {
  if (r.game !== engine.module.id)
    throw new Error(`this replay is of '${r.game}', the engine plays '${engine.module.id}'`);
  return r.board !== undefined ? engine.fromBoard(r.board, r.config.seed) : engine.newMatch(r.config);
}

/** Replays all actions (or the first `upTo`); throws if one is rejected. */
export function replay(engine: Engine, r: Replay, upTo?: number): State {
  const state = replayStart(engine, r);
  const n = Math.min(upTo ?? r.actions.length, r.actions.length);
  for (let i = 0; i < n; i++) {
    const a = r.actions[i] as Action;
    const res = engine.apply(state, a);
    if (!res.ok) throw new Error(`replay: action ${i + 1} '${formatAction(a)}' was rejected: ${res.reason}`);
  }
  return state;
}

/** Records the accepted actions of a match as they are applied. */
export class Recorder {
  readonly state: State;
  private readonly actions: Action[] = [];

  constructor(
    private readonly engine: Engine,
    private readonly config: MatchConfig,
    private readonly board?: Board,
  ) {
    this.state = board !== undefined ? engine.fromBoard(board, config.seed) : engine.newMatch(config);
  }

  apply(action: Action): ApplyResult {
    const r = this.engine.apply(this.state, action);
    if (r.ok) this.actions.push(action);
    return r;
  }

  replay(): Replay {
    const base = { game: this.engine.module.id, config: this.config, actions: this.actions.slice() };
    return this.board !== undefined ? { ...base, board: this.board } : base;
  }
}

/** Plays a match with agents and returns the final state and its replay. */
export function recordingRun(
  engine: Engine,
  config: MatchConfig,
  agents: readonly SeatAgent[],
  options?: PlayOptions,
): { state: State; replay: Replay } {
  const { state, actions } = playMatch(engine, config, agents, undefined, options);
  return { state, replay: { game: engine.module.id, config, actions } };
}

export function replayToJSON(r: Replay): string {
  return JSON.stringify(r);
}

/** Parses a replay file, checking its shape. */
export function parseReplay(text: string): Replay {
  const r = JSON.parse(text) as Partial<Replay> | null;
  if (r === null || typeof r !== "object") throw new Error("a replay is a JSON object");
  if (typeof r.game !== "string") throw new Error("a replay needs 'game' (the game id)");
  if (r.config === undefined || typeof r.config.seed !== "number" || !Array.isArray(r.config.players))
    throw new Error("a replay needs 'config' with 'seed' and 'players'");
  if (
    !Array.isArray(r.actions) ||
    !r.actions.every((a) => a !== null && typeof a === "object" && typeof (a as { type?: unknown }).type === "string")
  ) {
    throw new Error("a replay needs 'actions', a list of actions");
  }
  return r as Replay;
}
