/** `cardwright check` and `cardwright compile`. */
import pc from "./colors.ts";
import { checkGame } from "../../core/workspace/workspace.ts";
import { dedupeDiagnostics, hasErrors, type Diagnostic } from "../../core/text/diagnostics.ts";
import { deckRules } from "../decks.ts";
import { compileToDisk, listGames, moduleInMemory, readGame } from "../project.ts";
import { printDiagnostics } from "./output.ts";
import { printable } from "../../core/text/printable.ts";

function pickGames(games: readonly string[], all = false, root?: string): string[] {
  return games.length && !all ? [...games] : listGames(root);
}

function summary(diags: readonly Diagnostic[]): string {
  const e = diags.filter((d) => d.severity === "error").length;
  const w = diags.filter((d) => d.severity === "warning").length;
  return `${e} error(s), ${w} warning(s)`;
}

export async function checkCommand(
  games: readonly string[],
  opts: { quiet?: boolean; root?: string },
): Promise<number> {
  let failed = false;
  const list = pickGames(games, false, opts.root);
  if (list.length === 0) {
    process.stderr.write(`no games found: no ${printable(opts.root ?? ".")}/cards/<game>/rules.yaml\n`);
    return 1;
  }
  for (const game of list) {
    const inp = readGame(game, opts.root);
    let diags: Diagnostic[] = "code" in inp ? [inp] : [];
    if (!("code" in inp)) {
      const model = checkGame(inp);
      diags = [...model.diagnostics];
      // The rules' deck-building rules run the game's code: built in memory, nothing is written.
      const module = await moduleInMemory(game, inp, model, opts.root);
      // The model has the trigger-graph warnings (endless loops, dead triggers) already.
      if (module) diags = dedupeDiagnostics([...diags, ...deckRules(model.decks, module).diagnostics]);
    }
    printDiagnostics(diags);
    if (hasErrors(diags)) failed = true;
    if (!opts.quiet)
      process.stdout.write(
        `${hasErrors(diags) ? pc.red("✗") : pc.green("✓")} ${printable(game)}: ${"code" in inp ? "not found" : `${inp.cards.length} card file(s)`}, ${summary(diags)}\n`,
      );
  }
  return failed ? 1 : 0;
}

export async function compileCommand(
  games: readonly string[],
  opts: { all?: boolean; force?: boolean; quiet?: boolean },
): Promise<number> {
  const list = pickGames(games, opts.all);
  if (list.length === 0) {
    process.stderr.write("no games to compile: add cards/<game>/rules.yaml\n");
    return 1;
  }
  let failed = false;
  for (const game of list) {
    const t0 = performance.now();
    const r = await compileToDisk(game, opts.force ? { force: true, types: true } : { types: true });
    printDiagnostics(r.diagnostics);
    if (!r.jsPath) failed = true;
    if (!opts.quiet) {
      const ms = (performance.now() - t0).toFixed(0);
      process.stdout.write(
        r.jsPath
          ? `${pc.green("✓")} ${printable(game)} → ${printable(r.jsPath)}${r.fromCache ? " (up to date)" : ` in ${ms} ms`}\n`
          : `${pc.red("✗")} ${printable(game)}: ${summary(r.diagnostics)}\n`,
      );
    }
  }
  return failed ? 1 : 0;
}
