/**
 * `cardwright sim` on 1 worker thread and on all cores: is all cores ≥ 1.8× one core (issues 18
 * and 19)? The same run (Elementis, random agents, `SIM_GAMES` games, default 10,000, seed 1) is
 * timed `SIM_PAIRS` times (default 3) on each worker count, alternately (1, all, 1, all, …), so that
 * a machine whose speed drifts from minute to minute slows both sides of a pair alike. Each run is
 * the sim command in this process, from its start to its result: the worker pool's start (threads
 * loading the runtime and the game, and warming up) is included, as a user waits for it; the game
 * is checked once before anything is timed (a warm cache, the same for both counts).
 *
 * Per run it prints: wall time; CPU time of the whole process, and how it splits (on Linux) into
 * the pool's worker threads, the main thread (it collects the records and must not compete with
 * the workers for a core) and V8's and libuv's helper threads (concurrent garbage collection and
 * compilation: with one worker they run on the idle core, with a worker per core they take turns
 * with the workers); the time to the first games; and the steady rate — games per second after
 * the first 20% of the games arrived, when every thread has started and warmed up. Then the medians, and two speed-ups: the wall
 * speed-up (medians of the runs; also the median of the per-pair ratios, the figure that drift
 * disturbs least) and the steady-state speed-up, which leaves the pool's start out. Last, whether
 * every run gave the same JSON (it must: same seeds, same bytes, whatever the worker count).
 *
 * `npx tsx bench/sim.ts` on a quiet machine; `SIM_WORKERS` overrides "all cores", `SIM_GAME` and
 * `SIM_AGENTS` (`greedy,greedy`) time another game or agents. The pool's start is the same whatever
 * the run's size, so a short run shows a lower wall speed-up than a designer's real one: say the size.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { simCommand } from "../compiler/node/sim/sim-command.ts";

const games = Number(process.env["SIM_GAMES"] ?? 10000);
/** The game and agents of the run: Elementis with random agents unless `SIM_GAME` / `SIM_AGENTS` say otherwise. */
const game = process.env["SIM_GAME"] ?? "elementis";
const agents = process.env["SIM_AGENTS"] ?? "random,random";
const pairs = Number(process.env["SIM_PAIRS"] ?? 3);
const all = Number(process.env["SIM_WORKERS"] ?? availableParallelism());
const WARM = 0.2;

const fmt = (n: number, d = 1) => n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });
const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

/**
 * CPU time (ms) of each thread of this process now, by thread id (Linux: /proc/self/task/<tid>/stat,
 * fields 14 and 15, utime and stime, in ticks of 10 ms); null where /proc is not there.
 */
function threadCpu(): Map<number, number> | null {
  try {
    const out = new Map<number, number>();
    for (const tid of readdirSync("/proc/self/task")) {
      try {
        const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
        const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        out.set(Number(tid), (Number(f[11]) + Number(f[12])) * 10);
      } catch {
        // The thread ended meanwhile.
      }
    }
    return out;
  } catch {
    return null;
  }
}

/**
 * Where a run's CPU went. The pool's threads start and end within the run, so what the threads
 * that were there before it spent is the main thread's (the one whose id is the process's) and
 * the rest's (V8's garbage collector and compiler helpers, libuv): the workers' is what is left
 * of the process's CPU time.
 */
function cpuSplit(
  before: Map<number, number> | null,
  after: Map<number, number> | null,
  total: number,
): { main: number; background: number; workers: number } | null {
  if (before === null || after === null) return null;
  let main = 0;
  let background = 0;
  for (const [tid, t0] of before) {
    const t1 = after.get(tid);
    if (t1 === undefined) continue;
    if (tid === process.pid) main = t1 - t0;
    else background += t1 - t0;
  }
  return { main, background, workers: Math.max(0, total - main - background) };
}

/**
 * Pins every thread of this process to the given CPUs (Linux `taskset -a`; threads started later
 * inherit the main thread's). Returns false where it cannot (no taskset): the one-core run is left out.
 */
function pinTo(cpus: string): boolean {
  const r = spawnSync("taskset", ["-a", "-p", "-c", cpus, String(process.pid)], { encoding: "utf8" });
  return r.status === 0;
}
const ALL_CPUS = `0-${availableParallelism() - 1}`;

interface Run {
  readonly workers: number;
  /** Whether the whole process (its worker, the main thread and V8's helpers) ran on one core. */
  readonly oneCore: boolean;
  readonly ms: number;
  readonly cpu: number;
  /** The process's CPU split: main thread, V8's and libuv's helper threads, the pool's workers. */
  readonly split: { main: number; background: number; workers: number } | null;
  readonly firstMs: number;
  /** Games per second after WARM of the games arrived. */
  readonly steady: number;
  readonly json: string;
}

/** The sim command in this process with its output captured, and the time each range of games arrived. */
async function sim(workers: number, n = games, oneCore = false): Promise<Run> {
  if (oneCore && !pinTo("0")) throw new Error("taskset is needed for the one-core run");
  try {
    return { ...(await timedSim(workers, n)), oneCore };
  } finally {
    if (oneCore) pinTo(ALL_CPUS);
  }
}

