/**
 * `cardwright sim <game> --matrix`: the balance lab's matchup matrix. Every ordered pairing of the
 * decks (--decks a,b,c, or all legal decks of the game) plays --games games on the same seeds
 * (mirrored), one agent kind in both seats; the matrix is printed (or as JSON) and written as CSV.
 * The games are played in this thread, in plan order, so the same inputs give the same bytes.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { specText, type AgentSpec, type GameModule } from "../../../runtime/index.ts";
import { checkOutputFile, UsageError } from "../cli/usage.ts";
import { deckRules } from "../decks.ts";
import type { CheckedModel } from "../../core/index.ts";
import { loadChecked, outDir } from "../project.ts";
import { compareLab, type Comparison } from "../../sim/lab/compare.ts";
import { applySwaps, matchupCsv, type MatchupMatrix, type Swap } from "../../sim/lab.ts";
import type { Adjust } from "../../sim/lab/cards.ts";
import { runLab } from "../../sim/lab/run.ts";
import type { PlanDeck, SimPlan } from "../../sim/plan.ts";

export interface LabInputs {
  readonly game: string;
  readonly module: GameModule;
  readonly model: CheckedModel;
  readonly agents: readonly AgentSpec[];
  readonly games: number;
  readonly seed: number;
  readonly decks: string | undefined;
  readonly maxDecisions: number;
  readonly json: boolean;
  readonly csv: string | undefined;
  /** --swap card=card-in-deck, as written (each may be given more than once). */
  readonly swap: readonly string[];
  /** The correction of the per-card flags: holm (default) or bh. */
  readonly adjust: string | undefined;
  /** --compare-dir <folder>: the other version of the game (A/B on the same seeds). */
  readonly compareDir: string | undefined;
  /** --report <file>: the self-contained HTML report. */
  readonly report: string | undefined;
}

const pct = (v: number | null | undefined): string =>
  v === null || v === undefined ? "–" : `${(v * 100).toFixed(1)}%`;

/** The matrix as text: one row per deck, each cell the row's score against the column and its interval; * marks a verdict. */
export function renderMatrix(m: MatchupMatrix): string[] {
  const cell = (r: number, c: number): string => {
    const x = m.cells[r]?.[c];
    if (x === null || x === undefined) return "—";
    return `${pct(x.rate)} (${pct(x.interval?.low)}–${pct(x.interval?.high)})${x.verdict === "even" ? "" : "*"}`;
  };
  const rows = [["deck \\ opponent", ...m.decks], ...m.decks.map((d, r) => [d, ...m.decks.map((_, c) => cell(r, c))])];
  const widths = (rows[0] as string[]).map((_, i) =>
    rows.reduce((w, row) => Math.max(w, (row[i] as string).length), 0),
  );
  return [
    ...rows.map((row) =>
      row
        .map((v, i) => v.padEnd(widths[i] as number))
        .join("  ")
        .trimEnd(),
    ),
    "",
    "* the 95% interval excludes 50%",
  ];
}

/** The deck ids of the run when --decks is not given: every legal deck of this game. */
function ids(i: LabInputs): string {
  return deckRules(i.model.decks ?? [], i.module)
    .decks.map((d) => d.id)
    .join(",");
}

/** The decks of a run (--decks, else all legal ones) with the --swap variants applied. */
function labDecks(
  game: string,
  model: CheckedModel,
  module: GameModule,
  decks: string | undefined,
  swap: readonly string[],
): PlanDeck[] {
  const legal = deckRules(model.decks ?? [], module).decks;
  const ids = decks === undefined ? legal.map((d) => d.id) : decks.split(",").map((s) => s.trim());
  const chosen: PlanDeck[] = ids.map((id) => {
    const d = legal.find((x) => x.id === id);
    if (d === undefined)
      throw new UsageError(
        `--decks: '${id}' is not a legal deck of '${game}' (legal: ${legal.map((x) => x.id).join(", ") || "none"})`,
      );
    return { id: d.id, zones: d.zones };
  });
  if (new Set(ids).size !== ids.length) throw new UsageError(`--decks: a deck is named twice in '${decks}'`);
  const swaps: Swap[] = swap.map((text) => {
    const m = /^([^=\s]+)=([^=\s]+)$/.exec(text);
    if (m === null) throw new UsageError(`--swap takes <card>=<card-in-deck>, got '${text}'`);
    const [card, replaces] = [m[1] as string, m[2] as string];
    if (!Object.hasOwn(module.cards, card))
      throw new UsageError(`--swap ${text}: '${card}' is not a card of '${game}'`);
    return { card, replaces };
  });
  const swapped = applySwaps(chosen, swaps);
  if (typeof swapped === "string") throw new UsageError(swapped);
  return swapped;
}

/**
 * The other version of --compare-dir: a game folder inside a cards/ folder (…/cards/<game>), built
 * into the dist/ beside that cards/ folder. Its errors are a usage error naming the folder.
 */
