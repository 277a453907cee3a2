/**
 * Emitting events: the record, the end of modifiers and trigger-limit periods it closes, and the
 * `$dispatch` frame that runs the listeners one by one in the game's order.
 */
import { controllerOf } from "./props.ts";
import { dropModifiers } from "../kernel/entities.ts";
import { madeEvent, ownEntity, ownEventTable } from "../kernel/cow.ts";
import type { Kernel } from "../kernel/kernel.ts";
import { pushFrame, ret } from "./frames.ts";
import { pushLog } from "../kernel/log.ts";
import { collectListeners } from "./order.ts";
import type { Entity, EventRecord, Frame, Value } from "../types.ts";
import { truthy } from "../state/values.ts";
import { BUDGETS, formatBounded } from "../state/budget.ts";

export const DISPATCH = "$dispatch";

export function emit(rt: Kernel, f: Frame, into: string | null, name: string, fields: Record<string, Value>): void {
  const st = rt.state;
  for (const k in fields) rt.storing(fields[k] as Value, name, k);
  const id = st.seq++;
  const rec: EventRecord = { id, name, fields, at: st.clock };
  const events = ownEventTable(rt);
  events[id] = rec;
  madeEvent(rt, rec);
  if (rt.undo.active) rt.undo.eventNew(events, id);
  f.owned.push(id);
  if (rt.logging) {
    // The fields as emitted, for tools that read the structured log (`field:<name>`).
    const data: Record<string, Value> = { event: id, name };
    for (const k in fields) data[`field:${k}`] = fields[k] as Value;
    pushLog(st, "event", eventText(rt, name, fields), data, rt.by());
  }

  if (st.modifiers.length !== 0) dropModifiers(rt, (m) => m.until === name);
  const period = rt.ix.limitPeriods.get(name);
  if (period !== undefined) resetLimits(rt, period.keys, period.zones);

  const table = rt.ix.triggers.get(name);
  if (table !== undefined) {
    const listeners = collectListeners(rt, table, f.me, f.self, id);
    if (listeners.length > 0) {
      // `since`: cards that arrived after the earlier event named by that field do not hear this one.
      const sinceField = rt.ix.rules.events[name]?.since;
      const origin = sinceField === undefined ? undefined : st.events[fields[sinceField] as number]?.at;
      const q: number[] = [];
      for (const l of listeners)
        if (origin === undefined || l.entity.arrival < origin) q.push(l.entity.id, l.ref.index, l.entity.arrival);
      if (q.length > 0) {
        pushFrame(st, DISPATCH, { q, i: 0 }, into, null, f.me, f.self, id);
        return;
      }
    }
  }
  if (into !== null) f.L[into] = id;
}

/** Clears the fired-counters of triggers whose limit period just ended. */
function resetLimits(rt: Kernel, keys: ReadonlyMap<string, readonly string[]>, zones: readonly string[]): void {
  const st = rt.state;
  for (let owner = 0; owner <= rt.ix.players; owner++) {
    for (const z of zones) {
      const ids = st.zones[rt.ix.zoneKey(owner, z)];
      if (ids === undefined) continue;
      for (let i = 0; i < ids.length; i++) {
        let e = st.entities[ids[i] as number] as Entity;
        const ks = e.card === null ? undefined : keys.get(e.card);
        if (ks === undefined) continue;
        for (const k of ks) {
          if (e.counters[k] === undefined) continue;
          e = ownEntity(rt, e);
          // Undo puts the old counters object back whole (a re-added key would change the key order).
          if (rt.undo.active) {
            rt.undo.counters(e);
            e.counters = { ...e.counters };
          }
          delete e.counters[k];
        }
      }
    }
  }
}

function eventText(rt: Kernel, name: string, fields: Record<string, Value>): string {
  // Fields the rules declare as entities read as names ("target: Goblin"), the rest as values.
  const entities = rt.ix.rules.events[name]?.entityFields;
  let s = "";
  for (const k in fields)
    s += `${s === "" ? "" : ", "}${k}: ${entities?.includes(k) ? rt.name(fields[k] as Value) : formatBounded(fields[k], BUDGETS.logLine)}`;
  return s === "" ? name : `${name} { ${s} }`;
}

/**
 * The `$dispatch` step: fires the next queued listener that is still where it listened from
 * (same arrival), has usage left, is under its limit and whose `when` holds now; returns the
 * event id to the emitter when the queue is done.
 */
export function dispatchStep(rt: Kernel, f: Frame): void {
  const st = rt.state;
  const q = f.L.q as readonly number[];
  let i = f.L.i as number;
  const ev = f.ev as number;
  while (i < q.length) {
    const eid = q[i] as number;
    const index = q[i + 1] as number;
    const arrival = q[i + 2] as number;
    i += 3;
    let ent = st.entities[eid];
    if (ent === undefined || ent.card === null || ent.arrival !== arrival) continue;
    const ref = rt.ix.triggersOfCard.get(ent.card)?.[index];
    if (ref === undefined || !ref.zones.has(ent.zone)) continue;
    const def = ref.def;
    const c = ent.counters;
    if (def.usage !== null && (c[ref.usedKey] ?? 0) >= def.usage) continue;
    if (def.limit !== null && (c[ref.firedKey] ?? 0) >= def.limit.count) continue;
    if (
      def.when !== null &&
      !truthy(rt.callPure(ref.whenFn, def.when, { me: controllerOf(ent), self: eid, ev, L: {} }))
    )
      continue;
    if (def.limit !== null) {
      ent = ownEntity(rt, ent);
      if (rt.undo.active) rt.undo.counter(ent, ref.firedKey);
      ent.counters[ref.firedKey] = (ent.counters[ref.firedKey] ?? 0) + 1;
    }
    f.L.i = i;
    pushFrame(st, def.h, {}, null, { entity: eid, index }, controllerOf(ent), eid, ev);
    return;
  }
  f.L.i = i;
  ret(rt, f, ev);
}
