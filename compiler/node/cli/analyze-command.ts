/** `cardwright analyze <game>`: the trigger graph's findings (loops, dead triggers, unheard events, cards in no deck). */
import pc from "./colors.ts";
import { analyzeGame, findingMessage, type Finding } from "../../core/analysis/triggers/analyze.ts";
import { hasCodeErrors, readGame, ROOT } from "../project.ts";
import { printDiagnostics } from "./output.ts";
import { printable } from "../../core/text/printable.ts";

const LEVEL: Record<Finding["kind"], "warning" | "info"> = {
  loop: "warning",
  "dead-trigger": "warning",
  "unheard-event": "info",
  "card-in-no-deck": "info",
};

/** Prints each finding as `file:line:col: warning|info kind: message`, then a summary line. Findings are reports: the exit code is 0. */
export async function analyzeCommand(game: string, opts: { root?: string } = {}): Promise<number> {
  const inp = readGame(game, opts.root ?? ROOT);
  if ("code" in inp) {
    printDiagnostics([inp]);
    return 1;
  }
  const { checkGame } = await import("../../core/workspace/workspace.ts");
  const model = checkGame(inp);
  if (hasCodeErrors(model)) {
    printDiagnostics(model.diagnostics.filter((d) => d.severity === "error"));
    process.stdout.write(
      `${pc.red("✗")} ${printable(game)}: fix the errors first (cardwright check ${printable(game)})\n`,
    );
    return 1;
  }
  const { graph, findings } = analyzeGame(model);
  for (const f of findings) {
    const level = LEVEL[f.kind];
    const where = `${f.at.file}:${f.at.range.start.line}:${f.at.range.start.col}`;
    process.stdout.write(
      `${printable(where)}: ${level === "warning" ? pc.yellow(level) : level} ${f.kind}: ${printable(findingMessage(f))}\n`,
    );
    if (f.kind === "loop")
      for (const c of f.cycle)
        process.stdout.write(
          `    ${printable(`${c.at.file}:${c.at.range.start.line}:${c.at.range.start.col}`)}  ${printable(`${c.trigger.card} (on ${c.trigger.event})`)}\n`,
        );
  }
  const count = (k: Finding["kind"]) => findings.filter((f) => f.kind === k).length;
  const warnings = count("loop") + count("dead-trigger");
  process.stdout.write(
    `${warnings ? pc.yellow("!") : pc.green("✓")} ${printable(game)}: ${graph.triggers.length} trigger(s), ${graph.emitted.size} event(s) emitted; ${count("loop")} possible loop(s), ${count("dead-trigger")} dead trigger(s), ${count("unheard-event")} unheard event(s), ${count("card-in-no-deck")} card(s) in no deck\n`,
  );
  return 0;
}
