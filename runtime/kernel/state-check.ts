/**
 * Whether a state handed to the Engine from outside (a saved state read back, a state a host built
 * or edited) is one it can work on: its shape (STATE_SCHEMA) and its fit to the game (cards,
 * zones, handlers, players and the pending decision). States the Engine made (newMatch, fromBoard,
 * clone, load) are remembered and not checked again; a host that edits one by hand should pass it
 * through `Engine.load(JSON.parse(JSON.stringify(state)))`.
 */
import type { ModuleIndex } from "./module-index.ts";
import { sharesOf } from "../state/clone.ts";
import { STATE_SCHEMA } from "../state/schema.ts";
import type { Decision, Frame, State } from "../types.ts";
import { schemaProblem } from "../state/validate.ts";
import { versionProblem } from "./versions.ts";

const checked = new WeakSet<object>();

/** Marks a state as made by the Engine (nothing to check). */
export function trusted<T extends object>(state: T): T {
  checked.add(state);
  return state;
}

/** What is wrong with a state for this module, or null (remembered once it is fine). */
export function stateProblem(ix: ModuleIndex, state: unknown): string | null {
  // A fork is made by the Engine from a state it checked (its shares are its mark).
  if (typeof state === "object" && state !== null && (checked.has(state) || sharesOf(state as State) !== null))
    return null;
  const p = schemaProblem(STATE_SCHEMA, state, "state") ?? fitProblem(ix, state as State);
  if (p === null) checked.add(state as object);
  return p;
}

function fitProblem(ix: ModuleIndex, st: State): string | null {
  const module = ix.module;
  const rules = module.rules;
  const n = st.seats ?? rules.players;
  if (st.seats !== undefined && !(st.seats >= (rules.minPlayers ?? rules.players) && st.seats <= rules.players))
    return `state.seats: ${st.seats} is not a number of seats this game plays with`;
  if (st.game !== module.id) return `this state is of the game '${st.game}', this engine plays '${module.id}'`;
  if (st.version !== undefined) {
    const v = versionProblem(module, st.version);
    if (v !== null) return `state.version: ${v}`;
  }
  if (st.rng.length !== 0 && st.rng.length !== 4) return "state.rng: 4 words (or none, in a player view)";
  const isPlayer = (id: number) => Number.isInteger(id) && id >= 1 && id <= n;
  const isEntity = (id: number) => Object.hasOwn(st.entities, String(id));
  for (let p = 0; p <= n; p++)
    if (!isEntity(p)) return `state.entities: entity ${p} (${p === 0 ? "the game" : `player ${p}`}) is missing`;
  for (const k of Object.keys(st.entities)) {
    const e = st.entities[k as unknown as number] as State["entities"][number];
    if (String(e.id) !== k) return `state.entities[${JSON.stringify(k)}]: its id is ${e.id}`;
    if (e.card === null) {
      if (e.id > n) return `state.entities[${k}]: an entity with no card must be the game (0) or a player (1…${n})`;
    } else {
      if (!Object.hasOwn(module.cards, e.card)) return `state.entities[${k}]: unknown card '${e.card}'`;
      if (!Object.hasOwn(rules.zones, e.zone)) return `state.entities[${k}]: unknown zone '${e.zone}'`;
      if (!isPlayer(e.owner) && e.owner !== 0) return `state.entities[${k}]: its owner ${e.owner} is not a player`;
    }
  }
  for (const key of Object.keys(st.zones)) {
    const colon = key.indexOf(":");
    const zone = key.slice(colon + 1);
    if (!Object.hasOwn(rules.zones, zone)) return `state.zones[${JSON.stringify(key)}]: unknown zone '${zone}'`;
    for (const id of st.zones[key] as number[])
      if (!isEntity(id)) return `state.zones[${JSON.stringify(key)}]: there is no entity ${id}`;
  }
  for (const k of Object.keys(st.events))
    if (String((st.events[k as unknown as number] as { id: number }).id) !== k)
      return `state.events[${JSON.stringify(k)}]: its id differs`;
  const frameProblem = (f: Frame, at: string): string | null => {
    if (f.h !== "$dispatch" && !ix.stepFns.has(f.h)) return `${at}.h: no step '${f.h}' in the game`;
    if (!isEntity(f.me)) return `${at}.me: there is no entity ${f.me}`;
    return null;
  };
  for (let i = 0; i < st.frames.length; i++) {
    const p = frameProblem(st.frames[i] as Frame, `state.frames[${i}]`);
    if (p !== null) return p;
  }
  const links = st.chain?.links ?? [];
  for (let i = 0; i < links.length; i++) {
    const p = frameProblem((links[i] as { frame: Frame }).frame, `state.chain.links[${i}].frame`);
    if (p !== null) return p;
  }
  if (st.decision !== null) {
    const p = decisionProblem(st.decision, n);
    if (p !== null) return p;
  }
  if (st.match.winner !== null && !isPlayer(st.match.winner))
    return `state.match.winner: ${st.match.winner} is not a player`;
  const between: unknown = st.match.between;
  if (between !== undefined && between !== true) return "state.match.between: true or absent";
  return null;
}

function decisionProblem(d: Decision, players: number): string | null {
  if (d.player < 1 || d.player > players) return `state.decision.player: ${d.player} is not a player`;
  const missing = (keys: readonly string[]) => keys.find((k) => !Object.hasOwn(d, k));
  const need =
    d.type === "act"
      ? ["window", "options", "ev"]
      : d.type === "choose"
        ? ["prompt", "candidates", "min", "max", "picked", "single"]
        : ["prompt"];
  const m = missing(need);
  if (m !== undefined) return `state.decision: a '${d.type}' decision needs '${m}'`;
  if (d.type === "act")
    for (const o of d.options)
      if (o.type !== "act" || typeof o.action !== "string" || typeof o.args !== "object" || o.args === null)
        return "state.decision.options: each option is { type: 'act', action, args }";
  return null;
}
