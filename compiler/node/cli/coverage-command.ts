/** `cardwright coverage <game>`: runs the game's scenarios and reports which clauses of each card ran. */
import { mkdirSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import pc from "./colors.ts";
import { sanitize } from "../../../runtime/play/agents-terminal.ts";
import { coverageHtml } from "../../core/analysis/coverage/html.ts";
import { ratio, type CoverageReport } from "../../core/analysis/coverage/report.ts";
import { instrumentGame, runAllScenarios } from "../coverage.ts";
import { printDiagnostics } from "./output.ts";
import { printable } from "../../core/text/printable.ts";

export interface CoverageOptions {
  /** Folder of the HTML reports (default: coverage/ in the working directory). */
  out?: string;
  /** Exit 1 when the card clauses covered are below this percentage. */
  min?: number;
  /** Project folder holding cards/. */
  root?: string;
}

function table(report: CoverageReport): string {
  const width = report.cards.reduce((w, f) => Math.max(w, (f.card ?? "").length), 4);
  const rows = report.cards.map((f) => {
    const mark = f.covered === f.total ? pc.green("✓") : pc.yellow("·");
    return `${mark} ${printable(f.card ?? f.file).padEnd(width)}  ${`${f.covered}/${f.total}`.padStart(7)}`;
  });
  return rows.join("\n") + "\n";
}

export async function coverageCommand(game: string, opts: CoverageOptions): Promise<number> {
  const inst = await instrumentGame(game, opts.root);
  if (!inst.ok) {
    printDiagnostics(inst.diagnostics.filter((d) => d.severity === "error"));
    return 1;
  }
  const g = inst.game;
  const results = runAllScenarios(g);
  const failed = results.filter((r) => r.failures.length > 0);
  const report = g.report();
  const out = process.stdout;
  out.write(table(report));
  const missing = report.cards.filter((f) => f.covered < f.total);
  if (missing.length) {
    out.write("\nnot run:\n");
    for (const f of missing)
      for (const c of f.clauses)
        if (!c.hit)
          out.write(`  ${printable(`${f.file}:${c.clause.at.line}:${c.clause.at.col}`)}  ${sanitize(c.label)}\n`);
  }
  const dir = resolve(opts.out ?? "coverage", game);
  mkdirSync(dir, { recursive: true });
  const page = join(dir, "index.html");
  writeFileSync(
    page,
    coverageHtml(report, (file) => g.model.files.get(file)?.text ?? ""),
  );
  out.write(
    `\n${results.length} scenarios run${failed.length ? `, ${pc.red(`${failed.length} failed`)} (run cardwright test ${game})` : ""}\n`,
  );
  if (report.rules) out.write(`rules file (not counted): ${ratio(report.rules.covered, report.rules.total)}\n`);
  out.write(`report: ${printable(relative(process.cwd(), page) || page)}\n`);
  out.write(`clauses covered: ${ratio(report.covered, report.total)}\n`);
  if (failed.length) return 1;
  if (opts.min !== undefined && report.total > 0 && (report.covered / report.total) * 100 < opts.min) {
    process.stderr.write(`error: clauses covered are below --min ${opts.min}%\n`);
    return 1;
  }
  return 0;
}
