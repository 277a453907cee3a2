/**
 * `cardwright sim` on 1 worker thread and on 2: wall time of the same run (Elementis, random
 * agents, `SIM_GAMES` games, default 10,000), best of `SIM_RUNS` (default 2) each, and the speed-up
 * (target ≥ 1.8× on a 2-core machine). The run includes starting the pool, which is what a user
 * waits for: each worker thread loads the runtime through tsx and warms up its own JIT (about 1 s
 * of CPU on this machine), so the run is long enough for that to be small. Also the CPU time of each run, and whether both gave the same JSON.
 * `npx tsx bench/sim.ts` on a quiet machine.
 */
import { availableParallelism } from "node:os";
import { run } from "../compiler/node/cli/main.ts";

const games = Number(process.env["SIM_GAMES"] ?? 10000);
const runs = Number(process.env["SIM_RUNS"] ?? 2);
const fmt = (n: number, d = 1) => n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });

/** Wall time, and CPU time of the whole process (its worker threads included): on a busy machine the CPU time still shows whether two workers do more work than one. */
async function sim(workers: number): Promise<{ ms: number; cpu: number; json: string }> {
  let json = "";
  let err = "";
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const code = await run(
    [
      "sim",
      "elementis",
      "--agents",
      "random,random",
      "--games",
      String(games),
      "--seed",
      "1",
      "--workers",
      String(workers),
      "--json",
    ],
    { out: (s) => void (json += s), err: (s) => void (err += s) },
  );
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  if (code !== 0) throw new Error(`sim exited with ${code}: ${err}`);
  return { ms, cpu: (c.user + c.system) / 1000, json };
}

process.stdout.write(
  `cardwright sim — elementis, ${games} random games, node ${process.version}, ${availableParallelism()} cores\n\n`,
);
// The game is compiled and checked once in this process before anything is timed.
await run(["sim", "elementis", "--agents", "random,random", "--games", "2", "--workers", "1", "--json"], {
  out: () => {},
  err: () => {},
});
const best = async (workers: number) => {
  const all: { ms: number; cpu: number; json: string }[] = [];
  for (let i = 0; i < runs; i++) all.push(await sim(workers));
  return all.reduce((a, b) => (b.ms < a.ms ? b : a));
};
const one = await best(1);
const two = await best(2);
const line = (what: string, value: string, target = "") =>
  process.stdout.write(`${what.padEnd(40)} ${value.padStart(16)}  ${target}\n`);
line(
  "1 worker (best of " + runs + ")",
  `${fmt(one.ms / 1000, 2)} s`,
  `${fmt(games / (one.ms / 1000))} games/s, CPU ${fmt(one.cpu / 1000, 2)} s`,
);
line(
  "2 workers (best of " + runs + ")",
  `${fmt(two.ms / 1000, 2)} s`,
  `${fmt(games / (two.ms / 1000))} games/s, CPU ${fmt(two.cpu / 1000, 2)} s`,
);
const speedup = one.ms / two.ms;
line("speed-up, 2 workers over 1", `${fmt(speedup, 2)}×`, `${speedup >= 1.8 ? "✓" : "✗"} target ≥ 1.8×`);
line(
  "same JSON with 1 and 2 workers",
  one.json === two.json ? "yes" : "NO",
  one.json === two.json ? "✓" : "✗ must be byte-identical",
);
