/**
 * A state as a scenario's `given:` board: each player's zones (top first) with each card's
 * property values, the players' and the game's properties. Seats may be swapped so that the
 * player to move becomes `me`, which the games' scenario flows start with.
 *
 * A property that names a card or a player (a status's holder, the active character) is kept as
 * a reference to the entity of the original game. On the new board it becomes the number the
 * entity will have there (a board numbers its cards from players + 1 in the order it lists them,
 * seat by seat, zone by zone: runtime/setup.ts buildBoard), and in the scenario file a name
 * (`{ ref: me.main.imp }`) when one fits. While the shrinker removes cards, such a value follows
 * its card, and goes when its card goes.
 *
 * What a board cannot hold is left out, and the shrinker finds out by replaying whether the
 * failure survives without it: lasting modifiers, trigger usages, paused effects and the chain.
 */
import type { Board, EntityId, State, Value } from "../../../runtime/index.ts";
import type { Type } from "../../core/semantic/types.ts";
import type { Vocabulary } from "../../core/semantic/vocabulary.ts";

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
  readonly players: readonly {
    readonly seat: EntityId;
    readonly props: FuzzProps;
    readonly zones: Readonly<Record<string, readonly FuzzCard[]>>;
  }[];
}

type Kind = "plain" | "entity" | "entities" | "skip";

