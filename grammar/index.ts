/**
 * The effect language's front end: text → typed AST + syntax issues. Never throws.
 *
 *   lexer (tokens.ts) → layout (layout.ts) → parser (parser.ts) → AST (to-ast.ts)
 *
 * Spans are offsets into the text given, also inside `"…{expr}…"` interpolations.
 */

import { tokenMatcher, type ILexingError, type IRecognitionException, type IToken } from "chevrotain";
import type { Binding, Expr, Program, ParseResult, Span, SyntaxIssue } from "./ast.ts";
import type * as C from "./cst.generated.ts";
import { layoutTokens } from "./layout.ts";
import { parser } from "./parser.ts";
import { suggestKeyword } from "./suggest.ts";
import { AstBuilder, secondaryIssues } from "./to-ast.ts";
import * as T from "./tokens.ts";

export type * from "./ast.ts";
export { KEYWORDS } from "./tokens.ts";

/** Issue codes: `dsl/lex` for characters and texts the lexer rejects, `dsl/syntax` for everything else. */
export const LEX = "dsl/lex";
export const SYNTAX = "dsl/syntax";

/** Parses an effect: a block of statements without braces. */
export function parseEffect(text: string): ParseResult<Program> {
  return guarded(text, { kind: "program", body: [], span: { start: 0, end: text.length } }, () =>
    parseWith(
      text,
      "block",
      () => parser.program() as C.ProgramCstNode,
      (b, cst) => b.program(cst),
      // After `let top = …`, what the parser recovered from there on is no code of the author's.
      (program, at) => ({ ...program, body: program.body.filter((st) => st.span.end <= at) }),
    ),
  );
}

/** Parses a whole text as one expression (a `when:` condition). */
export function parseExpression(text: string): ParseResult<Expr> {
  return guarded(text, placeholderAt(0), () =>
    parseWith(
      text,
      "expression",
      () => parser.expressionOnly() as C.ExpressionOnlyCstNode,
      (b, cst) => {
        const node = cst.children.expression?.[0];
        return node === undefined ? placeholderAt(0) : b.expression(node);
      },
    ),
  );
}

/**
 * Parses an action parameter `c in me.hand where c.kind == creature`. The list is any expression,
 * typically a `where` filter (inside it both `it` and the variable name the element; the AST just
 * records `Where(list, cond)`). `ast` is undefined when there is no `name in list` to read.
 */
export function parseBinding(text: string): ParseResult<Binding | undefined> {
  return guarded<Binding | undefined>(text, undefined, () =>
    parseWith(
      text,
      "expression",
      () => parser.binding() as C.BindingCstNode,
      (b, cst) => b.binding(cst),
    ),
  );
}

// ── the pipeline ─────────────────────────────────────────────────────────────

/** How deep an effect's syntax tree may nest (operators, calls, blocks): a limit of the language. */
export const MAX_NESTING = 1000;

/**
 * How deep brackets — ( [ { — may nest: a limit of the language. Checked on the tokens before
 * parsing, because a bracket adds no tree node but does add parser recursion: without it, whether
 * thousands of brackets overflowed the parser's stack depended on how warm the JIT was.
 */
export const MAX_BRACKETS = 256;

/** The span of the first opening bracket nested deeper than MAX_BRACKETS, or null. */
function bracketsTooDeep(tokens: readonly IToken[]): Span | null {
  let depth = 0;
  for (const t of tokens) {
    const type = t.tokenType;
    if (type === T.LParen || type === T.LBracket || type === T.LCurly) {
      if (++depth > MAX_BRACKETS) return { start: t.startOffset, end: t.startOffset + 1 };
    } else if ((type === T.RParen || type === T.RBracket || type === T.RCurly) && depth > 0) depth--;
  }
  return null;
}

