/**
 * How scenarios name things of a running game: players (`me`, `opponent`), cards (`goblin`,
 * `opponent.goblin`), and values in messages. Shared by the steps, the matchers and the trace.
 */
import type { EntityId, State, Value } from "../../../runtime/index.ts";

/** Seat of a player reference: `me` is seat 1, `opponent` seat 2, `seat3` … `seat8` the others. */
export function playerRef(ref: string): EntityId | undefined {
  if (ref === "me") return 1;
  if (ref === "opponent") return 2;
  const m = /^seat([1-8])$/.exec(ref);
  return m === null ? undefined : Number(m[1]);
}

/** How a scenario names a seat: `me`, `opponent`, `seat3` … */
export function sideName(seat: EntityId): string {
  return seat === 1 ? "me" : seat === 2 ? "opponent" : `seat${seat}`;
}

/** Whose side a reference's first part names: a seat, or `game` (0) for the game's shared zones. */
export function sideRef(ref: string): EntityId | undefined {
  return ref === "game" ? 0 : playerRef(ref);
}

/** The side a card is on: the owner of the zone holding it. */
function sideOf(e: { readonly owner: EntityId; readonly holder?: EntityId }): EntityId {
  return e.holder ?? e.owner;
}

/**
 * A card reference split: `card`, `side.card` or `side.zone.card` (side: me, opponent, seatN,
 * game), or null when it is none of these shapes.
 */
export function cardRef(
  ref: string,
  zones: Readonly<Record<string, unknown>>,
): { side: EntityId | undefined; zone: string | undefined; card: string } | null {
  const parts = ref.split(".");
  if (parts.length === 1) return { side: undefined, zone: undefined, card: ref };
  const side = sideRef(parts[0] as string);
  if (side === undefined) return null;
  if (parts.length === 2) return { side, zone: undefined, card: parts[1] as string };
  if (parts.length === 3 && Object.hasOwn(zones, parts[1] as string))
    return { side, zone: parts[1] as string, card: parts[2] as string };
  return null;
}

export class ScenarioNames {
  constructor(
    private readonly state: () => State,
    private readonly zones: () => Readonly<Record<string, unknown>> = () => ({}),
  ) {}

  /** `me`, `opponent`, or `me.goblin` (whose side and card) for messages. */
  label(id: EntityId): string {
    const e = this.state().entities[id];
    if (!e) return String(id);
    if (e.card === null) return id === 0 ? "game" : sideName(id);
    const side = sideOf(e);
    return `${side === 0 ? "game" : sideName(side)}.${e.card}`;
  }

  /** How a scenario writes an entity value: `me`, `opponent`, a card id, or `none`. */
  refOf(v: number | null): string {
    if (v === null) return "none";
    const e = this.state().entities[v];
    if (!e) return String(v);
    if (e.card === null) return v === 0 ? "game" : sideName(v);
    return e.card;
  }

  /** A list of values for a message: entities by label, other values as JSON. */
  names(values: readonly Value[]): string {
    if (values.length === 0) return "(none)";
    return values
      .map((v) => (typeof v === "number" && this.state().entities[v] ? this.label(v) : JSON.stringify(v)))
      .join(", ");
  }

  /**
   * Whether `v` is what `ref` names: a player, a card id, or a card on a side (`opponent.guard`),
   * in a zone of a side (`opponent.hand.guard`, `game.deck.guard`). A side is whose zone holds it.
   */
  matches(v: Value, ref: string): boolean {
    const p = playerRef(ref);
    if (p !== undefined) return v === p;
    if (ref === "none") return v === null;
    const r = cardRef(ref, this.zones());
    const e = typeof v === "number" ? this.state().entities[v] : undefined;
    if (e === undefined || r === null) return typeof v === "string" && v === ref;
    if (e.card !== r.card || r.side === undefined) return e.card === r.card;
    // In a zone: the side holding it. Without a zone, also the side that owns it (a card moved to
    // the other side is still `me.x` to the player who brought it, as before sides held zones).
    if (r.zone !== undefined) return sideOf(e) === r.side && e.zone === r.zone;
    return sideOf(e) === r.side || e.owner === r.side;
  }

  /** Every card entity `ref` names (any zone), for steps expected to be refused. */
  entitiesNamed(ref: string): EntityId[] {
    const p = playerRef(ref);
    if (p !== undefined) return [p];
    return Object.values(this.state().entities)
      .filter((e) => e.card !== null && this.matches(e.id, ref))
      .map((e) => e.id);
  }
}
