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
    .description("check games (rules and cards) and report diagnostics; writes nothing")
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

// A closed pipe (`cardwright play … | head`) ends the output quietly.
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code === "EPIPE") process.exit(0);
  throw e;
});

async function main(argv: string[]): Promise<void> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
  } catch (e) {
    if (e instanceof CommanderError) {
      process.exitCode = e.exitCode === 0 ? 0 : 2;
      return;
    }
    RuntimeFaultReporter.report(e);
    process.exitCode = 70;
  }
}

await main(process.argv);