async function timedSim(workers: number, n: number): Promise<Omit<Run, "oneCore">> {
  let json = "";
  const write = process.stdout.write;
  const arrivals: { at: number; games: number }[] = [];
  const m0 = threadCpu();
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  let code: number;
  process.stdout.write = ((chunk: string | Uint8Array) => {
    json += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
    return true;
  }) as typeof process.stdout.write;
  try {
    code = await simCommand(game, {
      agents,
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
  const m1 = threadCpu();
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
    split: cpuSplit(m0, m1, (c.user + c.system) / 1000),
    firstMs: arrivals[0]?.at ?? ms,
    steady: (n - warmGames) / ((last - warmAt) / 1000),
    json,
  };
}

process.stdout.write(
  `cardwright sim — ${game}, ${fmt(games, 0)} games of ${agents}, 1 worker vs ${all}, ${pairs} alternating pairs, node ${process.version}, ${availableParallelism()} cores\n\n`,
);
// The game is compiled and checked (and the worker script built) once before anything is timed.
await sim(1, 2);

const row = (cells: readonly string[]) =>
  process.stdout.write(`${cells.map((c, i) => (i === 0 ? c.padEnd(10) : c.padStart(12))).join("")}\n`);
row(["run", "wall s", "CPU s", "workers", "main", "V8/libuv", "first s", "steady g/s"]);
const runs: Run[] = [];
// The one-core run: one worker, and the whole process held to one core, so that V8's helper threads
// (garbage collection, compilation) take turns with the worker instead of using the idle core.
const oneCoreToo = process.platform === "linux" && pinTo(ALL_CPUS);
for (let p = 0; p < pairs; p++)
  for (const [w, pinned] of [[1, false], [all, false], ...(oneCoreToo ? [[1, true] as const] : [])] as const) {
    const r = await sim(w, games, pinned);
    runs.push(r);
    row([
      `${p + 1}: ${w}w${pinned ? " 1c" : ""}`,
      fmt(r.ms / 1000, 2),
      fmt(r.cpu / 1000, 2),
      r.split === null ? "–" : fmt(r.split.workers / 1000, 2),
      r.split === null ? "–" : fmt(r.split.main / 1000, 2),
      r.split === null ? "–" : fmt(r.split.background / 1000, 2),
      fmt(r.firstMs / 1000, 2),
      fmt(r.steady, 0),
    ]);
  }

const of = (w: number) => runs.filter((r) => r.workers === w && !r.oneCore);
const one = of(1);
const many = of(all);
const oneCore = runs.filter((r) => r.oneCore);
process.stdout.write("\nmedians\n");
const summary = (label: string, rs: readonly Run[]) =>
  process.stdout.write(
    `  ${label}: wall ${fmt(median(rs.map((r) => r.ms)) / 1000, 2)} s (${fmt(games / (median(rs.map((r) => r.ms)) / 1000), 0)} games/s), CPU ${fmt(median(rs.map((r) => r.cpu)) / 1000, 2)} s, steady ${fmt(median(rs.map((r) => r.steady)), 0)} games/s\n`,
  );
summary("1 worker(s)", one);
summary(`${all} worker(s)`, many);
if (oneCore.length > 0) summary("1 worker on 1 core", oneCore);
const verdict = (x: number) => (x >= 1.8 ? "✓ target ≥ 1.8×" : "✗ target ≥ 1.8×");
/** All cores against a baseline's runs: wall (medians) and the median of the pairs' ratios. */
const speedUp = (base: readonly Run[]) => ({
  wall: median(base.map((r) => r.ms)) / median(many.map((r) => r.ms)),
  pairs: median(base.map((r, i) => r.ms / (many[i] as Run).ms)),
});
process.stdout.write("\n");
if (oneCore.length > 0) {
  const core = speedUp(oneCore);
  process.stdout.write(`all cores against one core, wall (medians)    ${fmt(core.wall, 2)}×  ${verdict(core.wall)}\n`);
  process.stdout.write(
    `all cores against one core, pairs' ratios     ${fmt(core.pairs, 2)}×  ${verdict(core.pairs)}\n`,
  );
  process.stdout.write("1 worker (on every core) against all cores:\n");
}
const { wall, pairs: perPair } = speedUp(one);
const steady = median(many.map((r) => r.steady)) / median(one.map((r) => r.steady));
process.stdout.write(`wall speed-up, pool start included (medians)   ${fmt(wall, 2)}×  ${verdict(wall)}\n`);
process.stdout.write(`wall speed-up, median of the ${pairs} pairs' ratios  ${fmt(perPair, 2)}×  ${verdict(perPair)}\n`);
process.stdout.write(`steady-state speed-up (after warm-up)         ${fmt(steady, 2)}×  ${verdict(steady)}\n`);
const same = runs.every((r) => r.json === runs[0]?.json);
process.stdout.write(
  `same JSON in all ${runs.length} runs                       ${same ? "yes ✓" : "NO ✗ must be byte-identical"}\n`,
);
