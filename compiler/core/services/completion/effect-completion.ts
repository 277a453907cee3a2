/**
 * Completion inside effect code. Which words may come next is the grammar's answer (chevrotain's
 * computeContentAssist over the tokens before the cursor, after the layout pass); the names come
 * from the game: locals and parameters, context names, functions and procedures with their
 * signatures, enum values, kinds, keywords, card ids, events and their fields, and after a `.`
 * the members of the type on its left.
 */
import type { IToken, TokenType } from "chevrotain";
import { layoutTokens } from "../../../../grammar/layout.ts";
import { parser } from "../../../../grammar/parser.ts";
import * as G from "../../../../grammar/tokens.ts";
import type { CheckedModel } from "../../workspace/model.ts";
import { KIND_ENUM, T, typeToString, type Type } from "../../semantic/types.ts";
import type { Vocabulary } from "../../semantic/vocabulary.ts";
import type { CodeRegion } from "../code-regions.ts";
import type { FileInfo } from "../file-info.ts";
import { membersOf } from "./members.ts";
import type { CompletionItem } from "../protocol.ts";

/** What the cursor is in: `items` to offer, and the code offsets of the word they replace. */
export interface EffectCompletion {
  readonly start: number;
  readonly end: number;
  readonly items: readonly CompletionItem[];
}

const isWordChar = (c: string | undefined) => c !== undefined && /[A-Za-z0-9_-]/.test(c);

/** Completion at code offset `offset` of a region. */
export function effectCompletion(
  model: CheckedModel,
  info: FileInfo,
  region: CodeRegion,
  offset: number,
): EffectCompletion {
  const code = region.source.text;
  let start = offset;
  while (start > 0 && isWordChar(code[start - 1])) start--;
  while (start < offset && code[start] === "-") start++;
  let end = offset;
  while (end < code.length && isWordChar(code[end])) end++;
  const none: EffectCompletion = { start, end, items: [] };
  const voc = model.vocabulary;
  if (!voc) return none;

  // The code the cursor is in: the whole text, or an interpolation `{…}` of a text or a label.
  const inner = innerCode(code, start, region.mode);
  if (!inner) return none;
  const prefix = code.slice(inner.from, start);
  const ctx: Ctx = { model, info, region, voc, code, start, prefix, from: inner.from };

  if (code[start - 1] === ".") {
    const ty = typeBeforeDot(ctx, start - 1);
    return {
      start,
      end,
      items: ty
        ? membersOf(voc, ty).map((m) => ({
            label: m.name,
            kind: m.what === "zone" ? "zone" : m.what === "event-field" ? "field" : "property",
            detail: `${m.name}: ${typeToString(m.type)}`,
            ...docOf(model, m.symbol),
          }))
        : [],
    };
  }

  const tokens = tokensBefore(prefix, inner.mode);
  const fields = emitFields(tokens, voc);
  if (fields) return { start, end, items: fields };
  const prev = tokens[tokens.length - 1];
  if (prev?.tokenType === G.Emit) return { start, end, items: eventItems(model, voc) };
  if (prev?.tokenType === G.Act)
    return {
      start,
      end,
      items: [...voc.windows].map((w) => ({ label: w, kind: "enum-value", detail: "action window" })),
    };

  const next = nextTokens(tokens, inner.mode);
  const items: CompletionItem[] = [];
  const keywords = new Set<string>();
  for (const t of next) {
    if (G.KEYWORDS.includes(t.PATTERN as string)) keywords.add(t.PATTERN as string);
    if (t === G.BinaryOperator) for (const k of ["and", "or", "in", "where"]) keywords.add(k);
  }
  const names = next.some((t) => t === G.Identifier || t === G.Name);
  if (names) {
    for (const item of nameItems(ctx, inner.mode)) items.push(item);
    if (next.includes(G.True)) for (const k of ["true", "false", "none", "not"]) keywords.add(k);
  }
  for (const k of keywords) items.push({ label: k, kind: "keyword" });
  return { start, end, items: dedupe(items) };
}

interface Ctx {
  readonly model: CheckedModel;
  readonly info: FileInfo;
  readonly region: CodeRegion;
  readonly voc: Vocabulary;
  readonly code: string;
  /** Code offset of the word being completed. */
  readonly start: number;
  /** The code from the start of the (inner) code to the word. */
  readonly prefix: string;
  readonly from: number;
}

