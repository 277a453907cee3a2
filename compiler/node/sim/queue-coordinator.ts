/**
 * The coordinator's side of `cardwright sim --queue`: the games left become shards on the BullMQ
 * queue, any number of `cardwright worker` processes play them, and each shard's records come back
 * to the sim command, which writes and counts them in game order as for a local run. A result is
 * checked before it is counted (its digest, and that its records are the shard's games), and a shard
 * that arrives twice is counted once, after its digest is compared with the first.
 */
import { Queue, QueueEvents, type Job } from "bullmq";
import { slot } from "../../sim/plan.ts";
import { digestOf, parseQueueUrl, QUEUE_NAME, shardId, type ShardJob, type ShardResult } from "./queue.ts";
import { parseRecord, recordLine, type GameRecord } from "../../sim/record.ts";
import type { GameRange, WorkerSetup } from "./worker.ts";

/** A shard's result that does not hold its games: the worker's bug or a foreign writer to the queue. */
export class ShardError extends Error {}

/** The records of a result, once they are shown to be the shard's games with the digest given. */
export function verifyShard(job: ShardJob, result: ShardResult): GameRecord[] {
  const where = `shard ${job.from}–${job.to - 1} (from ${result.worker})`;
  if (digestOf(result.records) !== result.digest)
    throw new ShardError(`${where}: the records do not match their digest`);
  if (result.records.length !== job.to - job.from)
    throw new ShardError(`${where}: ${result.records.length} records for ${job.to - job.from} games`);
  return result.records.map((r, k) => {
    const parsed = parseRecord(recordLine(r), job.plan);
    if (typeof parsed === "string") throw new ShardError(`${where}: ${parsed}`);
    const s = slot(job.plan, job.from + k);
    if (parsed.game !== s.index || parsed.seed !== s.seed || parsed.seats.join() !== s.seatAgents.join())
      throw new ShardError(`${where}: record ${k} is not game ${s.index} of the plan`);
    return parsed;
  });
}

export interface QueueRun {
  readonly url: string;
  /** The game folder as the command was given it: workers build it from their own checkout. */
  readonly game: string;
  readonly setup: WorkerSetup;
  readonly shards: readonly GameRange[];
  /** Called once per shard, with its verified records, in the order they finish. */
  readonly arrive: (range: GameRange, records: GameRecord[]) => void;
  /** Written when the run waits on workers (none connected yet). */
  readonly note?: (line: string) => void;
}

const reasonOf = (job: Job | undefined, id: string): string =>
  job?.failedReason !== undefined && job.failedReason !== "" ? job.failedReason : `job ${id} failed`;

export async function runOnQueue(run: QueueRun): Promise<void> {
  const connection = parseQueueUrl(run.url);
  const queue = new Queue<ShardJob, ShardResult>(QUEUE_NAME, { connection });
  const events = new QueueEvents(QUEUE_NAME, { connection });
  const counted = new Map<string, string>();
  const ids: string[] = [];
  try {
    await Promise.all([queue.waitUntilReady(), events.waitUntilReady()]);
    const jobs = run.shards.map((r) => {
      const data: ShardJob = { game: run.game, plan: run.setup.plan, agents: run.setup.agents, from: r.from, to: r.to };
      return { range: r, data, id: shardId(run.setup.plan, r.from, r.to) };
    });
    // A shard that failed before (a worker with other inputs) is tried afresh: with its id taken, an add would do nothing.
    for (const j of jobs) {
      const old = await queue.getJob(j.id);
      if (old !== undefined && (await old.getState()) === "failed") await old.remove();
    }
    // Same id, same games: if a shard is already queued or done (at-least-once delivery, or a run
    // started twice), BullMQ keeps the one job, and its result is verified like any other.
    const added = await queue.addBulk(
      jobs.map((j) => ({
        name: "shard",
        data: j.data,
        opts: { jobId: j.id, removeOnFail: false, removeOnComplete: false },
      })),
    );
    for (const j of jobs) ids.push(j.id);
    if ((await queue.getWorkersCount()) === 0)
      run.note?.(`waiting for workers on ${run.url}: start 'cardwright worker --queue ${run.url}' on each machine`);
    await Promise.all(
      added.map(async (job, k) => {
        const j = jobs[k] as (typeof jobs)[number];
        let result: ShardResult;
        try {
          result = (await job.waitUntilFinished(events)) as ShardResult;
        } catch (e) {
          const again = await queue.getJob(j.id);
          throw new ShardError(reasonOf(again, j.id) || (e instanceof Error ? e.message : String(e)));
        }
        const records = verifyShard(j.data, result);
        const seen = counted.get(j.id);
        if (seen !== undefined) {
          if (seen !== result.digest)
            throw new ShardError(`shard ${j.range.from}–${j.range.to - 1}: two results with different digests`);
          return;
        }
        counted.set(j.id, result.digest);
        run.arrive(j.range, records);
      }),
    );
    // Counted: the jobs have done their work and leave Redis clean for the next run.
    for (const id of ids) await (await queue.getJob(id))?.remove();
  } finally {
    await events.close();
    await queue.close();
  }
}
