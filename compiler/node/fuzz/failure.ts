/** What can go wrong in a fuzzed game, and when two failures are "the same way". */
import { invariantText } from "../../scenarios/invariants.ts";
import { invariantViolation, RuntimeFault, type Engine, type State } from "../../../runtime/index.ts";

export type Failure =
  /** An invariant of the rules file does not hold after an action. */
  | { readonly kind: "invariant"; readonly id: string; readonly rule: string | null; readonly message: string }
  /** The game's code faulted (a RuntimeFault: its YAML place, or the handler). */
  | { readonly kind: "fault"; readonly where: string; readonly message: string }
  /** A decision is pending with no legal answer. */
  | { readonly kind: "stuck"; readonly message: string }
  /** The game did not end within the decision budget. */
  | { readonly kind: "endless"; readonly message: string };

/** Two failures are the same when this matches: the invariant's id, or the fault's place. */
export function signature(f: Failure): string {
  switch (f.kind) {
    case "invariant":
      return `invariant ${f.id}`;
    case "fault":
      return `fault at ${f.where}`;
    default:
      return f.kind;
  }
}

/** One line for people. */
export function describeFailure(f: Failure): string {
  if (f.kind === "invariant") return invariantText(f);
  if (f.kind === "fault") return `the game stopped with an error: ${f.message}`;
  return f.message;
}

export function faultOf(e: unknown): Failure {
  if (e instanceof RuntimeFault) {
    const s = e.statement;
    const where =
      s !== null ? `${s.file}:${s.line}:${s.col}` : e.source !== null ? `${e.source.file}:${e.source.line}` : e.handler;
    return { kind: "fault", where, message: e.message };
  }
  const message = e instanceof Error ? e.message : String(e);
  return { kind: "fault", where: message, message };
}

/** The first failure visible in the state after an action (invariants, then a stuck decision), or null. */
export function failureIn(engine: Engine, st: State): Failure | null {
  let v: ReturnType<typeof invariantViolation>;
  try {
    v = invariantViolation(engine.module, st);
  } catch (e) {
    return faultOf(e);
  }
  if (v !== null) return { kind: "invariant", id: v.id, rule: v.rule, message: v.message };
  // Every seat's view (what the terminal and the editor show) must be buildable at every decision.
  try {
    engine.everyView(st);
  } catch (e) {
    return { kind: "fault", where: "view", message: e instanceof Error ? e.message : String(e) };
  }
  if (!st.match.over && engine.legalActions(st).length === 0)
    return { kind: "stuck", message: "a decision is pending with no legal answer" };
  return null;
}
