/**
 * The hidden-information tests' model of what a seat knows (view-leak.test.ts in Node,
 * view-leak-browser.test.ts in Chromium): the entities and card names it has been shown, and
 * the names of every card of the game as one pattern to find them in rendered text.
 */
import type { Action, EntityId, GameModule, State, Value } from "../../runtime/index.ts";

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export const cardName = (module: GameModule, card: string) => module.cards[card]?.name ?? card;

/** What a seat has been shown so far: entities and card names. */
export class Knowledge {
  readonly ids = new Set<EntityId>();
  readonly names = new Set<string>();
  constructor(private readonly module: GameModule) {}
  learn(view: State): void {
    for (const id in view.entities) {
      const e = view.entities[id as unknown as EntityId];
      if (e !== undefined && e.card !== null) this.see(e.id, e.card);
    }
  }
  see(id: EntityId, card: string): void {
    this.ids.add(id);
    this.names.add(cardName(this.module, card));
  }
  /** Names of cards in `real` this seat has never been shown (on that entity or any other). */
  hidden(real: State): Set<string> {
    const cards: [EntityId, string | null][] = [];
    for (const id in real.entities) {
      const e = real.entities[id as unknown as EntityId];
      if (e !== undefined) cards.push([e.id, e.card]);
    }
    return this.hiddenAmong(cards);
  }
  /** The same, of the real state's entities given as [id, card] pairs (from a page). */
  hiddenAmong(cards: Iterable<readonly [EntityId, string | null]>): Set<string> {
    const out = new Set<string>();
    for (const [id, card] of cards) {
      if (card === null || this.ids.has(id)) continue;
      const n = cardName(this.module, card);
      if (!this.names.has(n)) out.add(n);
    }
    return out;
  }
}

/** The entities an answer names. */
function named(v: Value | undefined, out: EntityId[]): EntityId[] {
  if (typeof v === "number") out.push(v);
  else if (Array.isArray(v)) for (const x of v) named(x as Value, out);
  return out;
}
export function entitiesOf(a: Action): EntityId[] {
  if (a.type === "pick") return named(a.value, []);
  if (a.type === "act") return Object.values(a.args).flatMap((x) => named(x, []));
  return [];
}

/** The text a person reads in markup: tags dropped, attribute tooltips kept, entities decoded. */
export function strip(markup: string): string {
  return markup
    .replace(/<[^>]*\btitle="([^"]*)"[^>]*>/g, " $1 ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

/** Every card name of the game, longest first: "Fire" is not found inside "Fire Drake". */
export function namePattern(module: GameModule): RegExp {
  const names = [...new Set(Object.keys(module.cards).map((c) => cardName(module, c)))];
  names.sort((a, b) => b.length - a.length);
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${names.map(escapeRe).join("|")})(?![\\p{L}\\p{N}])`, "gu");
}
