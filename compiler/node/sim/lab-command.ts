/**
 * `cardwright sim <game> --matrix`: the balance lab's matchup matrix. Every ordered pairing of the
 * decks (--decks a,b,c, or all legal decks of the game) plays --games games on the same seeds
 * (mirrored), one agent kind in both seats; the matrix is printed (or as JSON) and written as CSV.
 * The games are played in this thread, in plan order, so the same inputs give the same bytes.
 */
import { writeFileSync } from "node:fs";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Engine, specText, type AgentSpec, type GameModule } from "../../../runtime/index.ts";
import { checkOutputFile, UsageError } from "../cli/usage.ts";
import { deckRules } from "../decks.ts";
import type { CheckedModel } from "../../core/index.ts";
import { outDir } from "../project.ts";
import { applySwaps, labPlans, matchupCsv, matchups, type MatchupMatrix, type Swap } from "./lab.ts";
import type { PlanDeck, SimPlan } from "./plan.ts";
import { playGame } from "./play.ts";
import type { GameRecord } from "./record.ts";

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

export function labCommand(i: LabInputs): number {
  if (i.module.rules.players !== 2)
    throw new UsageError(`--matrix pairs decks in two-seat games; '${i.game}' has ${i.module.rules.players} seats`);
  if (i.csv !== undefined) checkOutputFile(i.csv, "--csv");
  const legal = deckRules(i.model.decks ?? [], i.module).decks;
  const ids = i.decks === undefined ? legal.map((d) => d.id) : i.decks.split(",").map((s) => s.trim());
  const chosen: PlanDeck[] = ids.map((id) => {
    const d = legal.find((x) => x.id === id);
    if (d === undefined)
      throw new UsageError(
        `--decks: '${id}' is not a legal deck of '${i.game}' (legal: ${legal.map((x) => x.id).join(", ") || "none"})`,
      );
    return { id: d.id, zones: d.zones };
  });
  if (new Set(ids).size !== ids.length) throw new UsageError(`--decks: a deck is named twice in '${i.decks}'`);
  if (chosen.length < 2) throw new UsageError(`--matrix needs at least two decks; got ${chosen.length}`);
  const swaps: Swap[] = i.swap.map((text) => {
    const m = /^([^=\s]+)=([^=\s]+)$/.exec(text);
    if (m === null) throw new UsageError(`--swap takes <card>=<card-in-deck>, got '${text}'`);
    const [card, replaces] = [m[1] as string, m[2] as string];
    if (!Object.hasOwn(i.module.cards, card))
      throw new UsageError(`--swap ${text}: '${card}' is not a card of '${i.game}'`);
    return { card, replaces };
  });
  const swapped = applySwaps(chosen, swaps);
  if (typeof swapped === "string") throw new UsageError(swapped);
  const deckIds = swapped.map((d) => d.id);
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
  const engine = new Engine(i.module, { log: false });
  const records: GameRecord[] = [];
  for (const p of labPlans(base, swapped))
    for (let g = 0; g < p.games; g++) records.push(playGame(engine, p, i.agents, g));
  const m = matchups(deckIds, records);
  if (i.csv !== undefined) writeFileSync(i.csv, matchupCsv(m));
  if (i.json) process.stdout.write(JSON.stringify({ plan: { ...base, decks: deckIds }, matchups: m }, null, 2) + "\n");
  else process.stdout.write(renderMatrix(m).join("\n") + "\n");
  return 0;
}
