/**
 * `cardwright worker --queue redis://…`: plays the shards of queued simulations, on all this
 * machine's cores (the sim command's piscina pool, one job per thread at a time), until stopped.
 * Before it plays a shard it builds the game from its own checkout and compares the build's inputs
 * hash with the coordinator's: games of other rules or cards would be other games, so it refuses.
 */
import { readFileSync } from "node:fs";
import { availableParallelism, hostname } from "node:os";
import { join } from "node:path";
import { UnrecoverableError, Worker } from "bullmq";
import { Piscina } from "piscina";
import { parseCount, UsageError } from "../cli/usage.ts";
import { loadGame, outDir } from "../project.ts";
import { canonicalPlan, type GameRecord } from "../../sim/record.ts";
import {
  digestOf,
  LOCK_MS,
  MAX_STALLS,
  parseQueueUrl,
  QUEUE_NAME,
  STALLED_MS,
  type ShardJob,
  type ShardResult,
} from "./queue.ts";
import type { WorkerSetup } from "./worker.ts";
import { THREAD_EXEC_ARGV, workerScript } from "./worker-bundle.ts";

export interface WorkerOptions {
  queue: string;
  workers?: string;
}

const MAX_WORKERS = 256;

/**
 * The inputs hash of this checkout's build of a game (building it if needed), or why there is none.
 * Only the build: a checked model is not needed to play, and checking a whole game blocks the event
 * loop for seconds on a loaded machine, while BullMQ must renew the job's lock.
 */
async function builtInputs(game: string): Promise<string> {
  const { module } = await loadGame(game);
  if (module === null)
    throw new UnrecoverableError(
      `the game '${game}' does not build on this worker (run cardwright check ${game} there)`,
    );
  return readFileSync(join(outDir(game), "inputs.hash"), "utf8");
}

export async function workerCommand(opts: WorkerOptions, note: (line: string) => void): Promise<number> {
  const connection = parseQueueUrl(opts.queue);
  const threads = parseCount(opts.workers ?? String(availableParallelism()), "--workers");
  if (threads > MAX_WORKERS) throw new UsageError(`--workers must be at most ${MAX_WORKERS}, got ${threads}`);
  const name = `${hostname()}:${process.pid}`;
  // The threads' script, built (or found up to date) once, before any shard is taken.
  const script = await workerScript();
  // One pool per plan (its workerData is the plan); a new plan replaces the last one's pool.
  let pool: { key: string; pool: Piscina } | null = null;
  const poolFor = async (setup: WorkerSetup): Promise<Piscina> => {
    const key = JSON.stringify(canonicalPlan(setup.plan));
    if (pool?.key === key) return pool.pool;
    const old = pool;
    pool = {
      key,
      pool: new Piscina({
        filename: script,
        name: "runGames",
        execArgv: [...THREAD_EXEC_ARGV],
        minThreads: threads,
        maxThreads: threads,
        workerData: setup,
      }),
    };
    if (old !== null) void old.pool.destroy();
    return pool.pool;
  };
  const worker = new Worker<ShardJob, ShardResult>(
    QUEUE_NAME,
    async (job) => {
      const { game, plan, agents, from, to } = job.data;
      const inputs = await builtInputs(game);
      if (inputs !== plan.inputs)
        throw new UnrecoverableError(
          `worker ${name} refuses the shard: its build of '${game}' has inputs hash ${inputs}, the coordinator's has ${plan.inputs} (the two checkouts differ in the game's rules, cards or decks, or in the compiler: check out the same commit on both)`,
        );
      const setup: WorkerSetup = { jsPath: join(outDir(game), "game.js"), plan, agents };
      const records = (await (await poolFor(setup)).run({ from, to })) as GameRecord[];
      return { records, digest: digestOf(records), worker: name };
    },
    {
      connection,
      concurrency: threads,
      lockDuration: LOCK_MS,
      stalledInterval: STALLED_MS,
      maxStalledCount: MAX_STALLS,
    },
  );
  worker.on("failed", (job, e) => note(`shard ${job?.data.from ?? "?"}–${(job?.data.to ?? 0) - 1}: ${e.message}`));
  worker.on("error", (e) => note(`queue ${opts.queue}: ${e.message}`));
  await worker.waitUntilReady();
  note(`worker ${name}: ${threads} thread(s), waiting for shards on ${opts.queue}`);
  // Runs until stopped: SIGINT or SIGTERM lets the shards in hand finish, then closes.
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  await worker.close();
  const p = pool as { pool: Piscina } | null;
  if (p !== null) await p.pool.destroy();
  return 0;
}
