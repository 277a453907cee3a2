/**
 * A fast copy of a state. Parts the runtime never mutates in place (log entries, modifiers,
 * action options, trigger refs, value lists) are shared; everything mutable is copied.
 */
import { copyChain } from "./chain.ts";
import type { Decision, Entity, EventRecord, Frame, State } from "./types.ts";

export function copyEntity(e: Entity): Entity {
  const c: Entity = { id: e.id, card: e.card, owner: e.owner, zone: e.zone, arrival: e.arrival, props: { ...e.props }, counters: { ...e.counters } };
  if (e.holder !== undefined) c.holder = e.holder;
  return c;
}

export function copyFrame(f: Frame): Frame {
  return { h: f.h, step: f.step, L: { ...f.L }, into: f.into, trigger: f.trigger, owned: f.owned.slice(), me: f.me, self: f.self, ev: f.ev };
}

function copyDecision(d: Decision | null): Decision | null {
  return d !== null && d.type === "choose" ? { ...d, picked: d.picked.slice() } : d;
}

export function cloneState(s: State): State {
  const entities: Record<number, Entity> = {};
  for (const k in s.entities) entities[k as unknown as number] = copyEntity(s.entities[k as unknown as number] as Entity);
  const zones: Record<string, number[]> = {};
  for (const k in s.zones) zones[k] = (s.zones[k] as number[]).slice();
  const events = copyEvents(s.events);
  const copy: State = {
    game: s.game,
    rng: s.rng.slice(),
    seq: s.seq,
    clock: s.clock,
    entities,
    zones,
    events,
    modifiers: s.modifiers.slice(),
    frames: s.frames.map(copyFrame),
    decision: copyDecision(s.decision),
    match: { number: s.match.number, results: s.match.results.slice(), over: s.match.over, winner: s.match.winner },
    seen: { ...s.seen },
    log: s.log.slice(),
    turnstile: s.turnstile,
  };
  if (s.chain !== undefined) copy.chain = copyChain(s.chain, copyFrame);
  if (s.version !== undefined) copy.version = s.version;
  return copy;
}

function copyEvents(from: State["events"]): State["events"] {
  const events: Record<number, EventRecord> = {};
  for (const k in from) {
    const e = from[k as unknown as number] as EventRecord;
    events[k as unknown as number] = e.at === undefined ? { id: e.id, name: e.name, fields: { ...e.fields } } : { id: e.id, name: e.name, fields: { ...e.fields }, at: e.at };
  }
  return events;
}

/**
 * What `Engine.apply` must copy before an answer to undo a fault: every part of the state but the
 * entities and zones (the runtime journals each before its first change) and the log (it only
 * grows: its length). Cheaper than a whole copy, and it is taken for every answer.
 */
export interface ApplySnapshot {
  readonly rng: number[];
  readonly seq: number;
  readonly clock: number;
  /** null: there were none (a fresh empty one is put back). */
  readonly events: State["events"] | null;
  readonly modifiers: State["modifiers"] | null;
  /** The stack's frame objects (the runtime journals each before its first change: `frameJournal`). */
  readonly frames: Frame[];
  readonly decision: Decision | null;
  readonly match: State["match"];
  readonly seen: State["seen"] | null;
  readonly logLength: number;
  readonly turnstile: number;
  readonly chain: State["chain"];
  readonly version: State["version"];
}

export function takeSnapshot(s: State): ApplySnapshot {
  let seen: State["seen"] | null = null;
  for (const _ in s.seen) {
    seen = { ...s.seen };
    break;
  }
  let events: State["events"] | null = null;
  for (const _ in s.events) {
    events = copyEvents(s.events);
    break;
  }
  const m = s.match;
  return {
    rng: s.rng.slice(),
    seq: s.seq,
    clock: s.clock,
    events,
    modifiers: s.modifiers.length === 0 ? null : s.modifiers.slice(),
    frames: s.frames.slice(),
    decision: copyDecision(s.decision),
    match: { number: m.number, results: m.results.slice(), over: m.over, winner: m.winner },
    seen,
    logLength: s.log.length,
    turnstile: s.turnstile,
    chain: s.chain === undefined ? undefined : copyChain(s.chain, copyFrame),
    version: s.version,
  };
}

/** Puts a snapshot back into the same state object (callers hold it), with the frames as journaled. */
export function restoreSnapshot(s: State, snap: ApplySnapshot, frameJournal: ReadonlyMap<Frame, Frame>): void {
  s.rng = snap.rng;
  s.seq = snap.seq;
  s.clock = snap.clock;
  s.events = snap.events ?? {};
  s.modifiers = snap.modifiers ?? [];
  s.frames = snap.frames.map((f) => frameJournal.get(f) ?? f);
  s.decision = snap.decision;
  s.match = snap.match;
  s.seen = snap.seen ?? {};
  s.log.length = snap.logLength;
  s.turnstile = snap.turnstile;
  if (snap.chain === undefined) delete s.chain;
  else s.chain = snap.chain;
  if (snap.version === undefined) delete s.version;
  else s.version = snap.version;
}
