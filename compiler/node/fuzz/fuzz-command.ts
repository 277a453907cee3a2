/**
 * `cardwright fuzz <game>`: random games from the game's decks, the rules' invariants and the
 * game's faults checked after every action. The first failure is shrunk into a scenario file
 * (shrink.ts) that fails the same way under `cardwright test`, which this command checks too.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import cliProgress from "cli-progress";
import { Engine } from "../../../runtime/index.ts";
import { runScenarioFile } from "../../scenarios/runner.ts";
import { readDecks } from "../decks.ts";
import { gameDir, loadChecked, ROOT } from "../project.ts";
import pc from "../cli/colors.ts";
import { printDiagnostics } from "../cli/output.ts";
import { UsageError } from "../cli/usage.ts";
import { boardSize, refBoard } from "./board.ts";
import { describeFailure, signature, type Failure } from "./failure.ts";
import { configFor, playRandomGame, seatsFor, type PlayedGame } from "./play.ts";
import { findRepro, shrinkRepro } from "./shrink.ts";
import { boardToGiven, scenarioFileText, stepToForm } from "../../core/scenario/codec.ts";

export interface FuzzOptions {
  readonly games: number;
  readonly seed: number;
  readonly maxDecisions: number;
  /** Seconds for finding and shrinking a reproduction. */
  readonly shrinkTime: number;
  readonly out?: string;
  readonly root?: string;
  /** Draw a progress bar when stderr is a terminal (off when the CLI runs in process, for tests). */
  readonly progress?: boolean;
}

const say = (line: string) => process.stdout.write(`${line}\n`);

/** What a run found, for callers in process (tests) as well as the exit code. */
export interface FuzzReport {
  readonly games: number;
  readonly decisions: number;
  readonly failure: Failure | null;
  readonly scenario: {
    readonly file: string;
    readonly steps: number;
    readonly cards: number;
    readonly message: string;
  } | null;
}

