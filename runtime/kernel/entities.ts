/**
 * The kernel's writers of entities and modifiers outside generated code's own statements: a card
 * created in a zone (setup and `create`), lasting modifiers dropped (a card left, a period ended),
 * and the zone-list consistency check. Each records its change in the undo journal first.
 */
import type { Kernel } from "./kernel.ts";
import { madeEntity, newZone, ownEntityTable, ownZone } from "./cow.ts";
import type { Entity, EntityId, Modifier, State, Value } from "../types.ts";

/** One pass over every zone list: cards listed twice, in a list other than their own zone's, or in none. */
export function misplacedCards(st: State): EntityId[] {
  const listed = new Map<EntityId, number>();
  const bad = new Set<EntityId>();
  for (const key in st.zones) {
    const colon = key.indexOf(":");
    for (const id of st.zones[key] as EntityId[]) {
      listed.set(id, (listed.get(id) ?? 0) + 1);
      const e = st.entities[id];
      if (e === undefined || e.zone !== key.slice(colon + 1) || String(e.holder ?? e.owner) !== key.slice(0, colon))
        bad.add(id);
    }
  }
  for (const id in st.entities) {
    const e = st.entities[id] as Entity;
    if (e.card !== null && listed.get(e.id) !== 1) bad.add(e.id);
  }
  return [...bad].sort((a, b) => a - b);
}

/** Removes, in place, the lasting modifiers that `gone` selects (their card left, or their period ended). */
export function dropModifiers(rt: Kernel, gone: (m: Modifier) => boolean): void {
  const mods = rt.state.modifiers;
  let first = 0;
  while (first < mods.length && !gone(mods[first] as Modifier)) first++;
  if (first === mods.length) return;
  if (rt.undo.active) rt.undo.modifierList(rt.state);
  let j = first;
  for (let i = first + 1; i < mods.length; i++) {
    const m = mods[i] as Modifier;
    if (!gone(m)) mods[j++] = m;
  }
  mods.length = j;
}

/** Creates a card entity at the bottom of a zone (no log); with `givenId`, the caller manages `seq`. */
export function createEntity(
  rt: Kernel,
  card: string,
  owner: EntityId,
  zone: string,
  props?: Record<string, Value>,
  givenId?: EntityId,
): EntityId {
  const st = rt.state;
  const id = givenId ?? st.seq++;
  const x: Entity = {
    id,
    card: rt.ix.cardId(card),
    owner,
    zone,
    arrival: st.clock++,
    props: props ?? {},
    counters: {},
  };
  ownEntityTable(rt)[id] = x;
  madeEntity(rt, x);
  const key = rt.ix.zoneKey(owner, zone);
  const ids = ownZone(rt, key);
  const undo = rt.undo.active ? rt.undo : null;
  undo?.created(x);
  if (ids === undefined) {
    undo?.zoneNew(key);
    newZone(rt, key, [id]);
  } else {
    undo?.zoneAdd(ids, false);
    ids.push(id);
  }
  return id;
}
