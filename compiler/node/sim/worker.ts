/**
 * A `cardwright sim` worker thread (one per thread of the pool; the threads load it bundled with
 * the runtime into one JavaScript file, worker-bundle.ts): it imports the compiled game once, when
 * the thread starts, and then plays the ranges of games the pool hands it, returning their records
 * in game order.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { workerData } from "piscina";
import { Engine, type AgentSpec, type GameModule } from "../../../runtime/index.ts";
import { withoutPrototypes } from "../../../runtime/kernel/module-index.ts";
import type { SimPlan } from "../../sim/plan.ts";
import { playGame } from "../../sim/play.ts";
import type { GameRecord } from "../../sim/record.ts";

/** What every worker is started with. */
export interface WorkerSetup {
  /** dist/<game>/game.js, the build the main thread checked. */
  readonly jsPath: string;
  readonly plan: SimPlan;
  /** The plan's agents as the main thread parsed them (plain data: the worker loads no command-line code). */
  readonly agents: readonly AgentSpec[];
}

/** A range of games, [from, to) in plan order. */
export interface GameRange {
  readonly from: number;
  readonly to: number;
}

const setup = workerData as WorkerSetup;
// The build may have been replaced since the main thread checked it (another command compiled the
// game meanwhile): then these would be games of another game, so the worker refuses to play.
const built = readFileSync(join(dirname(setup.jsPath), "inputs.hash"), "utf8");
if (built !== setup.plan.inputs)
  throw new Error(
    `the build of '${setup.plan.game}' changed while the simulation started (inputs ${built}, expected ${setup.plan.inputs})`,
  );
// The same import the main thread does (project.ts, importBuilt): the module's name tables lose their prototypes.
const module = withoutPrototypes(
  ((await import(`${pathToFileURL(setup.jsPath).href}?v=${built}`)) as { game: GameModule }).game,
);
const engine = new Engine(module, { log: false });

export function runGames(range: GameRange): GameRecord[] {
  const out: GameRecord[] = [];
  for (let i = range.from; i < range.to; i++) out.push(playGame(engine, setup.plan, setup.agents, i));
  return out;
}