function kindOf(ty: Type | undefined): Kind {
  if (ty === undefined) return "skip";
  if (ty.t === "opt") return kindOf(ty.of);
  if (ty.t === "player" || ty.t === "card" || ty.t === "entity") return "entity";
  if (ty.t === "list") {
    const inner = kindOf(ty.of);
    return inner === "plain" ? "plain" : inner === "entity" ? "entities" : "skip";
  }
  return ty.t === "number" || ty.t === "bool" || ty.t === "text" || ty.t === "enum" || ty.t === "cardid"
    ? "plain"
    : "skip";
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function propsOf(
  values: Readonly<Record<string, Value>>,
  decls: ReadonlyMap<string, { readonly type: Type; readonly default: unknown }>,
  scalarsOnly = false,
): Record<string, FuzzValue> {
  const out: Record<string, FuzzValue> = {};
  for (const k of Object.keys(values).sort()) {
    const d = decls.get(k);
    const v = values[k] as Value;
    const kind = kindOf(d?.type);
    if (d === undefined || kind === "skip" || same(v, d.default ?? null)) continue;
    if (scalarsOnly && (Array.isArray(v) || v === null)) continue;
    if (kind === "entity" && typeof v === "number") out[k] = { entity: v };
    else if (kind === "entities" && Array.isArray(v))
      out[k] = { entities: v.filter((x): x is number => typeof x === "number") };
    else if (kind === "plain" || v === null) out[k] = v;
  }
  return out;
}

/** The board of `st` with seat `first` as `me` (seat 1) and the others after it in seat order. */
export function boardOf(
  voc: Vocabulary,
  zoneNames: readonly string[],
  players: number,
  st: State,
  first: EntityId,
): FuzzBoard {
  const seats = Array.from({ length: players }, (_, i) => ((first - 1 + i) % players) + 1);
  return {
    // Match options are game properties at run time (and in `given.game`).
    game: propsOf(st.entities[0]?.props ?? {}, new Map([...voc.props.game, ...voc.options]), true),
    players: seats.map((seat) => {
      const zones: Record<string, FuzzCard[]> = {};
      for (const z of zoneNames) {
        const ids = st.zones[`${seat}:${z}`] ?? [];
        if (ids.length > 0)
          zones[z] = ids.map((id) => ({
            from: id,
            card: st.entities[id]?.card ?? "",
            props: propsOf(st.entities[id]?.props ?? {}, voc.props.card),
          }));
      }
      const props = propsOf(st.entities[seat]?.props ?? {}, voc.props.player);
      delete props["name"];
      return { seat, props, zones };
    }),
  };
}

/** How a scenario file writes a reference: `{ ref: me.<zone>.<card> }` (see docs/files.md), or the entity's number. */
export type WrittenRef = { readonly ref: string } | EntityId;
type WrittenValue = Value | WrittenRef | readonly WrittenRef[];
type WrittenProps = Readonly<Record<string, WrittenValue>>;

export type WrittenCard = string | { readonly card: string; readonly props?: WrittenProps };

/** A board as a scenario file's `given` writes it (a runtime Board, with references possibly by name). */
export interface WrittenBoard {
  readonly game?: WrittenProps;
  readonly players: readonly {
    readonly props?: WrittenProps;
    readonly zones?: Readonly<Record<string, readonly WrittenCard[]>>;
  }[];
}

/** The runtime's board: references numbered as the new board numbers its entities. */
export function materialize(b: FuzzBoard): Board {
  // Every reference is a number here, so the written board is a runtime board.
  return build(b, (id) => id) as Board;
}

/**
 * The board as a scenario file writes it: a reference by name (`{ ref: me }`, `{ ref:
 * me.main.imp }`) when the name fits only that entity, else by its number; and whether any
 * reference had to stay a number (the file then says how boards number their entities).
 */
export function namedBoard(b: FuzzBoard): { readonly board: WrittenBoard; readonly numbered: boolean } {
  const sides = ["me", "opponent"];
  const names = new Map<EntityId, string>();
  b.players.forEach((_, i) => names.set(i + 1, sides[i] ?? String(i + 1)));
  const seen = new Map<string, number>();
  let seq = b.players.length + 1;
  const keyed: [EntityId, string][] = [];
  b.players.forEach((p, i) => {
    for (const z in p.zones) {
      for (const c of p.zones[z] ?? []) {
        const name = `${sides[i] ?? i + 1}.${z}.${c.card}`;
        seen.set(name, (seen.get(name) ?? 0) + 1);
        keyed.push([seq++, name]);
      }
    }
  });
  for (const [id, name] of keyed) if (seen.get(name) === 1 && b.players.length <= sides.length) names.set(id, name);
  let numbered = false;
  const board = build(b, (id) => {
    const name = names.get(id);
    if (name === undefined) numbered = true;
    return name === undefined ? id : { ref: name };
  });
  return { board, numbered };
}

/** The board with each reference as `write` puts the new board's number of the entity. */
function build(b: FuzzBoard, write: (id: EntityId) => WrittenRef): WrittenBoard {
  const ids = new Map<EntityId, EntityId>();
  b.players.forEach((p, i) => ids.set(p.seat, i + 1));
  let seq = b.players.length + 1;
  for (const p of b.players) for (const z in p.zones) for (const c of p.zones[z] ?? []) ids.set(c.from, seq++);
  const props = (ps: FuzzProps): Record<string, WrittenValue> => {
    const out: Record<string, WrittenValue> = {};
    for (const k in ps) {
      const v = ps[k] as FuzzValue;
      if (v !== null && typeof v === "object" && "entity" in v) {
        const id = ids.get(v.entity);
        if (id !== undefined) out[k] = write(id);
      } else if (v !== null && typeof v === "object" && "entities" in v)
        out[k] = v.entities.flatMap((e) => (ids.has(e) ? [write(ids.get(e) as number)] : []));
      else out[k] = v;
    }
    return out;
  };
  const game = props(b.game);
  return {
    ...(Object.keys(game).length > 0 ? { game } : {}),
    players: b.players.map((p) => {
      const zones: Record<string, (string | { card: string; props: WrittenProps })[]> = {};
      for (const z in p.zones) {
        zones[z] = (p.zones[z] ?? []).map((c) => {
          const cp = props(c.props);
          return Object.keys(cp).length === 0 ? c.card : { card: c.card, props: cp };
        });
      }
      return { props: props(p.props), zones };
    }),
  };
}

/** The number of cards on a board (what the shrinker makes smaller). */
export function boardSize(b: FuzzBoard): number {
  let n = 0;
  for (const p of b.players) for (const z in p.zones) n += (p.zones[z] ?? []).length;
  return n;
}