function dedupe(items: readonly CompletionItem[]): CompletionItem[] {
  const seen = new Set<string>();
  return items.filter((i) => !seen.has(i.label) && (seen.add(i.label), true));
}

function docOf(model: CheckedModel, symbol: string | undefined): { documentation?: string } {
  const doc = symbol ? model.symbols.get(symbol)?.doc : undefined;
  return doc ? { documentation: doc } : {};
}

/**
 * Where the code around the word starts and how it parses. Inside a text literal there is nothing
 * to complete, except in a `{…}` interpolation, which is an expression (so is a label's).
 */
function innerCode(
  code: string,
  at: number,
  mode: CodeRegion["mode"],
): { from: number; mode: "block" | "expression" | "binding" } | undefined {
  const lineStart = code.lastIndexOf("\n", at - 1) + 1;
  if (mode === "label") {
    const open = openInterpolation(code, 0, at);
    return open < 0 ? undefined : { from: open + 1, mode: "expression" };
  }
  // Scan the line up to the word: strings (with their interpolations) and comments.
  let i = lineStart;
  while (i < at) {
    const c = code[i];
    if (c === "#") return undefined;
    if (c === '"') {
      const close = G.scanString(code, i);
      if (close < 0 || close > at) {
        const open = openInterpolation(code, i + 1, at);
        return open < 0 ? undefined : { from: open + 1, mode: "expression" };
      }
      i = close;
      continue;
    }
    i++;
  }
  return { from: 0, mode };
}

/** The `{` of an interpolation still open at `at` in a text starting at `from`, or -1. */
function openInterpolation(code: string, from: number, at: number): number {
  let open = -1;
  for (let i = from; i < at; i++) {
    const c = code[i];
    if (open < 0 && c === "\\") i++;
    else if (open < 0 && c === "{" && code[i + 1] === "{") i++;
    else if (open < 0 && c === "{") open = i;
    else if (open >= 0 && c === "}") open = -1;
  }
  return open;
}

/** The tokens before the word, after the layout pass (which decides whether a newline ends a statement). */
function tokensBefore(prefix: string, mode: "block" | "expression" | "binding"): IToken[] {
  const lexed = G.lexer.tokenize(prefix).tokens;
  // A stand-in for the word: the layout pass then treats the newline before it as it will treat the real one.
  const probe: IToken = {
    image: "x",
    startOffset: prefix.length,
    tokenType: G.Identifier,
    tokenTypeIdx: G.Identifier.tokenTypeIdx as number,
  } as IToken;
  const laid = layoutTokens([...lexed, probe], mode === "block" ? "block" : "expression");
  const idx = laid.indexOf(probe);
  return idx < 0 ? laid : laid.slice(0, idx);
}

/**
 * The tokens of the statement the cursor is in, after a separator: a mistake in an earlier
 * statement (one being typed elsewhere) does not stop completion here. Any block around it is a
 * statement list like the whole program.
 */
function statementTokens(tokens: readonly IToken[]): IToken[] {
  let depth = 0;
  for (let i = tokens.length - 1; i >= 0; i--) {
    const t = (tokens[i] as IToken).tokenType;
    if (t === G.RCurly) depth++;
    else if (t === G.LCurly) {
      if (depth === 0) return [SEP, ...tokens.slice(i + 1)];
      depth--;
    } else if (depth === 0 && t.CATEGORIES?.includes(G.Sep)) return [SEP, ...tokens.slice(i + 1)];
  }
  return [SEP, ...tokens];
}
const SEP: IToken = {
  image: "",
  startOffset: 0,
  tokenType: G.VirtualSep,
  tokenTypeIdx: G.VirtualSep.tokenTypeIdx as number,
} as IToken;

/** The token types the grammar accepts next. */
function nextTokens(tokens: IToken[], mode: "block" | "expression" | "binding"): TokenType[] {
  const rule = mode === "block" ? "program" : mode === "binding" ? "binding" : "expressionOnly";
  try {
    return [
      ...new Set(
        parser
          .computeContentAssist(rule, mode === "block" ? statementTokens(tokens) : tokens)
          .map((s) => s.nextTokenType),
      ),
    ];
  } catch {
    return [G.Identifier, ...G.KEYWORDS.map((k) => ({ PATTERN: k }) as TokenType)];
  }
}

