/**
 * Printing checked expressions as JavaScript. Every printed expression carries the precedence of
 * its outermost operator, and an operand is parenthesised exactly when its precedence is lower
 * than its place needs: `- -n` prints `-(-L["n"])`, never `--L["n"]`. Every argument is printed
 * (so evaluated) exactly once and in source order: a construct that needs a value twice (`last`,
 * `choose exactly n`) goes through a helper function instead of pasting the argument twice.
 * Text that is not the printer's own reaches the output only through `emit/escape.ts`.
 */
import type { Builtin, IrExpr } from "../semantic/ir.ts";
import { walkExpr } from "../semantic/ir-walk.ts";
import { required, type Type } from "../semantic/types.ts";
import { jsIdentifier, jsInt, jsKey, jsNumber, jsString } from "./escape.ts";

/** Precedence levels of JavaScript, as far as the printer uses them (higher binds tighter). */
export const P = {
  cond: 2,
  or: 3,
  and: 4,
  eq: 8,
  rel: 9,
  add: 11,
  mul: 12,
  unary: 14,
  /** Member access and calls. */
  post: 17,
  primary: 20,
} as const;

/** Printed code and the precedence of its outermost operator. */
export interface Js {
  readonly s: string;
  readonly p: number;
}

const js = (s: string, p: number): Js => ({ s, p });
const prim = (s: string): Js => js(s, P.primary);
const call = (s: string): Js => js(s, P.post);

/** `c` as an operand that needs precedence `min`. */
export function at(c: Js, min: number): string {
  return c.p >= min ? c.s : `(${c.s})`;
}

/** A string literal (every user string of an expression is printed through it). */
const q = jsString;

const entityLike = (ty: Type) =>
  ["player", "card", "entity", "game", "event", "none", "unknown", "match"].includes(required(ty).t);
const isList = (ty: Type) => required(ty).t === "list";

/** Builtins whose first argument is a list read at once: a zone is passed without a copy. */
const LIVE_FIRST = new Set<Builtin>(["count", "sum", "first", "last", "take", "pick"]);

export class ExprPrinter {
  /**
   * `fnNames`: unit id → function name of the generated module. `drawing`: rules functions that
   * may draw from the RNG (see `draws`).
   */
  constructor(
    private readonly fnNames: ReadonlyMap<string, string>,
    private readonly drawing: ReadonlySet<string> = new Set(),
  ) {}

  /**
   * Whether evaluating `e` may draw from the RNG or record a position (`random`, `pick`, `seen`,
   * or a function that does). Property reads count as free: the runtime may memoise them anyway.
   */
  draws(e: IrExpr): boolean {
    let found = false;
    walkExpr(e, (x) => {
      if (
        (x.k === "builtin" && (x.fn === "random" || x.fn === "pick" || x.fn === "seen")) ||
        (x.k === "fn" && this.drawing.has(x.name))
      )
        found = true;
    });
    return found;
  }

  /**
   * The locals of the unit (or step) being printed that are JavaScript variables (emit/locals.ts):
   * local name → the printer's variable name. Any other local is read from the frame's `L`.
   */
  vars: ReadonlyMap<string, string> = new Map();

  /** A local as an operand: its variable, or its entry of `L`. */
  local(name: string): Js {
    const v = this.vars.get(name);
    return v === undefined ? call(`L[${q(name)}]`) : prim(jsIdentifier(v));
  }

  /** The expression as a complete JavaScript expression (no outer parentheses needed). */
  code(e: IrExpr): string {
    return this.ex(e).s;
  }

  /** As text (`"a" + x` in text context). */
  textOf(e: IrExpr): Js {
    switch (e.ty.t) {
      case "text":
        return this.ex(e);
      case "number":
      case "bool":
      case "enum":
      case "cardid":
        return call(`String(${this.code(e)})`);
      case "opt":
        // Its value reads as its type's would; none reads "none" (as ctx.name says it). The
        // operand of `??` is bracketed below equality: `??` may not mix with && or || unbracketed.
        return ["number", "bool", "enum", "cardid"].includes(e.ty.of.t)
          ? call(`String(${at(this.ex(e), P.eq)} ?? "none")`)
          : call(`ctx.name(${this.code(e)})`);
      case "list": {
        // A list of numbers (truth values, enum values, card ids) reads item by item as each would
        // alone: ctx.name would take a number for an entity's id.
        const of = required(e.ty.of);
        return ["number", "bool", "enum", "cardid"].includes(of.t)
          ? call(`ctx.values(${this.code(e)})`)
          : call(`ctx.name(${this.code(e)})`);
      }
      default:
        return call(`ctx.name(${this.code(e)})`);
    }
  }

  /** A list read at once (counted, filtered, searched, spread): a zone needs no copy. */
  private live(e: IrExpr): Js {
    return e.k === "zone" ? call(`ctx.zoneView(${this.code(e.owner)}, ${q(e.zone)})`) : this.ex(e);
  }

