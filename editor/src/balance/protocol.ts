/** Messages between the Balance tab and its worker (plain data both ways). */
import type { LabResult } from "../../../compiler/sim/lab/run.ts";
import type { PlanDeck } from "../../../compiler/sim/plan.ts";
import type { GameRecord } from "../../../compiler/sim/record.ts";

export interface BalanceRequest {
  readonly id: number;
  readonly game: string;
  /** The compiled module's inputs hash (the URL's cache key of dist/<game>/game.js). */
  readonly version: string;
  readonly decks: readonly PlanDeck[];
  readonly games: number;
  readonly seed: number;
  readonly agent: "random" | "greedy";
}

export type BalanceReply =
  | { readonly type: "progress"; readonly id: number; readonly done: number; readonly total: number }
  | { readonly type: "done"; readonly id: number; readonly result: LabResult; readonly records: readonly GameRecord[] }
  | { readonly type: "error"; readonly id: number; readonly message: string };
