import { describe, expect, test } from "vitest";
import { parseBinding } from "../../grammar/index.ts";
import { sx } from "../kit/grammar.ts";

describe("parseBinding", () => {
  test("name in list", () => {
    expect(parseBinding("c in me.hand")).toEqual({
      ast: {
        variable: { kind: "ident", name: "c", span: { start: 0, end: 1 } },
        list: {
          kind: "member",
          object: { kind: "name", name: "me", span: { start: 5, end: 7 } },
          property: { kind: "ident", name: "hand", span: { start: 8, end: 12 } },
          span: { start: 5, end: 12 },
        },
        span: { start: 0, end: 12 },
      },
      errors: [],
    });
  });

  test("the condition may use the variable or 'it'", () => {
    const r = parseBinding("c in me.hand where c.kind == summon and it.cost < 3");
    expect(r.errors).toEqual([]);
    expect(r.ast?.variable.name).toBe("c");
    expect(r.ast && sx(r.ast.list)).toBe("(me.hand where ((c.kind == summon) and (it.cost < 3)))");
    expect(r.ast?.span).toEqual({ start: 0, end: 51 });
  });

  test("over several lines", () => {
    const r = parseBinding("t in opponent.field\n  where it.tapped");
    expect(r.errors).toEqual([]);
    expect(r.ast && sx(r.ast.list)).toBe("(opponent.field where it.tapped)");
  });

  test("no 'in': no binding", () => {
    expect(parseBinding("me.hand")).toEqual({
      ast: undefined,
      errors: [
        { span: { start: 2, end: 3 }, code: "dsl/syntax", message: "expected 'in' after 'me' (for each c in me.hand)" },
      ],
    });
  });

  test("no name: no binding", () => {
    expect(parseBinding("in me.hand")).toEqual({
      ast: undefined,
      errors: [
        { span: { start: 0, end: 2 }, code: "dsl/syntax", message: "expected a variable name (like: c in me.hand)" },
      ],
    });
  });

  test("a missing list", () => {
    const r = parseBinding("c in");
    expect(r.errors).toEqual([
      { span: { start: 4, end: 4 }, code: "dsl/syntax", message: "expected a list after 'in' (like me.hand)" },
    ]);
    expect(r.ast?.list).toEqual({ kind: "name", name: "", span: { start: 4, end: 4 } });
  });
});
