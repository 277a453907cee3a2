/**
 * A state as a scenario's `given:` board: each player's zones (top first) with each card's
 * property values, the players' and the game's properties. What `given` cannot say is left out
 * and the shrinker finds out by replaying whether the failure survives without it: values that
 * name other cards or players (an entity id means nothing in a new game), lasting modifiers,
 * trigger usages, the paused effects and the chain. Seats may be swapped so that the player to
 * move becomes `me`, which the games' scenario flows start with.
 */
import type { Board, BoardCard, EntityId, State, Value } from "../../../runtime/index.ts";
import type { Type } from "../../core/types.ts";
import type { Vocabulary } from "../../core/vocabulary.ts";

/** A type whose values a board can write: numbers, bools, texts, enums, card ids, and lists of them. */
function writable(ty: Type | undefined): boolean {
  if (ty === undefined) return false;
  if (ty.t === "list") return writable(ty.of);
  return ty.t === "number" || ty.t === "bool" || ty.t === "text" || ty.t === "enum" || ty.t === "cardid";
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function propsOf(values: Readonly<Record<string, Value>>, decls: ReadonlyMap<string, { readonly type: Type; readonly default: unknown }>, scalarsOnly = false): Record<string, Value> {
  const out: Record<string, Value> = {};
  for (const k of Object.keys(values).sort()) {
    const d = decls.get(k);
    const v = values[k] as Value;
    if (d === undefined || !writable(d.type) || same(v, d.default ?? null)) continue;
    if (scalarsOnly && (Array.isArray(v) || v === null)) continue;
    out[k] = v;
  }
  return out;
}

/** The board of `st` with seat `first` as `me` (seat 1) and the others after it in seat order. */
export function boardOf(voc: Vocabulary, zoneNames: readonly string[], players: number, st: State, first: EntityId): Board {
  const seats = Array.from({ length: players }, (_, i) => ((first - 1 + i) % players) + 1);
  return {
    game: propsOf(st.entities[0]?.props ?? {}, voc.props.game, true),
    players: seats.map((p) => {
      const zones: Record<string, BoardCard[]> = {};
      for (const z of zoneNames) {
        const ids = st.zones[`${p}:${z}`] ?? [];
        if (ids.length === 0) continue;
        zones[z] = ids.map((id) => {
          const e = st.entities[id];
          const card = e?.card ?? "";
          const props = propsOf(e?.props ?? {}, voc.props.card);
          return Object.keys(props).length === 0 ? card : { card, props };
        });
      }
      const props = propsOf(st.entities[p]?.props ?? {}, voc.props.player);
      delete props["name"];
      return { props, zones };
    }),
  };
}

/** The number of cards on a board (what the shrinker makes smaller). */
export function boardSize(b: Board): number {
  let n = 0;
  for (const p of b.players) for (const z in p.zones ?? {}) n += (p.zones?.[z] ?? []).length;
  return n;
}