/** Inside `emit e { … }` at a field's name: that event's fields. */
function emitFields(tokens: readonly IToken[], voc: Vocabulary): CompletionItem[] | undefined {
  const last = tokens[tokens.length - 1];
  if (
    !last ||
    !(last.tokenType === G.LCurly || last.tokenType === G.Comma || last.tokenType.CATEGORIES?.includes(G.Sep))
  )
    return undefined;
  let depth = 0;
  for (let i = tokens.length - 1; i >= 0; i--) {
    const t = tokens[i] as IToken;
    if (t.tokenType === G.RCurly || t.tokenType === G.RParen || t.tokenType === G.RBracket) depth++;
    else if (t.tokenType === G.LParen || t.tokenType === G.LBracket) depth--;
    else if (t.tokenType === G.LCurly) {
      if (depth > 0) {
        depth--;
        continue;
      }
      const name = tokens[i - 1];
      if (tokens[i - 2]?.tokenType !== G.Emit || !name) return undefined;
      const ev = voc.events.get(name.image);
      if (!ev) return [];
      const given = new Set<string>();
      for (let k = i + 1; k < tokens.length - 1; k++)
        if (tokens[k + 1]?.tokenType === G.Colon && depthAt(tokens, i, k) === 0) given.add((tokens[k] as IToken).image);
      return [...ev.fields]
        .filter(([f]) => !given.has(f))
        .map(([f, ty]) => ({ label: f, kind: "field", detail: `${f}: ${typeToString(ty)}`, insertText: `${f}: ` }));
    }
    if (depth < 0) return undefined;
  }
  return undefined;
}

function depthAt(tokens: readonly IToken[], from: number, to: number): number {
  let d = 0;
  for (let k = from + 1; k < to; k++) {
    const t = (tokens[k] as IToken).tokenType;
    if (t === G.LParen || t === G.LBracket || t === G.LCurly) d++;
    else if (t === G.RParen || t === G.RBracket || t === G.RCurly) d--;
  }
  return d;
}

function eventItems(model: CheckedModel, voc: Vocabulary): CompletionItem[] {
  return [...voc.events.values()].map((e) => ({
    label: e.name,
    kind: "event",
    detail: `event ${e.name} { ${[...e.fields].map(([f, t]) => `${f}: ${typeToString(t)}`).join(", ")} }`,
    ...docOf(model, `event:${e.name}`),
  }));
}

/** Every name that may stand where an expression or a statement starts. */
function nameItems(ctx: Ctx, mode: "block" | "expression" | "binding"): CompletionItem[] {
  const { model, region, voc } = ctx;
  const items: CompletionItem[] = [];
  for (const l of localsBefore(ctx))
    items.push({
      label: l.name,
      kind: "variable",
      ...(l.type ? { detail: `${l.name}: ${typeToString(l.type)}` } : {}),
    });
  const context: [string, Type][] = [
    ["me", T.player],
    ...(voc.players === 2 ? ([["opponent", T.player]] as [string, Type][]) : []),
    ["game", T.game],
    ["match", T.match],
    ...(region.self ? ([["self", T.card]] as [string, Type][]) : []),
    ...(region.event !== undefined ? ([["event", T.event(region.event)]] as [string, Type][]) : []),
    ...(/\bwhere\b/.test(ctx.prefix.slice(ctx.prefix.lastIndexOf("\n") + 1))
      ? ([["it", T.unknown]] as [string, Type][])
      : []),
  ];
  for (const [name, ty] of context)
    items.push({ label: name, kind: "variable", detail: `${name}: ${typeToString(ty)}` });
  for (const f of voc.functions.values())
    items.push({
      label: f.name,
      kind: "function",
      detail: model.symbols.get(`function:${f.name}`)?.detail ?? signature(f),
      ...docOf(model, `function:${f.name}`),
    });
  for (const d of model.symbols.values())
    if (d.kind === "builtin")
      items.push({ label: d.name, kind: "function", ...(d.detail ? { detail: d.detail } : {}), ...docOf(model, d.id) });
  if (mode === "block")
    for (const p of voc.procedures.values())
      items.push({
        label: p.name,
        kind: "procedure",
        detail: model.symbols.get(`procedure:${p.name}`)?.detail ?? signature(p),
        ...docOf(model, `procedure:${p.name}`),
      });
  for (const [value, en] of voc.enumOfValue)
    items.push(
      en === KIND_ENUM
        ? { label: value, kind: "kind", detail: "card kind" }
        : { label: value, kind: "enum-value", detail: `${value}: ${en}` },
    );
  for (const k of voc.keywords) items.push({ label: k, kind: "enum-value", detail: "keyword" });
  for (const c of model.cards) items.push({ label: c.id, kind: "card", detail: `${c.kind} · ${c.name}` });
  return items;
}

