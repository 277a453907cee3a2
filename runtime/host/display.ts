/**
 * What a board shows, as the rules declare it (`show:` on properties and zones, a kind's `key`
 * fields, a zone's `group`): the sandbox's board and the terminal's summary both read it here, so
 * they agree. Nothing here changes a state; every function reads the state (or view) it is given.
 */
import type { Engine } from "./engine.ts";
import type { Action, Entity, EntityId, PropDef, Show, State, Value } from "../types.ts";

/** The property table of an entity: the game's (id 0), a player's, or a card's. */
export function propTable(engine: Engine, e: Entity): Readonly<Record<string, PropDef>> {
  const p = engine.module.rules.props;
  return e.card === null ? (e.id === 0 ? p.game : p.player) : p.card;
}

/** How a board shows a property of `e` (main unless the rules say otherwise). */
export function propShow(engine: Engine, e: Entity, prop: string): Show {
  return propTable(engine, e)[prop]?.show ?? "main";
}

/** How a board shows a zone (main unless the rules say otherwise). */
export function zoneShow(engine: Engine, zone: string): Show {
  return engine.module.rules.zones[zone]?.show ?? "main";
}

/** Whether a key field has something to say: none, false and [] do not; 0 does (0 HP, a cost of 0). */
const isSet = (v: Value | undefined): v is Value =>
  v !== undefined && v !== null && v !== false && !(Array.isArray(v) && v.length === 0);

/**
 * A card's key fields (its kind's `key`), as [name, value] pairs: the live property when the card
 * has one (its own value, else the card file's field, else the rules' default), else the card
 * file's field. Fields with nothing to say (none, false, []) are left out; a number is shown, 0
 * included (a character at 0 HP, no energy yet, a card that costs 0), unless the rules wrote the
 * field `name?` (the parts of a cost that this card does not ask for).
 */
export function keyFields(engine: Engine, e: Entity): [string, Value][] {
  if (e.card === null) return [];
  const def = engine.module.cards[e.card];
  if (def === undefined) return [];
  const props = engine.module.rules.props.card;
  const out: [string, Value][] = [];
  const kind = engine.module.rules.kinds[def.kind];
  for (const f of kind?.key ?? []) {
    const v = Object.hasOwn(e.props, f) ? e.props[f] : Object.hasOwn(def.fields, f) ? def.fields[f] : props[f]?.default;
    if (v === 0 && kind?.keyUnlessZero?.includes(f)) continue;
    if (isSet(v)) out.push([f, v as Value]);
  }
  return out;
}

/**
 * The properties of `e` a board shows at `level` (main: on the card; detail: also those shown when
 * asked), as [name, value] pairs: key fields and `name` excluded, a card's only when they differ
 * from the default, a player's numbers always.
 */
export function shownProps(engine: Engine, e: Entity, level: "main" | "detail"): [string, Value][] {
  const table = propTable(engine, e);
  const key = new Set(keyFields(engine, e).map(([k]) => k));
  const isPlayer = e.card === null && e.id !== 0;
  const out: [string, Value][] = [];
  for (const [k, v] of Object.entries(e.props)) {
    if (k === "name" || key.has(k)) continue;
    const show = table[k]?.show ?? "main";
    if (show === "hidden" || (show === "detail" && level === "main")) continue;
    const d = table[k]?.default;
    if (!(isPlayer && typeof d === "number") && JSON.stringify(v) === JSON.stringify(d ?? null)) continue;
    out.push([k, v]);
  }
  return out;
}

/** Cards of a zone that read the same (by `engine.nameOf`, so a kind with a `display` template reads by it), with counts, in first-seen order. */
export function groupCards(engine: Engine, st: State, ids: readonly EntityId[]): { name: string; ids: EntityId[] }[] {
  const groups = new Map<string, EntityId[]>();
  for (const id of ids) {
    const e = st.entities[id];
    const name = e === undefined || e.card === null ? "hidden card" : engine.nameOf(st, id);
    const g = groups.get(name);
    if (g) g.push(id);
    else groups.set(name, [id]);
  }
  return Array.from(groups, ([name, g]) => ({ name, ids: g }));
}

/** Where a card is, for people: "P2's field" (the zone's player: its holder, else its owner). */
export function placeOf(engine: Engine, st: State, id: EntityId): string | null {
  const e = st.entities[id];
  if (e === undefined || e.zone === "" || id <= engine.module.rules.players) return null;
  return `${engine.nameOf(st, e.holder ?? e.owner)}'s ${e.zone}`;
}

/**
 * A choice as its button or numbered line reads: the answer's label, and for a pick of a card its
 * zone and that zone's player ("P1 picks X — Target (P2's field)"), so two cards of one name
 * are told apart.
 */
export function choiceLabel(engine: Engine, st: State, a: Action): string {
  const label = engine.describe(st, a);
  const place = a.type === "pick" && typeof a.value === "number" ? placeOf(engine, st, a.value) : null;
  return place === null ? label : `${label} (${place})`;
}
