/** The `cardwright` command line: check, compile, test, play, demo. */
import { Command, CommanderError } from "commander";
import { RuntimeFaultReporter } from "./fault.ts";

// Each command's modules load only when it runs: `check` never loads the code generator
// (ts-morph, TypeScript) or the runtime, so the command line starts fast.
export { printDiagnostics } from "./output.ts";

export function buildProgram(): Command {
  const program = new Command("cardwright")
    .description("Compile card games written in YAML and the Cardwright effect language; test and play them.")
    .showHelpAfterError()
    .exitOverride();
  program
    .command("check")
    .description("check games (rules, cards, decks, scenarios) and report diagnostics; writes nothing")
    .argument("[games...]", "game folders under cards/ (default: all)")
    .option("--quiet", "print only diagnostics")
    .option("--root <dir>", "project folder holding cards/ (default: this repository)")
    .action(async (games: string[], opts: { quiet?: boolean; root?: string }) => {
      process.exitCode = await (await import("./compile-commands.ts")).checkCommand(games, opts);
    });
  program
    .command("compile")
    .description("compile games to dist/<game>/ (TypeScript, JavaScript, source map, JSON Schemas)")
    .argument("[games...]", "game folders under cards/")
    .option("--all", "compile every game under cards/")
    .option("--force", "ignore the build cache")
    .option("--quiet", "print only diagnostics")
    .action(async (games: string[], opts: { all?: boolean; force?: boolean; quiet?: boolean }) => {
      process.exitCode = await (await import("./compile-commands.ts")).compileCommand(games, opts);
    });
  program
    .command("test")
    .description("run the scenario tests (cards/<game>/scenarios/*.yaml)")
    .argument("[games...]", "game folders (default: all)")
    .option("--filter <text>", "only scenarios whose name contains this text")
    .option("--file <path...>", "only these scenario files")
    .action(async (games: string[], opts: { filter?: string; file?: string[] }) => {
      process.exitCode = await (await import("./test-command.ts")).testCommand(games, opts);
    });
  program
    .command("play")
    .description("play a match: random agents by default, or a human in the terminal")
    .argument("<game>", "game folder under cards/")
    .option("--seed <n>", "seed of the match", "1")
    .option("--agents <list>", "one agent per seat: random, first, human (comma separated)", "random,random")
    .option("--deck <list>", "deck ids per seat (comma separated; default: the game's decks in order)")
    .option("--option <kv...>", "match options, name=value")
    .option("--seat <spec...>", "player properties of a seat, seat:name=value (e.g. 1:manualPay=true)")
    .option("--save-replay <file>", "write the replay (seed, config, actions) to this file")
    .option("--replay <file>", "replay a saved match instead of playing")
    .option("--quiet", "print only the result")
    .option("--verbose", "print every change (moves, properties, events), not only the play-by-play")
    .action(async (game: string, opts: PlayOptions) => {
      process.exitCode = await (await import("./play-command.ts")).playCommand(game, opts);
    });
  program
    .command("demo")
    .description("compile every game and play a demo match of each in the terminal")
    .option("--seed <n>", "seed", "7")
    .action(async (opts: { seed: string }) => {
      process.exitCode = await (await import("./play-command.ts")).demoCommand(opts);
    });
  program.command("lsp").description("run the language server (LSP over stdio) for every game under cards/").action(async () => (await import("../lsp/server.ts")).startServer());
  return program;
}

export interface PlayOptions {
  seed: string;
  agents: string;
  deck?: string;
  option?: string[];
  seat?: string[];
  saveReplay?: string;
  replay?: string;
  quiet?: boolean;
  verbose?: boolean;
}

/** Runs the command line in this process; the exit code goes to process.exitCode. */
export async function main(argv: readonly string[]): Promise<void> {
  const program = buildProgram();
  try {
    await program.parseAsync([...argv]);
  } catch (e) {
    if (e instanceof CommanderError) {
      process.exitCode = e.exitCode === 0 ? 0 : 2;
      return;
    }
    RuntimeFaultReporter.report(e);
    process.exitCode = 70;
  }
}

/**
 * Runs `cardwright <args>` in this process with its output captured (tests: no child process per
 * case). Commands write to process.stdout/stderr; they are swapped for the duration of the run.
 */
export async function runCli(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const out = process.stdout.write.bind(process.stdout);
  const err = process.stderr.write.bind(process.stderr);
  const before = process.exitCode;
  process.exitCode = 0;
  process.stdout.write = ((s: string | Uint8Array) => ((stdout += String(s)), true)) as typeof process.stdout.write;
  process.stderr.write = ((s: string | Uint8Array) => ((stderr += String(s)), true)) as typeof process.stderr.write;
  try {
    await main(["node", "cardwright", ...args]);
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
  }
  const code = Number(process.exitCode ?? 0);
  process.exitCode = before;
  return { code, stdout, stderr };
}

// Only when run as the `cardwright` command (not when a test imports runCli).
const entry = process.argv[1]?.replace(/\\/g, "/") ?? "";
if (/compiler\/node\/cli\/(main\.ts|bin\.js)$/.test(entry) || process.env["CARDWRIGHT_MAIN"] === "1") {
  // A closed pipe (`cardwright play … | head`) ends the output quietly.
  process.stdout.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code === "EPIPE") process.exit(0);
    throw e;
  });
  await main(process.argv);
}
