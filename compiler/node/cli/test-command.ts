/** `cardwright test`: runs scenario files and reports each scenario. */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import pc from "./colors.ts";
import { sanitize } from "../../../runtime/play/agents-terminal.ts";
import { gameDir, listGames, loadChecked, readTextFile } from "../project.ts";
import { runScenarioFile, runScenarios, type ScenarioResult } from "../../scenarios/runner.ts";
import { renderTrace } from "../../core/scenario/trace.ts";
import { printDiagnostics } from "./output.ts";
import { printable } from "../../core/text/printable.ts";
import { UsageError } from "./usage.ts";
import { versionProblem } from "../../../runtime/kernel/versions.ts";

export function scenarioFiles(game: string): string[] {
  const dir = join(gameDir(game), "scenarios");
  const out: string[] = [];
  const walk = (d: string) => {
    if (!existsSync(d)) return;
    for (const e of readdirSync(d).sort()) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.ya?ml$/.test(e)) out.push(p);
    }
  };
  walk(dir);
  return out;
}

/** `version`: play the scenarios that name no version at this one (checked against the game: a UsageError otherwise). */
export async function runGameScenarios(
  game: string,
  files?: readonly string[],
  version?: string,
): Promise<{ results: ScenarioResult[]; compileFailed: boolean }> {
  const { module, model, diagnostics } = await loadChecked(game);
  if (!module) {
    printDiagnostics(diagnostics);
    return { results: [], compileFailed: true };
  }
  if (version !== undefined) {
    const problem = versionProblem(module, version);
    if (problem !== null) throw new UsageError(`--version: ${problem}`);
  }
  const results: ScenarioResult[] = [];
  for (const f of files ?? scenarioFiles(game)) {
    const rel = relative(process.cwd(), f);
    // The checker already read the game's scenario files and resolved their names (unknown cards,
    // properties in `expect:` …): a file with such errors is reported with them and not run.
    const checked = model?.scenarios.find((s) => s.file === rel);
    if (checked)
      for (const x of runScenarios(
        module,
        checked,
        (model?.diagnostics ?? []).filter((d) => d.file === rel && d.severity === "error"),
        version,
      ))
        results.push(x);
    else {
      const read = readTextFile(f);
      if ("code" in read) results.push({ file: read.file, name: "(file)", line: 1, failures: [read], log: [] });
      else for (const r of runScenarioFile(module, read.path, read.text, version)) results.push(r);
    }
  }
  return { results, compileFailed: false };
}

export async function testCommand(
  games: readonly string[],
  opts: { filter?: string; file?: string[]; trace?: boolean; version?: string },
): Promise<number> {
  const list = games.length ? games : listGames();
  let failed = 0;
  let passed = 0;
  let compileFailed = false;
  for (const game of list) {
    const files = opts.file?.map((f) => join(process.cwd(), f));
    const r = await runGameScenarios(game, files, opts.version);
    if (r.compileFailed) compileFailed = true;
    for (const s of r.results) {
      if (opts.filter && !s.name.includes(opts.filter)) continue;
      if (s.failures.length === 0) {
        passed++;
        process.stdout.write(`${pc.green("✓")} ${printable(game)}: ${printable(s.name)}\n`);
      } else {
        failed++;
        process.stdout.write(
          `${pc.red("✗")} ${printable(game)}: ${printable(s.name)} (${printable(s.file)}:${s.line})\n`,
        );
        printDiagnostics(s.failures, (t) => process.stdout.write("    " + t.replace(/\n/g, "\n    ") + "\n"));
        // --trace: the compact log step by step, the failed steps marked, the state diff.
        if (opts.trace && s.trace)
          process.stdout.write(
            renderTrace(s.trace)
              .map((l) => `    ${sanitize(l)}\n`)
              .join(""),
          );
      }
    }
  }
  process.stdout.write(
    `\n${passed} passed, ${failed} failed${opts.version !== undefined ? ` (scenarios without a version of their own played at version ${opts.version})` : ""}${compileFailed ? ", and a game did not compile" : ""}\n`,
  );
  return failed > 0 || compileFailed ? 1 : 0;
}
