/**
 * Places in text: 1-based positions and ranges (what diagnostics and editors speak), spans with
 * file offsets (what the model indexes), and the line index that converts between the two.
 * The leaf of the compiler: it imports nothing.
 */

/** 1-based line and column. */
export interface Position {
  readonly line: number;
  readonly col: number;
}

export interface Range {
  readonly start: Position;
  readonly end: Position;
}

/** A place in a file: half-open file offsets [start, end) and the same as 1-based line/col. */
export interface Span {
  readonly file: string;
  readonly start: number;
  readonly end: number;
  readonly range: Range;
}

/** Line starts of a text, for offset ⇄ line/col. */
export class LineIndex {
  private readonly starts: number[] = [0];
  constructor(readonly text: string) {
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) this.starts.push(i + 1);
  }
  offset(pos: Position): number {
    const line = Math.max(1, Math.min(pos.line, this.starts.length));
    const start = this.starts[line - 1] ?? 0;
    const end = line < this.starts.length ? (this.starts[line] ?? this.text.length) - 1 : this.text.length;
    return Math.min(start + Math.max(0, pos.col - 1), end);
  }
}
