/**
 * Hidden information, on every game under cards/ (docs/knowledge.md): across random games, at
 * every decision, each player's view (and the log as that player reads it) shows nothing hidden
 * from that player; and an observer who guesses a hidden card from its view id — by its order
 * among the ids of its zone, by its age, by an id seen before — does no better than the base rate
 * (the commonest card of a zone holding that many hidden cards: zone sizes are public) nor than a
 * control that guesses by a rank drawn at random. The measure itself is in test/kit/knowledge.ts;
 * bench/knowledge.ts runs 1,000 games per game.
 */
import { describe, expect, it } from "vitest";
import { listGames } from "../../compiler/node/project.ts";
import { gameModule } from "../kit/games.ts";
import { measureKnowledge } from "../kit/knowledge.ts";

const GAMES_EACH = 50;
// Every view at every decision, up to 150 decisions a game (a Genius Invokation game is ~320),
// the observer's guesses at every third: the test stays a few seconds per game.
const OPTIONS = { maxDecisions: 150, sampleEvery: 3 } as const;

for (const game of listGames()) {
  describe(`what players know in ${game}`, async () => {
    const module = await gameModule(game);
    const m = measureKnowledge(game, module, GAMES_EACH, 1, OPTIONS);

    it(`${GAMES_EACH} random games: no view shows a card hidden from its player, no log line names one`, () => {
      expect(m.leaks).toEqual([]);
      expect(m.views).toBeGreaterThan(GAMES_EACH);
    });

    it("a view does not change when hidden cards trade places (ids carry no identity)", () => {
      expect(m.swapMismatches).toEqual([]);
      if (m.maskedSamples > 0) expect(m.swaps).toBeGreaterThan(0);
    });

    it("guessing a hidden card from its id (order, age, reuse) does no better than the base rate or the random control", () => {
      for (const g of m.guesses) {
        console.log(
          `${game}: ${g.feature}: ${(100 * g.rate).toFixed(1)}% right against a base rate of ${(100 * g.base).toFixed(1)}% (${g.samples} guesses)`,
        );
        // The guesser learns on the first half of the games and is scored on the second: chance
        // alone moves a rate by a few points at these sample sizes.
        expect(g.rate).toBeLessThanOrEqual(g.base + 0.05);
      }
    });
  });
}
