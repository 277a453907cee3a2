/**
 * How scenarios name things of a running game: players (`me`, `opponent`), cards (`goblin`,
 * `opponent.goblin`), and values in messages. Shared by the steps, the matchers and the trace.
 */
import type { EntityId, State, Value } from "../../../runtime/index.ts";

/** Seat of a player reference: `me` is seat 1, `opponent` seat 2. */
export function playerRef(ref: string): EntityId | undefined {
  return ref === "me" ? 1 : ref === "opponent" ? 2 : undefined;
}

export class ScenarioNames {
  constructor(private readonly state: () => State) {}

  /** `me`, `opponent`, or `me.goblin` (owner and card) for messages. */
  label(id: EntityId): string {
    const e = this.state().entities[id];
    if (!e) return String(id);
    if (e.card === null) return id === 1 ? "me" : id === 2 ? "opponent" : String(id);
    return `${e.owner === 1 ? "me" : "opponent"}.${e.card}`;
  }

  /** How a scenario writes an entity value: `me`, `opponent`, a card id, or `none`. */
  refOf(v: number | null): string {
    if (v === null) return "none";
    const e = this.state().entities[v];
    if (!e) return String(v);
    if (e.card === null) return v === 1 ? "me" : v === 2 ? "opponent" : String(v);
    return e.card;
  }

  /** A list of values for a message: entities by label, other values as JSON. */
  names(values: readonly Value[]): string {
    if (values.length === 0) return "(none)";
    return values
      .map((v) => (typeof v === "number" && this.state().entities[v] ? this.label(v) : JSON.stringify(v)))
      .join(", ");
  }

  /** Whether `v` is what `ref` names: a player, a card id, or `me.`/`opponent.` + card id. */
  matches(v: Value, ref: string): boolean {
    const p = playerRef(ref);
    if (p !== undefined) return v === p;
    if (ref === "none") return v === null;
    const dot = ref.indexOf(".");
    const owner = dot > 0 ? playerRef(ref.slice(0, dot)) : undefined;
    const card = owner !== undefined ? ref.slice(dot + 1) : ref;
    const e = typeof v === "number" ? this.state().entities[v] : undefined;
    if (e === undefined) return typeof v === "string" && v === ref;
    return e.card === card && (owner === undefined || e.owner === owner);
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
