/**
 * Legal Genius Invokation decks drawn from the whole pool (GI-DECK-1/2), from a small seeded
 * generator: three different characters, then 30 action cards each of which fits them (talents of
 * a chosen character, resonances with two characters of the element or nation), at most 2 copies
 * (1 of an arcane legend). Used by the random-game test and the bench.
 */
import type { CardDef, GameModule } from "../../runtime/index.ts";

export type Zones = Record<string, string[]>;

export interface Pool {
  readonly characters: readonly CardDef[];
  readonly actionCards: readonly CardDef[];
}

const pools = new WeakMap<GameModule, Pool>();

/** The pool: every character and action card but the rules-test ones (worked out once per module). */
export function poolOf(module: GameModule): Pool {
  let pool = pools.get(module);
  if (pool === undefined) {
    const cards = Object.values(module.cards).filter((c) => !c.id.startsWith("test-"));
    pool = {
      characters: cards.filter((c) => c.kind === "character"),
      actionCards: cards.filter((c) => c.kind === "event-card" || c.kind === "support" || c.kind === "equipment"),
    };
    pools.set(module, pool);
  }
  return pool;
}

export function poolDeck(module: GameModule, seed: number): Zones {
  const { characters, actionCards } = poolOf(module);
  let x = (seed * 2654435761) >>> 0 || 1;
  const next = (n: number) => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x % n;
  };
  const chars: string[] = [];
  while (chars.length < 3) {
    const c = characters[next(characters.length)];
    if (c && !chars.includes(c.id)) chars.push(c.id);
  }
  const charDefs = chars.map((id) => module.cards[id]);
  const fits = (c: CardDef) => {
    const f = c.fields;
    if (f["talentOf"] != null && !chars.includes(String(f["talentOf"]))) return false;
    if (f["needsElement"] != null && charDefs.filter((d) => d?.fields["element"] === f["needsElement"]).length < 2)
      return false;
    if (
      f["needsNation"] != null &&
      charDefs.filter((d) => (d?.fields["nation"] as string[] | undefined)?.includes(String(f["needsNation"]))).length <
        2
    )
      return false;
    return true;
  };
  const candidates = actionCards.filter(fits);
  const deck: string[] = [];
  while (deck.length < 30) {
    const c = candidates[next(candidates.length)];
    if (!c) throw new Error("no action cards");
    const copies = deck.filter((id) => id === c.id).length;
    if (copies < (c.keywords.includes("arcane") ? 1 : 2)) deck.push(c.id);
  }
  return { characters: chars, deck };
}
