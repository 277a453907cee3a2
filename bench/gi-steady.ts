/** GI throughput after warm-up, for a pinned run: `taskset -c 0 npx tsx bench/gi-steady.ts` (same seeds and agents as the bench). */
import { Engine, randomAgent } from "../runtime/index.ts";
import { loadGame, gameDir } from "../compiler/node/project.ts";
import { readDecks } from "../compiler/node/decks.ts";
const { module } = await loadGame("gitcg");
if (!module) throw new Error("gitcg does not compile");
const { decks } = readDecks(gameDir("gitcg"), module);
const engine = new Engine(module, { log: false });
const cfg = (seed: number) => ({
  seed,
  players: [0, 1].map((i) => ({ name: `P${i + 1}`, zones: { ...decks[(seed * (i + 3)) % decks.length]?.zones } })),
});
for (let s = 1; s <= 100; s++) {
  const st = engine.newMatch(cfg(s));
  const ag = randomAgent(s ^ 0x5bd1e995);
  while (!st.match.over) engine.apply(st, ag.choose(st, engine.legalActions(st), engine));
}
const n = Number(process.env["GI_GAMES"] ?? 2000);
const t0 = performance.now();
for (let s = 1; s <= n; s++) {
  const st = engine.newMatch(cfg(s));
  const ag = randomAgent(s ^ 0x5bd1e995);
  while (!st.match.over) engine.apply(st, ag.choose(st, engine.legalActions(st), engine));
}
console.log("pinned steady GI games/s over", n, ":", ((n / (performance.now() - t0)) * 1000).toFixed(1));
