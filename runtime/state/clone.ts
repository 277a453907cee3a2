/**
 * Copies of a state. `cloneState` is a copy of its own: parts the runtime never mutates in place
 * (log entries, modifiers, action options, trigger refs, value lists) are shared, everything
 * mutable is copied, and a host may change either state by hand. `forkState` is the copy for
 * search: it copies only the small parts and shares the entity, zone, event and repetition tables,
 * the entities, the zone lists, the events, the paused frames and the log with the original until the runtime first
 * writes one of them in either state (copy on write, `Shares`; the writers are in
 * kernel/cow.ts). After a fork, both states may be changed only through the runtime.
 */
import type { ChainState, Decision, Entity, EventRecord, Frame, LogEntry, State } from "../types.ts";
import { hashTable } from "./values.ts";

/**
 * Logs shared by a state and its copies. A copy does not copy the log (entries are never changed,
 * and the log only grows or, on undo, shrinks back): both states hold the same array until one
 * of them writes to it, and that one copies it first (`ownLog`). So a copy costs nothing for the
 * log, however long, and a search that never logs never copies it.
 */
const sharedLogs = new WeakSet<LogEntry[]>();

/**
 * What a forked state may share with other states (copy on write). Absent for a state that was
 * never forked nor made by a fork: everything in it is its own.
 */
export interface Shares {
  /** Whether the `entities` table is this state's own (else: copy it before adding or deleting a key). */
  entities: boolean;
  /** The same for the `zones` table. */
  zones: boolean;
  /** The same for the `events` table (its records: see `owned`). */
  events: boolean;
  /** Whether the `seen` table is this state's own (else: copy it before counting a position). */
  seen: boolean;
  /** Entities, zone lists and event records this state copied or made since its last fork: its own to change in place. */
  owned: Set<object> | null;
  /** Frames at the bottom of the stack below this index may be shared: copied before they run or change. */
  frames: number;
}

const shares = new WeakMap<State, Shares>();
/** Counts forks: a cache of `sharesOf` is stale once it moves. */
let forks = 0;

/** What `s` shares with other states, or null when it shares nothing. */
export function sharesOf(s: State): Shares | null {
  return shares.get(s) ?? null;
}

/** How many forks were made so far (for caches of `sharesOf`). */
export function forkCount(): number {
  return forks;
}

/** Everything `s` holds is shared from now on (it was just forked). */
function shareAll(s: State): void {
  const sh = shares.get(s);
  if (sh === undefined) {
    shares.set(s, {
      entities: false,
      zones: false,
      events: false,
      seen: false,
      owned: null,
      frames: s.frames.length,
    });
    return;
  }
  sh.entities = false;
  sh.zones = false;
  sh.events = false;
  sh.seen = false;
  sh.owned = null;
  sh.frames = s.frames.length;
}

/**
 * A copy for search (see the header): a few small parts copied (RNG words, modifiers, the
 * decision, the match record, the chain), the frame list copied but not its frames, and the
 * entity, zone, event and repetition tables shared, so that a copy costs about as much as the
 * state has small parts, and a step that then changes a few cards copies those cards only.
 */
export function forkState(s: State): State {
  forks++;
  const copy: State = {
    game: s.game,
    rng: s.rng.slice(),
    seq: s.seq,
    clock: s.clock,
    entities: s.entities,
    zones: s.zones,
    events: s.events,
    modifiers: s.modifiers.slice(),
    frames: s.frames.slice(),
    decision: copyDecision(s.decision),
    match: matchCopy(s.match),
    seen: s.seen,
    log: shareLog(s),
    turnstile: s.turnstile,
  };
  copyOptionalParts(s, copy);
  shareAll(s);
  shareAll(copy);
  return copy;
}

/** The log of `s`, its own to append to or shorten (copied first if a copy shares it). */
export function ownLog(s: State): LogEntry[] {
  const log = s.log;
  if (!sharedLogs.has(log)) return log;
  const own = log.slice();
  s.log = own;
  return own;
}

/** Shares the log of `s` with a copy (the caller puts the same array in the copy). */
function shareLog(s: State): LogEntry[] {
  sharedLogs.add(s.log);
  return s.log;
}

export function copyEntity(e: Entity): Entity {
  const c: Entity = {
    id: e.id,
    card: e.card,
    owner: e.owner,
    zone: e.zone,
    arrival: e.arrival,
    props: { ...e.props },
    counters: { ...e.counters },
  };
  if (e.holder !== undefined) c.holder = e.holder;
  if (e.controller !== undefined) c.controller = e.controller;
  if (e.known !== undefined) c.known = e.known.slice();
  return c;
}

export function copyFrame(f: Frame): Frame {
  return {
    h: f.h,
    step: f.step,
    L: { ...f.L },
    into: f.into,
    trigger: f.trigger,
    owned: f.owned.slice(),
    me: f.me,
    self: f.self,
    ev: f.ev,
  };
}

function copyDecision(d: Decision | null): Decision | null {
  return d !== null && d.type === "choose" ? { ...d, picked: d.picked.slice() } : d;
}

export function cloneState(s: State): State {
  const entities: Record<number, Entity> = {};
  for (const k in s.entities)
    entities[k as unknown as number] = copyEntity(s.entities[k as unknown as number] as Entity);
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
    match: matchCopy(s.match),
    seen: Object.assign(hashTable<number>(), s.seen),
    log: s.log.slice(),
    turnstile: s.turnstile,
  };
  copyOptionalParts(s, copy);
  return copy;
}

function copyEvents(from: State["events"]): State["events"] {
  const events: Record<number, EventRecord> = {};
  for (const k in from) events[k as unknown as number] = copyEvent(from[k as unknown as number] as EventRecord);
  return events;
}

/** An event record with its own fields. */
export function copyEvent(e: EventRecord): EventRecord {
  return e.at === undefined
    ? { id: e.id, name: e.name, fields: { ...e.fields } }
    : { id: e.id, name: e.name, fields: { ...e.fields }, at: e.at };
}

/** A copy of the chain, for `cloneState` and the undo journal (kernel/undo.ts). */
export function copyChain(c: ChainState): ChainState {
  return {
    links: c.links.map((l) => ({
      n: l.n,
      frame: copyFrame(l.frame),
      source: l.source,
      controller: l.controller,
      targets: l.targets.slice(),
      arrival: l.arrival,
    })),
    holder: c.holder,
    passes: c.passes,
    ...(c.settled === undefined ? {} : { settled: c.settled }),
  };
}

/** The match record, copied (`between` only where it is set). */
function matchCopy(m: State["match"]): State["match"] {
  const out: State["match"] = { number: m.number, results: m.results.slice(), over: m.over, winner: m.winner };
  if (m.between === true) out.between = true;
  return out;
}

/** The state's optional parts, copied only when present (a state without them stays without them: hashes and saves agree). */
function copyOptionalParts(s: State, copy: State): void {
  if (s.chain !== undefined) copy.chain = copyChain(s.chain);
  if (s.version !== undefined) copy.version = s.version;
  if (s.seats !== undefined) copy.seats = s.seats;
  if (s.salt !== undefined) copy.salt = s.salt;
  if (s.shuffles !== undefined) copy.shuffles = { ...s.shuffles };
}
