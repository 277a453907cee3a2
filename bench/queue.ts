/**
 * The queue's overhead (issue 19: ≤ 10% of the local run for 10,000 GI games with greedy agents):
 * the same run locally on all cores (`cardwright sim`) and through the queue (`sim --queue` with
 * one `cardwright worker` on all cores, on this machine, and a throw-away redis-server), each a
 * fresh process as a user starts it, alternately (`QUEUE_PAIRS` pairs, default 1). Both must give
 * the same JSON.
 *
 *   npx tsx bench/queue.ts [games] [--shard N] [--game G] [--agents A,B]
 *
 * Defaults: 200 games of gitcg, greedy against greedy, --shard 50 (the command's default). At
 * about 2 s of CPU per GI greedy game, 10,000 games are hours of CPU per run; so the bench measures
 * what the overhead is made of and projects it:
 *   - fixed costs, once per run: the coordinator's connection and enqueueing, and the worker's
 *     first shard of a plan (building the game from its checkout, starting its thread pool):
 *     a 2-game run of the same game and agents, queued minus local;
 *   - per-shard costs: a job's trip through Redis, its lock, its result (the records as JSON),
 *     the worker's check of its build's inputs hash (it reads and hashes the game's files), the
 *     coordinator's check of the digest and of each record: 500 shards of 2 quick games (the same
 *     game, random agents), queued minus local, over 500;
 *   - the games themselves, which cost the same in both (the same worker script plays them);
 *   - the tail: the last shards keep some threads busy while others have nothing left to take. A
 *     shard of 50 GI greedy games is ~100 s of one thread; the local run's ranges are ≤ 25 games.
 * and prints the measured overhead at this size and the projection at 10,000 games with the
 * command's default --shard 50. Wall and CPU (the coordinator's and worker's, against the local
 * run's) are printed for every run, and each part also in CPU time: on a loaded machine wall
 * differences of a few seconds are noise, while CPU shows the work the queue adds.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { connect, createServer } from "node:net";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";

const ROOT = join(import.meta.dirname, "..");
const args = process.argv.slice(2);
const flag = (name: string, fallback: string): string => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? (args.splice(i, 2)[1] as string) : fallback;
};
const shard = Number(flag("--shard", "50"));
const game = flag("--game", "gitcg");
const agents = flag("--agents", "greedy,greedy");
const games = Number(args[0] ?? 200);
const pairs = Number(process.env["QUEUE_PAIRS"] ?? 1);
const cores = availableParallelism();

const dir = mkdtempSync(join(tmpdir(), "cw-bench-queue-"));
const cli = ["--import", "tsx", join(ROOT, "compiler/node/cli/main.ts")];

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const a = s.address();
      s.close(() => resolve(typeof a === "object" && a !== null ? a.port : 0));
    });
  });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** CPU seconds (user + system, all threads) of a live process, from /proc/<pid>/stat (Linux). */
function cpuOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(f[11]) + Number(f[12])) / 100;
}

interface Timed {
  readonly wall: number;
  /** CPU seconds of the command's process (bash's `time`: user + system of the child). */
  readonly cpu: number;
  /** CPU seconds the worker process spent meanwhile (queued runs). */
  readonly workerCpu: number;
  readonly out: string;
}

/** One `cardwright <argv>` in a fresh process, timed by bash (wall and CPU of the child). */
function time(argv: readonly string[], workerPid: number | null): Timed {
  const w0 = workerPid === null ? 0 : cpuOf(workerPid);
  const r = spawnSync(
    "bash",
    ["-c", 'TIMEFORMAT="cw-time %3R %3U %3S"; time "$@"', "bash", process.execPath, ...cli, ...argv],
    { cwd: ROOT, encoding: "utf8", maxBuffer: 64 << 20 },
  );
  const w1 = workerPid === null ? 0 : cpuOf(workerPid);
  const m = /cw-time ([\d.]+) ([\d.]+) ([\d.]+)\s*$/.exec(r.stderr);
  if (r.status !== 0 || m === null) throw new Error(`cardwright ${argv.join(" ")} failed (${r.status}): ${r.stderr}`);
  return { wall: Number(m[1]), cpu: Number(m[2]) + Number(m[3]), workerCpu: w1 - w0, out: r.stdout };
}

