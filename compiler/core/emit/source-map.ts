/**
 * Source map v3 for generated game modules: each mapped position of game.js points at a file,
 * line and column of the game's YAML. Hand-written because it is small: the generator already
 * knows every position, and all a map needs beyond that is base64 VLQ.
 */

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** One signed number as base64 VLQ (sign in the lowest bit, 5 bits per digit, continuation bit 32). */
export function vlq(n: number): string {
  let v = n < 0 ? (-n << 1) | 1 : n << 1;
  let out = "";
  do {
    let digit = v & 31;
    v >>>= 5;
    if (v > 0) digit |= 32;
    out += B64[digit];
  } while (v > 0);
  return out;
}

/** Decodes a segment's numbers (the inverse of `vlq` over a run of digits). */
export function decodeVlq(text: string): number[] {
  const out: number[] = [];
  let shift = 0;
  let v = 0;
  for (const ch of text) {
    const digit = B64.indexOf(ch);
    if (digit < 0) throw new Error(`not a base64 VLQ digit: '${ch}'`);
    v += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      out.push(v & 1 ? -(v >>> 1) : v >>> 1);
      v = 0;
      shift = 0;
    }
  }
  return out;
}

/** A mapping: generated line/column (0-based) → source index, line, column (0-based). */
export interface Mapping {
  readonly genLine: number;
  readonly genCol: number;
  readonly source: number;
  readonly line: number;
  readonly col: number;
}

export interface SourceMapV3 {
  readonly version: 3;
  readonly file: string;
  readonly sourceRoot?: string;
  readonly sources: readonly string[];
  readonly sourcesContent: readonly string[];
  readonly names: readonly string[];
  readonly mappings: string;
}

/** Encodes mappings (in generated order) into the `mappings` string of a v3 map. */
export function encodeMappings(ms: readonly Mapping[]): string {
  const sorted = [...ms].sort((a, b) => a.genLine - b.genLine || a.genCol - b.genCol);
  const lines: string[] = [];
  let prevSource = 0;
  let prevLine = 0;
  let prevCol = 0;
  let i = 0;
  const last = sorted.length ? (sorted[sorted.length - 1] as Mapping).genLine : -1;
  for (let gl = 0; gl <= last; gl++) {
    const segs: string[] = [];
    let prevGenCol = 0;
    while (i < sorted.length && (sorted[i] as Mapping).genLine === gl) {
      const m = sorted[i++] as Mapping;
      segs.push(
        vlq(m.genCol - prevGenCol) + vlq(m.source - prevSource) + vlq(m.line - prevLine) + vlq(m.col - prevCol),
      );
      prevGenCol = m.genCol;
      prevSource = m.source;
      prevLine = m.line;
      prevCol = m.col;
    }
    lines.push(segs.join(","));
  }
  return lines.join(";");
}

/** Decodes a `mappings` string (4-field segments) back into mappings: for tests and fault lookup. */
export function decodeMappings(mappings: string): Mapping[] {
  const out: Mapping[] = [];
  let source = 0;
  let line = 0;
  let col = 0;
  mappings.split(";").forEach((text, genLine) => {
    let genCol = 0;
    for (const seg of text.split(",")) {
      if (seg === "") continue;
      const [dc = 0, ds, dl, dcol] = decodeVlq(seg);
      genCol += dc;
      if (ds === undefined || dl === undefined || dcol === undefined) continue;
      source += ds;
      line += dl;
      col += dcol;
      out.push({ genLine, genCol, source, line, col });
    }
  });
  return out;
}
