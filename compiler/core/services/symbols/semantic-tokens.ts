/**
 * Semantic tokens for the effect language inside YAML scalars: the grammar's own lexer reads each
 * code region, every token is mapped back into the file, and names take their colour from what
 * the model resolved them to (a property, a procedure, an enum value, a card…).
 */
import type { IToken } from "chevrotain";
import * as G from "../../../../grammar/tokens.ts";
import type { CheckedModel } from "../../workspace/model.ts";
import type { SymbolKind } from "../../semantic/symbols.ts";
import type { CodeRegion } from "../code-regions.ts";
import type { SemanticTokens, SemanticTokensLegend } from "../protocol.ts";
import type { TextLines } from "../text.ts";

export const TOKEN_TYPES = [
  "keyword",
  "number",
  "string",
  "operator",
  "comment",
  "variable",
  "parameter",
  "property",
  "function",
  "enumMember",
  "event",
  "class",
  "type",
] as const;
export const TOKEN_MODIFIERS = ["declaration", "readonly", "defaultLibrary"] as const;
export type TokenType = (typeof TOKEN_TYPES)[number];
type TokenModifier = (typeof TOKEN_MODIFIERS)[number];

export const SEMANTIC_LEGEND: SemanticTokensLegend = { tokenTypes: TOKEN_TYPES, tokenModifiers: TOKEN_MODIFIERS };

/** A token in file offsets. */
export interface FileToken {
  readonly start: number;
  readonly end: number;
  readonly type: TokenType;
  readonly modifiers: readonly TokenModifier[];
}

const CONTEXT_NAMES = new Set(["me", "opponent", "self", "event", "game", "match", "it"]);

const BY_SYMBOL: Partial<Record<SymbolKind, TokenType>> = {
  kind: "enumMember",
  field: "property",
  zone: "property",
  property: "property",
  option: "property",
  event: "event",
  "event-field": "property",
  stage: "enumMember",
  enum: "type",
  "enum-value": "enumMember",
  keyword: "enumMember",
  procedure: "function",
  function: "function",
  builtin: "function",
  param: "parameter",
  action: "function",
  window: "enumMember",
  card: "class",
  local: "variable",
};

/** What the model resolved the name starting at a file offset to. */
export type NameIndex = ReadonlyMap<number, { readonly kind: SymbolKind; readonly isDeclaration: boolean }>;

/** The names of a file by start offset (one pass over the file's declarations and references). */
export function nameIndex(model: CheckedModel, file: string): NameIndex {
  const out = new Map<number, { kind: SymbolKind; isDeclaration: boolean; length: number }>();
  const fm = model.files.get(file);
  const put = (start: number, end: number, symbol: string, isDeclaration: boolean) => {
    const kind = model.symbols.get(symbol)?.kind;
    const prev = out.get(start);
    if (kind && (!prev || end - start < prev.length)) out.set(start, { kind, isDeclaration, length: end - start });
  };
  for (const d of fm?.declarations ?? []) if (d.span && d.span.file === file) put(d.span.start, d.span.end, d.id, true);
  for (const r of fm?.references ?? []) put(r.span.start, r.span.end, r.symbol, false);
  return out;
}

/** Tokens of one code region, in file offsets, in order. */
export function regionTokens(region: CodeRegion, names: NameIndex): FileToken[] {
  const out: FileToken[] = [];
  const code = region.source.text;
  const at = (i: number) => region.source.offset(i);
  const push = (s: number, e: number, type: TokenType, modifiers: TokenModifier[] = []) => {
    // A token never spans a line of the file (a folded block may join lines): cut it at line ends.
    let from = s;
    for (let i = s; i <= e; i++) {
      if (i === e || code[i] === "\n" || (i > from && at(i) !== at(i - 1) + 1)) {
        if (i > from) out.push({ start: at(from), end: at(i - 1) + 1, type, modifiers });
        from = code[i] === "\n" ? i + 1 : i;
      }
    }
  };
  const lexed = G.lexer.tokenize(region.mode === "label" ? "" : code);
  if (region.mode === "label") stringParts(code, 0, code.length, push, names, at, false);
  let prevEnd = 0;
  let prev: IToken | undefined;
  for (const tok of lexed.tokens) {
    comments(code, prevEnd, tok.startOffset, push);
    const s = tok.startOffset;
    const e = s + tok.image.length;
    prevEnd = e;
    const tt = tok.tokenType;
    if (tt === G.Newline || tt === G.Semicolon) {
      prev = tok;
      continue;
    }
    if (tt === G.NumberLiteral) push(s, e, "number");
    else if (tt === G.StringLiteral || tt === G.UnterminatedString || tt === G.SingleQuotedString)
      stringParts(code, s, e, push, names, at, true);
    else if (tt === G.Identifier || (G.KEYWORDS.includes(tok.image) && prev?.tokenType === G.Dot)) {
      const next = lexed.tokens[lexed.tokens.indexOf(tok) + 1];
      const [type, modifiers] = nameToken(
        tok.image,
        at(s),
        names,
        prev?.tokenType === G.Dot,
        next?.tokenType === G.LParen,
      );
      push(s, e, type, modifiers);
    } else if (G.KEYWORDS.includes(tok.image)) push(s, e, "keyword");
    else push(s, e, "operator");
    prev = tok;
  }
  comments(code, prevEnd, code.length, push);
  return out;
}

