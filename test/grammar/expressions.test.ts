import { describe, expect, test } from "vitest";
import { parseExpression } from "../../grammar/index.ts";
import { expr, sx } from "../kit/grammar.ts";

describe("literals and names (exact ASTs)", () => {
  test("number, bool, none", () => {
    expect(expr("42")).toEqual({ kind: "number", value: 42, span: { start: 0, end: 2 } });
    expect(expr("true")).toEqual({ kind: "bool", value: true, span: { start: 0, end: 4 } });
    expect(expr(" false")).toEqual({ kind: "bool", value: false, span: { start: 1, end: 6 } });
    expect(expr("none")).toEqual({ kind: "none", span: { start: 0, end: 4 } });
  });

  test("names, with hyphens", () => {
    expect(expr("turn-end")).toEqual({ kind: "name", name: "turn-end", span: { start: 0, end: 8 } });
  });

  test("text", () => {
    expect(expr('"hi"')).toEqual({ kind: "text", parts: ["hi"], span: { start: 0, end: 4 } });
    expect(expr('""')).toEqual({ kind: "text", parts: [], span: { start: 0, end: 2 } });
  });

  test("lists", () => {
    expect(expr("[]")).toEqual({ kind: "list", items: [], span: { start: 0, end: 2 } });
    expect(expr("[a, 2]")).toEqual({
      kind: "list",
      items: [
        { kind: "name", name: "a", span: { start: 1, end: 2 } },
        { kind: "number", value: 2, span: { start: 4, end: 5 } },
      ],
      span: { start: 0, end: 6 },
    });
  });
});

describe("postfix", () => {
  test("member chains", () => {
    expect(expr("event.target.life")).toEqual({
      kind: "member",
      object: {
        kind: "member",
        object: { kind: "name", name: "event", span: { start: 0, end: 5 } },
        property: { kind: "ident", name: "target", span: { start: 6, end: 12 } },
        span: { start: 0, end: 12 },
      },
      property: { kind: "ident", name: "life", span: { start: 13, end: 17 } },
      span: { start: 0, end: 17 },
    });
  });

  test("calls, with hyphenated names and no arguments", () => {
    expect(expr("magia-targets(self, 2)")).toEqual({
      kind: "call",
      callee: { kind: "ident", name: "magia-targets", span: { start: 0, end: 13 } },
      args: [
        { kind: "name", name: "self", span: { start: 14, end: 18 } },
        { kind: "number", value: 2, span: { start: 20, end: 21 } },
      ],
      span: { start: 0, end: 22 },
    });
    expect(expr("catalog()")).toEqual({
      kind: "call",
      callee: { kind: "ident", name: "catalog", span: { start: 0, end: 7 } },
      args: [],
      span: { start: 0, end: 9 },
    });
  });

  test("member of a call", () => {
    expect(sx(expr("other(me).hand"))).toBe("other(me).hand");
  });

  test("keywords are allowed as property names", () => {
    expect(sx(expr("event.to + c.on + c.in + c.top"))).toBe("(((event.to + c.on) + c.in) + c.top)");
  });
});

describe("operators", () => {
  test("a binary node records the operator's span", () => {
    expect(expr("a + 1")).toEqual({
      kind: "binary",
      op: "+",
      left: { kind: "name", name: "a", span: { start: 0, end: 1 } },
      right: { kind: "number", value: 1, span: { start: 4, end: 5 } },
      opSpan: { start: 2, end: 3 },
      span: { start: 0, end: 5 },
    });
  });

  test("unary minus and not", () => {
    expect(expr("-x")).toEqual({
      kind: "unary",
      op: "-",
      operand: { kind: "name", name: "x", span: { start: 1, end: 2 } },
      span: { start: 0, end: 2 },
    });
    expect(expr("not ok")).toEqual({
      kind: "unary",
      op: "not",
      operand: { kind: "name", name: "ok", span: { start: 4, end: 6 } },
      span: { start: 0, end: 6 },
    });
  });

  test("where", () => {
    expect(expr("me.field where it.tapped")).toEqual({
      kind: "where",
      list: {
        kind: "member",
        object: { kind: "name", name: "me", span: { start: 0, end: 2 } },
        property: { kind: "ident", name: "field", span: { start: 3, end: 8 } },
        span: { start: 0, end: 8 },
      },
      cond: {
        kind: "member",
        object: { kind: "name", name: "it", span: { start: 15, end: 17 } },
        property: { kind: "ident", name: "tapped", span: { start: 18, end: 24 } },
        span: { start: 15, end: 24 },
      },
      span: { start: 0, end: 24 },
    });
  });

  test("every binary operator", () => {
    for (const op of ["+", "-", "*", "/", "%", "==", "!=", "<", "<=", ">", ">=", "in", "and", "or"]) {
      const e = expr(`a ${op} b`);
      expect(e.kind === "binary" && e.op).toBe(op);
    }
  });

  test("a parenthesised expression keeps its node, with the parentheses in its span", () => {
    expect(expr("(a + b) * c")).toEqual({
      kind: "binary",
      op: "*",
      left: {
        kind: "binary",
        op: "+",
        left: { kind: "name", name: "a", span: { start: 1, end: 2 } },
        right: { kind: "name", name: "b", span: { start: 5, end: 6 } },
        opSpan: { start: 3, end: 4 },
        span: { start: 0, end: 7 },
      },
      right: { kind: "name", name: "c", span: { start: 10, end: 11 } },
      opSpan: { start: 8, end: 9 },
      span: { start: 0, end: 11 },
    });
  });
});

