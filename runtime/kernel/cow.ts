/**
 * Copy on write for forked states (state/clone.ts, `forkState`): before a writer changes an
 * entity, a zone list, a zone or entity table, or the top frame of a state that may share it with
 * another, it takes the state's own copy from here. A state that shares nothing (never forked:
 * every state of an ordinary match) pays two comparisons per write.
 *
 * Copying an entity or a frame replaces the object in its table, so the kernel's caches that
 * hold entity objects (listener lists, flow/order.ts) are dropped by moving both change counters.
 */
import { copyEntity, copyEvent, copyFrame, forkCount, sharesOf, type Shares } from "../state/clone.ts";
import { hashTable } from "../state/values.ts";
import type { Entity, EntityId, EventRecord, Frame, State } from "../types.ts";
import type { CowCache, Kernel } from "./kernel.ts";

/** Whether the state whose shares these are has made `x` its own since its last fork. */
function owns(sh: Shares, x: object): boolean {
  return sh.owned !== null && sh.owned.has(x);
}

/** `x` is the state's own from now on (the set is made at the first: most forks of a search write little). */
function own(sh: Shares, x: object): void {
  if (sh.owned === null) sh.owned = new Set();
  sh.owned.add(x);
}

/** An empty cache of what a kernel's bound state shares. */
export function cowCache(): CowCache {
  return { state: null, forks: -1, shares: null };
}

/** What the bound state shares, or null (cached while the bound state and the fork count stay). */
function sharesNow(rt: Kernel): Shares | null {
  const c = rt.cow;
  const st = rt.state;
  const n = forkCount();
  if (c.state !== st || c.forks !== n) {
    c.state = st;
    c.forks = n;
    c.shares = sharesOf(st);
  }
  return c.shares;
}

/** The entity as the bound state's own, to change in place (a copy put in its table if it was shared). */
export function ownEntity(rt: Kernel, x: Entity): Entity {
  const sh = sharesNow(rt);
  if (sh === null || owns(sh, x)) return x;
  const entities = ownEntities(rt, sh);
  const c = copyEntity(x);
  entities[c.id] = c;
  own(sh, c);
  rt.copied();
  return c;
}

/** The entity table of the bound state, its own to add to or delete from. */
export function ownEntityTable(rt: Kernel): Record<number, Entity> {
  const sh = sharesNow(rt);
  return sh === null ? rt.state.entities : ownEntities(rt, sh);
}

function ownEntities(rt: Kernel, sh: Shares): Record<number, Entity> {
  const st = rt.state;
  if (!sh.entities) {
    st.entities = { ...st.entities };
    sh.entities = true;
  }
  return st.entities;
}

/** A new entity of the bound state: its own from the start (no copy at its first change). */
export function madeEntity(rt: Kernel, x: Entity): void {
  const sh = sharesNow(rt);
  if (sh !== null) own(sh, x);
}

/** The zone list at `key` as the bound state's own (undefined: there is none). */
export function ownZone(rt: Kernel, key: string): EntityId[] | undefined {
  const sh = sharesNow(rt);
  const st = rt.state;
  const list = st.zones[key];
  if (sh === null || list === undefined || owns(sh, list)) return list;
  const zones = ownZones(st, sh);
  const c = list.slice();
  zones[key] = c;
  own(sh, c);
  return c;
}

/** A new zone list at `key` (there was none): the zone table is made the state's own first. */
export function newZone(rt: Kernel, key: string, list: EntityId[]): EntityId[] {
  const sh = sharesNow(rt);
  const st = rt.state;
  if (sh === null) st.zones[key] = list;
  else {
    ownZones(st, sh)[key] = list;
    own(sh, list);
  }
  return list;
}

/** The zone table of the bound state, its own to add to or delete from. */
export function ownZoneTable(rt: Kernel): Record<string, EntityId[]> {
  const sh = sharesNow(rt);
  return sh === null ? rt.state.zones : ownZones(rt.state, sh);
}

function ownZones(st: State, sh: Shares): Record<string, EntityId[]> {
  if (!sh.zones) {
    st.zones = { ...st.zones };
    sh.zones = true;
  }
  return st.zones;
}

/** The event table of the bound state, its own to add to or delete from. */
export function ownEventTable(rt: Kernel): State["events"] {
  const sh = sharesNow(rt);
  const st = rt.state;
  if (sh !== null && !sh.events) {
    st.events = { ...st.events };
    sh.events = true;
  }
  return st.events;
}

/** The event record as the bound state's own, to change its fields in place (a copy put in its table if it was shared). */
export function ownEvent(rt: Kernel, rec: EventRecord): EventRecord {
  const sh = sharesNow(rt);
  if (sh === null || owns(sh, rec)) return rec;
  const c = copyEvent(rec);
  ownEventTable(rt)[c.id] = c;
  own(sh, c);
  return c;
}

/** A new event record of the bound state: its own from the start. */
export function madeEvent(rt: Kernel, rec: EventRecord): void {
  const sh = sharesNow(rt);
  if (sh !== null) own(sh, rec);
}

/** The repetition record (`seen`) of the bound state, its own to count in. */
export function ownSeen(rt: Kernel): State["seen"] {
  const sh = sharesNow(rt);
  const st = rt.state;
  if (sh !== null && !sh.seen) {
    st.seen = Object.assign(hashTable<number>(), st.seen);
    sh.seen = true;
  }
  return st.seen;
}

/** Whether the bound state's event and repetition tables are its own (undo notes them as an answer comes). */
export function tablesOwned(rt: Kernel): number {
  const sh = sharesNow(rt);
  return sh === null ? 3 : (sh.events ? 1 : 0) | (sh.seen ? 2 : 0);
}

/** After an undo put the event and repetition tables back: whether they are the state's own is as it was then. */
export function tablesRestored(rt: Kernel, owned: number): void {
  const sh = sharesNow(rt);
  if (sh === null) return;
  sh.events = (owned & 1) !== 0;
  sh.seen = (owned & 2) !== 0;
}

/**
 * The top frame of the bound state as its own, before it runs or changes (a copy put on the stack
 * if a fork shares it); undefined when the stack is empty.
 */
export function ownTopFrame(rt: Kernel): Frame | undefined {
  const frames = rt.state.frames;
  const i = frames.length - 1;
  const f = frames[i];
  if (f === undefined) return f;
  const sh = sharesNow(rt);
  if (sh === null || i >= sh.frames) return f;
  const c = copyFrame(f);
  frames[i] = c;
  sh.frames = i;
  return c;
}

/** After an undo put frames back on the stack: any of them may be shared again. */
export function framesRestored(rt: Kernel): void {
  const sh = sharesNow(rt);
  if (sh !== null) sh.frames = rt.state.frames.length;
}
