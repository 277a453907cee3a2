/** YAML source files with positions kept: every later diagnostic points into the file, also inside block scalars. */
import { isMap, isScalar, isSeq, LineCounter, parseDocument, Scalar, type Document, type Node as YamlNode } from "yaml";
import type { Diagnostic, Position, Range } from "./diagnostics.ts";

export type YamlPath = readonly (string | number)[];

/** Maps offsets inside a scalar's value to file positions. */
export interface TextSource {
  readonly text: string;
  /** Position in the file of offset `i` of `text` (end offsets allowed). */
  position(i: number): Position;
  range(start: number, end: number): Range;
}

export class SourceFile {
  readonly lineCounter = new LineCounter();
  readonly doc: Document.Parsed;
  readonly diagnostics: Diagnostic[] = [];

  constructor(
    readonly file: string,
    readonly text: string,
  ) {
    this.doc = parseDocument(text, { lineCounter: this.lineCounter, prettyErrors: false, uniqueKeys: true, keepSourceTokens: false });
    for (const e of this.doc.errors) {
      const [s, t] = e.pos;
      this.diagnostics.push({
        file,
        range: this.rangeOf(s, Math.max(t, s)),
        severity: "error",
        code: "yaml/syntax",
        message: yamlMessage(e.code, e.message),
      });
    }
  }

  get ok(): boolean {
    return this.doc.errors.length === 0;
  }

  /** The plain JS value of the document. */
  value(): unknown {
    return this.doc.toJS({ maxAliasCount: 100 });
  }

  pos(offset: number): Position {
    const p = this.lineCounter.linePos(Math.max(0, Math.min(offset, this.text.length)));
    return { line: p.line, col: p.col };
  }

  rangeOf(start: number, end: number): Range {
    return { start: this.pos(start), end: this.pos(end) };
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
          if (isScalar(item.key) && item.key.value === key && item.key.range) return this.rangeOf(item.key.range[0], item.key.range[1]);
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
      while (i < text.length && text[i] !== "\n") offsets[i++] = c++;
      if (i < text.length) offsets[i++] = lineEnd; // the newline
      p = lineEnd + 1;
    }
    for (; i <= text.length; i++) offsets[i] = Math.min(valueEnd, src.text.length);
  } else {
    const quoted = n.type === Scalar.QUOTE_DOUBLE || n.type === Scalar.QUOTE_SINGLE ? 1 : 0;
    for (let i = 0; i <= text.length; i++) offsets[i] = start + quoted + i;
  }
  return {
    text,
    position: (i) => src.pos(offsets[Math.max(0, Math.min(i, text.length))] ?? start),
    range: (s, e) => ({ start: src.pos(offsets[Math.max(0, Math.min(s, text.length))] ?? start), end: src.pos(offsets[Math.max(0, Math.min(e, text.length))] ?? start) }),
  };
}

function yamlMessage(code: string, message: string): string {
  const first = message.split("\n")[0] ?? message;
  if (code === "DUPLICATE_KEY") return "this key appears twice in the same mapping";
  if (code === "BAD_INDENT") return "bad indentation: this line does not line up with its siblings";
  if (code === "MISSING_CHAR") return first.replace(/ at line \d+, column \d+.*$/, "");
  return first.replace(/ at line \d+, column \d+.*$/, "");
}
