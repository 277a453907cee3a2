/**
 * Which cards each seat drew and played in one game, read from the zone moves the runtime reports
 * (Engine option `onMove`) and the zones' declared roles (`role: deck | hand | play` in
 * rules.yaml): a card is **drawn** when it moves from a deck zone into a hand zone, or is in a hand
 * zone when the match starts (a hand dealt by the deck file); it is **played** when it moves from
 * a hand zone into a play zone. No game word is needed: the rules say which zones are which.
 * A game whose rules declare no role gets roles derived from visibility (hidden: deck, owner:
 * hand, public: play), which is rougher (a card discarded from the hand reads as played).
 */
import type { GameModule, MoveNote, State, ZoneRole } from "../../../runtime/index.ts";

export interface ZoneRoles {
  /** "declared": from rules.yaml; "derived": from the zones' visibility (no zone declares a role). */
  readonly source: "declared" | "derived";
  readonly deck: ReadonlySet<string>;
  readonly hand: ReadonlySet<string>;
  readonly play: ReadonlySet<string>;
}

export function zoneRoles(module: GameModule): ZoneRoles {
  const zones = Object.entries(module.rules.zones);
  const declared = zones.some(([, z]) => z.role !== undefined);
  const derive = (v: "public" | "owner" | "hidden"): ZoneRole =>
    v === "hidden" ? "deck" : v === "owner" ? "hand" : "play";
  const of = (role: ZoneRole) =>
    new Set(zones.filter(([, z]) => (declared ? z.role : derive(z.visibility)) === role).map(([n]) => n));
  return { source: declared ? "declared" : "derived", deck: of("deck"), hand: of("hand"), play: of("play") };
}

/** Per seat (index 0 = P1), the card ids drawn and played in a game, each sorted, each once. */
export interface CardUse {
  readonly drawn: readonly (readonly string[])[];
  readonly played: readonly (readonly string[])[];
}

/**
 * Collects one game at a time: `start()` before the match is made, `bind(state)` once it exists
 * (notes of other states — a search agent's copies — are left out), `finish()` for the result.
 */
export class CardTracker {
  private readonly roles: ZoneRoles;
  private notes: MoveNote[] = [];
  private state: State | null = null;
  private drawn: Set<string>[] = [];
  private played: Set<string>[] = [];

  constructor(
    roles: ZoneRoles,
    private readonly seats: number,
  ) {
    this.roles = roles;
  }

  /** The Engine option: bound to this tracker. */
  readonly onMove = (note: MoveNote): void => {
    if (this.state === null) this.notes.push(note);
    else if (note.state === this.state) this.count(note);
  };

  start(): void {
    this.notes = [];
    this.state = null;
    this.drawn = Array.from({ length: this.seats }, () => new Set<string>());
    this.played = Array.from({ length: this.seats }, () => new Set<string>());
  }

  bind(state: State): void {
    this.state = state;
    // The hands as the match starts, dealt or drawn while it was made.
    for (const x of Object.values(state.entities))
      if (x.card !== null && this.roles.hand.has(x.zone) && x.holder === undefined)
        this.drawn[x.owner - 1]?.add(x.card);
    for (const n of this.notes) if (n.state === state) this.count(n);
    this.notes = [];
  }

  private count(n: MoveNote): void {
    const x = n.state.entities[n.entity];
    if (x === undefined || x.card === null) return;
    const seat = x.owner - 1;
    if (this.roles.deck.has(n.from) && this.roles.hand.has(n.to)) this.drawn[seat]?.add(x.card);
    else if (this.roles.hand.has(n.from) && this.roles.play.has(n.to)) this.played[seat]?.add(x.card);
  }

  finish(): CardUse {
    const sorted = (s: Set<string>) => [...s].sort();
    const use = { drawn: this.drawn.map(sorted), played: this.played.map(sorted) };
    this.state = null;
    this.notes = [];
    return use;
  }
}
