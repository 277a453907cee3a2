/**
 * Random games per CPU second of the runtime, for A/B comparisons of a runtime change: run it pinned
 * to one core (`taskset -c 1 npx tsx bench/throughput-ab.ts [checkout] [config…]`) alternately on two
 * checkouts. `checkout` (default: this one) is the repository whose runtime and compiler are timed.
 * Configs (default all): `es-log`, `es`, `vm`, `gi` (Elementis with and without the log, VERMILION
 * and Genius Invokation without). GI warms up longer: its 300-card module takes the JIT seconds.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const root = resolve(process.argv[2] ?? new URL("..", import.meta.url).pathname);
const wanted = process.argv.slice(3);
const imp = (p: string) => import(pathToFileURL(resolve(root, p)).href);
const { Engine, randomAgent } = await imp("runtime/index.ts");
const { gameDir, loadGame } = await imp("compiler/node/project.ts");
const { readDecks } = await imp("compiler/node/decks.ts");

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

const CONFIGS = [
  { name: "es-log", game: "elementis", log: true, warm: 2, window: 2, deck: (seed: number, i: number) => seed + i },
  { name: "es", game: "elementis", log: false, warm: 2, window: 2, deck: (seed: number, i: number) => seed + i },
  { name: "vm", game: "vermilion", log: false, warm: 2, window: 2, deck: (seed: number, i: number) => seed + i },
  // As bench/run.ts plays GI: each seat a sample deck chosen by the seed.
  { name: "gi", game: "gitcg", log: false, warm: 8, window: 3, deck: (seed: number, i: number) => seed * (i + 3) },
] as const;

for (const c of CONFIGS) {
  if (wanted.length > 0 && !wanted.includes(c.name)) continue;
  const { module } = await loadGame(c.game);
  const { decks } = readDecks(gameDir(c.game), module);
  const engine = new Engine(module, { log: c.log });
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
          zones: { ...(decks[c.deck(seed, i) % decks.length]?.zones ?? {}) },
        })),
      });
      const agent = randomAgent(seed++);
      while (!st.match.over) engine.apply(st, agent.choose(st, engine.legalActions(st), engine));
      games += st.match.results.length;
    }
    return (games / (cpu() - t0)) * 1000;
  };
  run(c.warm);
  const rates = [run(c.window), run(c.window), run(c.window)];
  process.stdout.write(
    `${c.game} (log ${c.log ? "on" : "off"}): ${median(rates).toFixed(0)} games/s (${rates.map((r) => r.toFixed(0)).join(", ")})\n`,
  );
}
