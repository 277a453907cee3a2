/** Visiting every expression of IR trees (analyses of the code generator). */
import type { IrExpr, IrStmt, SuspendOp } from "./ir.ts";

/** Calls `visit` on `e` and every expression inside it, outermost first. */
export function walkExpr(e: IrExpr, visit: (e: IrExpr) => void): void {
  visit(e);
  const go = (x: IrExpr) => walkExpr(x, visit);
  switch (e.k) {
    case "list":
      e.items.forEach(go);
      return;
    case "text":
      for (const p of e.parts) if (typeof p !== "string") go(p);
      return;
    case "opponent":
      go(e.of);
      return;
    case "prop":
      go(e.obj);
      return;
    case "zone":
      go(e.owner);
      return;
    case "field":
      go(e.ev);
      return;
    case "builtin":
      e.args.forEach(go);
      return;
    case "fn":
      for (const [, v] of e.args) go(v);
      return;
    case "bin":
      go(e.l);
      go(e.r);
      return;
    case "not":
    case "neg":
      go(e.e);
      return;
    case "where":
      go(e.list);
      go(e.cond);
      return;
    case "map":
      go(e.list);
      go(e.body);
      return;
    case "index":
      go(e.list);
      go(e.index);
      return;
    default:
      return;
  }
}

/** Calls `go` on every operand of a suspension. */
export function walkOp(op: SuspendOp, go: (e: IrExpr) => void): void {
  switch (op.op) {
    case "choose":
      go(op.player);
      go(op.from);
      if (op.n) go(op.n);
      if (op.prompt) go(op.prompt);
      return;
    case "may":
      go(op.player);
      go(op.prompt);
      return;
    case "act":
      go(op.player);
      if (op.ev) go(op.ev);
      return;
    case "emit":
      for (const [, v] of op.fields) go(v);
      return;
    case "call":
      for (const [, v] of op.args) go(v);
      return;
    case "run":
      go(op.card);
      if (op.ev) go(op.ev);
      return;
    case "chain":
      op.args.forEach(go);
      return;
  }
}

/** Calls `visit` on every expression of a statement and the statements inside it. */
export function walkStmt(s: IrStmt, visit: (e: IrExpr) => void): void {
  const go = (x: IrExpr) => walkExpr(x, visit);
  switch (s.k) {
    case "setLocal":
      go(s.value);
      return;
    case "setProp":
    case "modify":
      go(s.obj);
      go(s.value);
      return;
    case "setField":
      go(s.ev);
      go(s.value);
      return;
    case "move":
      go(s.what);
      go(s.owner);
      return;
    case "shuffle":
      go(s.owner);
      return;
    case "create":
      go(s.card);
      go(s.owner);
      return;
    case "remove":
    case "hide":
      go(s.what);
      return;
    case "reveal":
      go(s.what);
      if (s.to !== null) go(s.to);
      return;
    case "log":
      go(s.text);
      return;
    case "if":
      go(s.cond);
      for (const x of [...s.then, ...s.else]) walkStmt(x, visit);
      return;
    case "for":
      go(s.list);
      for (const x of s.body) walkStmt(x, visit);
      return;
    case "while":
      go(s.cond);
      for (const x of s.body) walkStmt(x, visit);
      return;
    case "return":
      if (s.value) go(s.value);
      return;
    case "win":
      go(s.player);
      return;
    case "suspend":
      walkOp(s.op, go);
      return;
    default:
      return;
  }
}