  /** A list walked whole (filtered, searched, summed): the runtime counts its items as work (its work budget). */
  private walked(e: IrExpr): Js {
    return call(`ctx.visit(${this.live(e).s})`);
  }

  /** The elements of a list join `a + b + c` as one array literal: spreads, and literal items in place. */
  private joined(e: IrExpr, out: string[] = []): string[] {
    if (e.k === "bin" && e.op === "+" && e.ty.t === "list") {
      this.joined(e.l, out);
      this.joined(e.r, out);
    } else if (e.k === "list") {
      for (const i of e.items) out.push(this.code(i));
    } else out.push(`...${this.live(e).s}`); // a spread takes any expression but a comma
    return out;
  }

  ex(e: IrExpr): Js {
    switch (e.k) {
      case "lit":
        if (typeof e.v === "string") return prim(q(e.v));
        if (typeof e.v === "number" && (e.v < 0 || Object.is(e.v, -0))) return js(`-${jsNumber(-e.v)}`, P.unary);
        if (typeof e.v === "number") return prim(jsNumber(e.v));
        return prim(e.v === null ? "null" : e.v ? "true" : "false");
      case "list":
        return prim(`[${e.items.map((i) => this.code(i)).join(", ")}]`);
      case "text": {
        if (e.parts.length === 0) return prim('""');
        const parts = e.parts.map((p) => (typeof p === "string" ? prim(q(p)) : this.textOf(p)));
        if (parts.length === 1) return parts[0] as Js;
        // `+` is left-associative: later parts need a tighter operand than the first. Built texts
        // go through ctx.text, which enforces the language's text length limit.
        return call(`ctx.text(${parts.map((p, i) => at(p, i === 0 ? P.add : P.add + 1)).join(" + ")})`);
      }
      case "local":
        return this.local(e.name);
      case "it":
        return prim(`$it${jsInt(e.depth)}`);
      case "me":
        return call("f.me");
      case "self":
        return call("f.self");
      case "event":
        return call("f.ev");
      case "game":
        return prim("0");
      case "opponent":
        return call(`ctx.opponent(${this.code(e.of)})`);
      case "prop": {
        const o = this.code(e.obj);
        // A card id's data comes from the card definition (no card in play is involved).
        if (required(e.obj.ty).t === "cardid") return call(`ctx.idField(${o}, ${q(e.name)})`);
        switch (e.name) {
          case "owner":
            return call(`ctx.owner(${o})`);
          case "kind":
            return call(`ctx.kind(${o})`);
          case "card":
            return call(`ctx.cardOf(${o})`);
          case "name":
            return call(`ctx.name(${o})`);
          case "controller":
            // A fact of the card in play that the rules may change, never a static field.
            return call(`ctx.get(${o}, ${q("controller")})`);
        }
        return call(`ctx.${e.fixed === true ? "fieldOf" : "get"}(${o}, ${q(e.name)})`);
      }
      case "zone":
        return call(`ctx.zone(${this.code(e.owner)}, ${q(e.zone)})`);
      case "field":
        return call(`ctx.field(${this.code(e.ev)}, ${q(e.name)})`);
      case "match":
        return e.name === "number"
          ? call("ctx.state.match.number")
          : call(e.name === "lastWinner" ? "$lastWinner(ctx)" : "$lastLoser(ctx)");
      case "builtin":
        return this.builtin(e);
      case "fn": {
        const args = e.args.map(([n, v]) => `${jsKey(n)}: ${this.code(v)}`).join(", ");
        const name = this.fnNames.get(`fn.${e.name}`);
        if (name === undefined) throw new Error(`internal: no generated function for 'fn.${e.name}'`);
        return call(
          `${jsIdentifier(name)}(ctx, { me: f.me, self: f.self, ev: f.ev, L: {${args ? ` ${args} ` : ""}} })`,
        );
      }
      case "bin":
        return this.bin(e);
      case "not":
        return js(`!${at(this.ex(e.e), P.unary)}`, P.unary);
      case "neg": {
        // `-` before an operand that itself starts with `-` would print `--` (a decrement).
        const inner = this.ex(e.e);
        const operand = at(inner, P.unary);
        return js(`-${operand.startsWith("-") || operand.startsWith("+") ? `(${operand})` : operand}`, P.unary);
      }
      case "where":
        return call(`${this.walked(e.list).s}.filter(($it${jsInt(e.depth)}) => ${this.code(e.cond)})`);
      case "map":
        return call(`${this.walked(e.list).s}.map(($it${jsInt(e.depth)}) => ${this.code(e.body)})`);
      case "index":
        return call(`${at(this.ex(e.list), P.post)}[${this.code(e.index)}]`);
    }
  }

