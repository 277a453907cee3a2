/**
 * `cardwright sim <game>`: many games between automatic agents, one per seat, seats rotating over
 * paired deals, on a pool of worker threads (piscina); the result per agent and seat with Wilson
 * 95% intervals. The games' records go to `--out` in game order as they finish, so a run that is
 * cut off keeps what it had and `--resume` continues it.
 */
import { closeSync, existsSync, openSync, readFileSync, truncateSync, writeSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import cliProgress from "cli-progress";
import { Piscina } from "piscina";
import { Engine, specText } from "../../../runtime/index.ts";
import { parseAgents } from "../cli/play-command.ts";
import { printDiagnostics } from "../cli/output.ts";
import { seatDecks, seatsLegal } from "../cli/seat-decks.ts";
import {
  checkOutputFile,
  parseCount,
  parseOptions,
  parseSeed,
  parseVersion,
  specsOf,
  UsageError,
} from "../cli/usage.ts";
import { loadChecked, outDir } from "../project.ts";
import { aggregate } from "../../sim/aggregate.ts";
import { configOf, slot, type SimPlan } from "../../sim/plan.ts";
import { headerLine, parseHeader, parseRecord, planDifference, recordLine, type GameRecord } from "../../sim/record.ts";
import { renderResult } from "../../sim/render.ts";
import type { GameRange, WorkerSetup } from "./worker.ts";
import { THREAD_EXEC_ARGV, workerScript } from "./worker-bundle.ts";

export interface SimOptions {
  agents: string;
  games: string;
  seed?: string;
  decks?: string;
  option?: string[];
  version?: string;
  workers?: string;
  maxDecisions?: string;
  json?: boolean;
  out?: string;
  resume?: boolean;
  /** The balance lab's matchup matrix over --decks (or all legal decks), and its CSV file. */
  matrix?: boolean;
  csv?: string;
  swap?: string[];
  adjust?: string;
  report?: string;
  compareDir?: string;
  /** Draw a progress bar when stderr is a terminal (off when the CLI runs in process, for tests). */
  progress?: boolean;
  /** Shard the run over a BullMQ queue at this Redis URL, for `cardwright worker` processes to play. */
  queue?: string;
  /** Games per shard with --queue. */
  shard?: string;
  /** Hears each range of games as it arrives from a worker, in any order (bench/sim.ts times the steady state with it). */
  onGames?: (games: number) => void;
}

const MAX_WORKERS = 256;

/**
 * The games already in an out file (a prefix 0 … m − 1 of the plan), and the length in bytes of the
 * lines they come from: what follows (a line cut off when the run stopped) is to be dropped.
 */
function readOut(file: string, plan: SimPlan): { records: GameRecord[]; bytes: number } {
  const text = readFileSync(file, "utf8");
  const lines = text.split("\n");
  // A line is complete only with its newline: what follows the last newline was being written when the run stopped.
  const complete = lines.slice(0, -1);
  const head = complete[0];
  if (head === undefined) return { records: [], bytes: 0 };
  const filePlan = parseHeader(head);
  if (typeof filePlan === "string")
    throw new UsageError(`--resume: ${file} is not the out file of a simulation: ${filePlan}`);
  const diff = planDifference(filePlan, plan);
  if (diff !== null)
    throw new UsageError(
      `--resume: ${file} holds a run with other inputs: ${diff}; give the same options to continue it, or another --out`,
    );
  const records: GameRecord[] = [];
  for (let i = 1; i < complete.length; i++) {
    const r = parseRecord(complete[i] as string, plan);
    if (typeof r === "string") throw new UsageError(`--resume: ${file}:${i + 1}: ${r}`);
    if (r.game !== records.length)
      throw new UsageError(
        `--resume: ${file}:${i + 1}: game ${r.game} where game ${records.length} was expected (the games are written in order)`,
      );
    records.push(r);
  }
  return { records, bytes: Buffer.byteLength(complete.join("\n") + "\n") };
}

/** Chunks of the games left: small enough to keep every worker busy to the end, large enough that a task costs little. */
function ranges(from: number, to: number, workers: number): GameRange[] {
  const size = Math.max(1, Math.min(25, Math.ceil((to - from) / (workers * 8))));
  const out: GameRange[] = [];
  for (let i = from; i < to; i += size) out.push({ from: i, to: Math.min(to, i + size) });
  return out;
}

export async function simCommand(game: string, opts: SimOptions): Promise<number> {
  // Every command-line value is checked before anything is compiled or played.
  const specsOfAgents = parseAgents(opts.agents);
  if (specsOfAgents.some((a) => a.kind === "human"))
    throw new UsageError("--agents: 'human' needs a person at the terminal; sim plays automatic agents only");
  const games = parseCount(opts.games, "--games");
  const seed = parseSeed(opts.seed ?? "1");
  const workers = parseCount(opts.workers ?? String(availableParallelism()), "--workers");
  // Each thread holds a whole runtime and game: far more threads than cores only costs memory.
  if (workers > MAX_WORKERS) throw new UsageError(`--workers must be at most ${MAX_WORKERS}, got ${workers}`);
  const maxDecisions = parseCount(opts.maxDecisions ?? "100000", "--max-decisions");
  if (opts.resume && opts.out === undefined)
    throw new UsageError("--resume continues the run of an --out file: give --out <file>");
  if (opts.out !== undefined) {
    checkOutputFile(opts.out, "--out");
    if (existsSync(opts.out) && !opts.resume)
      throw new UsageError(`--out: '${opts.out}' exists: give --resume to continue the run it holds, or another file`);
  }

  const { module, model, diagnostics } = await loadChecked(game);
  if (!module || !model?.vocabulary) {
    printDiagnostics(diagnostics);
    return 1;
  }
  // One agent per seat: the agents say how many seats (within the rules' range: Coup seats 2 to 6).
  const most = module.rules.players;
  const least = module.rules.minPlayers ?? most;
  const seats = specsOfAgents.length;
  if (seats < least || seats > most)
    throw new UsageError(
      least === most
        ? `--agents names ${seats} agent(s) for the ${most} seats of '${game}': give one agent per seat`
        : `--agents names ${seats} agent(s); '${game}' seats ${least} to ${most} players: give one agent per seat`,
    );
  if (games % seats !== 0)
    throw new UsageError(
      `--games must be a multiple of ${seats} (the seats of '${game}'), so that every agent plays every seat of each deal; got ${games}`,
    );
  if (opts.matrix) {
    if (opts.out !== undefined || opts.resume) throw new UsageError("--matrix does not take --out or --resume yet");
    return (await import("./lab-command.ts")).labCommand({
      game,
      module,
      model,
      agents: specsOfAgents,
      games,
      seed,
      decks: opts.decks || undefined,
      maxDecisions,
      json: opts.json === true,
      csv: opts.csv,
      swap: opts.swap ?? [],
      adjust: opts.adjust,
      report: opts.report,
      compareDir: opts.compareDir,
    });
  }
  const specs = specsOf(model.vocabulary);
  const options = parseOptions(opts.option, specs);
  const asked = opts.version !== undefined ? parseVersion(opts.version, specs, game) : undefined;
  const seated = seatDecks(model, module, opts.decks || undefined, "--decks", asked, seats);
  if (seated === null) return 1;
  const jsPath = join(outDir(game), "game.js");
  const plan: SimPlan = {
    game: module.id,
    inputs: readFileSync(join(outDir(game), "inputs.hash"), "utf8"),
    agents: specsOfAgents.map(specText),
    games,
    seed,
    decks: seated.chosen.map((d) => (d === undefined ? null : { id: d.id, zones: d.zones })),
    options,
    version: seated.version ?? null,
    maxDecisions,
  };
  if (!seatsLegal(new Engine(module), configOf(plan, slot(plan, 0)), seated.chosen)) return 1;

  // The games already played (--resume), then the file opened to append the rest in game order.
  const before =
    opts.resume && opts.out !== undefined && existsSync(opts.out) ? readOut(opts.out, plan) : { records: [], bytes: 0 };
  const records: GameRecord[] = before.records;
  const done = records.length;
  let fd: number | null = null;
  if (opts.out !== undefined) {
    // Drop whatever follows the last complete record (a line cut off when the run stopped), then append.
    if (before.bytes > 0) truncateSync(opts.out, before.bytes);
    fd = openSync(opts.out, before.bytes > 0 ? "a" : "w");
    if (before.bytes === 0) writeSync(fd, headerLine(plan) + "\n");
  }

  const todo = ranges(done, games, workers);
  const bar =
    opts.progress === true && process.stderr.isTTY && todo.length > 0
      ? new cliProgress.SingleBar(
          {
            format: "  {bar} {value}/{total} games | {rate} games/s | eta {eta_formatted}",
            hideCursor: true,
            clearOnComplete: true,
            etaBuffer: 50,
          },
          cliProgress.Presets.shades_classic,
        )
      : null;
  bar?.start(games, done, { rate: "0" });
  const t0 = performance.now();
  const pending = new Map<number, GameRecord[]>();
  let flushed = done;
  // Records reach the file and the bar in game order: a range that finishes early waits for those before it.
  let stopped = false;
  const arrive = (range: GameRange, got: GameRecord[]) => {
    // After a failure or an interruption the file is closed: games still finishing are dropped.
    if (stopped) return;
    opts.onGames?.(got.length);
    pending.set(range.from, got);
    let lines = "";
    for (let next = pending.get(flushed); next !== undefined; next = pending.get(flushed)) {
      pending.delete(flushed);
      for (const r of next) {
        records.push(r);
        if (fd !== null) lines += recordLine(r) + "\n";
      }
      flushed += next.length;
    }
    if (fd !== null && lines !== "") writeSync(fd, lines);
    bar?.update(flushed, { rate: ((flushed - done) / ((performance.now() - t0) / 1000)).toFixed(1) });
  };

  if (todo.length > 0 && opts.queue !== undefined) {
    const setup: WorkerSetup = { jsPath, plan, agents: specsOfAgents };
    const size = parseCount(opts.shard ?? "50", "--shard");
    const shards: GameRange[] = [];
    for (let i = done; i < games; i += size) shards.push({ from: i, to: Math.min(games, i + size) });
    try {
      await (await import("./queue-coordinator.ts")).runOnQueue({
        url: opts.queue,
        game,
        setup,
        shards,
        arrive,
        note: (l) => process.stderr.write(`${l}\n`),
      });
    } finally {
      stopped = true;
      if (fd !== null) closeSync(fd);
    }
  } else if (todo.length > 0) {
    const setup: WorkerSetup = { jsPath, plan, agents: specsOfAgents };
    const threads = Math.min(workers, todo.length);
    const pool = new Piscina({
      filename: await workerScript(),
      name: "runGames",
      execArgv: [...THREAD_EXEC_ARGV],
      minThreads: threads,
      maxThreads: threads,
      workerData: setup,
      idleTimeout: 1000,
    });
    // Ctrl-C in a terminal: stop the workers, keep the games written so far, say how to go on.
    let interrupted = false;
    const onInterrupt = () => {
      interrupted = true;
      void pool.destroy();
    };
    if (opts.progress === true) process.once("SIGINT", onInterrupt);
    try {
      await Promise.all(todo.map(async (range) => arrive(range, (await pool.run(range)) as GameRecord[])));
    } catch (e) {
      stopped = true;
      bar?.stop();
      if (interrupted) {
        process.stderr.write(
          `interrupted after ${flushed} of ${games} games${opts.out !== undefined ? `; ${opts.out} keeps them: run the same command with --resume to continue` : " (give --out <file> to keep the games of a run)"}\n`,
        );
        return 130;
      }
      if (e instanceof Error && e.message.startsWith("the build of ")) {
        process.stderr.write(
          `error: ${e.message}; run the simulation again${opts.out !== undefined ? " with --resume" : ""}\n`,
        );
        return 1;
      }
      throw e;
    } finally {
      stopped = true;
      process.off("SIGINT", onInterrupt);
      await pool.destroy();
      if (fd !== null) closeSync(fd);
    }
  } else if (fd !== null) closeSync(fd);
  bar?.stop();

  const result = aggregate(plan, records);
  if (opts.json) process.stdout.write(JSON.stringify(result, null, 2) + "\n");
  else process.stdout.write(renderResult(result).join("\n") + "\n");
  return 0;
}
