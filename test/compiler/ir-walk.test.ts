/**
 * The IR's one walk (semantic/ir-walk.ts) reaches every expression of a statement: analyses built
 * on it (which locals an effect reads, the card text rendered from code) see a read wherever it is,
 * a chain operation's arguments included.
 */
import { describe, expect, it } from "vitest";
import type { IrExpr, IrStmt } from "../../compiler/core/semantic/ir.ts";
import { walkStmt } from "../../compiler/core/semantic/ir-walk.ts";
import { T } from "../../compiler/core/semantic/types.ts";

const local = (name: string): IrExpr => ({ k: "local", name, ty: T.number });
const at = { line: 1, at: { file: "cards/probe.yaml", line: 1, col: 1 } };
const localsRead = (s: IrStmt) => {
  const out: string[] = [];
  walkStmt(s, (e) => {
    if (e.k === "local") out.push(e.name);
  });
  return out;
};

describe("walkStmt", () => {
  it("visits a chain operation's arguments", () => {
    const s: IrStmt = {
      ...at,
      k: "suspend",
      op: { op: "chain", fn: "push", args: [local("a"), local("b")] },
      into: null,
    };
    expect(localsRead(s)).toEqual(["a", "b"]);
  });

  it("visits a choice's operands (player, list, count, prompt)", () => {
    const s: IrStmt = {
      ...at,
      k: "suspend",
      op: { op: "choose", player: local("p"), from: local("xs"), mode: "exactly", n: local("n"), prompt: null },
      into: "it",
    };
    expect(localsRead(s)).toEqual(["p", "xs", "n"]);
  });
});
