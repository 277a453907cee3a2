/** One diagnostic shape for every stage of the compiler; rendered in one place. */
import type { DiagnosticCode, Severity } from "./diagnostic-codes.ts";
import type { Range } from "./positions.ts";
import { printable } from "./printable.ts";
export type { DiagnosticCode, Severity } from "./diagnostic-codes.ts";
export type { Position, Range } from "./positions.ts";

/** `code` is one of the catalogue (diagnostic-codes.ts): `yaml/…`, `schema/…`, `dsl/…`, `check/…`, `deck/…`, `scenario/…`, `io/…`. */
export interface Diagnostic {
  readonly file: string;
  readonly range: Range;
  readonly severity: Severity;
  readonly code: DiagnosticCode;
  readonly message: string;
  readonly hint?: string;
  /** Data for a quick fix, e.g. `{ replacement: "zap" }` for a did-you-mean. */
  readonly data?: DiagnosticData;
}

/**
 * What a quick fix needs: the text to put in place of the diagnostic's range, or of `at` when the
 * text to replace is not the diagnostic's own (`xs == none` is reported at `==`, the fix rewrites
 * the whole comparison).
 */
export interface DiagnosticData {
  readonly replacement?: string;
  readonly at?: Range;
}

export const START: Range = { start: { line: 1, col: 1 }, end: { line: 1, col: 1 } };

/** `file:line:col: error CODE: message` and, when present, an indented hint line. */
export function renderDiagnostic(d: Diagnostic): string {
  // The file name, message and hint quote user strings: a newline in one must not start a line
  // that reads as another diagnostic, nor an invisible character hide (see text/printable.ts).
  const head = `${printable(d.file)}:${d.range.start.line}:${d.range.start.col}: ${d.severity} ${d.code}: ${printable(d.message)}`;
  return d.hint ? `${head}\n  hint: ${printable(d.hint)}` : head;
}

export function hasErrors(diags: readonly Diagnostic[]): boolean {
  return diags.some((d) => d.severity === "error");
}

/** Stable order: by file, then position, then code. */
export function sortDiagnostics(diags: readonly Diagnostic[]): Diagnostic[] {
  return [...diags].sort(
    (a, b) =>
      a.file.localeCompare(b.file) ||
      a.range.start.line - b.range.start.line ||
      a.range.start.col - b.range.start.col ||
      a.code.localeCompare(b.code),
  );
}

/**
 * The one place where duplicates go: the same code at the same place with the same message is
 * reported once (a name checked twice, a file read by two stages). Sorted as sortDiagnostics.
 */
export function dedupeDiagnostics(diags: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const d of diags) {
    const key = `${d.file}\0${d.range.start.line}:${d.range.start.col}\0${d.code}\0${d.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(withQuickFix(d));
  }
  return sortDiagnostics(out);
}

/** A did-you-mean hint becomes quick-fix data: the replacement for the diagnostic's range. */
function withQuickFix(d: Diagnostic): Diagnostic {
  if (d.data || !d.hint) return d;
  const m = /^did you mean '([^']+)'\?$/.exec(d.hint);
  return m ? { ...d, data: { replacement: m[1] as string } } : d;
}

/** Collects diagnostics for one compilation. */
export class DiagnosticBag {
  readonly items: Diagnostic[] = [];
  add(d: Diagnostic): void {
    this.items.push(d);
  }
  error(file: string, range: Range, code: DiagnosticCode, message: string, hint?: string): void {
    this.items.push(
      hint === undefined
        ? { file, range, severity: "error", code, message }
        : { file, range, severity: "error", code, message, hint },
    );
  }
  warn(file: string, range: Range, code: DiagnosticCode, message: string, hint?: string): void {
    this.items.push(
      hint === undefined
        ? { file, range, severity: "warning", code, message }
        : { file, range, severity: "warning", code, message, hint },
    );
  }
  get hasErrors(): boolean {
    return hasErrors(this.items);
  }
}
