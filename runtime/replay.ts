/** Replays: the game, how it began and the answers given. Seed + actions ⇒ the same match, byte for byte. */
import type { SeatAgent } from "./agents/seat.ts";
import type { ApplyResult, Engine } from "./engine.ts";
import { playMatch, type PlayOptions } from "./match.ts";
import type { Board, MatchConfig } from "./setup.ts";
import { InputError } from "./errors.ts";
import { FORMAT, REPLAY_SCHEMA } from "./schema.ts";
import type { Action, State } from "./types.ts";
import { schemaProblem } from "./validate.ts";
import { formatAction } from "./values.ts";

export interface Replay {
  /** The file format (schema.ts FORMAT); absent in replays written before formats existed, read as 1. */
  readonly format?: number;
  /** The game module id. */
  readonly game: string;
  /** The match configuration (for a board replay: its seed is the board's seed). */
  readonly config: MatchConfig;
  /** When present, the match began with `fromBoard(board, config.seed)` instead of `newMatch(config)`. */
  readonly board?: Board;
  readonly actions: readonly Action[];
}

/** The state a replay begins with (an InputError when the replay does not fit this game). */
export function replayStart(engine: Engine, r: Replay): State {
  if (r.game !== engine.module.id)
    throw new InputError(`this replay is of '${r.game}', the engine plays '${engine.module.id}'`);
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
    const base = { format: FORMAT, game: this.engine.module.id, config: this.config, actions: this.actions.slice() };
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
  return { state, replay: { format: FORMAT, game: engine.module.id, config, actions } };
}

/** The replay as a file: `format` first, then the replay as given. */
export function replayToJSON(r: Replay): string {
  const { format: _old, ...rest } = r;
  return JSON.stringify({ format: FORMAT, ...rest });
}

/**
 * Parses a replay file, checking it against REPLAY_SCHEMA (schema.ts): an InputError saying what
 * is wrong and where. Whether it fits a game (players, zones, cards, options, version) is checked
 * when it is set up (replayStart, Engine.newMatch / fromBoard).
 */
export function parseReplay(text: string): Replay {
  let r: unknown;
  try {
    r = JSON.parse(text);
  } catch (e) {
    throw new InputError(`not JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (r !== null && typeof r === "object" && !Array.isArray(r) && Object.hasOwn(r, "format")) {
    const f = (r as { format: unknown }).format;
    if (typeof f === "number" && Number.isInteger(f) && f > FORMAT)
      throw new InputError(`replay format ${f} is newer than this Cardwright reads (format ${FORMAT})`);
  }
  const problem = schemaProblem(REPLAY_SCHEMA, r, "replay");
  if (problem !== null) throw new InputError(problem);
  return r as Replay;
}

/** The game id a replay-like JSON text names, or null: a replay of another game is reported as that, whatever else is wrong with it. */
export function replayGame(text: string): string | null {
  try {
    const r: unknown = JSON.parse(text);
    return r !== null &&
      typeof r === "object" &&
      Object.hasOwn(r, "game") &&
      typeof (r as { game: unknown }).game === "string"
      ? (r as { game: string }).game
      : null;
  } catch {
    return null;
  }
}
