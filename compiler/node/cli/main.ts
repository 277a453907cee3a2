/**
 * The `cardwright` command line: check, compile, test, coverage, analyze, play, sim, fuzz, demo.
 * Exit codes: 0 done, 1 the input has problems (diagnostics, failing scenarios, illegal decks),
 * 2 a mistake on the command line (one line on stderr), 3 input ended before a match was over,
 * 4 a card or the rules faulted while playing (`file:line:col: fault: …`), 70 an internal error
 * (a bug: please report it).
 */
import { realpathSync } from "node:fs";
import type { PlayOptions } from "./play-command.ts";
import { relative, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { Command, CommanderError } from "commander";
import { reportFault } from "./fault.ts";
import { checkGameName, checkInputFile, parsePercent, UsageError } from "./usage.ts";
import { printable } from "../../core/text/printable.ts";

// Each command's modules load only when it runs: `check` never loads the code generator
// (ts-morph, TypeScript) or the runtime, so the command line starts fast.
export { printDiagnostics } from "./output.ts";

/** Where a run reads and writes: the process's streams, or a test's. */
export interface CliIO {
  out(text: string): void;
  err(text: string): void;
  /** Lines a human player types (default: process.stdin). */
  readonly input?: NodeJS.ReadableStream;
}

async function knownGames(root?: string): Promise<string[]> {
  return (await import("../project.ts")).listGames(root);
}

/** The fuzz command's options, checked (usage.ts) before any work. */
async function fuzzOptions(opts: {
  games: string;
  seed: string;
  maxDecisions: string;
  shrinkTime: string;
  out?: string;
  root?: string;
}) {
  const { parseSeed, parseCount, checkOutputFile } = await import("./usage.ts");
  if (opts.out !== undefined) checkOutputFile(opts.out, "--out");
  return {
    games: parseCount(opts.games, "--games"),
    seed: parseSeed(opts.seed),
    maxDecisions: parseCount(opts.maxDecisions, "--max-decisions"),
    shrinkTime: parseCount(opts.shrinkTime, "--shrink-time"),
    ...(opts.out !== undefined ? { out: opts.out } : {}),
    ...(opts.root !== undefined ? { root: opts.root } : {}),
  };
}

async function checkGames(games: readonly string[], root?: string): Promise<void> {
  const known = await knownGames(root);
  for (const g of games) checkGameName(g, known);
}

/** The game folder a scenario file lives in (cards/<game>/…), or null. */
function gameOfFile(path: string, root: string): string | null {
  const rel = relative(resolve(root, "cards"), resolve(path));
  if (rel.startsWith("..") || rel === "") return null;
  return rel.split(sep)[0] ?? null;
}

export function buildProgram(setCode: (code: number) => void, io?: CliIO): Command {
  const program = new Command("cardwright")
    .description("Compile card games written in YAML and the Cardwright effect language; test and play them.")
    .exitOverride()
    .configureOutput({
      writeOut: (s) => process.stdout.write(s),
      writeErr: (s) => process.stderr.write(s),
      // One line: commander's message (and its "Did you mean" on the next line) joined.
      outputError: (s, write) => write(`${s.trim().replace(/\s*\n\s*/g, " ")} (see cardwright --help)\n`),
    });
  program
    .command("check")
    .description(
      "check games (rules, cards, decks) and report diagnostics; writes nothing but the build cache (dist/<game>/, used to check decks)",
    )
    .argument("[games...]", "game folders under cards/ (default: all)")
    .option("--quiet", "print only diagnostics")
    .option("--root <dir>", "project folder holding cards/ (default: this repository)")
    .action(async (games: string[], opts: { quiet?: boolean; root?: string }) => {
      if (opts.root !== undefined && (await knownGames(opts.root)).length === 0)
        throw new UsageError(`--root: no games in '${opts.root}' (no ${opts.root}/cards/<game>/rules.yaml)`);
      await checkGames(games, opts.root);
      setCode(await (await import("./compile-commands.ts")).checkCommand(games, opts));
    });
  program
    .command("compile")
    .description(
      "compile games to dist/<game>/ (TypeScript, JavaScript, source map) and their JSON Schemas to dist/schemas/",
    )
    .argument("[games...]", "game folders under cards/ (default with --all: every game)")
    .option("--all", "compile every game under cards/")
    .option("--force", "ignore the build cache")
    .option("--quiet", "print only diagnostics")
    .action(async (games: string[], opts: { all?: boolean; force?: boolean; quiet?: boolean }) => {
      if (games.length === 0 && !opts.all) throw new UsageError("compile: name the games to compile, or give --all");
      await checkGames(games);
      setCode(await (await import("./compile-commands.ts")).compileCommand(games, opts));
    });
  program
    .command("test")
    .description("run the scenario tests (cards/<game>/scenarios/**/*.yaml); compiles to dist/ when needed")
    .argument("[games...]", "game folders (default: all, or the games of the --file files)")
    .option("--filter <text>", "only scenarios whose name contains this text")
    .option("--file <path...>", "only these scenario files (under cards/<game>/)")
    .option(
      "--trace",
      "for each failing scenario: its compact log step by step, the failed step marked, and the state diff",
    )
    .option("--version <v>", "play the scenarios that name no version at this version of the game")
    .action(async (games: string[], opts: { filter?: string; file?: string[]; trace?: boolean; version?: string }) => {
      await checkGames(games);
      const { ROOT } = await import("../project.ts");
      let list = games;
      if (opts.file !== undefined) {
        const owners = new Set<string>();
        for (const f of opts.file) {
          checkInputFile(f, "--file");
          const g = gameOfFile(f, ROOT);
          if (g === null) throw new UsageError(`--file: '${f}' is not inside a game folder (cards/<game>/)`);
          if (games.length > 0 && !games.includes(g))
            throw new UsageError(`--file: '${f}' belongs to the game '${g}', not to ${games.join(", ")}`);
          owners.add(g);
        }
        if (list.length === 0) list = [...owners];
        opts.file = opts.file.map((f) => relative(process.cwd(), resolve(f)));
      }
      setCode(await (await import("./test-command.ts")).testCommand(list, opts));
    });
  program
    .command("coverage")
    .description(
      "run a game's scenarios and report which clauses of each card ran (statements, branches, when:, triggers); writes an HTML report to coverage/<game>/",
    )
    .argument("<game>", "game folder under cards/")
    .option("--out <dir>", "folder for the HTML report (default: coverage)")
    .option("--min <percent>", "exit 1 when fewer clauses than this percentage ran")
    .option("--root <dir>", "project folder holding cards/ (default: this repository)")
    .action(async (game: string, opts: { out?: string; min?: string; root?: string }) => {
      if (opts.root !== undefined && (await knownGames(opts.root)).length === 0)
        throw new UsageError(`--root: no games in '${opts.root}' (no ${opts.root}/cards/<game>/rules.yaml)`);
      await checkGames([game], opts.root);
      const min = opts.min !== undefined ? parsePercent(opts.min, "--min") : undefined;
      setCode(
        await (await import("./coverage-command.ts")).coverageCommand(game, {
          ...(opts.out !== undefined ? { out: opts.out } : {}),
          ...(min !== undefined ? { min } : {}),
          ...(opts.root !== undefined ? { root: opts.root } : {}),
        }),
      );
    });
  program
    .command("analyze")
    .description(
      "analyze a game's trigger graph: possible endless trigger loops, triggers that never fire (warnings), events nothing hears and cards in no deck (info)",
    )
    .argument("<game>", "game folder under cards/")
    .option("--root <dir>", "project folder holding cards/ (default: this repository)")
    .action(async (game: string, opts: { root?: string }) => {
      if (opts.root !== undefined && (await knownGames(opts.root)).length === 0)
        throw new UsageError(`--root: no games in '${opts.root}' (no ${opts.root}/cards/<game>/rules.yaml)`);
      await checkGames([game], opts.root);
      setCode(await (await import("./analyze-command.ts")).analyzeCommand(game, opts));
    });
  program
    .command("play")
    .description("play a match: random agents by default, or a human in the terminal (type 'help' at a prompt)")
    .argument("<game>", "game folder under cards/")
    .option("--seed <n>", "seed of the match, 0 to 4294967295 (default: 1, or the scenario's seed with --from)")
    .option(
      "--agents <list>",
      "one agent per seat (comma separated): random, first, human, greedy, mcts[:budget] (information-set MCTS), dmcts[:budget] (determinized MCTS); a budget is iterations (mcts:1000) or time per decision (mcts:1s, mcts:250ms)",
      "random,random",
    )
    .option("--deck <list>", "deck ids per seat (comma separated; default: the game's decks in order)")
    .option("--option <kv...>", "match options, name=value (checked against the rules' declared types)")
    .option("--seat <spec...>", "player properties of a seat, seat:name=value (e.g. 1:manualPay=true)")
    .option("--from <file#scenario>", "start from the board a scenario gives (file and scenario name)")
    .option(
      "--version <v>",
      "play at this version of the game (one its rules declare; default: the decks' or scenario's version, else the cards as written)",
    )
    .option("--save-replay <file>", "write the replay (seed, config, actions) to this file")
    .option("--replay <file>", "replay a saved match instead of playing")
    .option("--quiet", "print only the result")
    .option("--verbose", "print every change (moves, properties, events), not only the play-by-play")
    .option("--root <dir>", "project folder holding cards/ (default: this repository)")
    .action(async (game: string, opts: PlayOptions) => {
      if (opts.root !== undefined && (await knownGames(opts.root)).length === 0)
        throw new UsageError(`--root: no games in '${opts.root}' (no ${opts.root}/cards/<game>/rules.yaml)`);
      await checkGames([game], opts.root);
      setCode(
        await (await import("./play-command.ts")).playCommand(
          game,
          io?.input === undefined ? opts : { ...opts, input: io.input },
        ),
      );
    });
  program
    .command("fuzz")
    .description(
      "play random games checking the rules' invariants and faults after every action; shrink the first failure into a scenario file",
    )
    .argument("<game>", "game folder under cards/")
    .option("--games <n>", "number of games", "1000")
    .option("--seed <n>", "seed of the first game (game i has seed + i)", "1")
    .option("--max-decisions <n>", "a game without an end after this many decisions is a failure", "100000")
    .option("--shrink-time <s>", "seconds for finding and shrinking a reproduction", "60")
    .option("--out <file>", "where to write the scenario (default: cards/<game>/scenarios/fuzz-<hash>.yaml)")
    .option("--root <dir>", "project folder holding cards/ (default: this repository)")
    .action(
      async (
        game: string,
        opts: { games: string; seed: string; maxDecisions: string; shrinkTime: string; out?: string; root?: string },
      ) => {
        if (opts.root !== undefined && (await knownGames(opts.root)).length === 0)
          throw new UsageError(`--root: no games in '${opts.root}' (no ${opts.root}/cards/<game>/rules.yaml)`);
        await checkGames([game], opts.root);
        setCode(
          await (await import("../fuzz/fuzz-command.ts")).fuzzCommand(game, {
            ...(await fuzzOptions(opts)),
            progress: io === undefined,
          }),
        );
      },
    );
  program
    .command("sim")
    .description(
      "simulate many games between automatic agents, one per seat, seats rotating over paired deals, on worker threads; per agent and seat: wins, losses, draws and the Wilson 95% interval of the score",
    )
    .argument("<game>", "game folder under cards/")
    .requiredOption("--agents <list>", "one agent per seat: random, first (comma separated; A1, A2, … in the results)")
    .requiredOption(
      "--games <n>",
      "number of games, a multiple of the seats (each deal is played once per seat rotation)",
    )
    .option("--seed <n>", "seed of the run, 0 to 4294967295 (deal r is dealt from a seed derived from it and r)", "1")
    .option(
      "--decks <list>",
      "deck ids per seat (comma separated; default: the game's decks in order); decks stay with their seats",
    )
    .option("--option <kv...>", "match options, name=value (checked against the rules' declared types)")
    .option(
      "--version <v>",
      "play at this version of the game (default: the decks' version, else the cards as written)",
    )
    .option("--workers <n>", "worker threads (default: one per core)")
    .option(
      "--max-decisions <n>",
      "a game without an end after this many decisions is stopped and counted as a timeout",
      "100000",
    )
    .option("--json", "print the result as JSON (the same bytes for the same inputs, whatever the number of workers)")
    .option("--out <file>", "write each game's record to this file as it finishes (JSON lines, in game order)")
    .option("--resume", "continue the run in the --out file (the game's inputs and every option must be the same)")
    .option(
      "--matrix",
      "the balance lab: every ordered pairing of --decks (default: all legal decks), mirrored seeds, --games per pairing; the matchup matrix with Wilson 95% intervals",
    )
    .option("--csv <file>", "with --matrix: write the matchups as CSV, one line per ordered pairing")
    .option(
      "--swap <card=card-in-deck...>",
      "with --matrix: a deck variant with the card in place of every copy of card-in-deck (decks without it are kept)",
    )
    .action(async (game: string, opts: import("../sim/sim-command.ts").SimOptions) => {
      await checkGames([game]);
      setCode(await (await import("../sim/sim-command.ts")).simCommand(game, { ...opts, progress: io === undefined }));
    });
  program
    .command("demo")
    .description("compile every game and play a demo match of each between random agents in the terminal")
    .option("--seed <n>", "seed, 0 to 4294967295", "7")
    .action(async (opts: { seed: string }) => {
      setCode(await (await import("./play-command.ts")).demoCommand(opts));
    });
  program
    .command("text")
    .description(
      "print each card's behaviour rendered from its code next to its written text, and the numbers that differ",
    )
    .argument("<game>", "a game folder under cards/")
    .argument("[cards...]", "card ids (default: every card)")
    .option("--ja", "also render Japanese")
    .option("--mismatches", "only cards whose text and effect differ")
    .option("--root <dir>", "project folder holding cards/ (default: this repository)")
    .action(async (game: string, cards: string[], opts: { ja?: boolean; mismatches?: boolean; root?: string }) => {
      await checkGames([game], opts.root);
      setCode(await (await import("./text-command.ts")).textCommand(game, cards, opts));
    });
  program
    .command("lsp")
    .description("run the language server (LSP over stdio) for every game under cards/")
    .action(async () => (await import("../lsp/server.ts")).startServer());
  return program;
}

/**
 * Runs the command line with `argv` (the arguments after the program name) and returns the exit
 * code. With `io`, output goes there instead of the process's streams (tests run the CLI in process).
 */
export async function run(argv: readonly string[], io?: CliIO): Promise<number> {
  let code = 0;
  const program = buildProgram((c) => (code = c), io);
  const restore = io === undefined ? () => {} : redirect(io);
  try {
    await program.parseAsync([...argv], { from: "user" });
    return code;
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 2;
    if (e instanceof UsageError) {
      process.stderr.write(`error: ${printable(e.message)}\n`);
      return 2;
    }
    return reportFault(e);
  } finally {
    restore();
  }
}

/** Runs `cardwright <args>` in this process with its output captured (tests: no child process per case). */
export async function runCli(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await run(args, { out: (s) => (stdout += s), err: (s) => (stderr += s) });
  return { code, stdout, stderr };
}

/** Sends what the commands write to the process's streams to `io` until the returned function is called. */
function redirect(io: CliIO): () => void {
  const out = process.stdout.write;
  const err = process.stderr.write;
  const to =
    (f: (s: string) => void) =>
    (chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
      f(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
      const cb = rest.find((x) => typeof x === "function") as (() => void) | undefined;
      cb?.();
      return true;
    };
  process.stdout.write = to((s) => io.out(s)) as typeof process.stdout.write;
  process.stderr.write = to((s) => io.err(s)) as typeof process.stderr.write;
  return () => {
    process.stdout.write = out;
    process.stderr.write = err;
  };
}

function isEntry(): boolean {
  const arg = process.argv[1];
  if (arg === undefined) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(arg)).href;
  } catch {
    return false;
  }
}

/** The process entry (main.ts run directly, or bin.js of an installed package). */
export async function main(argv: readonly string[]): Promise<void> {
  // A closed pipe (`cardwright play … | head`) ends the output quietly.
  process.stdout.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code === "EPIPE") process.exit(0);
    throw e;
  });
  process.exitCode = await run(argv);
}

if (isEntry()) await main(process.argv.slice(2));
