import { describe, expect, test } from "vitest";
import { parseEffect } from "../../grammar/index.ts";
import { kinds, stmt, stmts, sx } from "../kit/grammar.ts";

const name = (n: string, start: number) => ({ kind: "name", name: n, span: { start, end: start + n.length } });
const ident = (n: string, start: number) => ({ kind: "ident", name: n, span: { start, end: start + n.length } });
const num = (value: number, start: number) => ({
  kind: "number",
  value,
  span: { start, end: start + String(value).length },
});
const member = (obj: string, prop: string, start: number) => ({
  kind: "member",
  object: name(obj, start),
  property: ident(prop, start + obj.length + 1),
  span: { start, end: start + obj.length + 1 + prop.length },
});

describe("statements (exact ASTs)", () => {
  test("let", () => {
    expect(stmt("let x = 3")).toEqual({
      kind: "let",
      name: ident("x", 4),
      init: num(3, 8),
      span: { start: 0, end: 9 },
    });
  });

  test("let with a hyphenated name on the right", () => {
    expect(stmt("let y = hp-1")).toEqual({
      kind: "let",
      name: ident("y", 4),
      init: name("hp-1", 8),
      span: { start: 0, end: 12 },
    });
  });

  test("assignment to a local", () => {
    expect(stmt("x = 1")).toEqual({
      kind: "assign",
      target: name("x", 0),
      op: "=",
      value: num(1, 4),
      span: { start: 0, end: 5 },
    });
  });

  test("+= and -= on properties and event fields", () => {
    expect(stmt("c.power += 2")).toEqual({
      kind: "assign",
      target: member("c", "power", 0),
      op: "+=",
      value: num(2, 11),
      span: { start: 0, end: 12 },
    });
    expect(stmt("event.amount -= 1")).toEqual({
      kind: "assign",
      target: member("event", "amount", 0),
      op: "-=",
      value: num(1, 16),
      span: { start: 0, end: 17 },
    });
  });

  test("if / else if / else", () => {
    expect(stmt("if a { draw } else if b { use } else { break }")).toEqual({
      kind: "if",
      cond: name("a", 3),
      then: { kind: "block", body: [{ kind: "draw", span: { start: 7, end: 11 } }], span: { start: 5, end: 13 } },
      else: {
        kind: "if",
        cond: name("b", 22),
        then: { kind: "block", body: [{ kind: "use", span: { start: 26, end: 29 } }], span: { start: 24, end: 31 } },
        else: { kind: "block", body: [{ kind: "break", span: { start: 39, end: 44 } }], span: { start: 37, end: 46 } },
        span: { start: 19, end: 46 },
      },
      span: { start: 0, end: 46 },
    });
  });

  test("if without else has no else property", () => {
    expect(stmt("if a {}")).toEqual({
      kind: "if",
      cond: name("a", 3),
      then: { kind: "block", body: [], span: { start: 5, end: 7 } },
      span: { start: 0, end: 7 },
    });
  });

  test("for each", () => {
    expect(stmt("for each s in me.field { s.tapped = false }")).toEqual({
      kind: "for",
      variable: ident("s", 9),
      list: member("me", "field", 14),
      body: {
        kind: "block",
        body: [
          {
            kind: "assign",
            target: member("s", "tapped", 25),
            op: "=",
            value: { kind: "bool", value: false, span: { start: 36, end: 41 } },
            span: { start: 25, end: 41 },
          },
        ],
        span: { start: 23, end: 43 },
      },
      span: { start: 0, end: 43 },
    });
  });

  test("while, break", () => {
    expect(stmt("while n > 0 { break }")).toEqual({
      kind: "while",
      cond: {
        kind: "binary",
        op: ">",
        left: name("n", 6),
        right: num(0, 10),
        opSpan: { start: 8, end: 9 },
        span: { start: 6, end: 11 },
      },
      body: { kind: "block", body: [{ kind: "break", span: { start: 14, end: 19 } }], span: { start: 12, end: 21 } },
      span: { start: 0, end: 21 },
    });
  });

  test("return, with and without a value", () => {
    expect(stmts("return\nreturn x")).toEqual([
      { kind: "return", span: { start: 0, end: 6 } },
      { kind: "return", value: name("x", 14), span: { start: 7, end: 15 } },
    ]);
  });

  test("move: default position is bottom", () => {
    expect(stmt("move c to me.hand")).toEqual({
      kind: "move",
      what: name("c", 5),
      to: member("me", "hand", 10),
      position: "bottom",
      span: { start: 0, end: 17 },
    });
  });

  test("move … top / bottom", () => {
    expect(stmt("move c to me.deck top")).toEqual({
      kind: "move",
      what: name("c", 5),
      to: member("me", "deck", 10),
      position: "top",
      span: { start: 0, end: 21 },
    });
    const bottom = stmt("move c to me.deck bottom");
    expect(bottom.kind === "move" && [bottom.position, bottom.span]).toEqual(["bottom", { start: 0, end: 24 }]);
  });

  test("move a filtered list", () => {
    const s = stmt("move me.hand where it.tapped to me.grave");
    expect(s.kind === "move" && [sx(s.what), sx(s.to)]).toEqual(["(me.hand where it.tapped)", "me.grave"]);
  });

  test("shuffle", () => {
    expect(stmt("shuffle me.deck")).toEqual({
      kind: "shuffle",
      zone: member("me", "deck", 8),
      span: { start: 0, end: 15 },
    });
  });

  test("create: the card expression stops before 'in'", () => {
    expect(stmt("create dragon in me.deck")).toEqual({
      kind: "create",
      card: name("dragon", 7),
      in: member("me", "deck", 17),
      span: { start: 0, end: 24 },
    });
    const s = stmt("create pick(catalog()) in opponent.deck");
    expect(s.kind === "create" && [sx(s.card), sx(s.in)]).toEqual(["pick(catalog())", "opponent.deck"]);
  });

  test("modify … until", () => {
    expect(stmt("modify c.power += 2 until turn-end")).toEqual({
      kind: "modify",
      target: member("c", "power", 7),
      op: "+=",
      value: num(2, 18),
      until: ident("turn-end", 26),
      span: { start: 0, end: 34 },
    });
  });

  test("run, with and without 'on'", () => {
    expect(stmts("run c.effect\nrun c.respond on ev")).toEqual([
      { kind: "run", target: member("c", "effect", 4), span: { start: 0, end: 12 } },
      { kind: "run", target: member("c", "respond", 17), on: name("ev", 30), span: { start: 13, end: 32 } },
    ]);
  });

  test("win, draw, use, log", () => {
    expect(stmts('win opponent\ndraw\nuse\nlog "done"')).toEqual([
      { kind: "win", player: name("opponent", 4), span: { start: 0, end: 12 } },
      { kind: "draw", span: { start: 13, end: 17 } },
      { kind: "use", span: { start: 18, end: 21 } },
      {
        kind: "log",
        text: { kind: "text", parts: ["done"], span: { start: 26, end: 32 } },
        span: { start: 22, end: 32 },
      },
    ]);
  });

  test("a procedure call is an expression statement", () => {
    expect(stmt("deal-damage(t, 3)")).toEqual({
      kind: "exprStmt",
      expr: {
        kind: "call",
        callee: ident("deal-damage", 0),
        args: [name("t", 12), num(3, 15)],
        span: { start: 0, end: 17 },
      },
      span: { start: 0, end: 17 },
    });
  });

  test("the program spans the whole text", () => {
    const r = parseEffect("  draw  \n");
    expect(r).toEqual({
      ast: { kind: "program", body: [{ kind: "draw", span: { start: 2, end: 6 } }], span: { start: 0, end: 9 } },
      errors: [],
    });
  });

  test("an empty effect and an effect of comments", () => {
    expect(parseEffect("")).toEqual({ ast: { kind: "program", body: [], span: { start: 0, end: 0 } }, errors: [] });
    expect(parseEffect("# nothing\n\n  # at all\n")).toEqual({
      ast: { kind: "program", body: [], span: { start: 0, end: 22 } },
      errors: [],
    });
  });

  test("a realistic effect", () => {
    const src = [
      "# deal damage to a chosen summon",
      'let t = choose one of opponent.field where it.kind == summon as "Target"',
      "if t != none {",
      "  t.life -= 2",
      "  if t.life <= 0 { move t to opponent.grave }",
      "} else {",
      '  log "no target"',
      "}",
      "for each c in me.hand where it.cost > 3 { modify c.cost -= 1 until turn-end }",
      "let ev = emit damage { target: t, amount: 2, source: self }",
      "shuffle me.deck; draw",
    ].join("\n");
    const r = parseEffect(src);
    expect(r.errors).toEqual([]);
    expect(kinds(r.ast)).toEqual(["let", "if", "for", "let", "shuffle", "draw"]);
  });
});
