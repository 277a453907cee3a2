/** A small kit for grammar tests: compact AST printing and spans located by their text. */

import { expect } from "vitest";
import type { Expr, Node, ParseResult, Program, Span, Stmt, SyntaxIssue } from "../../grammar/index.ts";
import { parseEffect, parseExpression } from "../../grammar/index.ts";

/** The span of the `nth` (0-based) occurrence of `snippet` in `text`. */
export function at(text: string, snippet: string, nth = 0): Span {
  let from = -1;
  for (let i = 0; i <= nth; i++) {
    from = text.indexOf(snippet, from + 1);
    if (from < 0) throw new Error(`'${snippet}' (#${nth}) not in ${JSON.stringify(text)}`);
  }
  return { start: from, end: from + snippet.length };
}

/** An empty span at `offset`. */
export function point(offset: number): Span {
  return { start: offset, end: offset };
}

/** A compact, span-free rendering of an expression: `(a + (b * c))`, `f(x)`, `me.hand`. */
export function sx(e: Expr): string {
  switch (e.kind) {
    case "number":
      return String(e.value);
    case "bool":
      return String(e.value);
    case "none":
      return "none";
    case "text":
      return `"${e.parts.map((p) => (typeof p === "string" ? p : `{${sx(p)}}`)).join("")}"`;
    case "list":
      return `[${e.items.map(sx).join(", ")}]`;
    case "name":
      return e.name === "" ? "?" : e.name;
    case "member":
      return `${sx(e.object)}.${e.property.name}`;
    case "call":
      return `${e.callee.name}(${e.args.map(sx).join(", ")})`;
    case "unary":
      return `(${e.op} ${sx(e.operand)})`;
    case "binary":
      return `(${sx(e.left)} ${e.op} ${sx(e.right)})`;
    case "where":
      return `(${sx(e.list)} where ${sx(e.cond)})`;
  }
}

/** Parses an effect that must have no errors and returns its statements. */
export function stmts(text: string): readonly Stmt[] {
  const r = parseEffect(text);
  expect(r.errors).toEqual([]);
  return r.ast.body;
}

/** Parses an effect that must have no errors and returns its only statement. */
export function stmt(text: string): Stmt {
  const body = stmts(text);
  expect(body).toHaveLength(1);
  return body[0]!;
}

/** Parses an expression that must have no errors. */
export function expr(text: string): Expr {
  const r = parseExpression(text);
  expect(r.errors).toEqual([]);
  return r.ast;
}

/** The errors of an effect, as `[message, span]` pairs. */
export function errorsOf(text: string): [string, Span][] {
  return parseEffect(text).errors.map((e) => [e.message, e.span]);
}

/** The only error of a parse (fails if there is not exactly one). */
export function onlyError<T>(r: ParseResult<T>): SyntaxIssue {
  expect(r.errors).toHaveLength(1);
  return r.errors[0]!;
}

/** The kinds of a program's statements, e.g. `["let", "move", "draw"]`. */
export function kinds(p: Program): string[] {
  return p.body.map((s) => s.kind);
}

/** Every span in a tree (for bounds checks). */
export function allSpans(node: unknown, out: Span[] = []): Span[] {
  if (Array.isArray(node)) for (const n of node) allSpans(n, out);
  else if (node !== null && typeof node === "object") {
    const n = node as Partial<Node> & Record<string, unknown>;
    if (n.span !== undefined) out.push(n.span);
    for (const [k, v] of Object.entries(n)) {
      if (k === "opSpan") out.push(v as Span);
      else if (k !== "span") allSpans(v, out);
    }
  }
  return out;
}
