/**
 * The rules file's `evaluate:`: pure statements that return how good the state is for `me` (a
 * number from −100, as good as lost, to 100, as good as won). Agents call it on states of their search (greedy after
 * each answer, MCTS where a playout stops), so it must only look: a call that draws from the RNG
 * or records a position would change the game it evaluates, and is an error at the call.
 */
import type { Diagnostic } from "../text/diagnostics.ts";
import type { CompiledUnit } from "./ir.ts";
import { walkStmt } from "./ir-walk.ts";
import type { SourceFile } from "../text/source.ts";

/** Builtins that change the state (as for invariants). */
const CHANGING = new Set(["random", "pick", "seen"]);

export function evaluatePurity(src: SourceFile, units: readonly CompiledUnit[]): Diagnostic[] {
  const u = units.find((x) => x.id === "evaluate");
  if (u?.body === undefined || u.file !== src.file) return [];
  const called = new Set<string>();
  for (const s of u.body) {
    walkStmt(s, (e) => {
      if (e.k === "builtin" && CHANGING.has(e.fn)) called.add(e.fn);
    });
  }
  const text = src.textAt(["evaluate"]);
  const out: Diagnostic[] = [];
  for (const fn of called) {
    const at = text ? new RegExp(`\\b${fn}\\s*\\(`).exec(text.text)?.index : undefined;
    const range = text && at !== undefined ? text.range(at, at + fn.length) : src.rangeAt(["evaluate"]);
    out.push({
      file: src.file,
      range,
      severity: "error",
      code: "check/evaluate-changes",
      message: `the evaluation calls '${fn}', which changes the game it evaluates`,
      hint: "an evaluation only reads the state: drop the call",
    });
  }
  return out;
}
