import { describe, expect, test } from "vitest";
import { parseEffect } from "../../grammar/index.ts";
import { at, kinds, onlyError, point } from "../kit/grammar.ts";

/** The one error of `src` as [message, span, hint?], and the kinds of the statements that were read. */
function one(src: string): { error: [string, { start: number; end: number }, string?]; read: string[] } {
  const r = parseEffect(src);
  const e = onlyError(r);
  return { error: e.hint === undefined ? [e.message, e.span] : [e.message, e.span, e.hint], read: kinds(r.ast) };
}

describe("typical mistakes give one precise error, and later statements are still read", () => {
  test("a missing amount after an operator", () => {
    const src = "me.life -= 2 +\n";
    expect(one(src)).toEqual({
      error: ["expected an expression after '+'", point(at(src, "+").end)],
      read: ["assign"],
    });
    const src2 = "deal(t, 3 * )\ndraw";
    expect(one(src2)).toEqual({
      error: ["expected an expression after '*'", at(src2, ")")],
      read: ["exprStmt", "draw"],
    });
  });

  test("a missing value after '='", () => {
    const src = "let x =\n";
    expect(one(src)).toEqual({ error: ["expected a value after '='", point(7)], read: ["let"] });
  });

  test("a missing '}' at the end", () => {
    const src = "for each c in me.hand {\n  move c to me.grave\n";
    expect(one(src)).toEqual({
      error: ["expected '}' to close the body of 'for each'", point(at(src, "grave").end)],
      read: ["for"],
    });
  });

  test("a missing '}' in a nested block keeps the statements read", () => {
    const src = "if x {\n  if y {\n    draw\n}\nuse";
    const r = parseEffect(src);
    expect(r.errors).toEqual([
      { span: point(src.length), code: "dsl/syntax", message: "expected '}' to close the body of 'if'" },
    ]);
    expect(r.ast.body[0]).toMatchObject({
      kind: "if",
      then: { body: [{ kind: "if", then: { body: [{ kind: "draw" }] } }, { kind: "use" }] },
    });
  });

  test("a missing '{'", () => {
    const src = "if x\n  draw\n}\nuse";
    expect(one(src)).toEqual({ error: ["expected '{' to start the body of 'if'", point(4)], read: ["if", "use"] });
    const src2 = "while {\n draw\n}";
    expect(one(src2)).toEqual({ error: ["expected a condition after 'while'", at(src2, "{")], read: ["while"] });
  });

  test("a stray '}' or ')'", () => {
    expect(one("draw }\nuse")).toEqual({ error: ["unexpected '}'", { start: 5, end: 6 }], read: ["draw", "use"] });
    const src = "x = (1 + 2))\nuse";
    expect(one(src)).toEqual({ error: ["unexpected ')'", { start: 11, end: 12 }], read: ["assign", "use"] });
  });

  test("an unclosed '(' is closed by the next statement", () => {
    const src = "let x = max(a, b\ndraw";
    expect(one(src)).toEqual({
      error: ["expected ',' or ')' after 'b'", point(at(src, "b").end)],
      read: ["let", "draw"],
    });
  });

  test("a typo in a statement keyword mid-effect", () => {
    const src = "let x = 3\nmvoe c to me.hand\ndraw";
    expect(one(src)).toEqual({
      error: ["unexpected 'c' after 'mvoe'", { start: 15, end: 16 }, "did you mean 'move'?"],
      read: ["let", "draw"],
    });
  });

  test("a misspelt keyword alone on its line", () => {
    const src = "drwa\nuse";
    expect(one(src)).toEqual({
      error: [
        "'drwa' on its own does nothing: assign it (drwa = …) or call a procedure (name(…))",
        { start: 0, end: 4 },
        "did you mean 'draw'?",
      ],
      read: ["use"],
    });
  });

  test("hp-1 is one name, so a line of it does nothing", () => {
    expect(one("hp-1")).toEqual({
      error: [
        "'hp-1' on its own does nothing: assign it (hp-1 = …) or call a procedure (name(…))",
        { start: 0, end: 4 },
      ],
      read: [],
    });
  });

  test("an unterminated string", () => {
    const src = 'log "hello\ndraw';
    expect(parseEffect(src).errors).toEqual([
      {
        span: { start: 4, end: 10 },
        code: "dsl/lex",
        message: "this text has no closing '\"'",
        hint: 'a text must end on the line where it starts; write \\n for a line break and \\" for a quote',
      },
    ]);
    expect(kinds(parseEffect(src).ast)).toEqual(["log", "draw"]);
  });

  test("a bad character", () => {
    const src = "let x = a ! b\nuse";
    const r = parseEffect(src);
    expect(r.errors).toEqual([
      {
        span: at(src, "!"),
        code: "dsl/lex",
        message: "unexpected character '!'",
        hint: "write 'not x' to negate ('!=' means 'not equal')",
      },
    ]);
    expect(kinds(r.ast)).toEqual(["let", "use"]);
  });

  test("'&&' and single quotes", () => {
    expect(parseEffect("x = a && b").errors).toEqual([
      { span: { start: 6, end: 8 }, code: "dsl/lex", message: "unexpected characters '&&'", hint: "write 'and'" },
    ]);
    expect(parseEffect("log 'hi'").errors).toEqual([
      {
        span: { start: 4, end: 8 },
        code: "dsl/lex",
        message: "texts are written in double quotes",
        hint: 'write "hi"',
      },
    ]);
  });
});

