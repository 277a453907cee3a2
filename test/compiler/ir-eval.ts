/**
 * A reference evaluator of checked IR: the test oracle of the differential test. It interprets
 * IrStmt/IrExpr directly — no code generation — over the part of the language that needs no game
 * (numbers, conditions, lists, texts, locals, loops, `random`). It states the language's rules
 * in the plainest way: every operand left to right, each exactly once; `and`/`or` stop early;
 * `first(… where …)` is `first` of the whole filter. (None in arithmetic is left to the checker:
 * the programs never compute with it.)
 */
import type { IrExpr, IrStmt } from "../../compiler/core/semantic/ir.ts";
import type { Value } from "../../runtime/types.ts";

export interface World {
  random(n: number): number;
  log(text: string): void;
  /** How a value reads in a text (lists, none): the runtime's `name`. */
  name(v: Value): string;
}

/** Thrown to leave a loop (`break`) or the unit (`return`). */
class Break {}
class Return {
  constructor(readonly value: Value) {}
}

const num = (v: Value): number => (v === null ? 0 : (v as number));

function sameValue(a: Value, b: Value): boolean {
  if (Array.isArray(a) || Array.isArray(b)) return JSON.stringify(a) === JSON.stringify(b);
  return a === b;
}

export class IrEvaluator {
  /** The element bound by each `where` depth. */
  private readonly its: Value[] = [];

  constructor(
    readonly L: Record<string, Value>,
    private readonly world: World,
  ) {}

  /** Runs statements; returns the `return` value (null when the code just ends). */
  run(body: readonly IrStmt[]): Value {
    try {
      this.stmts(body);
      return null;
    } catch (e) {
      if (e instanceof Return) return e.value;
      throw e;
    }
  }

  private stmts(body: readonly IrStmt[]): void {
    for (const s of body) this.stmt(s);
  }

  private stmt(s: IrStmt): void {
    switch (s.k) {
      case "setLocal": {
        if (s.op === "=") {
          this.L[s.name] = this.ex(s.value);
          return;
        }
        const old = num(this.L[s.name] ?? null);
        const v = num(this.ex(s.value));
        this.L[s.name] = s.op === "+=" ? old + v : old - v;
        return;
      }
      case "log":
        this.world.log(this.ex(s.text) as string);
        return;
      case "if":
        this.stmts(this.ex(s.cond) === true ? s.then : s.else);
        return;
      case "for": {
        const items = [...(this.ex(s.list) as readonly Value[])];
        try {
          for (const x of items) {
            this.L[s.name] = x;
            this.stmts(s.body);
          }
        } catch (e) {
          if (!(e instanceof Break)) throw e;
        }
        return;
      }
      case "while":
        try {
          while (this.ex(s.cond) === true) this.stmts(s.body);
        } catch (e) {
          if (!(e instanceof Break)) throw e;
        }
        return;
      case "break":
        throw new Break();
      case "return":
        throw new Return(s.value ? this.ex(s.value) : null);
      default:
        throw new Error(`the oracle does not run '${s.k}' statements`);
    }
  }

  private text(e: IrExpr): string {
    const v = this.ex(e);
    if (e.ty.t === "text") return v as string;
    return e.ty.t === "number" || e.ty.t === "bool" || e.ty.t === "enum" || e.ty.t === "cardid"
      ? String(v)
      : this.world.name(v);
  }

  ex(e: IrExpr): Value {
    switch (e.k) {
      case "lit":
        return e.v;
      case "list":
        return e.items.map((i) => this.ex(i));
      case "text":
        return e.parts.map((p) => (typeof p === "string" ? p : this.text(p))).join("");
      case "local":
        return this.L[e.name] ?? null;
      case "it":
        return this.its[e.depth] ?? null;
      case "not":
        return !this.ex(e.e);
      case "neg":
        return -num(this.ex(e.e));
      case "where":
        return this.filter(this.ex(e.list) as readonly Value[], e.depth, e.cond);
      case "map":
        return (this.ex(e.list) as readonly Value[]).map((x) => {
          this.its[e.depth] = x;
          return this.ex(e.body);
        });
      case "index":
        return (this.ex(e.list) as readonly Value[])[num(this.ex(e.index))] ?? null;
      case "bin":
        return this.bin(e);
      case "builtin":
        return this.builtin(e);
      default:
        throw new Error(`the oracle does not evaluate '${e.k}'`);
    }
  }

  private filter(xs: readonly Value[], depth: number, cond: IrExpr): Value[] {
    const out: Value[] = [];
    for (const x of xs) {
      this.its[depth] = x;
      if (this.ex(cond) === true) out.push(x);
    }
    return out;
  }

  private bin(e: Extract<IrExpr, { k: "bin" }>): Value {
    if (e.op === "and") {
      const l = this.ex(e.l);
      return l === true ? this.ex(e.r) : l;
    }
    if (e.op === "or") {
      const l = this.ex(e.l);
      return l === true ? l : this.ex(e.r);
    }
    if (e.op === "+" && e.ty.t === "text") {
      const l = this.text(e.l);
      return l + this.text(e.r);
    }
    const l = this.ex(e.l);
    const r = this.ex(e.r);
    switch (e.op) {
      case "+":
        if (e.ty.t === "list") return [...(l as readonly Value[]), ...(r as readonly Value[])];
        return num(l) + num(r);
      case "-":
        return num(l) - num(r);
      case "*":
        return num(l) * num(r);
      case "/":
        if (r === 0) throw new Error("division by zero");
        return Math.floor(num(l) / num(r));
      case "%":
        if (r === 0) throw new Error("division by zero");
        return num(l) - num(r) * Math.floor(num(l) / num(r));
      case "==":
        return sameValue(l, r);
      case "!=":
        return !sameValue(l, r);
      case "<":
        return num(l) < num(r);
      case "<=":
        return num(l) <= num(r);
      case ">":
        return num(l) > num(r);
      case ">=":
        return num(l) >= num(r);
      case "in":
        return (r as readonly Value[]).some((x) => x === l);
      default:
        throw new Error(`the oracle has no operator '${e.op}'`);
    }
  }

  private builtin(e: Extract<IrExpr, { k: "builtin" }>): Value {
    const a = e.args.map((x) => this.ex(x));
    const list = () => a[0] as readonly Value[];
    switch (e.fn) {
      case "count":
        return list().length;
      case "sum":
        return list().reduce<number>((s, x) => s + num(x), 0);
      case "min":
        return Math.min(num(a[0] ?? null), num(a[1] ?? null));
      case "max":
        return Math.max(num(a[0] ?? null), num(a[1] ?? null));
      case "abs":
        return Math.abs(num(a[0] ?? null));
      case "first":
        return list()[0] ?? null;
      case "last":
        return list()[list().length - 1] ?? null;
      case "take":
        return list().slice(0, Math.max(0, num(a[1] ?? null)));
      case "at": {
        const i = num(a[1] ?? null);
        return i >= 0 && i < list().length ? (list()[i] ?? null) : null;
      }
      case "remove-at": {
        const i = num(a[1] ?? null);
        return list().filter((_, j) => j !== i);
      }
      case "random":
        return this.world.random(num(a[0] ?? null));
      case "pick": {
        const xs = list();
        return xs.length === 0 ? null : (xs[this.world.random(xs.length)] ?? null);
      }
      default:
        throw new Error(`the oracle does not evaluate '${e.fn}'`);
    }
  }
}
