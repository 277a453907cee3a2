/**
 * Property reads: own value, else the card's static field, else the rules default; then the
 * lasting modifiers in order; then, for computed properties, the compute listeners of cards in
 * play in the game's order; finally the declared min/max.
 */
import type { Kernel } from "../kernel/kernel.ts";
import type { PropSlot } from "../kernel/module-index.ts";
import { collectListeners, firstPlayer } from "./order.ts";
import type { Entity, EntityId, Modifier, PropDef, Value } from "../types.ts";
import { truthy } from "../state/values.ts";

/** A value combined by a modifier operator (`+` also joins lists and texts). */
export function combine(op: Modifier["op"], a: Value, b: Value): Value {
  if (op === "=") return b;
  if (typeof a === "number" && typeof b === "number") return op === "+=" ? a + b : a - b;
  if (op === "+=") {
    if (a === null) return b;
    if (typeof a === "string" && typeof b === "string") return a + b;
    if (Array.isArray(a)) return Array.isArray(b) ? [...a, ...(b as Value[])] : [...a, b];
    return a;
  }
  if (Array.isArray(a)) {
    const drop = Array.isArray(b) ? (b as readonly Value[]) : [b];
    return a.filter((x) => !drop.includes(x as Value));
  }
  return a;
}

/** An entity's own value of a property, else what it inherits (see `inheritedOf`). */
export function baseOf(e: EntityId, ent: Entity, slot: PropSlot): Value {
  const own = ent.props[slot.name];
  if (own !== undefined && typeof own !== "function") return own;
  return inheritedOf(e, ent, slot);
}

/** The value of a property an entity does not hold itself: the card's static field, else the rules default. */
export function inheritedOf(e: EntityId, ent: Entity, slot: PropSlot): Value {
  if (ent.card !== null) {
    const v = slot.inherited.get(ent.card);
    return v !== undefined ? v : slot.cardDefault;
  }
  const def = e === 0 ? slot.game : slot.player;
  return def === undefined ? null : def.default;
}

/** The declaration an entity reads a property's default and bounds from. */
export function declOf(e: EntityId, ent: Entity, slot: PropSlot): PropDef | undefined {
  return e === 0 ? slot.game : ent.card === null ? slot.player : slot.card;
}

/** The full read of a property: facts, own or inherited value, lasting modifiers, computes, bounds. */
export function readSlot(rt: Kernel, e: EntityId, slot: PropSlot): Value {
  const ent = rt.state.entities[e] ?? rt.entity(e);
  const prop = slot.name;
  if (slot.fact)
    switch (prop) {
      case "owner":
        return ent.owner;
      case "controller":
        return controllerOf(ent);
      case "kind":
        return rt.kind(e);
      case "card":
        return ent.card;
      case "zone":
        return ent.card === null ? null : ent.zone;
    }
  const def = declOf(e, ent, slot);
  // A computed value remembered since the last change is the final value: look it up first.
  let memo = -1;
  let gen = 0;
  if (def !== undefined && def.computed === true) {
    // Another state, or a change other than a property's set since the memo was last forgotten: forget it whole.
    if (rt.memoState !== rt.state || rt.memoMutations !== rt.mutations - rt.sets) rt.forgetComputed();
    memo = e * rt.ix.computedCount + slot.memo;
    gen = rt.computedGen[slot.memo] as number;
    if (rt.computing.length === 0 && rt.memoGens[memo] === gen) return rt.memoValues[memo] as Value;
  }
  let v = baseOf(e, ent, slot);
  const mods = rt.state.modifiers;
  for (let i = 0; i < mods.length; i++) {
    const m = mods[i] as Modifier;
    if (m.entity === e && m.prop === prop) v = combine(m.op, v, m.value);
  }
  if (def === undefined) return v;
  if (memo >= 0) {
    v = compute(rt, e, slot, v);
    if (typeof v === "number") {
      if (def.min !== undefined && v < def.min) v = def.min;
      if (def.max !== undefined && v > def.max) v = def.max;
    }
    // Only a top-level read is remembered (a nested one may see a value before computes).
    if (rt.computing.length === 0) {
      rt.memoValues[memo] = v;
      rt.memoGens[memo] = gen;
    }
    return v;
  }
  if (typeof v === "number") {
    if (def.min !== undefined && v < def.min) v = def.min;
    if (def.max !== undefined && v > def.max) v = def.max;
  }
  return v;
}

/** Runs the compute listeners of a computed property. A listener reading the same (entity, property) sees the value before computes. */
function compute(rt: Kernel, e: EntityId, slot: PropSlot, v: Value): Value {
  const table = slot.computes;
  if (table === undefined) return v;
  const prop = slot.name;
  const guard = rt.computing;
  for (let i = 0; i < guard.length; i += 2) if (guard[i] === e && guard[i + 1] === prop) return v;
  // Compute listeners run in player, zone and arrival order (the rules' rank orders triggers,
  // not value adjustments), so the list changes only when a card listening for this property
  // changes zone or the first player changes: between two such changes, reuse it.
  let cached = rt.computeCache.get(prop);
  if (cached === undefined || cached.state !== rt.state || cached.mutations !== rt.mutations) {
    // Something changed: the list stands if no card changed zone and the first player is the same.
    // The first player for compute order, asked once per change (not once per property).
    if (rt.firstState !== rt.state || rt.firstMutations !== rt.mutations) {
      rt.firstValue = firstPlayer(rt, 1, null, null);
      rt.firstState = rt.state;
      rt.firstMutations = rt.mutations;
    }
    const first = rt.firstValue;
    const moves = rt.tableMoves[table.id] ?? 0;
    if (
      cached === undefined ||
      cached.state !== rt.state ||
      cached.epoch !== rt.listenEpoch ||
      cached.moves !== moves ||
      cached.first !== first
    ) {
      cached = {
        state: rt.state,
        mutations: rt.mutations,
        epoch: rt.listenEpoch,
        moves,
        first,
        listeners: collectListeners(rt, table, 1, null, null, false),
      };
      rt.computeCache.set(prop, cached);
    } else cached.mutations = rt.mutations;
  }
  const listeners = cached.listeners;
  if (listeners.length === 0) return v;
  guard.push(e, prop);
  try {
    for (const l of listeners) {
      const self = l.entity.id;
      // the listener may have left play while an earlier one ran (pure code cannot move, but be safe)
      if (rt.state.entities[self] !== l.entity) continue;
      if (l.ref.def.ofSelf === true && self !== e) continue;
      const scope = { me: l.entity.owner, self, ev: null, L: { subject: e, value: v } };
      const when = l.ref.def.when;
      if (when === null || truthy(rt.callPure(l.ref.whenFn, when, scope)))
        v = rt.callPure(l.ref.valueFn, l.ref.def.fn, scope);
    }
  } finally {
    guard.length -= 2;
  }
  return v;
}

/**
 * The player controlling an entity: the one the rules set, else its owner; a card the game owns
 * is controlled by the player whose zone holds it (the game itself while it is in a game zone).
 */
export function controllerOf(ent: Entity): EntityId {
  if (ent.controller !== undefined) return ent.controller;
  return ent.owner === 0 ? (ent.holder ?? 0) : ent.owner;
}