async function loadOther(dir: string): Promise<{ label: string; module: GameModule; model: CheckedModel }> {
  const full = resolve(dir);
  if (!existsSync(join(full, "rules.yaml")))
    throw new UsageError(`--compare-dir: '${dir}' is not a game folder (it has no rules.yaml)`);
  if (basename(dirname(full)) !== "cards")
    throw new UsageError(`--compare-dir: '${dir}' must be a game folder inside a cards/ folder (…/cards/<game>)`);
  const { module, model, diagnostics } = await loadChecked(basename(full), dirname(dirname(full)));
  if (module === null || model === null) {
    const first = diagnostics.find((d) => d.severity === "error");
    throw new UsageError(
      `--compare-dir: '${dir}' does not compile${first === undefined ? "" : `: ${first.file}:${first.range.start.line}:${first.range.start.col}: ${first.message}`}`,
    );
  }
  if (module.rules.players !== 2) throw new UsageError(`--compare-dir: '${dir}' is not a two-seat game`);
  return { label: dir, module, model };
}

/** The changes as text: one line per matchup, B − A for the row deck with its interval and adjusted p. */
export function renderChanges(c: Comparison, other: string): string[] {
  const lines = c.changes.map((x) => {
    const d = x.diff;
    const move =
      d === null
        ? "–"
        : `${(d.diff * 100).toFixed(1)} points (${(d.low * 100).toFixed(1)} to ${(d.high * 100).toFixed(1)})`;
    return `${x.row} vs ${x.column}: ${pct(x.a)} → ${pct(x.b)}, ${move}, adjusted p ${x.adjusted.toFixed(4)}${x.verdict === "same" ? "" : ` — moved ${x.verdict} for ${x.row}`}`;
  });
  const moved = c.changes.filter((x) => x.verdict !== "same").length;
  return [
    `A: this game; B: ${other}; the same seeds; ${c.adjust === "holm" ? "Holm" : "Benjamini–Hochberg"}-adjusted paired tests at α = ${c.alpha}`,
    ...lines,
    `${moved} of ${c.changes.length} matchups moved`,
  ];
}

export async function labCommand(i: LabInputs): Promise<number> {
  if (i.module.rules.players !== 2)
    throw new UsageError(`--matrix pairs decks in two-seat games; '${i.game}' has ${i.module.rules.players} seats`);
  if (i.csv !== undefined) checkOutputFile(i.csv, "--csv");
  if (i.report !== undefined) checkOutputFile(i.report, "--report");
  const adjust = i.adjust ?? "holm";
  if (adjust !== "holm" && adjust !== "bh") throw new UsageError(`--adjust takes holm or bh, got '${adjust}'`);
  const swapped = labDecks(i.game, i.model, i.module, i.decks, i.swap);
  if (swapped.length < 2) throw new UsageError(`--matrix needs at least two decks; got ${swapped.length}`);
  const other = i.compareDir === undefined ? null : await loadOther(i.compareDir);
  // B plays the same decks by id (as B's deck files have them), with the same variants.
  const otherDecks =
    other === null ? null : labDecks(other.label, other.model, other.module, i.decks ?? ids(i), i.swap);
  const base: SimPlan = {
    game: i.module.id,
    inputs: readFileSync(join(outDir(i.game), "inputs.hash"), "utf8"),
    agents: i.agents.map(specText),
    games: i.games,
    seed: i.seed,
    decks: [null, null],
    options: {},
    version: null,
    maxDecisions: i.maxDecisions,
  };
  if (other !== null && otherDecks !== null) {
    const cmp = compareLab({
      a: i.module,
      b: other.module,
      base,
      decksA: swapped,
      decksB: otherDecks,
      agents: i.agents,
      adjust: adjust as Adjust,
    });
    if (i.report !== undefined)
      writeFileSync(
        i.report,
        await (await import("../../sim/lab/report.ts")).renderReport(cmp.a, {
          game: i.game,
          comparison: cmp,
          other: other.label,
        }),
      );
    if (i.json) process.stdout.write(JSON.stringify(cmp, null, 2) + "\n");
    else process.stdout.write(renderChanges(cmp, other.label).join("\n") + "\n");
    return 0;
  }
  const { result } = runLab({ module: i.module, base, decks: swapped, agents: i.agents, adjust: adjust as Adjust });
  const m = result.matchups;
  if (i.csv !== undefined) writeFileSync(i.csv, matchupCsv(m));
  if (i.report !== undefined)
    writeFileSync(i.report, await (await import("../../sim/lab/report.ts")).renderReport(result, { game: i.game }));
  if (i.json) process.stdout.write(JSON.stringify(result, null, 2) + "\n");
  else process.stdout.write(renderMatrix(m).join("\n") + "\n");
  return 0;
}
