/**
 * One lab run, with no file or terminal: every ordered pairing of the decks on the same seeds,
 * played in plan order in this thread, into the matchup matrix, the run's summary and the per-card
 * table. Browser-safe (the editor's Balance tab runs it in a web worker), and deterministic: the
 * same inputs give the same result, key for key.
 */
import { Engine, type AgentSpec, type GameModule } from "../../../runtime/index.ts";
import { labPlans, matchups, type MatchupMatrix } from "../lab.ts";
import type { PlanDeck, SimPlan } from "../plan.ts";
import { playGame } from "../play.ts";
import type { GameRecord } from "../record.ts";
import { cardTable, type Adjust, type CardTable } from "./cards.ts";
import { labSummary, type LabSummary } from "./summary.ts";
import { CardTracker, zoneRoles } from "./tracker.ts";

export interface LabRun {
  readonly module: GameModule;
  /** The plan every pairing shares (its decks are set per pairing). */
  readonly base: SimPlan;
  readonly decks: readonly PlanDeck[];
  readonly agents: readonly AgentSpec[];
  readonly adjust?: Adjust;
  /** Called after each game with the games done and in all (a progress bar, the tab's progress). */
  readonly progress?: (done: number, total: number) => void;
}

export interface LabResult {
  readonly plan: Omit<SimPlan, "decks"> & { readonly decks: readonly string[] };
  readonly matchups: MatchupMatrix;
  readonly summary: LabSummary;
  readonly cards: CardTable;
}

/** The cards of a deck, each once, sorted. */
const cardsOf = (d: PlanDeck): string[] => [...new Set(Object.values(d.zones).flat())].sort();

export function runLab(run: LabRun): { result: LabResult; records: GameRecord[] } {
  const roles = zoneRoles(run.module);
  const tracker = new CardTracker(roles, run.module.rules.players);
  const engine = new Engine(run.module, { log: false, onMove: tracker.onMove });
  const plans = labPlans(run.base, run.decks);
  const total = plans.reduce((n, p) => n + p.games, 0);
  const records: GameRecord[] = [];
  for (const p of plans)
    for (let g = 0; g < p.games; g++) {
      records.push(playGame(engine, p, run.agents, g, tracker));
      run.progress?.(records.length, total);
    }
  const ids = run.decks.map((d) => d.id);
  const result: LabResult = {
    plan: { ...run.base, decks: ids },
    matchups: matchups(ids, records),
    summary: labSummary(records),
    cards: cardTable(ids, new Map(run.decks.map((d) => [d.id, cardsOf(d)])), records, roles.source, run.adjust),
  };
  return { result, records };
}
