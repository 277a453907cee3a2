/**
 * What the coordinator of a queued simulation and its workers share (`cardwright sim --queue`,
 * `cardwright worker --queue`): the Redis connection from its URL, the shard (a range of one plan's
 * games) with a job id derived from what decides its games, and the digest of a shard's records.
 * BullMQ delivers a job at least once, so everything here makes a shard safe to run twice: the same
 * shard has the same id (BullMQ keeps one job per id) and gives the same records, and its digest
 * lets the coordinator verify a result rather than trust it.
 */
import { createHash } from "node:crypto";
import type { AgentSpec } from "../../../runtime/index.ts";
import { UsageError } from "../cli/usage.ts";
import type { SimPlan } from "../../sim/plan.ts";
import { canonicalPlan, recordLine, type GameRecord } from "../../sim/record.ts";

/** The BullMQ queue every coordinator and worker of one Redis uses (jobs carry their plan). */
export const QUEUE_NAME = "cardwright-sim";

/**
 * Lock and stall settings: a worker renews its lock on a job every LOCK_MS / 2 while it plays (its
 * games run on worker threads, so its event loop is free to); a worker that died (kill -9, a lost
 * machine) stops renewing, and within LOCK_MS + STALLED_MS its job goes back to the queue for
 * another worker. Short, so a lost worker costs seconds; renewing is one small Redis call. Not shorter: on a loaded
 * machine a garbage collection or a build can hold the event loop for a second or two.
 */
export const LOCK_MS = 5000;
export const STALLED_MS = 2000;
/** A job may stall this often (a worker lost while running it) before it fails. */
export const MAX_STALLS = 10;

export interface Connection {
  readonly host: string;
  readonly port: number;
  readonly db: number;
  readonly username?: string;
  readonly password?: string;
  /** BullMQ's workers block on Redis; ioredis must not give up a blocked call after a few retries. */
  readonly maxRetriesPerRequest: null;
}

/** `redis://[user:password@]host[:port][/db]` to a connection; anything else is a usage error. */
export function parseQueueUrl(text: string, option = "--queue"): Connection {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`${option} must be a Redis URL like redis://host:6379, got '${text}'`);
  }
  if (url.protocol !== "redis:")
    throw new UsageError(`${option} must be a Redis URL like redis://host:6379 (scheme redis:), got '${text}'`);
  if (url.hostname === "") throw new UsageError(`${option}: '${text}' names no host`);
  const port = url.port === "" ? 6379 : Number(url.port);
  const path = url.pathname.replace(/^\//, "");
  const db = path === "" ? 0 : Number(path);
  if (!Number.isInteger(db) || db < 0)
    throw new UsageError(`${option}: the database of '${text}' must be a number, got '${path}'`);
  return {
    host: url.hostname.replace(/^\[|\]$/g, ""),
    port,
    db,
    ...(url.username !== "" ? { username: decodeURIComponent(url.username) } : {}),
    ...(url.password !== "" ? { password: decodeURIComponent(url.password) } : {}),
    maxRetriesPerRequest: null,
  };
}

/** One job: games [from, to) of a plan, and what a worker needs to play them. */
export interface ShardJob {
  /** The game folder under cards/, as the coordinator was given it (the worker builds it from its own checkout). */
  readonly game: string;
  readonly plan: SimPlan;
  readonly agents: readonly AgentSpec[];
  readonly from: number;
  readonly to: number;
}

/** A worker's answer: the shard's records in game order and their digest; `worker` names the machine. */
export interface ShardResult {
  readonly records: readonly GameRecord[];
  readonly digest: string;
  readonly worker: string;
}

const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");

/**
 * The job id of a shard: a hash of (inputs hash, plan, seed range). The plan holds the inputs hash,
 * the agents, the seed and everything else that decides a game, so equal ids mean equal games.
 * Hex only: BullMQ refuses ids with a colon, and a number-like id would clash with its own ids.
 */
export function shardId(plan: SimPlan, from: number, to: number): string {
  return `shard-${sha256(JSON.stringify([plan.inputs, canonicalPlan(plan), from, to]))}`;
}

/** The digest of a shard's games: a hash of their canonical lines, in order. */
export function digestOf(records: readonly GameRecord[]): string {
  return sha256(records.map((r) => recordLine(r) + "\n").join(""));
}
