/**
 * A fast copy of a state. Parts the runtime never mutates in place (log entries, modifiers,
 * action options, trigger refs, value lists) are shared; everything mutable is copied.
 */
import type { ChainState, Decision, Entity, EventRecord, Frame, State } from "../types.ts";

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
    match: { number: s.match.number, results: s.match.results.slice(), over: s.match.over, winner: s.match.winner },
    seen: { ...s.seen },
    log: s.log.slice(),
    turnstile: s.turnstile,
  };
  if (s.chain !== undefined) copy.chain = copyChain(s.chain);
  if (s.version !== undefined) copy.version = s.version;
  return copy;
}

function copyEvents(from: State["events"]): State["events"] {
  const events: Record<number, EventRecord> = {};
  for (const k in from) {
    const e = from[k as unknown as number] as EventRecord;
    events[k as unknown as number] =
      e.at === undefined
        ? { id: e.id, name: e.name, fields: { ...e.fields } }
        : { id: e.id, name: e.name, fields: { ...e.fields }, at: e.at };
  }
  return events;
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
