/**
 * A state as a scenario's `given:` board: the game's shared zones and each player's zones (top
 * first) with each card's property values, the players' and the game's properties, for every
 * seat the match has. Seats may be turned so that the player to move becomes `me`, which the
 * games' scenario flows start with.
 *
 * A property that names a card or a player (a status's holder, the active character) is kept as
 * a reference to the entity of the original game. On the new board it becomes the number the
 * entity will have there (a board numbers its cards from players + 1 in the order it lists them,
 * seat by seat, zone by zone: runtime/flow/setup.ts buildBoard), and in the scenario file a name
 * (`{ ref: me.main.imp }`) when one fits. While the shrinker removes cards, such a value follows
 * its card, and goes when its card goes.
 *
 * What a board cannot hold is left out, and the shrinker finds out by replaying whether the
 * failure survives without it: lasting modifiers, trigger usages, paused effects and the chain.
 */
import type { Board, EntityId, State, Value } from "../../../runtime/index.ts";
import type { Vocabulary } from "../../core/semantic/vocabulary.ts";
import {
  materialize,
  propKindsOf,
  type PropKind,
  type RefBoard,
  type RefCard,
  type RefValue,
} from "../../core/scenario/codec.ts";

/** A property value on a fuzz board: plain, or a reference to an entity of the original game. */
export type FuzzValue = Value | { readonly entity: EntityId } | { readonly entities: readonly EntityId[] };
export type FuzzProps = Readonly<Record<string, FuzzValue>>;

export interface FuzzCard {
  /** Its id in the game the board was cut from. */
  readonly from: EntityId;
  readonly card: string;
  readonly props: FuzzProps;
}

export interface FuzzBoard {
  readonly game: FuzzProps;
  /** The game's shared zones (`of: game`): their cards come after every seat's. */
  readonly zones?: Readonly<Record<string, readonly FuzzCard[]>>;
  readonly players: readonly {
    readonly seat: EntityId;
    readonly props: FuzzProps;
    readonly zones: Readonly<Record<string, readonly FuzzCard[]>>;
  }[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function propsOf(
  values: Readonly<Record<string, Value>>,
  decls: ReadonlyMap<string, { readonly default: unknown }>,
  kinds: ReadonlyMap<string, PropKind>,
  scalarsOnly = false,
): Record<string, FuzzValue> {
  const out: Record<string, FuzzValue> = {};
  for (const k of Object.keys(values).sort()) {
    const d = decls.get(k);
    const v = values[k] as Value;
    const kind = kinds.get(k) ?? "skip";
    if (d === undefined || kind === "skip" || same(v, d.default ?? null)) continue;
    if (scalarsOnly && (Array.isArray(v) || v === null)) continue;
    if (kind === "entity" && typeof v === "number") out[k] = { entity: v };
    else if (kind === "entities" && Array.isArray(v))
      out[k] = { entities: v.filter((x): x is number => typeof x === "number") };
    else if (kind === "plain" || v === null) out[k] = v;
  }
  return out;
}

/**
 * The board of `st` with seat `first` as `me` (seat 1) and the others after it in seat order; the
 * seats are those of the match (`st.seats`, in a game for a range of them), else `players`.
 */
export function boardOf(voc: Vocabulary, players: number, st: State, first: EntityId): FuzzBoard {
  const n = st.seats ?? players;
  const seats = Array.from({ length: n }, (_, i) => ((first - 1 + i) % n) + 1);
  const kinds = propKindsOf(voc);
  const zonesOf = (owner: EntityId, shared: boolean): Record<string, FuzzCard[]> => {
    const zones: Record<string, FuzzCard[]> = {};
    for (const [z, decl] of voc.zones) {
      if ((decl.of === "game") !== shared) continue;
      const ids = st.zones[`${owner}:${z}`] ?? [];
      if (ids.length > 0)
        zones[z] = ids.map((id) => ({
          from: id,
          card: st.entities[id]?.card ?? "",
          props: propsOf(st.entities[id]?.props ?? {}, voc.props.card, kinds.card),
        }));
    }
    return zones;
  };
  return {
    // Match options are game properties at run time (and in `given.game`).
    game: propsOf(st.entities[0]?.props ?? {}, new Map([...voc.props.game, ...voc.options]), kinds.game, true),
    zones: zonesOf(0, true),
    players: seats.map((seat) => {
      const props = propsOf(st.entities[seat]?.props ?? {}, voc.props.player, kinds.player);
      delete props["name"];
      return { seat, props, zones: zonesOf(seat, false) };
    }),
  };
}

/**
 * The fuzz board as the codec's board (compiler/core/scenario/codec-board.ts): each reference to
 * an entity of the original game becomes the number the entity has on the new board (a board
 * numbers its cards from players + 1 in the order it lists them, seat by seat, zone by zone),
 * and goes when its entity is no longer on the board. The codec writes it (`boardToGiven`) or
 * gives the runtime's board (`materialize`).
 */
export function refBoard(b: FuzzBoard): RefBoard {
  const ids = new Map<EntityId, EntityId>();
  b.players.forEach((p, i) => ids.set(p.seat, i + 1));
  let seq = b.players.length + 1;
  for (const p of b.players) for (const z in p.zones) for (const c of p.zones[z] ?? []) ids.set(c.from, seq++);
  for (const z in b.zones ?? {}) for (const c of b.zones?.[z] ?? []) ids.set(c.from, seq++);
  const props = (ps: FuzzProps): Record<string, RefValue> => {
    const out: Record<string, RefValue> = {};
    for (const k in ps) {
      const v = ps[k] as FuzzValue;
      if (v !== null && typeof v === "object" && "entity" in v) {
        const id = ids.get(v.entity);
        if (id !== undefined) out[k] = { entity: id };
      } else if (v !== null && typeof v === "object" && "entities" in v)
        out[k] = { entities: v.entities.flatMap((e) => (ids.has(e) ? [ids.get(e) as number] : [])) };
      else out[k] = v;
    }
    return out;
  };
  const game = props(b.game);
  const cards = (zs: Readonly<Record<string, readonly FuzzCard[]>>): Record<string, RefCard[]> => {
    const zones: Record<string, RefCard[]> = {};
    for (const z in zs)
      zones[z] = (zs[z] ?? []).map((c) => {
        const cp = props(c.props);
        return Object.keys(cp).length === 0 ? c.card : { card: c.card, props: cp };
      });
    return zones;
  };
  const shared = cards(b.zones ?? {});
  return {
    ...(Object.keys(game).length > 0 ? { game } : {}),
    ...(Object.keys(shared).length > 0 ? { zones: shared } : {}),
    players: b.players.map((p) => ({ props: props(p.props), zones: cards(p.zones) })),
  };
}

/** The runtime's board of a fuzz board (what the shrinker replays). */
export function runtimeBoard(b: FuzzBoard): Board {
  return materialize(refBoard(b));
}

/** The number of cards on a board (what the shrinker makes smaller). */
export function boardSize(b: FuzzBoard): number {
  let n = 0;
  for (const p of b.players) for (const z in p.zones) n += (p.zones[z] ?? []).length;
  for (const z in b.zones ?? {}) n += (b.zones?.[z] ?? []).length;
  return n;
}
