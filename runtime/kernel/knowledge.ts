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

/** Whether `player` sees this card: its zone shows it, or it was revealed to them (or to everyone). */
export function cardVisible(zones: Zones, e: Entity, player: EntityId): boolean {
  if (zoneVisible(zones, `${e.holder ?? e.owner}:${e.zone}`, player)) return true;
  const k = e.known;
  return k !== undefined && (k.includes(0) || (player !== 0 && k.includes(player)));
}

/**
 * The seats (0 for a spectator) that cannot see some card a value names, at this moment: what a
 * log line naming the value records, so that views mask it by what was known when it was written.
 */
export function blindTo(zones: Zones, st: State, seats: number, v: Value): EntityId[] {
  const ids: EntityId[] = [];
  const collect = (x: Value): void => {
    if (typeof x === "number") ids.push(x);
    else if (Array.isArray(x)) for (const y of x) collect(y as Value);
  };
  collect(v);
  const out: EntityId[] = [];
  if (ids.length === 0) return out;
  for (let seat = 0; seat <= seats; seat++) {
    for (const id of ids) {
      const e = st.entities[id];
      if (e === undefined || e.card === null || cardVisible(zones, e, seat)) continue;
      out.push(seat);
      break;
    }
  }
  return out;
}
