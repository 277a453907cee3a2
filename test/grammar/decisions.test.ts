import { describe, expect, test } from "vitest";
import { parseEffect } from "../../grammar/index.ts";
import { at, stmt, sx } from "../kit/grammar.ts";

const name = (n: string, start: number) => ({ kind: "name", name: n, span: { start, end: start + n.length } });
const ident = (n: string, start: number) => ({ kind: "ident", name: n, span: { start, end: start + n.length } });

describe("choose", () => {
  test("choose one of … as a statement", () => {
    expect(stmt("choose one of xs")).toEqual({
      kind: "exprStmt",
      expr: { kind: "choose", count: { mode: "one" }, from: name("xs", 14), span: { start: 0, end: 16 } },
      span: { start: 0, end: 16 },
    });
  });

  test("let t = choose one of … by … as …", () => {
    const src = 'let t = choose one of me.hand where it.kind == summon by opponent as "Pick one"';
    const s = stmt(src);
    expect(s.kind).toBe("let");
    if (s.kind !== "let" || s.init.kind !== "choose") throw new Error("not a choose");
    const c = s.init;
    expect(c.count).toEqual({ mode: "one" });
    expect(sx(c.from)).toBe("(me.hand where (it.kind == summon))");
    expect(c.by).toEqual(name("opponent", 57));
    expect(c.prompt).toEqual({ kind: "text", parts: ["Pick one"], span: at(src, '"Pick one"') });
    expect(c.span).toEqual({ start: 8, end: src.length });
    expect(s.span).toEqual({ start: 0, end: src.length });
  });

  test("choose N of …", () => {
    expect(stmt("let ts = choose 2 of xs")).toEqual({
      kind: "let",
      name: ident("ts", 4),
      init: {
        kind: "choose",
        count: { mode: "exactly", n: { kind: "number", value: 2, span: { start: 16, end: 17 } } },
        from: name("xs", 21),
        span: { start: 9, end: 23 },
      },
      span: { start: 0, end: 23 },
    });
  });

  test("choose up to N of … by …", () => {
    const s = stmt("let ts = choose up to n + 1 of xs by p");
    if (s.kind !== "let" || s.init.kind !== "choose") throw new Error("not a choose");
    expect(s.init.count.mode).toBe("upTo");
    expect(s.init.count.mode !== "one" && sx(s.init.count.n)).toBe("(n + 1)");
    expect(s.init.by).toEqual(name("p", 37));
    expect(s.init.prompt).toBeUndefined();
  });
});

describe("may, act, emit", () => {
  test("may", () => {
    expect(stmt('let ok = may "Use the Burst?" by opponent')).toEqual({
      kind: "let",
      name: ident("ok", 4),
      init: {
        kind: "may",
        prompt: { kind: "text", parts: ["Use the Burst?"], span: { start: 13, end: 29 } },
        by: name("opponent", 33),
        span: { start: 9, end: 41 },
      },
      span: { start: 0, end: 41 },
    });
    const plain = stmt('may "Go?"');
    expect(plain).toEqual({
      kind: "exprStmt",
      expr: {
        kind: "may",
        prompt: { kind: "text", parts: ["Go?"], span: { start: 4, end: 9 } },
        span: { start: 0, end: 9 },
      },
      span: { start: 0, end: 9 },
    });
  });

  test("act", () => {
    expect(stmt("let a = act main-phase by me on ev")).toEqual({
      kind: "let",
      name: ident("a", 4),
      init: {
        kind: "act",
        window: ident("main-phase", 12),
        by: name("me", 26),
        on: name("ev", 32),
        span: { start: 8, end: 34 },
      },
      span: { start: 0, end: 34 },
    });
    expect(stmt("act main by me")).toEqual({
      kind: "exprStmt",
      expr: { kind: "act", window: ident("main", 4), by: name("me", 12), span: { start: 0, end: 14 } },
      span: { start: 0, end: 14 },
    });
  });

  test("emit with fields", () => {
    expect(stmt("emit turn-end { player: me, n: 1 }")).toEqual({
      kind: "exprStmt",
      expr: {
        kind: "emit",
        event: ident("turn-end", 5),
        fields: [
          { name: ident("player", 16), value: name("me", 24), span: { start: 16, end: 26 } },
          {
            name: ident("n", 28),
            value: { kind: "number", value: 1, span: { start: 31, end: 32 } },
            span: { start: 28, end: 32 },
          },
        ],
        span: { start: 0, end: 34 },
      },
      span: { start: 0, end: 34 },
    });
  });

  test("emit without fields", () => {
    expect(stmt("emit game-start")).toEqual({
      kind: "exprStmt",
      expr: { kind: "emit", event: ident("game-start", 5), fields: [], span: { start: 0, end: 15 } },
      span: { start: 0, end: 15 },
    });
    const empty = stmt("emit game-start {}");
    expect(empty.kind === "exprStmt" && empty.expr.span).toEqual({ start: 0, end: 18 });
  });

  test("emit fields on separate lines, with or without commas, keywords as field names", () => {
    const src = "let ev = emit damage {\n  target: t,\n  to: me.hand\n  amount: 3,\n}\ndraw";
    const r = parseEffect(src);
    expect(r.errors).toEqual([]);
    expect(r.ast.body.map((s) => s.kind)).toEqual(["let", "draw"]);
    const s = r.ast.body[0]!;
    if (s.kind !== "let" || s.init.kind !== "emit") throw new Error("not an emit");
    expect(s.init.fields.map((f) => [f.name.name, sx(f.value)])).toEqual([
      ["target", "t"],
      ["to", "me.hand"],
      ["amount", "3"],
    ]);
    expect(s.init.span).toEqual({ start: 9, end: src.indexOf("}") + 1 });
  });
});

describe("decisions only as statements or the whole value of let", () => {
  const message = (word: string) =>
    `'${word}' is a decision: it can only be a statement of its own or the whole value of 'let'`;

  test("inside an expression", () => {
    const src = "let x = 1 + choose one of xs\ndraw";
    const r = parseEffect(src);
    expect(r.errors).toEqual([{ span: at(src, "choose"), code: "dsl/syntax", message: message("choose") }]);
    expect(r.ast.body.map((s) => s.kind)).toEqual(["let", "draw"]);
  });

  test("as a condition", () => {
    const src = 'if may "x?" { draw }';
    expect(parseEffect(src).errors).toEqual([{ span: at(src, "may"), code: "dsl/syntax", message: message("may") }]);
  });

  test("as an argument", () => {
    const src = "f(emit e)";
    expect(parseEffect(src).errors).toEqual([{ span: at(src, "emit"), code: "dsl/syntax", message: message("emit") }]);
  });
});