describe("messages speak the card author's language", () => {
  const cases: [string, string, string][] = [
    // [effect, message, text at the error span ("" for an empty span)]
    ["move c to\n", "expected a zone after 'to' (like me.hand)", ""],
    ["move c to 3", "expected a zone after 'to' (like me.hand)", "3"],
    ["move c me.hand", "expected 'to' after 'c' (move … to me.hand)", "me"],
    ["move c to me.hand left", "unexpected 'left' after 'hand'", "left"],
    ["shuffle me", "expected a zone after 'shuffle' (like me.deck)", "me"],
    ["create dragon in", "expected a zone after 'in' (like me.deck)", ""],
    ["create dragon me.deck", "expected 'in' after 'dragon' (create … in me.deck)", "me"],
    ["for each c in { }", "expected a list after 'in' (like me.hand)", "{"],
    ["for c in xs { }", "expected 'each' after 'for' (for each c in me.hand)", "c"],
    ["for each c xs { }", "expected 'in' after 'c' (for each c in me.hand)", "xs"],
    ["if x { draw } else draw", "expected '{' or 'if' after 'else'", "draw"],
    ["let = 3", "expected a name after 'let'", "="],
    ["let x 3", "expected '=' after 'x'", "3"],
    ["modify c.power + 2 until turn-end", "expected '=', '+=' or '-=' after 'power'", "+"],
    ["modify c.power += 2 until", "expected the name of an event after 'until' (like turn-end)", ""],
    ["modify c.power += 2", "expected 'until' after '2' (modify c.power += 2 until turn-end)", ""],
    ["modify 3 += 2 until x", "expected a property after 'modify' (like c.power)", "3"],
    ["run c", "expected an effect after 'run' (like c.effect)", "c"],
    ["win", "expected a player after 'win'", ""],
    ["log x", "expected a text in double quotes after 'log'", "x"],
    ["may x", "expected a question in double quotes after 'may'", "x"],
    ["choose one xs", "expected 'of' after 'one' (like choose one of me.hand)", "xs"],
    ["choose of xs", "expected 'one', 'up to' or a number after 'choose' (like choose one of me.hand)", "of"],
    ["choose up 2 of xs", "expected 'to' after 'up' (choose up to 2 of …)", "2"],
    ["choose one of xs by", "expected a player after 'by'", ""],
    ["choose one of xs as x", "expected a prompt in double quotes after 'as'", "x"],
    ["act by me", "expected the name of a window after 'act'", "by"],
    ["act w me", "expected 'by' after 'w' (act … by me)", "me"],
    ["emit", "expected the name of an event after 'emit'", ""],
    ["emit e { a 1 }", "expected ':' after the field name 'a'", "1"],
    ["emit e { a: }", "expected a value after ':'", "}"],
    ["emit e { a: 1 b: 2 }", "expected ',' or '}' after '1' in the fields of 'emit'", "b"],
    ["x = f(1,)", "expected an expression after ','", ")"],
    ["x = f(", "expected an argument or ')' after '('", ""],
    ["x = [1, 2", "expected ',' or ']' after '2'", ""],
    ["x = (1", "expected ')' after '1'", ""],
    ["x = y.", "expected a property name after '.'", ""],
    ["x = not", "expected an expression after 'not'", ""],
    ["x = xs where", "expected a condition after 'where' (like it.power > 2)", ""],
    ["f(x) = 3", "cannot assign to a call: only to a name (x = …) or a property (c.power = …)", "f(x)"],
    ["x.y(3)", "unexpected '(' after 'y'", "("],
    ["return return", "unexpected 'return' after 'return'", "return"],
    ["else { }", "unexpected 'else': it must follow the '}' of an 'if'", "else"],
    [")", "expected a statement, found ')'", ")"],
    ["3 = x", "expected a statement, found '3'", "3"],
    ["draw draw", "unexpected 'draw' after 'draw'", "draw"],
    ["if a < b < c { }", "comparisons cannot be chained: write 'a < b and b < c' instead of 'a < b < c'", "<"],
  ];
  for (const [src, message, shown] of cases) {
    test(src, () => {
      const e = onlyError(parseEffect(src));
      expect(e.message).toBe(message);
      expect(e.code).toBe("dsl/syntax");
      expect(src.slice(e.span.start, e.span.end)).toBe(shown);
      if (shown === "") expect(e.span.start).toBe(e.span.end);
    });
  }

  test("no message is a token-type dump", () => {
    for (const [src] of cases) {
      for (const e of parseEffect(src).errors) {
        expect(e.message).not.toMatch(/-->|<--|Expecting|EOF|token of type|[A-Z][a-z]+[A-Z]\w*/);
      }
    }
  });

  test("'x.f()' gets a hint", () => {
    expect(parseEffect("x.y(3)").errors[0]?.hint).toBe(
      "only functions and procedures can be called, by name: write f(x), not x.f()",
    );
  });

  test("errors come sorted by position", () => {
    const r = parseEffect("let = 1\ndraw\nx = (\nuse\nlog 3");
    expect(r.errors.map((e) => e.message)).toEqual([
      "expected a name after 'let'",
      "expected an expression after '('",
      "expected a text in double quotes after 'log'",
    ]);
    expect(r.errors.map((e) => e.span.start)).toEqual([4, 18, 27]);
    expect(kinds(r.ast)).toEqual(["let", "draw", "assign", "use", "log"]);
  });
});