describe("precedence: where < or < and < not < comparison < + - < * / % < unary - < postfix", () => {
  const cases: [string, string][] = [
    ["a or b and c", "(a or (b and c))"],
    ["a and b or c", "((a and b) or c)"],
    ["a + b * c - d", "((a + (b * c)) - d)"],
    ["a - b - c", "((a - b) - c)"],
    ["a / b % c * d", "(((a / b) % c) * d)"],
    ["a == b + 1", "(a == (b + 1))"],
    ["x in xs and y", "((x in xs) and y)"],
    ["not a == b and c", "((not (a == b)) and c)"],
    ["not a in b", "(not (a in b))"],
    ["not not a", "(not (not a))"],
    ["-3 * 2", "((- 3) * 2)"],
    ["- -a.b", "(- (- a.b))"],
    ["-f(x).y", "(- f(x).y)"],
    ["a * (b + c)", "(a * (b + c))"],
    ["xs where it.a or it.b and not it.c", "(xs where (it.a or (it.b and (not it.c))))"],
    ["xs where it.a where it.b", "((xs where it.a) where it.b)"],
    ["a or b where c", "((a or b) where c)"],
    ["count(me.hand where it.cost <= 2) > 0", "(count((me.hand where (it.cost <= 2))) > 0)"],
    ["[a, b] + c", "([a, b] + c)"],
    ["a == not b", "(a == (not b))"],
  ];
  for (const [src, tree] of cases) test(src, () => expect(sx(expr(src))).toBe(tree));
});

describe("expression texts", () => {
  test("newlines inside a condition are ignored", () => {
    expect(sx(expr("event.player == me\n  and me.life > 3"))).toBe("((event.player == me) and (me.life > 3))");
  });

  test("the whole text must be one expression", () => {
    const r = parseExpression("a b");
    expect(sx(r.ast)).toBe("a");
    expect(r.errors).toEqual([{ span: { start: 2, end: 3 }, code: "dsl/syntax", message: "unexpected 'b' after 'a'" }]);
  });

  test("'=' in a condition", () => {
    expect(parseExpression("x = 1").errors).toEqual([
      { span: { start: 2, end: 3 }, code: "dsl/syntax", message: "unexpected '=' after 'x' (to compare, write '==')" },
    ]);
  });

  test("an empty condition (the error points at the end of the text)", () => {
    expect(parseExpression("  ")).toEqual({
      ast: { kind: "name", name: "", span: { start: 0, end: 0 } },
      errors: [{ span: { start: 2, end: 2 }, code: "dsl/syntax", message: "expected an expression" }],
    });
  });

  test("comparisons do not chain", () => {
    const r = parseExpression("a < b < c");
    expect(sx(r.ast)).toBe("((a < b) < c)");
    expect(r.errors).toEqual([
      {
        span: { start: 6, end: 7 },
        code: "dsl/syntax",
        message: "comparisons cannot be chained: write 'a < b and b < c' instead of 'a < b < c'",
      },
    ]);
  });

  test("a decision is not an expression", () => {
    expect(parseExpression("choose one of xs").errors).toEqual([
      {
        span: { start: 0, end: 6 },
        code: "dsl/syntax",
        message: "'choose' is a decision: it can only be a statement of its own or the whole value of 'let'",
      },
    ]);
  });
});
