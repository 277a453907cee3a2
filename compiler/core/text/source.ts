/** YAML source files with positions kept: every later diagnostic points into the file, also inside block scalars. */
import {
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  Scalar,
  type Document,
  type Node as YamlNode,
} from "yaml";
import type { Diagnostic, Position, Range } from "./diagnostics.ts";
import type { Span } from "./positions.ts";
import { offsetPastLimit, TOO_LARGE_MESSAGE } from "./input-limits.ts";

export type YamlPath = readonly (string | number)[];

/** Maps offsets inside a scalar's value to file positions. */
export interface TextSource {
  readonly text: string;
  /** Position in the file of offset `i` of `text` (end offsets allowed). */
  position(i: number): Position;
  range(start: number, end: number): Range;
  /** File offset of offset `i` of `text`. */
  offset(i: number): number;
}

/** Limits of a YAML input file: deeper nesting or more expanded aliases are positioned errors, not crashes. */
export const YAML_LIMITS = { nesting: 100, aliases: 100 } as const;

export class SourceFile {
  readonly lineCounter = new LineCounter();
  readonly doc: Document.Parsed;
  readonly diagnostics: Diagnostic[] = [];
  /** The problems of the file beyond YAML syntax (aliases, numbers, nesting): they make it not ok. */
  private readonly extra: Diagnostic[] = [];
  private cached: { value: unknown } | null = null;
  /** The text as parsed: a lone CR (old Mac line ending) is a line break in YAML; it reads as LF (same offsets). */
  readonly text: string;

