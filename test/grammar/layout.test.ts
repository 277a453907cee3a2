import { describe, expect, test } from "vitest";
import { parseEffect } from "../../grammar/index.ts";
import { layoutTokens } from "../../grammar/layout.ts";
import { lexer } from "../../grammar/tokens.ts";
import { at, kinds, stmts, sx } from "../kit/grammar.ts";

/** The token vector the parser sees, as images (separators shown as ⏎, ';' or ·). */
function laidOut(text: string, mode: "block" | "expression" = "block"): string {
  return layoutTokens(lexer.tokenize(text).tokens, mode)
    .map((t) => (t.tokenType.name === "Newline" ? "⏎" : t.tokenType.name === "VirtualSep" ? "·" : t.image))
    .join(" ");
}

describe("the layout pass", () => {
  test("every statement is preceded by exactly one separator", () => {
    expect(laidOut("draw\n\n\nuse")).toBe("· draw ⏎ use");
    expect(laidOut("\n\ndraw")).toBe("⏎ draw");
    expect(laidOut("draw; use;\n")).toBe("· draw ; use");
    expect(laidOut("if a {\n  draw\n  use\n}\n")).toBe("· if a { · draw ⏎ use }");
    expect(laidOut("if a { }")).toBe("· if a { }");
  });

  test("newlines inside brackets disappear", () => {
    expect(laidOut("f(a,\n b)\n[1,\n 2]")).toBe("· f ( a , b ) ⏎ [ 1 , 2 ]");
  });

  test("an open bracket is closed by a line that starts with a statement keyword", () => {
    expect(laidOut("f(a\ndraw")).toBe("· f ( a ⏎ draw");
  });

  test("newlines in emit fields separate the fields", () => {
    expect(laidOut("emit e {\n a: 1\n b: 2\n}")).toBe("· emit e { a : 1 ⏎ b : 2 }");
  });

  test("expression mode ignores every newline", () => {
    expect(laidOut("a\nand\nb", "expression")).toBe("a and b");
  });
});

describe("newlines end statements, except …", () => {
  test("after a binary operator, ',', '=', 'where', 'and', 'or'", () => {
    for (const [src, tree] of [
      ["let x = a +\n  b", "(a + b)"],
      ["let x = a *\n  b", "(a * b)"],
      ["let x = a ==\n  b", "(a == b)"],
      ["let x = a and\n  b", "(a and b)"],
      ["let x = a or\n  b", "(a or b)"],
      ["let x = me.hand where\n  it.tapped", "(me.hand where it.tapped)"],
      ["let x = c in\n  xs", "(c in xs)"],
      ["let x = not\n  a", "(not a)"],
      ["let x =\n  3", "3"],
    ] as const) {
      const [s] = stmts(src);
      expect(s?.kind === "let" && sx(s.init as never)).toBe(tree);
    }
  });

  test("after '+=' and '-='", () => {
    const [s] = stmts("me.life -=\n  2");
    expect(s).toMatchObject({ kind: "assign", op: "-=", value: { kind: "number", value: 2 } });
  });

  test("inside ( ) and [ ]", () => {
    const [s] = stmts("let x = max(a,\n  b) + count([1,\n 2\n ])");
    expect(s?.kind === "let" && sx(s.init as never)).toBe("(max(a, b) + count([1, 2]))");
  });

  test("before else, and with a brace on its own line", () => {
    const r = parseEffect("if a\n{\n  draw\n}\nelse\n{\n  use\n}");
    expect(r.errors).toEqual([]);
    expect(r.ast.body).toHaveLength(1);
    expect(r.ast.body[0]).toMatchObject({ kind: "if", else: { kind: "block", body: [{ kind: "use" }] } });
  });

  test("';' separates statements on one line", () => {
    expect(stmts("a = 1; b = 2;draw").map((s) => s.kind)).toEqual(["assign", "assign", "draw"]);
  });

  test("blank lines, comments and CRLF", () => {
    expect(stmts("\r\n# c\r\ndraw # x\r\n\r\n\r\nuse\r\n").map((s) => s.kind)).toEqual(["draw", "use"]);
  });

  test("a line that starts with an operator is an error (the previous line has ended)", () => {
    const src = "let x = a\n  + b\ndraw";
    const r = parseEffect(src);
    expect(r.errors).toEqual([
      {
        span: at(src, "+"),
        code: "dsl/syntax",
        message:
          "a line cannot start with '+': to continue an expression on the next line, end the line with the operator",
      },
    ]);
    expect(kinds(r.ast)).toEqual(["let", "draw"]);
  });

  test("a newline after '.' does not continue", () => {
    const src = "x = y.\ndraw";
    const r = parseEffect(src);
    expect(r.errors).toEqual([
      { span: { start: 6, end: 6 }, code: "dsl/syntax", message: "expected a property name after '.'" },
    ]);
    expect(kinds(r.ast)).toEqual(["assign", "draw"]);
  });

  test("two statements on one line need a ';'", () => {
    const src = "x = 3 y = 4\nuse";
    const r = parseEffect(src);
    expect(r.errors).toEqual([{ span: at(src, "y"), code: "dsl/syntax", message: "unexpected 'y' after '3'" }]);
    expect(kinds(r.ast)).toEqual(["assign", "use"]);
  });
});
