/**
 * The scenario runner's check of the game's invariants (`invariants:` of the rules file) after
 * the board is built and after every step, so that a scenario written by `cardwright fuzz` fails
 * the way the fuzzed game did while the bug is there.
 */
import { invariantViolation, type GameModule, type InvariantViolation, type State } from "../../runtime/index.ts";
import type { Diagnostic } from "../core/text/diagnostics.ts";
import type { Range } from "../core/text/positions.ts";

/** How a broken invariant reads, in scenario failures and in `cardwright fuzz` reports alike. */
export function invariantText(v: Pick<InvariantViolation, "id" | "rule" | "message">): string {
  return `invariant '${v.id}'${v.rule ? ` (${v.rule})` : ""} does not hold: ${v.message}`;
}

/** The failure to report at `range` when an invariant does not hold in `state`, or null. */
export function brokenInvariant(module: GameModule, state: State, file: string, range: Range): Diagnostic | null {
  const v = invariantViolation(module, state);
  return v === null ? null : { file, range, severity: "error", code: "scenario/invariant", message: invariantText(v) };
}