export async function fuzzCommand(game: string, opts: FuzzOptions): Promise<number> {
  const root = opts.root ?? ROOT;
  const { module, model, diagnostics } = await loadChecked(game, root);
  if (!module || !model?.vocabulary) {
    printDiagnostics(diagnostics);
    return 1;
  }
  const { decks } = readDecks(gameDir(game, root), module);
  // A game whose rules deal every card (no deck files) plays with empty seats, as `play` does.
  if (decks.length === 0 && (model.decks?.length ?? 0) > 0)
    throw new UsageError(
      `${game} has no legal deck under ${relative(process.cwd(), join(gameDir(game, root), "decks"))}: the fuzzer plays the game's decks`,
    );
  const engine = new Engine(module, { log: false });
  const invariants = module.rules.invariants?.length ?? 0;
  const choices = [...model.vocabulary.options.values()]
    .filter((o) => o.values.length > 1)
    .map((o) => ({ name: o.name, values: o.values }));
  say(
    `${game}: ${opts.games} random game(s) from seed ${opts.seed}, ${invariants} invariant(s) and faults checked after every action`,
  );

  const bar =
    opts.progress !== false && process.stderr.isTTY
      ? new cliProgress.SingleBar(
          {
            format: "  {bar} {value}/{total} games | {rate} games/s | {decisions} decisions | eta {eta_formatted}",
            hideCursor: true,
            clearOnComplete: true,
          },
          cliProgress.Presets.shades_classic,
        )
      : null;
  bar?.start(opts.games, 0, { rate: "0", decisions: 0 });
  const t0 = performance.now();
  let decisions = 0;
  let failed: PlayedGame | null = null;
  let played = 0;
  for (let i = 0; i < opts.games; i++) {
    const seed = (opts.seed + i) >>> 0;
    const g = playRandomGame(
      engine,
      configFor(decks, seatsFor(module.rules, seed), seed, choices),
      (seed * 13 + 5) >>> 0,
      opts.maxDecisions,
    );
    decisions += g.actions.length;
    played++;
    if (g.failure !== null) {
      failed = g;
      break;
    }
    if (bar && (played % 10 === 0 || played === opts.games))
      bar.update(played, { rate: (played / ((performance.now() - t0) / 1000)).toFixed(1), decisions });
  }
  bar?.stop();
  const secs = (performance.now() - t0) / 1000;
  const summary = `${played} game(s), ${decisions} decisions in ${secs.toFixed(1)} s (${(played / secs).toFixed(1)} games/s)`;
  if (failed === null || failed.failure === null) {
    say(`${pc.green("✓")} ${game}: ${summary}, no failure`);
    return 0;
  }
  const failure = failed.failure;
  say(
    `${pc.red("✗")} ${game}: game ${played} (seed ${failed.config.seed}) failed at decision ${failed.actions.length}: ${describeFailure(failure)}`,
  );
  say(`  ${summary}`);
  if (failure.kind === "stuck" || failure.kind === "endless") {
    say(`  (not shrunk: replay it with cardwright play ${game} --seed ${failed.config.seed})`);
    return 1;
  }
  say(`  shrinking (up to ${opts.shrinkTime} s)…`);
  const deadline = Date.now() + opts.shrinkTime * 1000;
  const found = findRepro(engine, failed, { voc: model.vocabulary, deadline });
  if (found === null) {
    say(
      `  no reproduction from a board was found in time; replay the game with --seed ${failed.config.seed} --games 1`,
    );
    return 1;
  }
  const small = shrinkRepro(engine, found, signature(failure), deadline);
  const { given, numbered } = boardToGiven(refBoard(small.board));
  const form = (name: string) => ({ name, seed: small.seed, given, do: small.steps.map(stepToForm) });
  const body = scenarioFileText([form("")]);
  const hash = createHash("sha256").update(body).digest("hex").slice(0, 10);
  const file = opts.out ?? join(gameDir(game, root), "scenarios", `fuzz-${hash}.yaml`);
  const name = `fuzz ${hash}: ${signature(failure)}${failure.kind === "invariant" && failure.rule ? ` (${failure.rule})` : ""}`;
  const text = scenarioFileText(
    [form(name)],
    [
      `Written by \`cardwright fuzz ${game}${opts.root !== undefined ? ` --root ${relative(process.cwd(), opts.root) || "."}` : ""} --seed ${failed.config.seed} --games 1\`: random game ${played} failed at decision ${failed.actions.length},`,
      `shrunk to ${small.steps.length} step(s) on a board of ${boardSize(small.board)} card(s) (from ${found.steps.length} step(s), ${boardSize(found.board)} card(s)).`,
      `While the bug is there, \`cardwright test\` fails here with: ${signature(failure)}.`,
      ...(numbered
        ? [
            `A number in a card's or player's property names an entity: the players are numbered from 1 in seat order (me first), the cards are numbered from ${small.board.players.length + 1} in the order they are listed here.`,
          ]
        : []),
    ],
  );
  if (!existsSync(dirname(file))) mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  const shown = relative(process.cwd(), file);
  // The scenario runner is the judge: the file must fail the same way.
  const results = runScenarioFile(module, shown, text);
  const first = results[0]?.failures[0];
  const sameWay =
    first !== undefined &&
    (failure.kind === "invariant"
      ? first.code === "scenario/invariant" && first.message.startsWith(`invariant '${failure.id}'`)
      : first.code === "scenario/fault");
  say(`  wrote ${shown}: ${small.steps.length} step(s), ${boardSize(small.board)} card(s)`);
  if (first !== undefined)
    say(`  ${sameWay ? pc.green("✓") : pc.red("✗")} cardwright test fails there with: ${first.message}`);
  else say(`  ${pc.red("✗")} the scenario passes: the failure did not reproduce under cardwright test`);
  return 1;
}