function signature(c: { name: string; params: readonly { name: string; type: Type }[]; returns: Type }): string {
  return `${c.name}(${c.params.map((p) => `${p.name}: ${typeToString(p.type)}`).join(", ")})${c.returns.t === "void" ? "" : `: ${typeToString(c.returns)}`}`;
}

/** Parameters and the locals declared before the word (by `let`, `for`), with their types when the model knows them. */
function localsBefore(ctx: Ctx): { name: string; type?: Type }[] {
  const out = new Map<string, Type | undefined>();
  for (const p of ctx.region.params) out.set(p.name, p.type.t === "unknown" ? typeOfName(ctx, p.name) : p.type);
  const re = /\b(?:let|for(?:\s+each)?)\s+([A-Za-z_][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)*)/g;
  const before = ctx.code.slice(0, ctx.start);
  for (let m = re.exec(before); m; m = re.exec(before)) {
    const name = m[1] as string;
    if (m.index + m[0].length >= ctx.start) continue;
    out.set(name, typeOfName(ctx, name));
  }
  return [...out].map(([name, type]) => (type ? { name, type } : { name }));
}

/** The type the model gave a local or parameter of this region (any declaration or reference spelt `name`). */
function typeOfName(ctx: Ctx, name: string): Type | undefined {
  const fm = ctx.model.files.get(ctx.info.file);
  if (!fm) return undefined;
  const s = ctx.region.source;
  const lo = s.offset(0);
  const hi = s.offset(s.text.length);
  const inRegion = (span: { start: number; end: number }) =>
    span.start >= lo && span.end <= hi && ctx.info.text.slice(span.start, span.end) === name;
  for (const d of fm.declarations) if (d.span && d.type && d.type.t !== "unknown" && inRegion(d.span)) return d.type;
  for (const r of fm.references)
    if (
      r.type &&
      r.type.t !== "unknown" &&
      inRegion(r.span) &&
      (r.symbol.startsWith("local:") || r.symbol.startsWith("param:"))
    )
      return r.type;
  return undefined;
}

/** The type of `a.b.c` just before the `.` at code offset `dot`. */
function typeBeforeDot(ctx: Ctx, dot: number): Type | undefined {
  const { code, voc, region } = ctx;
  // The model's answer: a name that ends right at the dot.
  const fileDot = region.source.offset(dot);
  const fm = ctx.model.files.get(ctx.info.file);
  const hit = fm?.references.find((r) => r.span.end === fileDot && r.span.end > r.span.start);
  if (hit?.type && hit.type.t !== "unknown") return hit.type;
  // Else the chain of names before the dot, resolved here.
  const chain: string[] = [];
  let i = dot;
  while (i > 0) {
    let s = i;
    while (s > 0 && isWordChar(code[s - 1])) s--;
    if (s === i) return undefined;
    chain.unshift(code.slice(s, i));
    if (code[s - 1] !== ".") break;
    i = s - 1;
  }
  const [head, ...rest] = chain;
  if (!head) return undefined;
  let ty: Type | undefined =
    head === "me" || head === "opponent"
      ? T.player
      : head === "self" && region.self
        ? T.card
        : head === "game"
          ? T.game
          : head === "match"
            ? T.match
            : head === "event" && region.event !== undefined
              ? T.event(region.event)
              : localsBefore(ctx).find((l) => l.name === head)?.type;
  for (const name of rest) {
    if (!ty) return undefined;
    ty = membersOf(voc, ty).find((m) => m.name === name)?.type;
  }
  return ty;
}
