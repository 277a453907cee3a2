/**
 * A/B of two checkouts' runtimes in one process: `taskset -c 0 npx tsx bench/interleave-ab.ts
 * <other-checkout> [game]` loads this checkout (A) and the other one (B) side by side and plays
 * blocks of random games (log off) alternately on each, A then B, then B then A, timing each block
 * in this process's CPU time. On a machine whose speed drifts from minute to minute, both sides
 * of a pair meet the same drift; the median of the pairs' ratios is the figure (above 1: A is
 * faster). It also prints the mean of each side's fastest quarter of blocks (interference only
 * slows a block down) and checks that both sides made the same number of decisions (same games).
 * `AB_BLOCK` games per block (default 10 for gitcg, 100 for elementis, 20 otherwise), `AB_PAIRS`
 * pairs (default 40), `AB_WARM` warm-up games per side (default 15 blocks). Both sides share one
 * heap and one JIT: a change that helps only a fresh process is seen less well here.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const roots = [new URL("..", import.meta.url).pathname, resolve(process.argv[2] ?? ".")];
const game = process.argv[3] ?? "gitcg";
const block = Number(process.env.AB_BLOCK ?? (game === "gitcg" ? 10 : game === "elementis" ? 100 : 20));
const pairs = Number(process.env.AB_PAIRS ?? 40);
const warm = Number(process.env.AB_WARM ?? block * 15);
// As bench/run.ts plays GI: each seat a sample deck chosen by the seed; the other games take the next decks.
const deckOf = (seed: number, i: number) => (game === "gitcg" ? seed * (i + 3) : seed + i);

interface Side {
  readonly play: (from: number, to: number) => void;
  readonly decisions: () => number;
}

const sides: Side[] = [];
for (const root of roots) {
  const imp = (p: string) => import(pathToFileURL(resolve(root, p)).href);
  const { Engine, randomAgent } = await imp("runtime/index.ts");
  const { gameDir, loadGame } = await imp("compiler/node/project.ts");
  const { readDecks } = await imp("compiler/node/decks.ts");
  const { module } = await loadGame(game);
  if (!module) throw new Error(`${game} does not compile in ${root}`);
  const { decks } = readDecks(gameDir(game), module);
  const engine = new Engine(module, { log: false });
  let decisions = 0;
  sides.push({
    play(from, to) {
      for (let seed = from; seed <= to; seed++) {
        const st = engine.newMatch({
          seed,
          players: [0, 1].map((i) => ({
            name: `P${i + 1}`,
            zones: { ...(decks[deckOf(seed, i) % decks.length]?.zones ?? {}) },
          })),
        });
        const agent = randomAgent(seed ^ 0x5bd1e995);
        while (!st.match.over) {
          engine.apply(st, agent.choose(st, engine.legalActions(st), engine));
          decisions++;
        }
      }
    },
    decisions: () => decisions,
  });
}

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const fastQuarter = (xs: readonly number[]) => {
  const top = [...xs].sort((a, b) => b - a).slice(0, Math.max(1, Math.floor(xs.length / 4)));
  return top.reduce((a, b) => a + b, 0) / top.length;
};

for (const s of sides) s.play(1, warm);
const rates: [number[], number[]] = [[], []];
const ratios: number[] = [];
for (let r = 0; r < pairs; r++) {
  const from = 100_000 + r * block;
  const t = [0, 0];
  for (const i of r % 2 === 0 ? [0, 1] : [1, 0]) {
    const c0 = cpu();
    (sides[i] as Side).play(from, from + block - 1);
    t[i] = cpu() - c0;
  }
  rates[0].push(block / (t[0] as number));
  rates[1].push(block / (t[1] as number));
  ratios.push((t[1] as number) / (t[0] as number));
}
const [a, b] = sides.map((s) => s.decisions());
process.stdout.write(
  `${game}: A ${median(rates[0]).toFixed(1)} games/s, B ${median(rates[1]).toFixed(1)}; median pair ratio A/B ${median(ratios).toFixed(3)} (${pairs} pairs of ${block} games, ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}); fastest quarter A/B ${(fastQuarter(rates[0]) / fastQuarter(rates[1])).toFixed(3)}; ${a === b ? "same decisions" : `DIFFERENT decisions: ${a} against ${b}`}\n`,
);