  private builtin(e: Extract<IrExpr, { k: "builtin" }>): Js {
    // count / first of a `where` filter: one pass, no intermediate list. `first` stops at the
    // first match, so only when the condition draws nothing (else later items' draws would go).
    const arg = e.args[0];
    if (arg !== undefined && arg.k === "where" && (e.fn === "count" || (e.fn === "first" && !this.draws(arg.cond)))) {
      const pred = `($it${jsInt(arg.depth)}) => ${this.code(arg.cond)}`;
      return call(`${e.fn === "count" ? "$countWhere" : "$firstWhere"}(${this.walked(arg.list).s}, ${pred})`);
    }
    const a = e.args.map((x, i) => (i === 0 && LIVE_FIRST.has(e.fn) ? this.live(x) : this.ex(x)));
    const s = (i: number) => (a[i] as Js).s;
    switch (e.fn) {
      case "count":
        return call(`${at(a[0] as Js, P.post)}.length`);
      case "sum":
        return call(`$sum(ctx.visit(${s(0)}))`);
      case "min":
        return call(`Math.min(${s(0)}, ${s(1)})`);
      case "max":
        return call(`Math.max(${s(0)}, ${s(1)})`);
      case "abs":
        return call(`Math.abs(${s(0)})`);
      case "first":
        return call(`$first(${s(0)})`);
      case "last":
        return call(`$last(${s(0)})`);
      case "random":
        return call(`ctx.random(${s(0)})`);
      case "pick":
        return call(`$pick(ctx, ${s(0)})`);
      case "name":
        return call(`ctx.name(${s(0)})`);
      case "has":
        return call(`ctx.has(${s(0)}, ${s(1)})`);
      case "responds":
        return call(`ctx.responds(${s(0)}, ${s(1)})`);
      case "seen":
        return call(`ctx.seen([${a.map((x) => x.s).join(", ")}])`);
      case "take":
        return call(`${at(a[0] as Js, P.post)}.slice(0, Math.max(0, ${s(1)}))`);
      case "at":
        return call(`$itemAt(${s(0)}, ${s(1)})`);
      case "remove-at":
        return call(`$removeAt(${s(0)}, ${s(1)})`);
      case "map":
        throw new Error("internal: map is its own node of the IR");
      case "card":
        return call(`ctx.cardOf(${s(0)})`);
      case "catalog":
        return call("ctx.catalog()");
      case "players":
        return call("ctx.players()");
      case "other":
      case "next":
        return call(`ctx.opponent(${s(0)})`);
      case "previous":
        return call(`ctx.previous(${s(0)})`);
      case "opponents":
        return call(`ctx.opponents(${s(0)})`);
      case "links":
        return call("ctx.links()");
      case "holder":
        return call("ctx.holder()");
      case "misplaced":
        return call("ctx.misplaced()");
    }
  }

  private bin(e: Extract<IrExpr, { k: "bin" }>): Js {
    const infix = (op: string, p: number, l: Js, r: Js) => js(`${at(l, p)} ${op} ${at(r, p + 1)}`, p);
    switch (e.op) {
      case "==":
      case "!=": {
        const l = this.ex(e.l);
        const r = this.ex(e.r);
        const neg = e.op === "!=" ? "!" : "";
        if (isList(e.l.ty) || isList(e.r.ty)) return js(`${neg}ctx.equal(${l.s}, ${r.s})`, neg ? P.unary : P.post);
        if (entityLike(e.l.ty) || entityLike(e.r.ty)) return js(`${neg}$is(${l.s}, ${r.s})`, neg ? P.unary : P.post);
        return infix(`${e.op}=`, P.eq, l, r);
      }
      case "in":
        // Left to right, like every other operator: the item, then the list.
        return call(`$in(${this.code(e.l)}, ${this.walked(e.r).s})`);
      case "and":
        return infix("&&", P.and, this.ex(e.l), this.ex(e.r));
      case "or":
        return infix("||", P.or, this.ex(e.l), this.ex(e.r));
      case "+":
        // Joins go through ctx.text / ctx.list, which enforce the language's length limits.
        if (e.ty.t === "text") return call(`ctx.text(${infix("+", P.add, this.textOf(e.l), this.textOf(e.r)).s})`);
        if (e.ty.t === "list") return call(`ctx.list([${this.joined(e).join(", ")}])`);
        return infix("+", P.add, this.ex(e.l), this.ex(e.r));
      case "-":
        return infix("-", P.add, this.ex(e.l), this.ex(e.r));
      case "*":
        return infix("*", P.mul, this.ex(e.l), this.ex(e.r));
      case "/":
        return call(`$div(${this.code(e.l)}, ${this.code(e.r)})`);
      case "%":
        return call(`$mod(${this.code(e.l)}, ${this.code(e.r)})`);
      case "<":
      case "<=":
      case ">":
      case ">=":
        return infix(e.op, P.rel, this.ex(e.l), this.ex(e.r));
      default:
        throw new Error(`internal: no JavaScript for the operator '${e.op}'`);
    }
  }
}
