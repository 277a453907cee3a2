/**
 * Random games per CPU second of the runtime, for A/B comparisons of a runtime change: run it pinned
 * to one core (`taskset -c 1 npx tsx bench/throughput-ab.ts [checkout]`) alternately on two
 * checkouts. `checkout` (default: this one) is the repository whose runtime and compiler are timed.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const root = resolve(process.argv[2] ?? new URL("..", import.meta.url).pathname);
const imp = (p: string) => import(pathToFileURL(resolve(root, p)).href);
const { Engine, randomAgent } = await imp("runtime/index.ts");
const { gameDir, loadGame } = await imp("compiler/node/project.ts");
const { readDecks } = await imp("compiler/node/decks.ts");

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

for (const [game, log] of [
  ["elementis", true],
  ["elementis", false],
  ["vermilion", false],
] as const) {
  const { module } = await loadGame(game);
  const { decks } = readDecks(gameDir(game), module);
  const engine = new Engine(module, { log });
  // Games per second of this process's CPU time: on a shared machine, wall time mostly measures the neighbours.
  const run = (seconds: number): number => {
    let games = 0;
    let seed = 1;
    const cpu = () => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1000;
    };
    const t0 = cpu();
    while (cpu() - t0 < seconds * 1000) {
      const st = engine.newMatch({
        seed,
        players: [0, 1].map((i) => ({
          name: `P${i + 1}`,
          zones: { ...(decks[(seed + i) % decks.length]?.zones ?? {}) },
        })),
      });
      const agent = randomAgent(seed++);
      while (!st.match.over) engine.apply(st, agent.choose(st, engine.legalActions(st), engine));
      games += st.match.results.length;
    }
    return (games / (cpu() - t0)) * 1000;
  };
  run(2);
  const rates = [run(2), run(2), run(2)];
  process.stdout.write(
    `${game} (log ${log ? "on" : "off"}): ${median(rates).toFixed(0)} games/s (${rates.map((r) => r.toFixed(0)).join(", ")})\n`,
  );
}