/** `#…` comments in the gap between two tokens (the lexer skips them). */
function comments(code: string, from: number, to: number, push: (s: number, e: number, t: TokenType) => void): void {
  const hash = code.indexOf("#", from);
  if (hash < 0 || hash >= to) return;
  const nl = code.indexOf("\n", hash);
  push(hash, nl < 0 || nl > to ? to : nl, "comment");
  if (nl >= 0 && nl < to) comments(code, nl + 1, to, push);
}

/** A text: literal parts are strings, `{expr}` parts are lexed as code. */
function stringParts(
  code: string,
  s: number,
  e: number,
  push: (s: number, e: number, t: TokenType, m?: TokenModifier[]) => void,
  names: NameIndex,
  at: (i: number) => number,
  quoted: boolean,
): void {
  let from = s;
  let i = quoted ? s + 1 : s;
  while (i < e) {
    const c = code[i];
    if (c === "\\") {
      i += 2;
      continue;
    }
    if (c === "{" && code[i + 1] === "{") {
      i += 2;
      continue;
    }
    if (c === "{") {
      const close = G.scanInterpolation(code, i + 1);
      if (close < 0 || close >= e) break;
      push(from, i + 1, "string");
      const inner = G.lexer.tokenize(code.slice(i + 1, close));
      let prev: IToken | undefined;
      for (const tok of inner.tokens) {
        const ts = i + 1 + tok.startOffset;
        const te = ts + tok.image.length;
        if (tok.tokenType === G.NumberLiteral) push(ts, te, "number");
        else if (tok.tokenType === G.StringLiteral) push(ts, te, "string");
        else if (tok.tokenType === G.Identifier || (prev?.tokenType === G.Dot && G.KEYWORDS.includes(tok.image))) {
          const next = inner.tokens[inner.tokens.indexOf(tok) + 1];
          const [type, modifiers] = nameToken(
            tok.image,
            at(ts),
            names,
            prev?.tokenType === G.Dot,
            next?.tokenType === G.LParen,
          );
          push(ts, te, type, modifiers);
        } else if (G.KEYWORDS.includes(tok.image)) push(ts, te, "keyword");
        else push(ts, te, "operator");
        prev = tok;
      }
      from = close;
      i = close + 1;
      continue;
    }
    i++;
  }
  push(from, e, "string");
}

/** What a name is: the model's answer first, then the syntax (after `.`: a property; before `(`: a call). */
function nameToken(
  name: string,
  fileOffset: number,
  names: NameIndex,
  afterDot: boolean,
  beforeParen: boolean,
): [TokenType, TokenModifier[]] {
  const hit = names.get(fileOffset);
  const t = hit ? BY_SYMBOL[hit.kind] : undefined;
  if (hit && t) {
    const mods: TokenModifier[] = [];
    if (hit.isDeclaration) mods.push("declaration");
    if (hit.kind === "builtin") mods.push("defaultLibrary");
    return [t, mods];
  }
  if (afterDot) return ["property", []];
  if (beforeParen) return ["function", []];
  if (CONTEXT_NAMES.has(name)) return ["variable", ["readonly", "defaultLibrary"]];
  return ["variable", []];
}

/** LSP's encoding: per token, line delta, start delta (on the same line), length, type, modifier bits. */
export function encodeTokens(tokens: readonly FileToken[], lines: TextLines): SemanticTokens {
  const sorted = [...tokens].sort((a, b) => a.start - b.start);
  const data: number[] = [];
  let line = 0;
  let char = 0;
  for (const t of sorted) {
    const p = lines.positionAt(t.start);
    const len = t.end - t.start;
    if (len <= 0) continue;
    const dl = p.line - line;
    data.push(
      dl,
      dl === 0 ? p.character - char : p.character,
      len,
      TOKEN_TYPES.indexOf(t.type),
      t.modifiers.reduce((bits, m) => bits | (1 << TOKEN_MODIFIERS.indexOf(m)), 0),
    );
    line = p.line;
    char = p.character;
  }
  return { data };
}

/** Decodes LSP's encoding (for tests and for editors that want plain ranges). */
export function decodeTokens(
  data: readonly number[],
): { line: number; character: number; length: number; type: TokenType; modifiers: TokenModifier[] }[] {
  const out: { line: number; character: number; length: number; type: TokenType; modifiers: TokenModifier[] }[] = [];
  let line = 0;
  let char = 0;
  for (let i = 0; i + 4 < data.length; i += 5) {
    const dl = data[i] ?? 0;
    line += dl;
    char = dl === 0 ? char + (data[i + 1] ?? 0) : (data[i + 1] ?? 0);
    const bits = data[i + 4] ?? 0;
    out.push({
      line,
      character: char,
      length: data[i + 2] ?? 0,
      type: TOKEN_TYPES[data[i + 3] ?? 0] ?? "variable",
      modifiers: TOKEN_MODIFIERS.filter((_, k) => bits & (1 << k)),
    });
  }
  return out;
}
