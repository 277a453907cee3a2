import { Engine, renderLog, type Action, type EntityId, type State, type Value } from "../../runtime/index.ts";
import { toyGame } from "./fixtures/toy-game.ts";

export const engine = new Engine(toyGame);

/** The ids in a zone (top first). */
export function zoneOf(state: State, owner: EntityId, zone: string): EntityId[] {
  return (state.zones[`${owner}:${zone}`] ?? []).slice();
}

/** The card ids in a zone (top first). */
export function cardsOf(state: State, owner: EntityId, zone: string): (string | null)[] {
  return zoneOf(state, owner, zone).map((id) => state.entities[id]?.card ?? null);
}

/** The id of the nth card `card` in a zone. */
export function idOf(state: State, owner: EntityId, zone: string, card: string, nth = 0): EntityId {
  const ids = zoneOf(state, owner, zone).filter((id) => state.entities[id]?.card === card);
  const id = ids[nth];
  if (id === undefined) throw new Error(`no ${card} #${nth} in ${owner}:${zone}`);
  return id;
}

export const play = (c: EntityId): Action => ({ type: "act", action: "play", args: { c } });
export const respond = (c: EntityId): Action => ({ type: "act", action: "respond", args: { c } });
export const pass: Action = { type: "act", action: "pass", args: {} };
export const decline: Action = { type: "act", action: "decline", args: {} };
export const pick = (value: Value): Action => ({ type: "pick", value });
export const done: Action = { type: "done" };
export const yes: Action = { type: "yes" };
export const no: Action = { type: "no" };

/** Applies actions, failing loudly on a rejection. */
export function applyAll(state: State, ...actions: Action[]): State {
  for (const a of actions) {
    const r = engine.apply(state, a);
    if (!r.ok) throw new Error(r.reason);
  }
  return state;
}

/** Log lines from index `from` on. */
export function linesFrom(state: State, from: number): string[] {
  return renderLog(state, from);
}

/** Runs `fn` and returns the log lines it added. */
export function logOf(state: State, fn: () => void): string[] {
  const n = state.log.length;
  fn();
  return renderLog(state, n);
}
