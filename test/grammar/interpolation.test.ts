import { describe, expect, test } from "vitest";
import { parseEffect, parseExpression } from "../../grammar/index.ts";
import { at, expr, point, sx } from "../kit/grammar.ts";

describe("texts", () => {
  test("escapes and literal braces", () => {
    expect(expr('"a\\"b\\\\c\\nd {{x}} e}f"')).toEqual({
      kind: "text",
      parts: ['a"b\\c\nd {x} e}f'],
      span: { start: 0, end: 22 },
    });
  });

  test("an unknown escape is a lexer issue at the escape", () => {
    const src = 'log "bad \\q"';
    expect(parseEffect(src).errors).toEqual([
      {
        span: at(src, "\\q"),
        code: "dsl/lex",
        message: "unknown escape '\\q' in a text: write \\\" for a quote, \\\\ for a backslash, \\n for a new line",
      },
    ]);
  });
});

describe("interpolation", () => {
  test("parts alternate text and expressions; expression spans are offsets into the whole text", () => {
    const src = 'log "{name(self)} deals {event.amount}!"';
    const [s] = parseEffect(src).ast.body;
    expect(s).toEqual({
      kind: "log",
      text: {
        kind: "text",
        parts: [
          {
            kind: "call",
            callee: { kind: "ident", name: "name", span: at(src, "name") },
            args: [{ kind: "name", name: "self", span: at(src, "self") }],
            span: at(src, "name(self)"),
          },
          " deals ",
          {
            kind: "member",
            object: { kind: "name", name: "event", span: at(src, "event") },
            property: { kind: "ident", name: "amount", span: at(src, "amount") },
            span: at(src, "event.amount"),
          },
          "!",
        ],
        span: { start: 4, end: src.length },
      },
      span: { start: 0, end: src.length },
    });
  });

  test("spaces around the expression are allowed", () => {
    const e = expr('"{ a + 1 }"');
    expect(e).toEqual({
      kind: "text",
      parts: [
        {
          kind: "binary",
          op: "+",
          left: { kind: "name", name: "a", span: { start: 3, end: 4 } },
          right: { kind: "number", value: 1, span: { start: 7, end: 8 } },
          opSpan: { start: 5, end: 6 },
          span: { start: 3, end: 8 },
        },
      ],
      span: { start: 0, end: 11 },
    });
  });

  test("adjacent interpolations, and strings inside interpolations", () => {
    expect(sx(expr('"{a}{b}"'))).toBe('"{a}{b}"');
    const e = expr('"x {f("y {z}")} w"');
    expect(sx(e)).toBe('"x {f("y {z}")} w"');
    if (e.kind !== "text") throw new Error("not a text");
    const call = e.parts[1];
    if (typeof call !== "object" || call.kind !== "call") throw new Error("not a call");
    const inner = call.args[0];
    if (inner?.kind !== "text") throw new Error("not a text");
    expect(inner.parts[1]).toEqual({ kind: "name", name: "z", span: { start: 10, end: 11 } });
  });

  test("an error inside an interpolation points at the exact column", () => {
    const src = 'draw\nlet x = "a {1 +} b"\nuse';
    const r = parseEffect(src);
    expect(r.errors).toEqual([
      { span: point(at(src, "+").end), code: "dsl/syntax", message: "expected an expression after '+'" },
    ]);
    expect(r.ast.body.map((s) => s.kind)).toEqual(["draw", "let", "use"]);
  });

  test("a bad character inside an interpolation", () => {
    const src = 'log "x {a @ b}"';
    expect(parseEffect(src).errors).toEqual([
      { span: at(src, "@"), code: "dsl/lex", message: "unexpected character '@'" },
    ]);
  });

  test("two expressions in one interpolation", () => {
    const src = 'log "x {a b}"';
    expect(parseEffect(src).errors).toEqual([
      { span: at(src, "b"), code: "dsl/syntax", message: "unexpected 'b' after 'a'" },
    ]);
  });

  test("an empty interpolation", () => {
    const src = 'log "a {} b"';
    expect(parseEffect(src).errors).toEqual([
      {
        span: at(src, "{}"),
        code: "dsl/syntax",
        message: "empty '{}' in a text: put an expression inside, or write '{{' for a literal '{'",
      },
    ]);
  });

  test("interpolations in conditions and prompts", () => {
    const r = parseExpression('name(self) == "x{n}"');
    expect(r.errors).toEqual([]);
    expect(sx(r.ast)).toBe('(name(self) == "x{n}")');
  });
});
