/**
 * What players know, at scale: test/runtime/knowledge.test.ts's measure on 1,000 random games of
 * every game under cards/ (`KNOWLEDGE_GAMES` to change the count). Prints, per game, the views
 * checked, the leaks found (there should be none) and, for each way of guessing a hidden card from
 * its view id, the rate it is right against the base rate.
 *   taskset -c 0 nice npx tsx bench/knowledge.ts [game…]
 */
import { listGames } from "../compiler/node/project.ts";
import { gameModule } from "../test/kit/games.ts";
import { measureKnowledge } from "../test/kit/knowledge.ts";

const games = Number(process.env.KNOWLEDGE_GAMES ?? 1000);
const asked = process.argv.slice(2);
for (const game of asked.length > 0 ? asked : listGames()) {
  const t0 = performance.now();
  const m = measureKnowledge(game, await gameModule(game), games, 1001);
  const s = ((performance.now() - t0) / 1000).toFixed(1);
  console.log(
    `${game}: ${games} games, ${m.views} views, ${m.leaks.length} leak(s), ${m.swaps} swaps (${m.swapMismatches.length} changed a view), ${s} s`,
  );
  for (const l of m.leaks.slice(0, 5)) console.log(`  leak: ${l}`);
  for (const g of m.guesses)
    console.log(
      `  ${g.feature.padEnd(6)} ${(100 * g.rate).toFixed(1).padStart(5)}% right, base rate ${(100 * g.base).toFixed(1).padStart(5)}% (${g.samples} guesses)`,
    );
}
