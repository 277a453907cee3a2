/** Offsets ⇄ 0-based LSP positions of one text, and the model's 1-based ranges in LSP form. */
import type { Range } from "../text/positions.ts";
import type { LspPosition, LspRange } from "./protocol.ts";

/** Line starts of a text, built once per text. */
export class TextLines {
  private readonly starts: number[] = [0];
  constructor(readonly text: string) {
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) this.starts.push(i + 1);
  }

  get lineCount(): number {
    return this.starts.length;
  }

  /** The file offset of a position (clamped to its line and to the text). */
  offsetAt(p: LspPosition): number {
    const line = Math.max(0, Math.min(p.line, this.starts.length - 1));
    const start = this.starts[line] ?? 0;
    const next = line + 1 < this.starts.length ? (this.starts[line + 1] ?? this.text.length) - 1 : this.text.length;
    return Math.min(start + Math.max(0, p.character), next);
  }

  positionAt(offset: number): LspPosition {
    const o = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.starts[mid] ?? 0) <= o) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: o - (this.starts[lo] ?? 0) };
  }

  rangeOf(start: number, end: number): LspRange {
    return { start: this.positionAt(start), end: this.positionAt(end) };
  }

  /** The text of a 0-based line, without its newline. */
  line(n: number): string {
    const s = this.starts[n];
    if (s === undefined) return "";
    const e = n + 1 < this.starts.length ? (this.starts[n + 1] ?? this.text.length) - 1 : this.text.length;
    return this.text.slice(s, e).replace(/\r$/, "");
  }

  lineStart(n: number): number {
    return this.starts[Math.max(0, Math.min(n, this.starts.length - 1))] ?? 0;
  }
}

/** The model's 1-based line/col range as a 0-based LSP range. */
export function toLspRange(r: Range): LspRange {
  return {
    start: { line: Math.max(0, r.start.line - 1), character: Math.max(0, r.start.col - 1) },
    end: { line: Math.max(0, r.end.line - 1), character: Math.max(0, r.end.col - 1) },
  };
}

/** The word (letters, digits, `_`, inner `-`) around an offset: [start, end). */
export function wordAt(text: string, offset: number): { start: number; end: number } {
  const isWord = (c: string | undefined) => c !== undefined && /[A-Za-z0-9_-]/.test(c);
  let s = offset;
  while (s > 0 && isWord(text[s - 1])) s--;
  let e = offset;
  while (e < text.length && isWord(text[e])) e++;
  // A word does not start or end with '-' (that is an operator).
  while (s < e && text[s] === "-") s++;
  while (e > s && text[e - 1] === "-" && e > offset) e--;
  return { start: s, end: e };
}