/** The span of the first node nested deeper than `limit`, or null; walks with an explicit stack (no recursion). */
export function tooDeep(root: unknown, limit: number): Span | null {
  const stack: [unknown, number][] = [[root, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (node === null || typeof node !== "object") continue;
    if (Array.isArray(node)) {
      for (const x of node) stack.push([x, depth]);
      continue;
    }
    const o = node as Record<string, unknown>;
    const isNode = typeof o["kind"] === "string";
    if (isNode && depth > limit && typeof o["span"] === "object") return o["span"] as Span;
    for (const k in o) if (k !== "span" && k !== "opSpan") stack.push([o[k], isNode ? depth + 1 : depth]);
  }
  return null;
}

function placeholderAt(offset: number): Expr {
  return { kind: "name", name: "", span: { start: offset, end: offset } };
}

/** A syntax tree deeper than MAX_NESTING, at this span. */
class TooDeep extends Error {
  constructor(
    readonly span: Span,
    readonly what: "tree" | "brackets" = "tree",
  ) {
    super("too deep");
  }
}

/** Runs `body`; too deep a tree, or an unexpected exception (the parser's own recursion), becomes one issue. */
function guarded<X>(text: string, fallback: X, body: () => ParseResult<X>): ParseResult<X> {
  try {
    return body();
  } catch (e) {
    if (e instanceof TooDeep) {
      const message =
        e.what === "brackets"
          ? `brackets are nested more than ${MAX_BRACKETS} deep here`
          : `this is nested more than ${MAX_NESTING} levels deep (each operator of a chain, each call, each block counts)`;
      return {
        ast: fallback,
        errors: [{ span: e.span, code: "dsl/too-deep", message, hint: "split it into several statements with let" }],
      };
    }
    if (e instanceof RangeError) {
      return {
        ast: fallback,
        errors: [
          {
            span: { start: 0, end: Math.min(text.length, 1) },
            code: "dsl/too-deep",
            message: "this code is nested too deeply to parse (brackets or blocks inside each other)",
            hint: "split it into several statements with let",
          },
        ],
      };
    }
    return {
      ast: fallback,
      errors: [
        { span: { start: 0, end: text.length }, code: SYNTAX, message: `this text could not be parsed: ${String(e)}` },
      ],
    };
  }
}

/** Lex → layout → `entry` (a parser rule) → `build` (the AST), collecting every issue. */
function parseWith<N, X>(
  text: string,
  mode: "block" | "expression",
  entry: () => N,
  build: (builder: AstBuilder, cst: N) => X,
  /** The tree without the statements that reach `offset` or start after it (a keyword used as a name is declared there). */
  cut: (ast: X, offset: number) => X = (ast) => ast,
): ParseResult<X> {
  const lexed = lex(text, 0, text);
  const tokens = layoutTokens(lexed.tokens, mode);
  const nested = tokens.length > MAX_BRACKETS ? bracketsTooDeep(tokens) : null;
  if (nested !== null) throw new TooDeep(nested, "brackets");
  parser.input = tokens;
  const cst = entry();
  const issues = lexed.issues;
  addParseIssues(parser.errors, tokens, text, issues);
  const builder = new AstBuilder(text, issues, (start, end, sink) => interpolation(text, start, end, sink));
  const ast = build(builder, cst);
  // Each level of a tree takes at least one token: only a long text can be too deep.
  const deep = tokens.length > MAX_NESTING ? tooDeep(ast, MAX_NESTING) : null;
  // Later stages (checking, lowering, printing) walk the tree recursively: a tree this deep is refused here.
  if (deep !== null) throw new TooDeep(deep);
  if (issues.length === 0) return { ast, errors: issues };
  // `let top = …`: one mistake, one diagnostic; the cascade after the keyword says nothing more.
  const found = keywordAsName(tokens);
  if (found !== null) {
    const named = found.name;
    const kept = issues.filter((i) => i.span.start < named.startOffset);
    kept.push({
      span: { start: named.startOffset, end: named.startOffset + named.image.length },
      code: SYNTAX,
      message: `'${named.image}' is a keyword; choose another name`,
      hint: `e.g. '${named.image}-card' or 'my-${named.image}'`,
    });
    return { ast: cut(ast, found.decl.startOffset), errors: tidy(kept, text) };
  }
  return { ast, errors: tidy(issues, text) };
}

/** The first keyword where a new name is declared (`let top = …`, `for each to in …`) and the token declaring it, or null. */
function keywordAsName(tokens: readonly IToken[]): { readonly decl: IToken; readonly name: IToken } | null {
  for (let i = 0; i + 1 < tokens.length; i++) {
    const t = tokens[i] as IToken;
    const next = tokens[i + 1] as IToken;
    const declares =
      t.tokenType === T.Let || t.tokenType === T.Each || (t.tokenType === T.For && next.tokenType !== T.Each);
    if (declares && next.tokenType !== T.Identifier && tokenMatcher(next, T.Name))
      return { decl: t.tokenType === T.Each ? (tokens[i - 1] ?? t) : t, name: next };
  }
  return null;
}

/** Parses the interpolation `text[start, end)` of a string; tokens keep their offsets in `text`. */
function interpolation(text: string, start: number, end: number, issues: SyntaxIssue[]): Expr {
  const src = text.slice(start, end);
  if (src.trim() === "") {
    issues.push({
      span: { start: start - 1, end: end + 1 },
      code: SYNTAX,
      message: "empty '{}' in a text: put an expression inside, or write '{{' for a literal '{'",
    });
    return placeholderAt(start);
  }
  const lexed = lex(src, start, text);
  const tokens = layoutTokens(lexed.tokens, "expression");
  parser.input = tokens;
  const cst = parser.expressionOnly() as C.ExpressionOnlyCstNode;
  const local = lexed.issues;
  addParseIssues(parser.errors, tokens, text, local, end);
  const builder = new AstBuilder(text, local, (s, e, sink) => interpolation(text, s, e, sink), start);
  const node = cst.children.expression?.[0];
  const expr = node === undefined ? placeholderAt(start) : builder.expression(node);
  for (const issue of local) issues.push(issue);
  return expr;
}

// ── lexing ───────────────────────────────────────────────────────────────────

/**
 * Lexes `src`, which starts at offset `base` of `full`; token offsets are made absolute. Every
 * rejected character becomes an `Unknown` token, so the parser fails right there (and `tidy`
 * keeps only the lexer's message for that line).
 */
function lex(src: string, base: number, full: string): { tokens: IToken[]; issues: SyntaxIssue[] } {
  const result = T.lexer.tokenize(src);
  let tokens = result.tokens;
  const issues: SyntaxIssue[] = [];
  if (base !== 0) for (const tok of tokens) tok.startOffset += base;
  if (result.errors.length > 0) {
    const unknown: IToken[] = [];
    for (const err of result.errors) {
      const issue = lexIssue(err, base, full);
      issues.push(issue);
      unknown.push({
        image: full.slice(issue.span.start, issue.span.end),
        startOffset: issue.span.start,
        tokenType: T.Unknown,
        tokenTypeIdx: T.Unknown.tokenTypeIdx!,
      });
    }
    tokens = [...tokens, ...unknown].sort((a, b) => a.startOffset - b.startOffset);
  }
  for (const tok of tokens) {
    const span = { start: tok.startOffset, end: tok.startOffset + tok.image.length };
    if (tok.tokenType === T.UnterminatedString) {
      issues.push({
        span,
        code: LEX,
        message: "this text has no closing '\"'",
        hint: 'a text must end on the line where it starts; write \\n for a line break and \\" for a quote',
      });
    } else if (tok.image === "__proto__" && tok.tokenType === T.Identifier) {
      // JavaScript gives this name a meaning of its own on every object: no name may be it.
      issues.push({
        span,
        code: "dsl/reserved",
        message: "'__proto__' is reserved and cannot be used as a name",
        hint: "choose another name",
      });
    } else if (tok.tokenType === T.SingleQuotedString) {
      issues.push({
        span,
        code: LEX,
        message: "texts are written in double quotes",
        hint: `write "${tok.image.replace(/^'|'$/g, "")}"`,
      });
    }
  }
  return { tokens, issues };
}

function lexIssue(err: ILexingError, base: number, full: string): SyntaxIssue {
  const start = base + err.offset;
  const chars = full.slice(start, start + err.length);
  const span = { start, end: start + err.length };
  const message = chars.length === 1 ? `unexpected character '${chars}'` : `unexpected characters '${chars}'`;
  const hint = lexHint(chars);
  return hint === undefined ? { span, code: LEX, message } : { span, code: LEX, message, hint };
}

function lexHint(chars: string): string | undefined {
  switch (chars[0]) {
    case "!":
      return "write 'not x' to negate ('!=' means 'not equal')";
    case "&":
      return "write 'and'";
    case "|":
      return "write 'or'";
    default:
      return undefined;
  }
}

// ── parse errors ─────────────────────────────────────────────────────────────

function isReal(tok: IToken | undefined): tok is IToken {
  return (
    tok !== undefined &&
    tok.tokenType !== T.VirtualSep &&
    !Number.isNaN(tok.startOffset) &&
    tok.isInsertedInRecovery !== true &&
    tok.image !== ""
  );
}

/** Converts chevrotain's errors. `endOfInput` is where an error at the end of the input points when nothing precedes it. */
function addParseIssues(
  errors: readonly IRecognitionException[],
  tokens: readonly IToken[],
  text: string,
  out: SyntaxIssue[],
  endOfInput = text.length,
): void {
  for (const e of errors) {
    const tok = e.token;
    const prev = (e as { previousToken?: IToken }).previousToken;
    let span: Span;
    if (isReal(tok) && tok.tokenType !== T.Newline)
      span = { start: tok.startOffset, end: tok.startOffset + tok.image.length };
    else if (isReal(prev)) {
      const end = prev.startOffset + prev.image.length;
      span = { start: end, end };
    } else {
      const at = isReal(tok) ? tok.startOffset : lastRealEnd(tokens, endOfInput);
      span = { start: at, end: at };
    }
    const hint = parseHint(e, tokens);
    out.push(
      hint === undefined
        ? { span, code: SYNTAX, message: e.message }
        : { span, code: SYNTAX, message: e.message, hint },
    );
  }
}

function lastRealEnd(tokens: readonly IToken[], fallback: number): number {
  for (let i = tokens.length - 1; i >= 0; i--) {
    const t = tokens[i]!;
    if (isReal(t)) return t.startOffset + t.image.length;
  }
  return fallback;
}

function parseHint(e: IRecognitionException, tokens: readonly IToken[]): string | undefined {
  const idx = tokens.indexOf(e.token);
  if (idx <= 0) return undefined;
  const before = tokens[idx - 1]!;
  // `mvoe c to me.hand`: the statement starts with a misspelt keyword
  const start = tokens[idx - 2];
  if (
    before.tokenType === T.Identifier &&
    (start === undefined || start.tokenType.CATEGORIES?.includes(T.Sep) === true)
  ) {
    const k = suggestKeyword(before.image);
    if (k !== undefined) return `did you mean '${k}'?`;
  }
  // `x.f(…)`: only names can be called
  if (e.token.tokenType === T.LParen && tokens[idx - 2]?.tokenType === T.Dot) {
    return "only functions and procedures can be called, by name: write f(x), not x.f()";
  }
  return undefined;
}

/**
 * Sorts issues by position and drops the noise: duplicates, syntax errors on a line that has a
 * lexer error, and secondary issues on a line that has a parse error.
 */
function tidy(issues: readonly SyntaxIssue[], text: string): SyntaxIssue[] {
  const lineOf = (offset: number): [number, number] => {
    const from = text.lastIndexOf("\n", offset - 1) + 1;
    const to = text.indexOf("\n", offset);
    return [from, to < 0 ? text.length : to];
  };
  const lexLines = issues.filter((i) => i.code === LEX).map((i) => lineOf(i.span.start));
  const primaryLines = issues.filter((i) => i.code !== LEX && !secondaryIssues.has(i)).map((i) => lineOf(i.span.start));
  const on = (lines: readonly [number, number][], i: SyntaxIssue) =>
    lines.some(([from, to]) => i.span.start >= from && i.span.start <= to);
  const seen = new Set<string>();
  const out: SyntaxIssue[] = [];
  for (const i of issues) {
    if (i.code !== LEX && on(lexLines, i)) continue;
    if (secondaryIssues.has(i) && on(primaryLines, i)) continue;
    const key = `${i.span.start}:${i.span.end}:${i.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(i);
  }
  return out.sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end);
}
