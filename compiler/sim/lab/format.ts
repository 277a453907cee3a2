/** How the lab prints its figures (the report, the text output and the editor's Balance tab alike). */
import type { Difference, Interval } from "../stats.ts";

/** A share as the report prints it: one decimal, a percent sign; "–" for none. */
export const pct = (v: number | null | undefined): string =>
  v === null || v === undefined ? "–" : `${(v * 100).toFixed(1)}%`;
/** A difference in points, signed. */
export const pts = (v: number): string => `${v >= 0 ? "+" : "−"}${Math.abs(v * 100).toFixed(1)}`;
export const interval = (i: Interval | null): string => (i === null ? "–" : `${pct(i.low)}–${pct(i.high)}`);
export const diffText = (d: Difference | null): string =>
  d === null ? "–" : `${pts(d.diff)} (${pts(d.low)} to ${pts(d.high)})`;
export const pText = (p: number | null): string => (p === null ? "–" : p < 0.0001 ? "<0.0001" : p.toFixed(4));