const port = await freePort();
const url = `redis://127.0.0.1:${port}`;
const redis = spawn(
  "redis-server",
  ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
  { cwd: dir, stdio: "ignore" },
);
const worker = spawn(process.execPath, [...cli, "worker", "--queue", url], {
  cwd: ROOT,
  stdio: ["ignore", "ignore", "pipe"],
});
const fmt = (n: number, d = 1) => n.toFixed(d);
try {
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const s = connect(port, "127.0.0.1");
      s.once("connect", () => (s.destroy(), resolve(true)));
      s.once("error", () => resolve(false));
    });
    if (up) break;
    await sleep(50);
  }
  await new Promise<void>((resolve, reject) => {
    let err = "";
    worker.stderr.on("data", (d: Buffer) => {
      err += d.toString();
      if (err.includes("waiting for shards")) resolve();
    });
    worker.once("exit", (code) => reject(new Error(`the worker exited (${code}): ${err}`)));
  });
  const wpid = worker.pid as number;
  const sim = (g: string, a: string, n: number) => [
    "sim",
    g,
    "--agents",
    a,
    "--games",
    String(n),
    "--seed",
    "1",
    "--json",
  ];
  const pair = (g: string, a: string, n: number, s: number) => {
    const local = time(sim(g, a, n), null);
    const queued = time([...sim(g, a, n), "--queue", url, "--shard", String(s)], wpid);
    if (local.out !== queued.out) throw new Error(`${g} ${n} games: the queued result differs from the local one`);
    return { local, queued };
  };
  const show = (what: string, r: { local: Timed; queued: Timed }) =>
    console.log(
      `${what.padEnd(34)} local ${fmt(r.local.wall).padStart(7)} s (CPU ${fmt(r.local.cpu)} s)   queue ${fmt(r.queued.wall).padStart(7)} s (CPU coordinator ${fmt(r.queued.cpu)} s + worker ${fmt(r.queued.workerCpu)} s)   ${r.queued.wall >= r.local.wall ? "+" : ""}${fmt(r.queued.wall - r.local.wall, 2)} s`,
    );
  console.log(`cardwright sim --queue, one local worker, ${cores} cores, node ${process.version}\n`);
  // Builds the games before anything is timed (both sides would otherwise pay it once).
  time(sim(game, "random,random", 2), null);

  // One game per shard, so that the 2 games run on 2 threads in both runs, as locally.
  const fixed = pair(game, agents, 2, 1);
  show(`fixed: ${game} ${agents}, 2 games`, fixed);
  const SHARDS = Number(process.env["QUEUE_SHARDS"] ?? 500);
  const many = pair(game, "random,random", 2 * SHARDS, 2);
  show(`per shard: ${SHARDS} shards of 2 games`, many);
  const runs: { local: Timed; queued: Timed }[] = [];
  for (let p = 0; p < pairs; p++) {
    const r = pair(game, agents, games, shard);
    runs.push(r);
    show(`${game} ${agents}, ${games} games`, r);
  }
  const fixedS = fixed.queued.wall - fixed.local.wall;
  const perShard = (many.queued.wall - many.local.wall) / SHARDS;
  // The same in CPU time (coordinator + worker against the local process): what the queue adds in
  // work, which a loaded machine disturbs far less than wall time.
  const cpuOf2 = (r: { local: Timed; queued: Timed }) => r.queued.cpu + r.queued.workerCpu - r.local.cpu;
  const fixedCpu = cpuOf2(fixed);
  const perShardCpu = cpuOf2(many) / SHARDS;
  const measured = runs.map((r) => r.queued.wall / r.local.wall - 1);
  const measuredCpu = runs.map((r) => cpuOf2(r) / r.local.cpu);
  const localWall = runs.reduce((s, r) => s + r.local.wall, 0) / runs.length;
  // Per game on all cores, from the local runs, less their fixed part (the 2-game local run).
  const perGame = (localWall - fixed.local.wall) / games;
  const N = 10000;
  const SHARD = 50;
  const projLocal = fixed.local.wall + perGame * N;
  // The tail: at the end, the other threads wait on average about half a shard's time for the last
  // one (half a range's locally): (cores − 1) threads × (shard − range) / 2 games × a game's thread time, over the cores.
  const range = Math.max(1, Math.min(25, Math.ceil(N / (cores * 8))));
  const tail = ((cores - 1) * (SHARD - range) * perGame) / 2;
  const projOverhead = fixedS + Math.ceil(N / SHARD) * perShard + Math.max(0, tail);
  console.log(
    `\nfixed cost per run ${fmt(fixedS, 2)} s wall, ${fmt(fixedCpu, 2)} s CPU; per shard ${fmt(perShard * 1000, 1)} ms wall, ${fmt(perShardCpu * 1000, 1)} ms CPU; a game ${fmt(perGame * cores, 2)} s of one thread`,
  );
  console.log(
    `measured overhead at ${games} games, --shard ${shard}: wall ${measured.map((x) => `${fmt(x * 100)}%`).join(", ")} (target ≤ 10%); CPU ${measuredCpu.map((x) => `${fmt(x * 100)}%`).join(", ")}`,
  );
  console.log(
    `projected at ${N} games, --shard ${SHARD}: local ≈ ${fmt(projLocal / 3600, 2)} h, overhead ≈ ${fmt(projOverhead, 1)} s = ${fmt((projOverhead / projLocal) * 100, 2)}% (fixed ${fmt(fixedS, 1)} s + ${Math.ceil(N / SHARD)} shards × ${fmt(perShard * 1000, 1)} ms + tail ≈ ${fmt(Math.max(0, tail), 1)} s)`,
  );
  if (perGame <= 0 || perShard < 0 || fixedS < 0)
    console.log(
      "(a negative part above is the machine's noise, larger than what it measures: run again on a quieter machine, or with more games)",
    );
  console.log("same JSON local and queued: yes (checked for every pair)");
} finally {
  worker.kill("SIGTERM");
  redis.kill("SIGTERM");
  await sleep(200);
  rmSync(dir, { recursive: true, force: true });
}
