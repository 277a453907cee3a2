/** VERMILION throughput after warm-up, for a pinned run: `taskset -c 0 npx tsx bench/vm-steady.ts` (same seeds and agents as the bench). */
import { Engine, randomAgent } from "../runtime/index.ts";
import { loadGame, gameDir } from "../compiler/node/project.ts";
import { readDecks } from "../compiler/node/decks.ts";
const { module } = await loadGame("vermilion");
if (!module) throw new Error("vermilion does not compile");
const { decks } = readDecks(gameDir("vermilion"), module);
const engine = new Engine(module, { log: false });
const cfg = (seed: number) => ({
  seed,
  players: [0, 1].map((i) => ({ name: `P${i + 1}`, zones: { ...decks[(seed + i) % decks.length]?.zones } })),
});
const play = (s: number) => {
  const st = engine.newMatch(cfg(s));
  const ag = randomAgent(s ^ 0x5bd1e995);
  let d = 0;
  while (!st.match.over) {
    engine.apply(st, ag.choose(st, engine.legalActions(st), engine));
    d++;
  }
  return d;
};
for (let s = 1; s <= 200; s++) play(s);
const n = Number(process.env["VM_GAMES"] ?? 2000);
const t0 = performance.now();
const c0 = process.cpuUsage();
let decisions = 0;
for (let s = 1; s <= n; s++) decisions += play(s);
const ms = performance.now() - t0;
const cpu = process.cpuUsage(c0);
// On a shared machine the wall clock counts other people's work too; CPU time counts only ours.
console.log(
  "pinned steady VERMILION games/s over",
  n,
  ":",
  ((n / ms) * 1000).toFixed(1),
  "(wall);",
  (n / ((cpu.user + cpu.system) / 1e6)).toFixed(1),
  "per CPU second; decisions/game",
  (decisions / n).toFixed(1),
);
