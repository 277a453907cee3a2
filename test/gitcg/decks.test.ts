/** Deck validation (GI-DECK-1, GI-DECK-2 and the other deck-building rules): each illegal deck names the rule it breaks. */
import { describe, expect, it } from "vitest";
import { renderDiagnostic } from "../../compiler/core/text/diagnostics.ts";
import { readDecks } from "../../compiler/node/decks.ts";
import { gameDir } from "../../compiler/node/project.ts";
import { gameModule } from "../kit/games.ts";

const module = await gameModule("gitcg");

describe("GI-DECK-1 / GI-DECK-2: deck rules", () => {
  it("every sample deck is legal", () => {
    const { decks, diagnostics } = readDecks(gameDir("gitcg"), module);
    expect(diagnostics.map(renderDiagnostic)).toEqual([]);
    expect(decks.map((d) => d.zones["characters"]?.length)).toEqual(decks.map(() => 3));
    expect(decks.map((d) => d.zones["deck"]?.length)).toEqual(decks.map(() => 30));
  });

  it("each illegal test deck gets exactly the error naming the broken rule, at its zones", () => {
    const { decks, diagnostics } = readDecks(gameDir("gitcg"), module, process.cwd(), "test-decks");
    expect(decks).toEqual([]);
    expect(diagnostics.map(renderDiagnostic)).toEqual([
      "cards/gitcg/test-decks/character-in-deck.yaml:3:1: error deck/illegal: GI-DECK-2: Sucrose is not an action card",
      "cards/gitcg/test-decks/resonance-without-nation.yaml:3:1: error deck/illegal: GI-DECK-2: Wind and Freedom needs 2 mondstadt characters in the deck",
      "cards/gitcg/test-decks/same-character-twice.yaml:3:1: error deck/illegal: GI-DECK-2: Diluc is in the deck more than once (3 different characters)",
      "cards/gitcg/test-decks/talent-without-character.yaml:3:1: error deck/illegal: GI-DECK-2: the talent Chaotic Entropy needs its character sucrose in the deck",
      "cards/gitcg/test-decks/three-copies.yaml:3:1: error deck/illegal: GI-DECK-1: at most 2 copies of Paimon, this deck has 3",
      "cards/gitcg/test-decks/twenty-nine-cards.yaml:3:1: error deck/illegal: GI-DECK-2: a deck has 30 action cards, this one has 29",
      "cards/gitcg/test-decks/two-arcane.yaml:3:1: error deck/illegal: GI-DECK-1: Test Arcane Legend is an Arcane Legend card: at most 1 copy, this deck has 2",
      "cards/gitcg/test-decks/two-characters.yaml:3:1: error deck/illegal: GI-DECK-2: a deck has 3 character cards, this one has 2",
    ]);
  });
});
