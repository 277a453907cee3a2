/**
 * Who knows what: whether a player sees a zone's cards (its visibility: public, owner, hidden; a
 * zone of the game has no owner, so "owner" there means no one), and whether a player sees one
 * card (its zone, or a `reveal` to that player or to everyone that still holds). Player 0 is a
 * spectator: public zones and cards revealed to everyone only.
 */
import type { Entity, EntityId, State, Value, ZoneDef } from "../types.ts";

type Zones = Readonly<Record<string, ZoneDef>>;

/** The owner and the zone name of a zone key (`${owner}:${zone}`). */
export function zoneOf(key: string): { owner: EntityId; zone: string } {
  const i = key.indexOf(":");
  return { owner: Number(key.slice(0, i)), zone: key.slice(i + 1) };
}

/** Whether `player` sees the cards of a zone (by key). */
export function zoneVisible(zones: Zones, key: string, player: EntityId): boolean {
  const { owner, zone } = zoneOf(key);
  const vis = zones[zone]?.visibility ?? "public";
  return vis === "public" || (vis === "owner" && owner === player && owner !== 0);
}

/** Whether `player` sees the cards of zone `zone` owned by `owner` (zoneVisible without a key to parse). */
function seesZone(zones: Zones, owner: EntityId, zone: string, player: EntityId): boolean {
  const vis = zones[zone]?.visibility ?? "public";
  return vis === "public" || (vis === "owner" && owner === player && owner !== 0);
}

/** Whether `player` sees this card: its zone shows it, or it was revealed to them (or to everyone). */
export function cardVisible(zones: Zones, e: Entity, player: EntityId): boolean {
  if (seesZone(zones, e.holder ?? e.owner, e.zone, player)) return true;
  const k = e.known;
  return k !== undefined && (k.includes(0) || (player !== 0 && k.includes(player)));
}

/**
 * The seats (0 for a spectator) that cannot see some card a value names, at this moment: what a
 * log line naming the value records, so that views mask it by what was known when it was written.
 */
export function blindTo(zones: Zones, st: State, seats: number, v: Value): readonly EntityId[] {
  // Most log lines name one card, or nothing that is a card (a number, a text): no list is built.
  if (typeof v === "number") {
    const e = st.entities[v];
    return e === undefined || e.card === null ? NOBODY : blindToCards(zones, seats, e, null);
  }
  if (!Array.isArray(v)) return NOBODY;
  const cards: Entity[] = [];
  collectCards(st, v, cards);
  return cards.length === 0 ? NOBODY : blindToCards(zones, seats, null, cards);
}

/** No seat is blind: shared, never written. */
const NOBODY: readonly EntityId[] = Object.freeze([]);

function collectCards(st: State, v: Value, out: Entity[]): void {
  if (typeof v === "number") {
    const e = st.entities[v];
    if (e !== undefined && e.card !== null) out.push(e);
  } else if (Array.isArray(v)) for (let i = 0; i < v.length; i++) collectCards(st, v[i] as Value, out);
}

/** The seats that cannot see `one` (or one of `many`). */
function blindToCards(zones: Zones, seats: number, one: Entity | null, many: readonly Entity[] | null): EntityId[] {
  let out: EntityId[] | null = null;
  for (let seat = 0; seat <= seats; seat++) {
    let blind = false;
    if (one !== null) blind = !cardVisible(zones, one, seat);
    else
      for (const e of many as readonly Entity[])
        if (!cardVisible(zones, e, seat)) {
          blind = true;
          break;
        }
    if (blind) (out ??= []).push(seat);
  }
  return out ?? (NOBODY as EntityId[]);
}