describe("the AST after an error is best effort", () => {
  test("a missing operand is a NameRef with the empty name, where it was expected", () => {
    expect(parseEffect("let x = 1 +")).toEqual({
      ast: {
        kind: "program",
        body: [
          {
            kind: "let",
            name: { kind: "ident", name: "x", span: { start: 4, end: 5 } },
            init: {
              kind: "binary",
              op: "+",
              left: { kind: "number", value: 1, span: { start: 8, end: 9 } },
              right: { kind: "name", name: "", span: { start: 11, end: 11 } },
              opSpan: { start: 10, end: 11 },
              span: { start: 8, end: 11 },
            },
            span: { start: 0, end: 11 },
          },
        ],
        span: { start: 0, end: 11 },
      },
      errors: [{ span: { start: 11, end: 11 }, code: "dsl/syntax", message: "expected an expression after '+'" }],
    });
  });

  test("a missing zone", () => {
    const r = parseEffect("move c to\ndraw");
    expect(r.ast.body[0]).toEqual({
      kind: "move",
      what: { kind: "name", name: "c", span: { start: 5, end: 6 } },
      to: {
        kind: "member",
        object: { kind: "name", name: "", span: { start: 9, end: 9 } },
        property: { kind: "ident", name: "", span: { start: 9, end: 9 } },
        span: { start: 9, end: 9 },
      },
      position: "bottom",
      span: { start: 0, end: 9 },
    });
    expect(kinds(r.ast)).toEqual(["move", "draw"]);
  });

  test("a statement that cannot be read is left out", () => {
    const r = parseEffect("draw\n+ 3\nuse");
    expect(kinds(r.ast)).toEqual(["draw", "use"]);
    expect(r.errors).toHaveLength(1);
  });

  test("a capitalised keyword", () => {
    expect(parseEffect("Draw").errors).toEqual([
      {
        span: { start: 0, end: 4 },
        code: "dsl/syntax",
        message: "'Draw' on its own does nothing: assign it (Draw = …) or call a procedure (name(…))",
        hint: "did you mean 'draw'?",
      },
    ]);
  });
});
