/**
 * `cardwright sim` on 1 worker thread and on all cores: is all cores ≥ 1.8× one core (issues 18
 * and 19)? The same run (Elementis, random agents, `SIM_GAMES` games, default 10,000, seed 1) is
 * timed `SIM_PAIRS` times (default 3) on each worker count, alternately (1, all, 1, all, …), so that
 * a machine whose speed drifts from minute to minute slows both sides of a pair alike. Each run is
 * the sim command in this process, from its start to its result: the worker pool's start (threads
 * loading the runtime and the game, and warming up) is included, as a user waits for it; the game
 * is checked once before anything is timed (a warm cache, the same for both counts).
 *
 * Per run it prints: wall time; CPU time of the whole process and of its main thread alone (the
 * main thread collects records and must not compete with the workers for a core); the time to the
 * first games; and the steady rate — games per second after the first 20% of the games arrived,
 * when every thread has started and warmed up. Then the medians, and two speed-ups: the wall
 * speed-up (medians of the runs; also the median of the per-pair ratios, the figure that drift
 * disturbs least) and the steady-state speed-up, which leaves the pool's start out. Last, whether
 * every run gave the same JSON (it must: same seeds, same bytes, whatever the worker count).
 *
 * `npx tsx bench/sim.ts` on a quiet machine; `SIM_WORKERS` overrides "all cores".
 */
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { simCommand } from "../compiler/node/sim/sim-command.ts";

const games = Number(process.env["SIM_GAMES"] ?? 10000);
const pairs = Number(process.env["SIM_PAIRS"] ?? 3);
const all = Number(process.env["SIM_WORKERS"] ?? availableParallelism());
const WARM = 0.2;

const fmt = (n: number, d = 1) => n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });
const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

/** CPU time of this process's main thread in ms (Linux: /proc/self/task/<pid>/stat), or null elsewhere. */
function mainThreadCpu(): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // Fields 14 and 15 of stat (utime, stime), in clock ticks of 10 ms (USER_HZ is 100 on Linux).
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return null;
  }
}

interface Run {
  readonly workers: number;
  readonly ms: number;
  readonly cpu: number;
  readonly mainCpu: number | null;
  readonly firstMs: number;
  /** Games per second after WARM of the games arrived. */
  readonly steady: number;
  readonly json: string;
}

/** The sim command in this process with its output captured, and the time each range of games arrived. */
async function sim(workers: number, n = games): Promise<Run> {
  let json = "";
  const write = process.stdout.write;
  const arrivals: { at: number; games: number }[] = [];
  const m0 = mainThreadCpu();
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  let code: number;
  process.stdout.write = ((chunk: string | Uint8Array) => {
    json += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
    return true;
  }) as typeof process.stdout.write;
  try {
    code = await simCommand("elementis", {
      agents: "random,random",
      games: String(n),
      seed: "1",
      workers: String(workers),
      json: true,
      onGames: (g) => arrivals.push({ at: performance.now() - t0, games: g }),
    });
  } finally {
    process.stdout.write = write;
  }
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  const m1 = mainThreadCpu();
  if (code !== 0) throw new Error(`sim exited with ${code}`);
  let seen = 0;
  let warmAt = 0;
  let warmGames = 0;
  for (const a of arrivals) {
    seen += a.games;
    if (warmAt === 0 && seen >= WARM * n) {
      warmAt = a.at;
      warmGames = seen;
    }
  }
  const last = arrivals[arrivals.length - 1]?.at ?? ms;
  return {
    workers,
    ms,
    cpu: (c.user + c.system) / 1000,
    mainCpu: m0 !== null && m1 !== null ? m1 - m0 : null,
    firstMs: arrivals[0]?.at ?? ms,
    steady: (n - warmGames) / ((last - warmAt) / 1000),
    json,
  };
}

process.stdout.write(
  `cardwright sim — elementis, ${fmt(games, 0)} random games, 1 worker vs ${all}, ${pairs} alternating pairs, node ${process.version}, ${availableParallelism()} cores\n\n`,
);
// The game is compiled and checked (and the worker script built) once before anything is timed.
await sim(1, 2);

const row = (cells: readonly string[]) =>
  process.stdout.write(`${cells.map((c, i) => (i === 0 ? c.padEnd(10) : c.padStart(12))).join("")}\n`);
row(["run", "wall s", "CPU s", "main CPU s", "first s", "steady g/s"]);
const runs: Run[] = [];
for (let p = 0; p < pairs; p++)
  for (const w of [1, all]) {
    const r = await sim(w);
    runs.push(r);
    row([
      `${p + 1}: ${w}w`,
      fmt(r.ms / 1000, 2),
      fmt(r.cpu / 1000, 2),
      r.mainCpu === null ? "–" : fmt(r.mainCpu / 1000, 2),
      fmt(r.firstMs / 1000, 2),
      fmt(r.steady, 0),
    ]);
  }

const of = (w: number) => runs.filter((r) => r.workers === w);
const one = of(1);
const many = of(all);
process.stdout.write("\nmedians\n");
for (const [w, rs] of [
  [1, one],
  [all, many],
] as const)
  process.stdout.write(
    `  ${w} worker(s): wall ${fmt(median(rs.map((r) => r.ms)) / 1000, 2)} s (${fmt(games / (median(rs.map((r) => r.ms)) / 1000), 0)} games/s), CPU ${fmt(median(rs.map((r) => r.cpu)) / 1000, 2)} s, steady ${fmt(median(rs.map((r) => r.steady)), 0)} games/s\n`,
  );
const wall = median(one.map((r) => r.ms)) / median(many.map((r) => r.ms));
const perPair = median(one.map((r, i) => r.ms / (many[i] as Run).ms));
const steady = median(many.map((r) => r.steady)) / median(one.map((r) => r.steady));
const verdict = (x: number) => (x >= 1.8 ? "✓ target ≥ 1.8×" : "✗ target ≥ 1.8×");
process.stdout.write("\n");
process.stdout.write(`wall speed-up, pool start included (medians)   ${fmt(wall, 2)}×  ${verdict(wall)}\n`);
process.stdout.write(`wall speed-up, median of the ${pairs} pairs' ratios  ${fmt(perPair, 2)}×  ${verdict(perPair)}\n`);
process.stdout.write(`steady-state speed-up (after warm-up)         ${fmt(steady, 2)}×  ${verdict(steady)}\n`);
const same = runs.every((r) => r.json === runs[0]?.json);
process.stdout.write(
  `same JSON in all ${runs.length} runs                       ${same ? "yes ✓" : "NO ✗ must be byte-identical"}\n`,
);
