/**
 * Lowering: structured IR → numbered step blocks. Every suspension (a decision, an event, a
 * procedure call) ends a block, so a paused effect is a step number plus its locals — plain data.
 * Code without suspensions stays structured (plain if/for/while) for speed and readability.
 */
import type { IrExpr, IrStmt, StepBlock, Terminator } from "./ir.ts";
import { T } from "./types.ts";

export function containsSuspend(s: IrStmt): boolean {
  switch (s.k) {
    case "suspend":
      return true;
    case "if":
      return s.then.some(containsSuspend) || s.else.some(containsSuspend);
    case "for":
    case "while":
      return s.body.some(containsSuspend);
    default:
      return false;
  }
}

interface Building {
  readonly id: number;
  readonly stmts: IrStmt[];
  term: Terminator | null;
}

export function lower(body: readonly IrStmt[]): StepBlock[] {
  const blocks: Building[] = [];
  const newBlock = (): Building => {
    const b: Building = { id: blocks.length, stmts: [], term: null };
    blocks.push(b);
    return b;
  };
  let cur = newBlock();
  const seal = (term: Terminator) => {
    if (!cur.term) cur.term = term;
  };

  /** `exit`: the block a `break` jumps to when the innermost loop was split, else null. */
  const emit = (stmts: readonly IrStmt[], exit: number | null): void => {
    for (const s of stmts) {
      if (!containsSuspend(s)) {
        cur.stmts.push(rewriteBreaks(s, exit));
        continue;
      }
      switch (s.k) {
        case "suspend": {
          const next = newBlock();
          seal({ k: "suspend", op: s.op, into: s.into, next: next.id, line: s.line, at: s.at });
          cur = next;
          break;
        }
        case "if": {
          const thenB = newBlock();
          const elseB = newBlock();
          const join = newBlock();
          seal({ k: "branch", cond: s.cond, then: thenB.id, else: elseB.id, at: s.at });
          cur = thenB;
          emit(s.then, exit);
          seal({ k: "goto", to: join.id });
          cur = elseB;
          emit(s.else, exit);
          seal({ k: "goto", to: join.id });
          cur = join;
          break;
        }
        case "for": {
          const listLocal = `$list${s.id}`;
          const indexLocal = `$i${s.id}`;
          const listRef: IrExpr = { k: "local", name: listLocal, ty: s.list.ty };
          const indexRef: IrExpr = { k: "local", name: indexLocal, ty: T.number };
          cur.stmts.push({ k: "setLocal", name: listLocal, op: "=", value: s.list, line: s.line, at: s.at });
          cur.stmts.push({
            k: "setLocal",
            name: indexLocal,
            op: "=",
            value: { k: "lit", v: 0, ty: T.number },
            line: s.line,
            at: s.at,
          });
          const head = newBlock();
          const bodyB = newBlock();
          const exitB = newBlock();
          seal({ k: "goto", to: head.id });
          head.term = {
            k: "branch",
            cond: {
              k: "bin",
              op: "<",
              l: indexRef,
              r: { k: "builtin", fn: "count", args: [listRef], ty: T.number },
              ty: T.bool,
            },
            then: bodyB.id,
            else: exitB.id,
            at: s.at,
            loop: true,
          };
          cur = bodyB;
          const elemTy = s.list.ty.t === "list" ? s.list.ty.of : T.unknown;
          cur.stmts.push({
            k: "setLocal",
            name: s.name,
            op: "=",
            value: { k: "index", list: listRef, index: indexRef, ty: elemTy },
            line: s.line,
            at: s.at,
          });
          cur.stmts.push({
            k: "setLocal",
            name: indexLocal,
            op: "+=",
            value: { k: "lit", v: 1, ty: T.number },
            line: s.line,
            at: s.at,
          });
          emit(s.body, exitB.id);
          seal({ k: "goto", to: head.id });
          cur = exitB;
          break;
        }
        case "while": {
          const head = newBlock();
          const bodyB = newBlock();
          const exitB = newBlock();
          seal({ k: "goto", to: head.id });
          head.term = { k: "branch", cond: s.cond, then: bodyB.id, else: exitB.id, at: s.at, loop: true };
          cur = bodyB;
          emit(s.body, exitB.id);
          seal({ k: "goto", to: head.id });
          cur = exitB;
          break;
        }
        default:
          cur.stmts.push(s);
      }
    }
  };
  emit(body, null);
  seal({ k: "end" });
  return blocks.map((b) => ({ id: b.id, stmts: b.stmts, term: b.term ?? { k: "end" } }));
}

/** Inside structured code, a `break` of a split loop becomes a jump to the loop's exit step. */
function rewriteBreaks(s: IrStmt, exit: number | null): IrStmt {
  if (exit === null) return s;
  switch (s.k) {
    case "break":
      return { k: "jump", to: exit, line: s.line, at: s.at };
    case "if":
      return { ...s, then: s.then.map((t) => rewriteBreaks(t, exit)), else: s.else.map((t) => rewriteBreaks(t, exit)) };
    default:
      return s; // a structured loop owns the breaks inside it
  }
}
