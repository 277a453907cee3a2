/**
 * Work and size budgets of one answer (docs/language.md, "Limits"). Counting is done with plain
 * counters on the RuntimeCtx; this file holds the numbers, the size measure of values and the
 * bounded formatting of log lines, so that no budget check allocates on the hot path.
 */
import type { Frame, State, Value } from "../types.ts";

export const BUDGETS = {
  /**
   * Units of work while resolving one answer: one per list item built, copied or walked by a
   * filter, search, comparison or loop, one per character of a built text or a log line.
   */
  work: 10_000_000,
  /** The size of one stored value (a property, an event field, a modifier's value): see `valueSize`. */
  value: 1_000_000,
  /** Characters of one log line; a longer line is cut and ends with "…". */
  logLine: 2_000,
  /** The size of a whole state (every value, text and log line in it), checked as described in `Budget`. */
  state: 16_000_000,
  /** Past this much written into a state since it was last measured whole, it is measured whole again. */
  remeasure: 65_536,
} as const;

/**
 * The size of a value: 1 for each scalar and each list, plus the length of each text. It
 * approximates the characters the value takes as JSON (what a save, a hash or a view costs).
 * The walk stops as soon as the size passes `cap` (so measuring a hostile value is cheap too).
 */
export function valueSize(v: unknown, cap: number): number {
  if (typeof v === "string") return 1 + v.length;
  if (v === null || typeof v !== "object") return 1;
  return deepSize(v, cap, 0);
}

function deepSize(v: unknown, cap: number, n: number): number {
  n++;
  if (typeof v === "string") return n + v.length;
  if (v === null || typeof v !== "object") return n;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length && n <= cap; i++) n = deepSize(v[i], cap, n);
    return n;
  }
  for (const k in v) {
    if (n > cap) break;
    n = deepSize((v as Record<string, unknown>)[k], cap, n + k.length);
  }
  return n;
}

/** The size of a whole state, as `valueSize` measures (the log's entries included), up to `cap`. */
export function stateSize(st: State, cap: number): number {
  return deepSize(st, cap, 0);
}

/** The size of the locals of every paused effect (the stack and the chain's links), up to `cap`. */
export function framesSize(frames: readonly Frame[], cap: number): number {
  let n = 0;
  for (let i = 0; i < frames.length && n <= cap; i++) {
    const L = (frames[i] as Frame).L;
    for (const k in L) {
      const v = L[k];
      n += typeof v === "object" && v !== null ? deepSize(v, cap - n, 0) : typeof v === "string" ? 1 + v.length : 1;
      if (n > cap) break;
    }
  }
  return n;
}

/**
 * A value as the language writes it (like `formatValue`), cut after `max` characters with "…":
 * a log line about a huge list costs at most `max` characters, not the list's whole text.
 */
export function formatBounded(v: Value | undefined, max: number): string {
  const out = { s: "", full: false };
  put(v, out, max);
  return out.full ? `${out.s.slice(0, max)}…` : out.s;
}

function put(v: Value | undefined, out: { s: string; full: boolean }, max: number): void {
  if (out.full) return;
  if (Array.isArray(v)) {
    out.s += "[";
    for (let i = 0; i < v.length; i++) {
      if (i > 0) out.s += ", ";
      put(v[i] as Value, out, max);
      if (out.full) return;
    }
    out.s += "]";
  } else
    out.s +=
      v === null || v === undefined
        ? "none"
        : typeof v === "string"
          ? v.length > max
            ? v.slice(0, max + 1)
            : v
          : String(v);
  if (out.s.length > max) out.full = true;
}

/** A log line held to the log-line budget. */
export function boundedLine(text: string): string {
  return text.length > BUDGETS.logLine ? `${text.slice(0, BUDGETS.logLine)}…` : text;
}