  constructor(
    readonly file: string,
    original: string,
  ) {
    const text = original.includes("\r") ? original.replace(/\r(?!\n)/g, "\n") : original;
    this.text = text;
    // What parsing and checking cost grows with the file: one past the size limit is not parsed.
    const past = offsetPastLimit(text);
    if (past >= 0) {
      this.doc = this.unparsed();
      this.extra.push({
        file,
        range: this.rangeOf(past, past + 1),
        severity: "error",
        code: "io/too-large",
        message: TOO_LARGE_MESSAGE,
        hint: "split it into smaller files (a card per file); the largest file of the shipped games is 78 KB",
      });
      for (const d of this.extra) this.diagnostics.push(d);
      return;
    }
    const deep = nestingTooDeep(text, YAML_LIMITS.nesting);
    if (deep !== null) {
      // The YAML parser and every later walk recurse per level: refuse absurd nesting before parsing.
      this.doc = this.unparsed();
      this.extra.push({
        file,
        range: this.rangeOf(deep, deep + 1),
        severity: "error",
        code: "yaml/too-deep",
        message: `the YAML here is nested more than ${YAML_LIMITS.nesting} levels deep`,
        hint: "flatten the structure; no card or rules file needs this depth",
      });
      for (const d of this.extra) this.diagnostics.push(d);
      return;
    }
    this.doc = parseDocument(text, {
      lineCounter: this.lineCounter,
      prettyErrors: false,
      uniqueKeys: true,
      keepSourceTokens: false,
    });
    const seen = new Set<string>();
    for (const e of this.doc.errors) {
      const y = yamlIssue(text, e.code, e.message, e.pos);
      const range = this.rangeOf(y.start, Math.max(y.end, y.start));
      const key = `${range.start.line}:${range.start.col}:${y.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      this.diagnostics.push(
        y.hint === undefined
          ? { file, range, severity: "error", code: "yaml/syntax", message: y.message }
          : { file, range, severity: "error", code: "yaml/syntax", message: y.message, hint: y.hint },
      );
      // A text without its closing quote swallows the rest of the file: later errors are its echoes.
      if (y.final) break;
    }
    if (this.doc.errors.length === 0) this.checkValues();
    for (const d of this.extra) this.diagnostics.push(d);
  }

  /** An empty document for a text that is refused before parsing; the line counter still knows its lines. */
  private unparsed(): Document.Parsed {
    this.lineCounter.addNewLine(0);
    for (let i = 0; i < this.text.length; i++) if (this.text.charCodeAt(i) === 10) this.lineCounter.addNewLine(i + 1);
    return parseDocument("", { lineCounter: new LineCounter() });
  }

  get ok(): boolean {
    return this.doc.errors.length === 0 && this.extra.length === 0;
  }

  /** The plain JS value of the document (only when `ok`). */
  value(): unknown {
    if (this.cached === null) this.cached = { value: this.doc.toJS({ maxAliasCount: YAML_LIMITS.aliases }) };
    return this.cached.value;
  }

  /**
   * What YAML accepts but would change silently or blow up later: an alias without its anchor, an
   * alias bomb, numbers that are not exact (1e400 is Infinity, a 400-digit integer rounds).
   * Walks the document with an explicit stack.
   */
  private checkValues(): void {
    const anchors = new Set<string>();
    let firstAlias: YamlNode | null = null;
    const stack: unknown[] = [this.doc.contents];
    while (stack.length > 0) {
      const n = stack.pop();
      if (n === null || n === undefined) continue;
      if (isPair(n)) {
        if (isScalar(n.key) && n.key.value === "__proto__" && n.key.range) {
          // As a key it would set the object's prototype in JavaScript, not add an entry.
          this.extra.push({
            file: this.file,
            range: this.rangeOf(n.key.range[0], n.key.range[1]),
            severity: "error",
            code: "yaml/reserved",
            message: "'__proto__' is reserved and cannot be used as a key",
            hint: "choose another name",
          });
        }
        stack.push(n.value, n.key);
        continue;
      }
      const node = n as YamlNode & { anchor?: string; range?: [number, number, number] };
      if (isAlias(n)) {
        firstAlias ??= n;
        if (!anchors.has(n.source)) {
          const at = n.range ?? [0, 0, 0];
          this.extra.push({
            file: this.file,
            range: this.rangeOf(at[0], at[1]),
            severity: "error",
            code: "yaml/alias",
            message: `no anchor '&${n.source}' before this alias '*${n.source}'`,
            hint: `define it earlier with &${n.source}, or write the value here`,
          });
        }
        continue;
      }
      if (typeof node.anchor === "string") anchors.add(node.anchor);
      if (isMap(n) || isSeq(n)) {
        for (let i = n.items.length - 1; i >= 0; i--) stack.push(n.items[i]);
        continue;
      }
      if (isScalar(n) && typeof n.value === "number" && n.range) {
        const src = this.text.slice(n.range[0], n.range[1]);
        const exact = Number.isFinite(n.value) && (!Number.isInteger(n.value) || Number.isSafeInteger(n.value));
        if (!exact) {
          this.extra.push({
            file: this.file,
            range: this.rangeOf(n.range[0], n.range[1]),
            severity: "error",
            code: "yaml/number",
            message: `the number ${src.length > 24 ? `${src.slice(0, 12)}…(${src.length} characters)` : src} is out of range: it would not keep its value`,
            hint: `numbers must be between -${Number.MAX_SAFE_INTEGER} and ${Number.MAX_SAFE_INTEGER}`,
          });
        }
      }
    }
    if (firstAlias !== null && this.extra.length === 0) {
      try {
        this.value();
      } catch (e) {
        const at = firstAlias.range ?? [0, 0, 0];
        const bomb = e instanceof Error && /alias count/i.test(e.message);
        this.extra.push({
          file: this.file,
          range: this.rangeOf(at[0], at[1]),
          severity: "error",
          code: bomb ? "yaml/alias-bomb" : "yaml/alias",
          message: bomb
            ? `aliases here expand to too much data (more than ${YAML_LIMITS.aliases} aliases in the expanded value)`
            : `this alias cannot be resolved: ${e instanceof Error ? e.message : String(e)}`,
          hint: "write the values out instead of nesting aliases",
        });
        this.cached = null;
      }
    }
  }

  pos(offset: number): Position {
    const p = this.lineCounter.linePos(Math.max(0, Math.min(offset, this.text.length)));
    return { line: p.line, col: p.col };
  }

  rangeOf(start: number, end: number): Range {
    return { start: this.pos(start), end: this.pos(end) };
  }

  spanOf(start: number, end: number): Span {
    return { file: this.file, start, end, range: this.rangeOf(start, end) };
  }

  /** Span of the scalar (value or key) at `path`, without its quotes; undefined when there is none. */
  spanAt(path: YamlPath, part: "value" | "key" = "value"): Span | undefined {
    let n: YamlNode | undefined | null;
    if (part === "key") {
      const parent = path.length ? this.node(path.slice(0, -1)) : undefined;
      if (!parent || !isMap(parent)) return undefined;
      const key = path[path.length - 1];
      n = parent.items.find((it) => isScalar(it.key) && it.key.value === key)?.key as YamlNode | undefined;
    } else n = this.node(path);
    if (!n || !isScalar(n) || !n.range) return undefined;
    const [s, e] = n.range;
    const q = n.type === Scalar.QUOTE_DOUBLE || n.type === Scalar.QUOTE_SINGLE ? 1 : 0;
    return this.spanOf(s + q, Math.max(s + q, e - q));
  }

  node(path: YamlPath): YamlNode | undefined {
    const n = path.length === 0 ? this.doc.contents : this.doc.getIn(path, true);
    return (n ?? undefined) as YamlNode | undefined;
  }

  /** Range of the value at `path`, or of its key (`part: "key"`); falls back to the nearest ancestor. */
  rangeAt(path: YamlPath, part: "value" | "key" = "value"): Range {
    if (part === "key" && path.length > 0) {
      const parent = this.node(path.slice(0, -1));
      if (parent && isMap(parent)) {
        const key = path[path.length - 1];
        for (const item of parent.items) {
          if (isScalar(item.key) && item.key.value === key && item.key.range)
            return this.rangeOf(item.key.range[0], item.key.range[1]);
        }
      }
    }
    for (let i = path.length; i >= 0; i--) {
      const n = this.node(path.slice(0, i));
      if (n?.range) {
        // A collection's range spans its whole body; point at its first line only.
        const [s, e] = n.range;
        if (isMap(n) || isSeq(n)) return this.rangeOf(s, s);
        return this.rangeOf(s, e);
      }
    }
    return this.rangeOf(0, 0);
  }

  /** The text of a scalar at `path` with an offset map back into the file. */
  textAt(path: YamlPath): TextSource | undefined {
    const n = this.node(path);
    if (!n || !isScalar(n) || typeof n.value !== "string" || !n.range) return undefined;
    return scalarSource(this, n as Scalar<string>);
  }

  /** Whether the value at `path` is a block scalar (`|` or `>`). */
  isBlockScalar(path: YamlPath): boolean {
    const n = this.node(path);
    return !!n && isScalar(n) && (n.type === Scalar.BLOCK_LITERAL || n.type === Scalar.BLOCK_FOLDED);
  }

  /** The path a reader of this file means by `path` (a view of a version entry maps it into the entry). */
  pathOf(path: YamlPath): YamlPath {
    return path;
  }
}

function scalarSource(src: SourceFile, n: Scalar<string>): TextSource {
  const text = n.value;
  const [start, valueEnd] = n.range as [number, number, number];
  const offsets = new Int32Array(text.length + 1);
  if (n.type === Scalar.BLOCK_LITERAL || n.type === Scalar.BLOCK_FOLDED) {
    // Source: header line (`|`, `|-`, `|2`…), then lines indented by the block indent.
    let p = src.text.indexOf("\n", start) + 1;
    let indent = -1;
    let i = 0;
    while (i < text.length && p <= valueEnd) {
      const lineEnd = src.text.indexOf("\n", p) === -1 ? src.text.length : src.text.indexOf("\n", p);
      const line = src.text.slice(p, lineEnd);
      if (line.trim() === "") {
        offsets[i] = p;
        i++; // blank line in value is '\n'
        p = lineEnd + 1;
        continue;
      }
      if (indent < 0) indent = line.length - line.trimStart().length;
      let c = p + Math.min(indent, line.length);
      // The line's own characters (a folded block `>` joins lines with a space, not a newline).
      const lineChars = line.replace(/\r$/, "").length - Math.min(indent, line.length);
      for (let k = 0; k < lineChars && i < text.length; k++) offsets[i++] = c++;
      if (i < text.length) offsets[i++] = lineEnd; // the newline
      p = lineEnd + 1;
    }
    for (; i <= text.length; i++) offsets[i] = Math.min(valueEnd, src.text.length);
  } else {
    const mapped = flowOffsets(
      src.text,
      start,
      valueEnd,
      n.type === Scalar.QUOTE_DOUBLE ? '"' : n.type === Scalar.QUOTE_SINGLE ? "'" : null,
      text,
    );
    if (mapped) offsets.set(mapped);
    else {
      const quoted = n.type === Scalar.QUOTE_DOUBLE || n.type === Scalar.QUOTE_SINGLE ? 1 : 0;
      for (let i = 0; i <= text.length; i++) offsets[i] = start + quoted + i;
    }
  }
  return {
    text,
    position: (i) => src.pos(offsets[Math.max(0, Math.min(i, text.length))] ?? start),
    range: (s, e) => ({
      start: src.pos(offsets[Math.max(0, Math.min(s, text.length))] ?? start),
      end: src.pos(offsets[Math.max(0, Math.min(e, text.length))] ?? start),
    }),
    offset: (i) => offsets[Math.max(0, Math.min(i, text.length))] ?? start,
  };
}

/** A YAML parser error in the card author's words, at the place to fix. */
const ESCAPES: Readonly<Record<string, string>> = {
  "0": "\0",
  a: "\x07",
  b: "\b",
  t: "\t",
  "\t": "\t",
  n: "\n",
  v: "\v",
  f: "\f",
  r: "\r",
  e: "\x1b",
  " ": " ",
  '"': '"',
  "/": "/",
  "\\": "\\",
  N: "\x85",
  _: "\xa0",
  L: "\u2028",
  P: "\u2029",
};
const HEX: Readonly<Record<string, number>> = { x: 2, u: 4, U: 8 };

/**
 * File offsets of each character of a plain or quoted scalar's value (and of its end), following
 * YAML's escapes, `''` and line folding; null when the decoding does not give the parser's value.
 */
function flowOffsets(
  file: string,
  start: number,
  end: number,
  quote: '"' | "'" | null,
  value: string,
): number[] | null {
  const chars: string[] = [];
  const at: number[] = [];
  const escaped: boolean[] = [];
  const push = (c: string, p: number, esc = false) => {
    chars.push(c);
    at.push(p);
    escaped.push(esc);
  };
  const stop = quote ? end - 1 : end;
  let p = quote ? start + 1 : start;
  const skipBlanks = () => {
    while (p < stop && (file[p] === " " || file[p] === "\t")) p++;
  };
  const lineBreak = () => {
    if (file[p] === "\r" && file[p + 1] === "\n") p += 2;
    else p++;
  };
  while (p < stop) {
    const c = file[p] as string;
    if (c === "\n" || c === "\r") {
      while (
        chars.length &&
        !escaped[escaped.length - 1] &&
        (chars[chars.length - 1] === " " || chars[chars.length - 1] === "\t")
      ) {
        chars.pop();
        at.pop();
        escaped.pop();
      }
      let breaks = 0;
      while (p < stop && (file[p] === "\n" || file[p] === "\r")) {
        lineBreak();
        breaks++;
        skipBlanks();
      }
      if (breaks === 1) push(" ", p);
      else for (let k = 1; k < breaks; k++) push("\n", p);
      continue;
    }
    if (quote === '"' && c === "\\") {
      const e = file[p + 1] ?? "";
      if (e === "\n" || e === "\r") {
        p++;
        lineBreak();
        skipBlanks();
        continue;
      }
      const width = HEX[e];
      if (width !== undefined) {
        const code = Number.parseInt(file.slice(p + 2, p + 2 + width), 16);
        if (Number.isNaN(code)) return null;
        for (const u of String.fromCodePoint(code).split("")) push(u, p, true);
        p += 2 + width;
        continue;
      }
      const d = ESCAPES[e];
      if (d === undefined) return null;
      push(d, p, true);
      p += 2;
      continue;
    }
    if (quote === "'" && c === "'" && file[p + 1] === "'") {
      push("'", p);
      p += 2;
      continue;
    }
    push(c, p);
    p++;
  }
  if (chars.join("") !== value) return null;
  at.push(stop);
  return at;
}

function yamlIssue(
  text: string,
  code: string,
  message: string,
  pos: [number, number],
): { start: number; end: number; message: string; hint?: string; final?: boolean } {
  const first = (message.split("\n")[0] ?? message).replace(/ at line \d+, column \d+.*$/, "");
  const [s, t] = pos;
  const quote = /^Missing closing (["'])quote/.exec(first)?.[1];
  if (code === "MISSING_CHAR" && quote) {
    // Point at the opening quote: the last one before the error (skipping escaped quotes inside the text).
    let at = s - 1;
    for (; at >= 0; at--) {
      if (text[at] !== quote) continue;
      if (quote === '"' && text[at - 1] === "\\") continue;
      if (quote === "'" && text[at - 1] === "'") {
        at--;
        continue;
      }
      break;
    }
    const start = at >= 0 ? at : s;
    return {
      start,
      end: start + 1,
      message: `this text has no closing ${quote}`,
      hint:
        quote === '"'
          ? 'end it with a closing " (inside it, write \\" for a quote)'
          : "end it with a closing ' (inside it, write '' for a quote)",
      final: true,
    };
  }
  if (code === "DUPLICATE_KEY") {
    const key = /^[^:\n]*/.exec(text.slice(s))?.[0].trim() ?? "";
    return {
      start: s,
      end: t,
      message: key ? `key '${key}' appears twice in the same mapping` : "this key appears twice in the same mapping",
      hint: "remove one of them",
    };
  }
  if (code === "TAB_AS_INDENT")
    return { start: s, end: t, message: "tabs are not allowed in YAML indentation", hint: "indent with spaces" };
  const flow = /^Flow (sequence|map) in block collection must be sufficiently indented and end with a ([\]}])/.exec(
    first,
  );
  if (flow)
    return {
      start: s,
      end: t,
      message: `missing '${flow[2] ?? ""}' before this line: the ${flow[1] === "map" ? "'{'" : "'['"} above is not closed`,
      hint: "close it on the same line, or indent its next lines deeper than the key",
    };
  if (code === "BAD_INDENT" && /same column/.test(first))
    return { start: s, end: t, message: "bad indentation: this key does not line up with the keys above it" };
  if (code === "BLOCK_AS_IMPLICIT_KEY" || code === "MULTILINE_IMPLICIT_KEY") {
    const eol = text.indexOf("\n", s);
    const rest = text.slice(s, eol < 0 ? text.length : eol);
    if (/:( |$)/.test(rest))
      return {
        start: s,
        end: t,
        message: "this value contains ': ', which YAML reads as a nested key",
        hint: "put the value in quotes",
      };
    // The value goes on over the next line, which holds a key: that line is indented too far.
    let n = eol + 1;
    while (text[n] === " ") n++;
    return {
      start: n,
      end: n + 1,
      message: "bad indentation: this line is indented deeper than the key above it, so it continues that value",
      hint: "line it up with the other keys",
    };
  }
  if (code === "MISSING_CHAR" && /^Implicit map keys need to be followed by map values/.test(first))
    return { start: s, end: t, message: "this line has no ':' after its key", hint: "write key: value" };
  return { start: s, end: t, message: first };
}

/**
 * The offset where `text` nests deeper than `limit`, by flow brackets (`[`, `{`) on one line, block
 * indentation (columns of leading spaces and `- ` / `? ` markers), or null. Quoted texts and
 * comments are skipped; block scalars (effect code) may hold brackets, so brackets count per line.
 */
export function nestingTooDeep(text: string, limit: number): number | null {
  let lineStart = 0;
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf("\n", lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    let i = lineStart;
    let blocks = 0;
    // Leading spaces and sequence/complex-key markers: each two columns can open a level.
    while (i < lineEnd) {
      const c = text[i];
      if (c === " ") i++;
      else if ((c === "-" || c === "?") && (text[i + 1] === " " || i + 1 === lineEnd)) {
        blocks++;
        i++;
      } else break;
    }
    if ((i - lineStart) / 2 > limit * 2 || blocks > limit) return i;
    let flow = 0;
    let quote: string | null = null;
    for (; i < lineEnd; i++) {
      const c = text[i];
      if (quote !== null) {
        if (c === "\\" && quote === '"') i++;
        else if (c === quote) quote = null;
        continue;
      }
      if (c === '"' || c === "'") quote = c;
      else if (c === "#" && (i === lineStart || text[i - 1] === " ")) break;
      else if (c === "[" || c === "{") {
        if (++flow > limit) return i;
      } else if (c === "]" || c === "}") flow = Math.max(0, flow - 1);
    }
    lineStart = lineEnd + 1;
  }
  return null;
}
