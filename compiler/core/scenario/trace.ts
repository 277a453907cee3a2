/**
 * The trace of a scenario run (`cardwright test --trace`): the compact log cut at each step, the
 * steps that failed marked, and the state diff against the expectations that did not hold.
 */

/** One log entry as the trace shows it. */
export interface TraceEntry {
  readonly text: string;
  /** Part of the compact play-by-play (actions, decisions, the rules' own lines, results). */
  readonly compact: boolean;
  /** Taken automatically by the game (the only option). */
  readonly auto: boolean;
}

/** A step of `do:` (or a checkpoint, or the final `expect:`) and the log entries it made. */
export interface TraceStep {
  readonly kind: "step" | "checkpoint" | "expect";
  /** The step as written, in one line. */
  readonly text: string;
  readonly line: number;
  /** Log entries [from, to) made while this step ran (auto moves after it included). */
  readonly from: number;
  readonly to: number;
  readonly failed: boolean;
  /** Not run: an earlier step stopped the scenario. */
  readonly skipped?: boolean;
}

/** An expectation that did not hold: what was expected and what the game had. */
export interface TraceDiff {
  readonly path: string;
  readonly line: number;
  readonly expected: string;
  readonly got: string;
}

export interface ScenarioTrace {
  readonly entries: readonly TraceEntry[];
  /** Log entries before the first step: the board's setup. */
  readonly setupEnd: number;
  readonly steps: readonly TraceStep[];
  readonly diff: readonly TraceDiff[];
}

/** A step in one line: `play-card: fire-bolt`, `choose: [a, b], by: opponent`. */
export function stepText(step: unknown): string {
  if (typeof step === "string") return step;
  if (typeof step !== "object" || step === null) return JSON.stringify(step);
  return Object.entries(step as Record<string, unknown>)
    .map(([k, v]) => (v === null ? k : `${k}: ${oneLine(v)}`))
    .join(", ");
}

function oneLine(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(oneLine).join(", ")}]`;
  if (typeof v === "object" && v !== null) return `{ ${stepText(v)} }`;
  return typeof v === "string" ? v : JSON.stringify(v);
}

/** The trace as text lines (no colours): the log step by step, failed steps marked, then the diff. */
export function renderTrace(trace: ScenarioTrace, verbose = false): string[] {
  const out: string[] = ["trace (compact log, ✗ marks a failed step):"];
  const entries = (from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const e = trace.entries[i];
      if (e === undefined || !(e.compact || e.auto || verbose)) continue;
      out.push(`      ${e.auto ? "(auto) " : ""}${e.text}`);
    }
  };
  out.push("    given");
  entries(0, trace.setupEnd);
  trace.steps.forEach((s, i) => {
    const head =
      s.kind === "step"
        ? `step ${trace.steps.slice(0, i + 1).filter((x) => x.kind === "step").length} (line ${s.line}): ${s.text}`
        : s.kind === "checkpoint"
          ? `expect (line ${s.line})`
          : `final expect (line ${s.line})`;
    out.push(`  ${s.failed ? "✗" : " "} ${head}${s.failed ? "   ← failed here" : s.skipped ? "   (not run)" : ""}`);
    entries(s.from, s.to);
  });
  if (trace.diff.length > 0) {
    out.push("state diff against the expectation (- expected, + got):");
    for (const d of trace.diff) {
      out.push(`  ${d.path} (line ${d.line})`);
      out.push(`    - ${d.expected}`);
      out.push(`    + ${d.got}`);
    }
  }
  return out;
}
