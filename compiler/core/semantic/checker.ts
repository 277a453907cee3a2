/**
 * The checker: resolves every name against the game's vocabulary, checks types and timings, and
 * produces structured IR. An unknown name is always an error; one mistake gives one diagnostic.
 */
import type * as A from "../../../grammar/ast.ts";
import type { Diagnostic, DiagnosticCode } from "../text/diagnostics.ts";
import type { Range } from "../text/positions.ts";
import type { Builtin, IrExpr, IrStmt, IrStmtDraft, SuspendOp } from "./ir.ts";
import type { Declaration, Reference } from "./symbols.ts";
import type { Span } from "../text/positions.ts";
import { CHAIN_OPS, isChainOp, type ChainOpSpec } from "./chain-ops.ts";
import type { TextSource } from "../text/source.ts";
import { closest, didYouMean } from "../text/suggest.ts";
import { assignable, comparable, join, KIND_ENUM, required, T, typeToString, type Type } from "./types.ts";
import type { Vocabulary } from "./vocabulary.ts";

/** What the code being checked may see and do. */
export interface UnitContext {
  /** `self` is a card (card code) or absent (rules code). */
  readonly self: boolean;
  /** Type of `event`, or null when there is none. */
  readonly event: Type | null;
  /** Parameters and predeclared locals. */
  readonly params: readonly {
    readonly name: string;
    readonly type: Type;
    readonly writable?: boolean;
    readonly symbol?: string;
  }[];
  /** Pure code: no decisions, no changes but to locals. */
  readonly pure: boolean;
  /** `use` allowed (trigger code). */
  readonly trigger: boolean;
  /** Type a `return` must give, or null when `return` takes no value. */
  readonly returns: Type | null;
}

interface Local {
  readonly name: string;
  readonly type: Type;
  readonly writable: boolean;
  used: boolean;
  readonly span: A.Span | null;
  /** The model's symbol id of this local (see model.ts), when it has one. */
  readonly symbol?: string;
  /** The element bound by `where` (`it`, or a binding's variable inside its own filter). */
  itDepth?: number;
}

export const BUILTINS: Record<Builtin, { readonly params: number | [number, number]; readonly doc: string }> = {
  count: { params: 1, doc: "count(list): number of items" },
  sum: { params: 1, doc: "sum(list of numbers)" },
  min: { params: 2, doc: "min(a, b)" },
  max: { params: 2, doc: "max(a, b)" },
  abs: { params: 1, doc: "abs(n)" },
  first: { params: 1, doc: "first(list): the first item or none" },
  last: { params: 1, doc: "last(list): the last item or none" },
  random: { params: 1, doc: "random(n): 0 … n-1 from the seeded RNG" },
  pick: { params: 1, doc: "pick(list): a random item" },
  name: { params: 1, doc: "name(x): display name" },
  has: { params: 2, doc: "has(card, keyword)" },
  responds: { params: 2, doc: "responds(card, event)" },
  seen: {
    params: [1, 16],
    doc: "seen(a, b, …): records this position (any values) and says how many times it was seen this game",
  },
  take: { params: 2, doc: "take(list, n): the first n items" },
  at: { params: 2, doc: "at(list, i): item i, counted from 0, or none when the list is shorter" },
  "remove-at": {
    params: 2,
    doc: "remove-at(list, i): the list without item i (counted from 0); the same list when it is shorter",
  },
  map: {
    params: 2,
    doc: "map(list, expression): the expression for each item, the item being `it` (map(me.field, it.power))",
  },
  card: { params: 1, doc: "card(c): the card id of an instance" },
  catalog: { params: 0, doc: "catalog(): every card id of the game" },
  players: { params: 0, doc: "players(): every player in seat order" },
  other: { params: 1, doc: "other(p): the next player" },
  next: { params: 1, doc: "next(p): the player after p in turn order (seat order, wrapping around)" },
  previous: { params: 1, doc: "previous(p): the player before p in turn order" },
  opponents: { params: 1, doc: "opponents(p): every other player, in turn order from the one after p" },
  links: { params: 0, doc: "links(): the source cards of the chain's links, bottom first" },
  holder: { params: 0, doc: "holder(): the player holding priority, or none" },
  misplaced: {
    params: 0,
    doc: "misplaced(): the cards not listed exactly once, in the zone they say they are in (for invariants)",
  },
};

export const BUILTIN_NAMES = Object.keys(BUILTINS) as Builtin[];
export const CONTEXT_NAMES = [
  "me",
  "opponent",
  "self",
  "event",
  "game",
  "match",
  "it",
  "none",
  "true",
  "false",
] as const;
const KEYWORD_ENUM = "$keyword";

export class Checker {
  private scopes: Map<string, Local>[] = [];
  /**
   * Flow narrowing: locals known not to be none here (`if x != none { … }`, the rest of a block
   * after `if x == none { return }`), innermost last. An assignment of a value that may be none
   * takes it back; a loop takes back what its body assigns.
   */
  private narrowed: Map<Local, Type>[] = [new Map()];
  private allLocals: Local[] = [];
  private whereDepth = 0;
  private loopDepth = 0;
  private loopIds = 0;
  private tempIds = 0;
  readonly diags: Diagnostic[] = [];
  /** Names resolved to their declarations (model.ts), in the order met. */
  readonly refs: Reference[] = [];
  /** Locals declared in this code (`let`, `for`). */
  readonly decls: Declaration[] = [];

  constructor(
    private readonly voc: Vocabulary,
    private readonly file: string,
    private readonly src: TextSource,
    private readonly ctx: UnitContext,
  ) {
    this.scopes.push(new Map());
    for (const p of ctx.params) this.declare(p.name, p.type, null, p.writable ?? true, true, p.symbol);
  }

  // ── diagnostics ───────────────────────────────────────────────────────────
  private range(span: A.Span): Range {
    return this.src.range(span.start, span.end);
  }
  private error(span: A.Span, code: DiagnosticCode, message: string, hint?: string): void {
    this.diags.push(
      hint === undefined
        ? { file: this.file, range: this.range(span), severity: "error", code, message }
        : { file: this.file, range: this.range(span), severity: "error", code, message, hint },
    );
  }
  /** An error whose hint is a quick fix: `replacement` goes in place of `at` (default: `span`). */
  private fixable(
    span: A.Span,
    code: DiagnosticCode,
    message: string,
    hint: string,
    replacement: string,
    at?: A.Span,
  ): void {
    this.diags.push({
      file: this.file,
      range: this.range(span),
      severity: "error",
      code,
      message,
      hint,
      data: { replacement, ...(at !== undefined ? { at: this.range(at) } : {}) },
    });
  }
  private warn(span: A.Span, code: DiagnosticCode, message: string, hint?: string): void {
    this.diags.push(
      hint === undefined
        ? { file: this.file, range: this.range(span), severity: "warning", code, message }
        : { file: this.file, range: this.range(span), severity: "warning", code, message, hint },
    );
  }
  line(span: A.Span): number {
    return this.src.position(span.start).line;
  }
  private fileSpan(span: A.Span): Span {
    const start = this.src.offset(span.start);
    const end = Math.max(start, this.src.offset(span.end));
    return { file: this.file, start, end, range: this.range(span) };
  }
  /** Records that the name at `span` means `symbol`. */
  private ref(span: A.Span, symbol: string, type?: Type): void {
    this.refs.push(
      type && type.t !== "unknown"
        ? { symbol, span: this.fileSpan(span), type }
        : { symbol, span: this.fileSpan(span) },
    );
  }

  // ── scopes ────────────────────────────────────────────────────────────────
  private declare(
    name: string,
    type: Type,
    span: A.Span | null,
    writable: boolean,
    used = false,
    symbol?: string,
  ): Local {
    let id = symbol;
    if (span && !id) {
      const at = this.fileSpan(span);
      id = `local:${this.file}:${at.start}`;
      this.decls.push({ id, kind: "local", name, type, span: at });
    }
    const l: Local =
      id === undefined ? { name, type, writable, used, span } : { name, type, writable, used, span, symbol: id };
    this.scopes[this.scopes.length - 1]?.set(name, l);
    this.allLocals.push(l);
    return l;
  }
  private lookup(name: string): Local | undefined {
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const l = this.scopes[i]?.get(name);
      if (l) return l;
    }
    return undefined;
  }
  private inScope<R>(fn: () => R): R {
    this.scopes.push(new Map());
    // What a block learns (`if x == none { return }`) holds to its end, not after it.
    this.narrowed.push(new Map());
    try {
      return fn();
    } finally {
      this.scopes.pop();
      this.narrowed.pop();
    }
  }
  private temp(prefix: string): string {
    return `$${prefix}${this.tempIds++}`;
  }

  /** Warns about locals that are never read. */
  finish(): void {
    for (const l of this.allLocals) {
      if (!l.used && l.span && !l.name.startsWith("_"))
        this.warn(l.span, "check/unused", `'${l.name}' is never used`, `remove it, or name it '_${l.name}' to keep it`);
    }
  }

  // ── expressions ───────────────────────────────────────────────────────────
  /** The list of an action's `for c in LIST [where COND]`: inside COND, `c` is the element too. */
  bindingList(e: A.Expr, variable: string): IrExpr {
    return e.kind === "where" ? this.where(e, variable) : this.expr(e);
  }

  expr(e: A.Expr): IrExpr {
    switch (e.kind) {
      case "number":
        return { k: "lit", v: e.value, ty: T.number };
      case "bool":
        return { k: "lit", v: e.value, ty: T.bool };
      case "none":
        return { k: "lit", v: null, ty: T.none };
      case "text":
        return this.text(e);
      case "list": {
        const items = e.items.map((i) => this.expr(i));
        // The element type: the first item's, widened by the others (`[]` is a list of none).
        let of: Type = items[0]?.ty ?? T.none;
        for (let i = 1; i < items.length; i++) {
          const item = items[i] as IrExpr;
          const j = join(of, item.ty);
          if (!j) {
            this.error(
              (e.items[i] as A.Expr).span,
              "check/type",
              `a list cannot hold both ${typeToString(of)} and ${typeToString(item.ty)}`,
            );
            of = T.unknown;
          } else of = j;
        }
        return { k: "list", items, ty: T.list(of) };
      }
      case "name":
        return this.name(e);
      case "member":
        return this.member(e);
      case "call":
        return this.call(e);
      case "unary": {
        const operand = this.expr(e.operand);
        if (e.op === "not") {
          this.expect(e.operand.span, operand.ty, T.bool, "'not' needs a condition");
          return { k: "not", e: operand, ty: T.bool };
        }
        this.expect(e.operand.span, operand.ty, T.number, "'-' needs a number");
        return { k: "neg", e: operand, ty: T.number };
      }
      case "binary":
        return this.binary(e);
      case "where":
        return this.where(e, null);
    }
  }

  private where(e: A.Where, alias: string | null): IrExpr {
    {
      const list = this.expr(e.list);
      const of = this.elementType(e.list.span, list.ty);
      this.whereDepth++;
      const depth = this.whereDepth;
      const cond = this.inScope(() => {
        this.declare("it", of, null, false, true).itDepth = depth;
        if (alias) this.declare(alias, of, null, false, true).itDepth = depth;
        return this.expr(e.cond);
      });
      this.whereDepth--;
      this.expect(e.cond.span, cond.ty, T.bool, "the condition after 'where' must be true or false");
      return { k: "where", list, cond, depth, ty: T.list(of) };
    }
  }

  /** `map(list, body)`: inside body, `it` is the item (as inside `where`). */
  private mapOver(listExpr: A.Expr, bodyExpr: A.Expr): IrExpr {
    const list = this.expr(listExpr);
    const of = this.elementType(listExpr.span, list.ty);
    this.whereDepth++;
    const depth = this.whereDepth;
    const body = this.inScope(() => {
      this.declare("it", of, null, false, true).itDepth = depth;
      return this.expr(bodyExpr);
    });
    this.whereDepth--;
    // A list of lists is not a value of the language: the items of a map are scalars or entities.
    if (required(body.ty).t === "list")
      this.error(bodyExpr.span, "check/type", "map makes a list of single values; this expression is a list");
    return { k: "map", list, body, depth, ty: T.list(body.ty) };
  }

  private text(e: A.TextLit): IrExpr {
    const parts = e.parts.map((p) => (typeof p === "string" ? p : this.expr(p)));
    return { k: "text", parts, ty: T.text };
  }

  private elementType(span: A.Span, ty: Type): Type {
    if (ty.t === "opt") ty = this.need(span, ty, "a list is needed");
    if (ty.t === "list") return ty.of;
    if (ty.t !== "unknown") this.error(span, "check/type", `expected a list here, but this is ${typeToString(ty)}`);
    return T.unknown;
  }

  private expect(span: A.Span, actual: Type, expected: Type, message: string): void {
    if (assignable(actual, expected)) return;
    if (actual.t === "opt" && assignable(actual.of, expected)) this.maybeNone(span, actual, message);
    else this.error(span, "check/type", `${message} (found ${typeToString(actual)})`);
  }

  /**
   * A value handed over to other code (an argument, an event field, a result): a parameter,
   * field or result declared `card` still takes a card that may be none, as it always did (the
   * code receiving it tests it); one declared `card?` says so and is checked where it is used.
   * Everything else about the type is checked as usual.
   */
  private handOver(span: A.Span, actual: Type, expected: Type, message: string): void {
    const strip = (t: Type): Type => (t.t === "opt" ? t.of : t.t === "list" ? T.list(strip(t.of)) : t);
    this.expect(span, strip(actual), expected, message);
  }

  /** A value that may be none used where a value is needed: one error, then the value's own type. */
  private maybeNone(span: A.Span, ty: Type, what: string): void {
    const text = this.src.text.slice(span.start, span.end);
    const name = /^[A-Za-z_][A-Za-z0-9_-]*$/.test(text) ? text : "it";
    const shown = text.length > 0 && text.length <= 40 && !text.includes("\n") ? `'${text}'` : "this value";
    this.error(
      span,
      "check/maybe-none",
      `${shown} may be none here (${typeToString(ty)}): ${what}`,
      name === "it"
        ? "keep it in a local and test it first: let x = …, then if x != none { … }"
        : `test it first: if ${name} != none { … }`,
    );
  }

  /** `ty` where a value is needed: an optional type is reported (see maybeNone) and its value type goes on. */
  private need(span: A.Span, ty: Type, what: string): Type {
    if (ty.t !== "opt") return ty;
    this.maybeNone(span, ty, what);
    return ty.of;
  }

  // ── narrowing ─────────────────────────────────────────────────────────────
  private localType(l: Local): Type {
    for (let i = this.narrowed.length - 1; i >= 0; i--) {
      const t = this.narrowed[i]?.get(l);
      if (t !== undefined) return t;
    }
    return l.type;
  }
  /** Runs `fn` with the locals of `facts` known not to be none. */
  private withFacts<R>(facts: readonly Local[], fn: () => R): R {
    this.narrowed.push(new Map(facts.filter((l) => l.type.t === "opt").map((l) => [l, required(l.type)] as const)));
    try {
      return fn();
    } finally {
      this.narrowed.pop();
    }
  }
  /** A branch of an if, checked knowing `facts`: its IR, and the locals not none at its end (or whether it always leaves). */
  private branch(body: readonly A.Stmt[], facts: readonly Local[]): { ir: IrStmt[]; after: Set<Local> | "exits" } {
    let after: Set<Local> | "exits" = "exits";
    const ir = this.withFacts(facts, () =>
      this.inScope(() => {
        const out = this.stmts(body);
        if (!exits(body)) after = this.notNoneNow();
        return out;
      }),
    );
    return { ir, after };
  }
  /** The locals narrowed to not none at this point. */
  private notNoneNow(): Set<Local> {
    const out = new Set<Local>();
    for (const m of this.narrowed) for (const l of m.keys()) if (this.localType(l).t !== "opt") out.add(l);
    return out;
  }
  /** From here to the end of the innermost block, these locals are not none. */
  private assume(facts: readonly Local[]): void {
    const top = this.narrowed[this.narrowed.length - 1];
    for (const l of facts) if (l.type.t === "opt") top?.set(l, required(l.type));
  }
  /** `l` was assigned a value of type `ty`: narrowing of it ends (or starts, if the value is no none). */
  private assigned(l: Local, ty: Type): void {
    for (const m of this.narrowed) m.delete(l);
    if (l.type.t === "opt" && ty.t !== "opt" && ty.t !== "none" && ty.t !== "unknown")
      this.narrowed[this.narrowed.length - 1]?.set(l, required(l.type));
  }
  /** Locals that are not none when `e` is true (`when` true) or false. */
  private facts(e: A.Expr, when: boolean): Local[] {
    if (e.kind === "unary" && e.op === "not") return this.facts(e.operand, !when);
    if (e.kind === "binary") {
      if ((e.op === "and" && when) || (e.op === "or" && !when))
        return [...this.facts(e.left, when), ...this.facts(e.right, when)];
      if ((e.op === "!=" && when) || (e.op === "==" && !when)) {
        const named = e.left.kind === "none" ? e.right : e.right.kind === "none" ? e.left : null;
        if (named?.kind === "name") {
          const l = this.lookup(named.name);
          if (l) return [l];
        }
      }
    }
    return [];
  }
  /** Locals a statement list assigns anywhere inside (a loop's body: its narrowing cannot hold across turns). */
  private assignedIn(stmts: readonly A.Stmt[], out = new Set<string>()): Set<string> {
    for (const st of stmts) {
      if (st.kind === "assign" && st.target.kind === "name") out.add(st.target.name);
      if (st.kind === "let") out.add(st.name.name);
      if (st.kind === "if") {
        this.assignedIn(st.then.body, out);
        if (st.else) this.assignedIn(st.else.kind === "if" ? [st.else] : st.else.body, out);
      }
      if (st.kind === "for" || st.kind === "while") this.assignedIn(st.body.body, out);
    }
    return out;
  }
  /** Before a loop: locals its body assigns are no longer narrowed (the next turn sees the assignment). */
  private forgetAssignedIn(stmts: readonly A.Stmt[]): void {
    for (const name of this.assignedIn(stmts)) {
      const l = this.lookup(name);
      if (l) for (const m of this.narrowed) m.delete(l);
    }
  }

  private name(e: A.NameRef): IrExpr {
    // The parser's placeholder for a missing expression: its syntax error is already reported.
    if (e.name === "") return { k: "lit", v: null, ty: T.unknown };
    const local = this.lookup(e.name);
    if (local) {
      local.used = true;
      const ty = this.localType(local);
      if (local.symbol) this.ref(e.span, local.symbol, ty);
      if (local.itDepth !== undefined) return { k: "it", depth: local.itDepth, ty };
      return { k: "local", name: e.name, ty };
    }
    switch (e.name) {
      case "me":
        return { k: "me", ty: T.player };
      case "opponent":
        if (this.voc.players !== 2 || this.voc.minPlayers !== 2)
          this.error(
            e.span,
            "check/opponent",
            "'opponent' is only defined for two-player games",
            // A did-you-mean is a quick fix; next(me) is who `opponent` was in a game for two.
            "did you mean 'next(me)'?",
          );
        return { k: "opponent", of: { k: "me", ty: T.player }, ty: T.player };
      case "self":
        if (!this.ctx.self) {
          this.error(e.span, "check/self", "'self' is only defined in a card's own code");
          return { k: "lit", v: null, ty: T.unknown };
        }
        return { k: "self", ty: T.card };
      case "event":
        if (!this.ctx.event) {
          this.error(
            e.span,
            "check/event",
            "there is no 'event' here",
            "'event' exists in triggers (on:), responses and actions of a window opened on an event",
          );
          return { k: "lit", v: null, ty: T.unknown };
        }
        return { k: "event", ty: this.ctx.event };
      case "game":
        return { k: "game", ty: T.game };
      case "match":
        return { k: "lit", v: null, ty: T.match };
      case "it":
        this.error(e.span, "check/it", "'it' is only defined inside a 'where' condition");
        return { k: "lit", v: null, ty: T.unknown };
    }
    const en = this.voc.enumOfValue.get(e.name);
    if (en) {
      this.ref(e.span, en === KIND_ENUM ? `kind:${e.name}` : `enum-value:${e.name}`, T.enumOf(en));
      return { k: "lit", v: e.name, ty: T.enumOf(en) };
    }
    if (this.voc.keywords.has(e.name)) {
      this.ref(e.span, `keyword:${e.name}`);
      return { k: "lit", v: e.name, ty: T.enumOf(KEYWORD_ENUM) };
    }
    if (this.voc.cards.has(e.name)) {
      this.ref(e.span, `card:${e.name}`, T.cardid);
      return { k: "lit", v: e.name, ty: T.cardid };
    }
    const candidates = [
      ...this.visibleLocals(),
      "me",
      "opponent",
      "game",
      ...(this.ctx.self ? ["self"] : []),
      ...(this.ctx.event ? ["event"] : []),
      ...this.voc.enumOfValue.keys(),
      ...this.voc.keywords,
      ...this.voc.cards,
    ];
    let hint: string | undefined;
    // `hp-1` is one name (inner hyphens): when its parts are known, it was meant as a subtraction.
    const parts = e.name.split("-");
    if (
      parts.length > 1 &&
      parts.every((p) => p !== "" && (/^\d+$/.test(p) || this.lookup(p) || ["me", "opponent"].includes(p)))
    ) {
      hint = `to subtract, put spaces around '-': ${parts.join(" - ")}`;
      for (const p of parts) this.markUsed(p);
    } else {
      const near = closest(e.name, candidates);
      if (near !== undefined) {
        hint = `did you mean '${near}'?`;
        this.markUsed(near); // one typo, one diagnostic: no "never used" for the local it meant
      }
    }
    if (this.voc.functions.has(e.name) || this.voc.procedures.has(e.name) || Object.hasOwn(BUILTINS, e.name))
      hint = `'${e.name}' is called with parentheses: ${e.name}(…)`;
    this.error(e.span, "check/unknown-name", `unknown name '${e.name}'`, hint);
    return { k: "lit", v: null, ty: T.unknown };
  }

  private markUsed(name: string): void {
    const l = this.lookup(name);
    if (l) l.used = true;
  }

  private visibleLocals(): string[] {
    return this.scopes.flatMap((s) => [...s.keys()]);
  }

  /** Members of a value of type `ty`: name → type (and how to read it). */
  private memberOf(
    objTy: Type,
    name: string,
  ): { ty: Type; how: "prop" | "zone" | "field" | "match" } | { error: string; hint?: string } {
    const voc = this.voc;
    const cardMember = (): Type | undefined => {
      if (name === "owner") return T.player;
      if (name === "controller") return T.player;
      if (name === "kind") return T.enumOf(KIND_ENUM);
      if (name === "card") return T.cardid;
      if (name === "name") return T.text;
      const p = voc.props.card.get(name);
      if (p) return propType(p);
      const fields = [voc.cardFields.get(name), ...[...voc.kinds.values()].map((k) => k.fields.get(name))].filter(
        (f) => f !== undefined,
      );
      const valueField = fields.find((f) => typeof f.type === "object");
      // A field some kind leaves optional may be none on a card of that kind.
      if (valueField && typeof valueField.type === "object")
        return fields.some((f) => f.maybeNone) ? T.opt(valueField.type) : valueField.type;
      if (fields.some((f) => f.type === "localized")) return T.text;
      return undefined;
    };
    const playerMember = (): { ty: Type; how: "prop" | "zone" } | undefined => {
      if (voc.zones.has(name) && voc.zones.get(name)?.of !== "game") return { ty: T.list(T.card), how: "zone" };
      if (name === "name") return { ty: T.text, how: "prop" };
      const p = voc.props.player.get(name);
      return p ? { ty: propType(p), how: "prop" } : undefined;
    };
    switch (objTy.t) {
      case "unknown":
        return { ty: T.unknown, how: "prop" };
      case "card": {
        const ty = cardMember();
        if (ty) return { ty, how: "prop" };
        const isEffect = [...voc.kinds.values()].some((k) => {
          const f = k.fields.get(name);
          return f?.type === "effect" || f?.type === "response";
        });
        if (isEffect) return { error: `'${name}' is effect code: it can be run, not read`, hint: `run c.${name}` };
        return {
          error: `a card has no property '${name}'`,
          ...hintOf(
            didYouMean(name, [
              ...voc.props.card.keys(),
              ...voc.cardFields.keys(),
              ...[...voc.kinds.values()].flatMap((k) => [...k.fields.keys()]),
              "owner",
              "kind",
              "name",
            ]),
          ),
        };
      }
      case "player": {
        const m = playerMember();
        if (m) return m;
        if (voc.zones.get(name)?.of === "game")
          return { error: `'${name}' is a zone of the game, not of a player`, hint: `game.${name}` };
        return {
          error: `a player has no property or zone '${name}'`,
          ...hintOf(didYouMean(name, [...voc.props.player.keys(), ...voc.zones.keys()])),
        };
      }
      case "entity": {
        const m = playerMember();
        const c = cardMember();
        if (m && m.how === "prop" && c && !assignable(m.ty, c) && !assignable(c, m.ty))
          return { error: `'${name}' has a different type on players and cards` };
        if (m?.how === "zone")
          return {
            error: `'${name}' is a zone of players; this may be a card`,
            hint: "compare it with a player first, or use .owner",
          };
        if (m) return m;
        if (c) return { ty: c, how: "prop" };
        return { error: `neither players nor cards have '${name}'` };
      }
      case "game": {
        if (voc.zones.get(name)?.of === "game") return { ty: T.list(T.card), how: "zone" };
        const p = voc.props.game.get(name) ?? voc.options.get(name);
        if (p) return { ty: propType(p), how: "prop" };
        return {
          error: `the game has no property '${name}'`,
          ...hintOf(didYouMean(name, [...voc.props.game.keys(), ...voc.options.keys()])),
        };
      }
      case "match":
        if (name === "number") return { ty: T.number, how: "match" };
        // None in the first game, and after a drawn game.
        if (name === "lastWinner" || name === "lastLoser") return { ty: T.opt(T.player), how: "match" };
        return { error: `the match has no '${name}'`, hint: "match.number, match.lastWinner, match.lastLoser" };
      case "event": {
        if (objTy.name) {
          const ev = voc.events.get(objTy.name);
          const f = ev?.fields.get(name);
          if (f) return { ty: f, how: "field" };
          return {
            error: `event '${objTy.name}' has no field '${name}'`,
            ...hintOf(
              didYouMean(name, [...(ev?.fields.keys() ?? [])]) ??
                `its fields: ${[...(ev?.fields.keys() ?? [])].join(", ")}`,
            ),
          };
        }
        const types = [...voc.events.values()].map((e) => e.fields.get(name)).filter((t): t is Type => t !== undefined);
        if (types.length === 0) return { error: `no event has a field '${name}'` };
        return { ty: types.reduce((a, b) => join(a, b) ?? T.unknown), how: "field" };
      }
      case "cardid": {
        // A card definition's own data: its name, kind and value fields (not properties, which
        // live on cards in play). A field some kind lacks, or leaves optional, may be none.
        if (name === "name") return { ty: T.text, how: "prop" };
        if (name === "kind") return { ty: T.enumOf(KIND_ENUM), how: "prop" };
        const common = voc.cardFields.get(name);
        const inKinds = [...voc.kinds.values()].map((k) => k.fields.get(name));
        const decl = common ?? inKinds.find((f) => f !== undefined);
        if (decl && typeof decl.type === "object") {
          const always =
            common !== undefined ? !common.maybeNone : inKinds.every((f) => f !== undefined && !f.maybeNone);
          return { ty: always ? decl.type : T.opt(decl.type), how: "prop" };
        }
        const valueFields = [
          ...voc.cardFields.values(),
          ...[...voc.kinds.values()].flatMap((k) => [...k.fields.values()]),
        ]
          .filter((f) => typeof f.type === "object")
          .map((f) => f.name);
        return {
          error: `a card id has no field '${name}'`,
          ...hintOf(
            didYouMean(name, [...valueFields, "name", "kind"]) ??
              (voc.props.card.has(name) ? `'${name}' is a property of cards in play, not of a card id` : undefined),
          ),
        };
      }
      case "list":
        return {
          error: `a list has no '${name}'`,
          hint:
            name === "count" || name === "length"
              ? "use count(list)"
              : "filter it with 'where', or pick one with first(list)",
        };
      default:
        return { error: `${typeToString(objTy)} has no '${name}'` };
    }
  }

  private member(e: A.Member): IrExpr {
    const got = this.expr(e.object);
    const name = e.property.name;
    const obj =
      got.ty.t === "opt" ? { ...got, ty: this.need(e.object.span, got.ty, `reading '.${name}' of none faults`) } : got;
    const m = this.memberOf(obj.ty, name);
    if ("error" in m) {
      // `me.deck` for a zone of the game: the quick fix writes `game.deck` in place of the whole member.
      if (m.hint === `game.${name}` && obj.ty.t === "player")
        this.fixable(e.property.span, "check/unknown-member", m.error, m.hint, m.hint, e.span);
      else this.error(e.property.span, "check/unknown-member", m.error, m.hint);
      return { k: "lit", v: null, ty: T.unknown };
    }
    const sym = this.memberSymbol(obj.ty, name, m.how);
    if (sym) this.ref(e.property.span, sym, m.ty);
    switch (m.how) {
      case "zone":
        return { k: "zone", owner: obj, zone: name, ty: m.ty };
      case "field":
        return { k: "field", ev: obj, name, ty: m.ty };
      case "match":
        return { k: "match", name: name as "number" | "lastWinner" | "lastLoser", ty: m.ty };
      default: {
        // A card field that is not also a declared property never changes: a cheaper read.
        const fixed =
          obj.ty.t === "card" && !this.voc.props.card.has(name) && !["owner", "kind", "card", "name"].includes(name);
        return fixed ? { k: "prop", obj, name, ty: m.ty, fixed } : { k: "prop", obj, name, ty: m.ty };
      }
    }
  }

  /** The declaration a member access means (for the model), if it has one. */
  private memberSymbol(objTy: Type, name: string, how: "prop" | "zone" | "field" | "match"): string | undefined {
    const voc = this.voc;
    if (how === "zone") return `zone:${name}`;
    if (how === "match") return undefined;
    if (how === "field") {
      if (objTy.t === "event" && objTy.name) return `event-field:${objTy.name}:${name}`;
      const ev = [...voc.events.values()].find((x) => x.fields.has(name));
      return ev ? `event-field:${ev.name}:${name}` : undefined;
    }
    const cardSym = () => {
      if (voc.props.card.has(name)) return `property:card:${name}`;
      if (voc.cardFields.has(name)) return `field:*:${name}`;
      const k = [...voc.kinds.values()].find((x) => x.fields.has(name));
      return k ? `field:${k.name}:${name}` : undefined;
    };
    switch (objTy.t) {
      case "card":
        return cardSym();
      case "cardid":
        return name === "name" || name === "kind" || voc.props.card.has(name) ? undefined : cardSym();
      case "player":
        return voc.props.player.has(name) ? `property:player:${name}` : undefined;
      case "game":
        return voc.props.game.has(name)
          ? `property:game:${name}`
          : voc.options.has(name)
            ? `option:${name}`
            : undefined;
      case "entity":
        return voc.props.player.has(name) ? `property:player:${name}` : cardSym();
      default:
        return undefined;
    }
  }

  private call(e: A.Call): IrExpr {
    const name = e.callee.name;
    const fn = this.voc.functions.get(name);
    if (fn) {
      this.ref(e.callee.span, `function:${name}`, fn.returns);
      const args = this.args(e, fn.params);
      return { k: "fn", name, args, ty: fn.returns };
    }
    if (this.voc.procedures.has(name) || isChainOp(name)) {
      if (this.impure(e.callee.span, `calling '${name}'`)) return { k: "lit", v: null, ty: T.unknown };
      this.error(
        e.callee.span,
        "check/procedure-in-expression",
        `'${name}' is a procedure: call it as a statement, or as 'let x = ${name}(…)'`,
      );
      return { k: "lit", v: null, ty: T.unknown };
    }
    if (!Object.hasOwn(BUILTINS, name)) {
      this.error(
        e.callee.span,
        "check/unknown-function",
        `unknown function '${name}'`,
        didYouMean(name, [...BUILTIN_NAMES, ...this.voc.functions.keys(), ...this.voc.procedures.keys()]),
      );
      e.args.forEach((a) => this.expr(a));
      return { k: "lit", v: null, ty: T.unknown };
    }
    const b = name as Builtin;
    const spec = BUILTINS[b];
    this.ref(e.callee.span, `builtin:${name}`);
    const [lo, hi] = typeof spec.params === "number" ? [spec.params, spec.params] : spec.params;
    if (e.args.length < lo || e.args.length > hi) {
      this.error(
        e.span,
        "check/arity",
        `'${name}' takes ${lo === hi ? String(lo) : `${lo} to ${hi}`} argument(s), not ${e.args.length}`,
        spec.doc,
      );
      e.args.forEach((a) => this.expr(a));
      return { k: "lit", v: null, ty: T.unknown };
    }
    if (b === "map") return this.mapOver(e.args[0] as A.Expr, e.args[1] as A.Expr);
    const args = e.args.map((a) => this.expr(a));
    const a0 = args[0];
    const s0 = e.args[0]?.span ?? e.span;
    const num = (i: number) =>
      this.expect(e.args[i]?.span ?? e.span, args[i]?.ty ?? T.unknown, T.number, `${name} needs a number`);
    let ty: Type = T.unknown;
    switch (b) {
      case "count":
        this.elementType(s0, a0?.ty ?? T.unknown);
        ty = T.number;
        break;
      case "sum":
        this.expect(s0, a0?.ty ?? T.unknown, T.list(T.number), "sum needs a list of numbers");
        ty = T.number;
        break;
      case "min":
      case "max":
        num(0);
        num(1);
        ty = T.number;
        break;
      case "abs":
      case "random":
        num(0);
        ty = T.number;
        break;
      case "first":
      case "last":
      case "pick": {
        // None when the list is empty; a game has at least one player, so players() never is.
        const of = this.elementType(s0, a0?.ty ?? T.unknown);
        ty = a0?.k === "builtin" && a0.fn === "players" ? of : T.opt(of);
        break;
      }
      case "name":
        ty = T.text;
        break;
      case "has":
        this.expect(s0, a0?.ty ?? T.unknown, T.entity, "has needs a card first");
        if (
          args[1] &&
          args[1].ty.t !== "unknown" &&
          !(args[1].ty.t === "enum" && args[1].ty.name === KEYWORD_ENUM) &&
          args[1].ty.t !== "text"
        )
          this.error(
            e.args[1]?.span ?? e.span,
            "check/type",
            `has needs a keyword second (one of: ${[...this.voc.keywords].join(", ")})`,
          );
        ty = T.bool;
        break;
      case "responds":
        this.expect(s0, a0?.ty ?? T.unknown, T.card, "responds needs a card first");
        this.expect(
          e.args[1]?.span ?? e.span,
          args[1]?.ty ?? T.unknown,
          T.event(null),
          "responds needs an event second",
        );
        ty = T.bool;
        break;
      case "seen":
        ty = T.number;
        break;
      case "take":
      case "remove-at":
        this.elementType(s0, a0?.ty ?? T.unknown);
        num(1);
        ty = required(a0?.ty ?? T.unknown);
        break;
      case "at":
        num(1);
        ty = T.opt(this.elementType(s0, a0?.ty ?? T.unknown));
        break;
      case "card":
        this.expect(s0, a0?.ty ?? T.unknown, T.card, "card() needs a card");
        ty = T.cardid;
        break;
      case "catalog":
        ty = T.list(T.cardid);
        break;
      case "players":
        ty = T.list(T.player);
        break;
      case "other":
        this.expect(s0, a0?.ty ?? T.unknown, T.player, "other() needs a player");
        return { k: "opponent", of: a0 ?? { k: "me", ty: T.player }, ty: T.player };
      case "next":
      case "previous":
        this.expect(s0, a0?.ty ?? T.unknown, T.player, `${b}() needs a player`);
        ty = T.player;
        break;
      case "opponents":
        this.expect(s0, a0?.ty ?? T.unknown, T.player, "opponents() needs a player");
        ty = T.list(T.player);
        break;
      case "links":
        ty = T.list(T.card);
        break;
      case "holder":
        ty = T.opt(T.player);
        break;
      case "misplaced":
        ty = T.list(T.card);
        break;
    }
    return { k: "builtin", fn: b, args, ty };
  }

  private args(e: A.Call, params: readonly { name: string; type: Type }[]): [string, IrExpr][] {
    if (e.args.length !== params.length) {
      this.error(
        e.span,
        "check/arity",
        `'${e.callee.name}' takes ${params.length} argument(s) (${params.map((p) => `${p.name}: ${typeToString(p.type)}`).join(", ")}), not ${e.args.length}`,
      );
    }
    return params.map((p, i) => {
      const a = e.args[i];
      if (!a) return [p.name, { k: "lit", v: null, ty: T.unknown }] as [string, IrExpr];
      const v = this.expr(a);
      this.handOver(a.span, v.ty, p.type, `argument '${p.name}' of '${e.callee.name}' must be ${typeToString(p.type)}`);
      return [p.name, v] as [string, IrExpr];
    });
  }

  private binary(e: A.Binary): IrExpr {
    const l = this.expr(e.left);
    // `x != none and x.power > 1`: the right side runs only when the left allows it.
    const r =
      e.op === "and" || e.op === "or"
        ? this.withFacts(this.facts(e.left, e.op === "and"), () => this.expr(e.right))
        : this.expr(e.right);
    const op = e.op;
    const bad = (msg: string) => {
      this.error(e.opSpan, "check/type", msg);
      return T.unknown;
    };
    let ty: Type;
    switch (op) {
      case "and":
      case "or":
        this.expect(e.left.span, l.ty, T.bool, `'${op}' needs conditions`);
        this.expect(e.right.span, r.ty, T.bool, `'${op}' needs conditions`);
        ty = T.bool;
        break;
      case "==":
      case "!=":
        if ((l.ty.t === "list" && r.ty.t === "none") || (l.ty.t === "none" && r.ty.t === "list")) {
          // Lists used to default to none; they are never none now (an absent list is empty).
          const side = l.ty.t === "list" ? e.left : e.right;
          const text = this.src.text.slice(side.span.start, side.span.end);
          const fixed = `count(${text}) ${op === "==" ? "==" : ">"} 0`;
          // A quick fix rewrites the whole comparison.
          this.fixable(e.opSpan, "check/type", `a list is never none: compare how many it holds`, fixed, fixed, e.span);
          ty = T.bool;
          break;
        }
        if (!comparable(l.ty, r.ty)) {
          // `game.current == "none"`: the text "none" is what `default: none` used to store; the
          // none value is written `none` now (CHANGELOG, "default: none is the none value").
          const word = [e.left, e.right].find(
            (x): x is A.TextLit => x.kind === "text" && x.parts.length === 1 && x.parts[0] === "none",
          );
          const other = word === e.left ? r.ty : l.ty;
          if (word !== undefined && other.t !== "text" && other.t !== "unknown") {
            this.fixable(
              word.span,
              "check/type",
              `cannot compare ${typeToString(other)} with the text "none": the none value is written none`,
              "did you mean 'none'?",
              "none",
            );
            ty = T.bool;
            break;
          }
        }
        ty = comparable(l.ty, r.ty) ? T.bool : bad(`cannot compare ${typeToString(l.ty)} with ${typeToString(r.ty)}`);
        if (ty.t === "unknown") ty = T.bool;
        break;
      case "<":
      case "<=":
      case ">":
      case ">=":
        this.expect(e.left.span, l.ty, T.number, `'${op}' compares numbers`);
        this.expect(e.right.span, r.ty, T.number, `'${op}' compares numbers`);
        ty = T.bool;
        break;
      case "in": {
        const of = this.elementType(e.right.span, r.ty);
        if (!comparable(l.ty, of)) bad(`a ${typeToString(l.ty)} is never in a list of ${typeToString(of)}`);
        ty = T.bool;
        break;
      }
      case "+":
        if (l.ty.t === "text" || r.ty.t === "text") ty = T.text;
        else if (l.ty.t === "list" || r.ty.t === "list") {
          const j = join(l.ty, r.ty);
          ty =
            j && j.t === "list"
              ? j
              : j?.t === "unknown"
                ? T.unknown
                : bad(`cannot join ${typeToString(l.ty)} and ${typeToString(r.ty)}`);
        } else {
          this.expect(e.left.span, l.ty, T.number, "'+' adds numbers, joins lists or texts");
          this.expect(e.right.span, r.ty, T.number, "'+' adds numbers, joins lists or texts");
          ty = T.number;
        }
        break;
      default:
        this.expect(e.left.span, l.ty, T.number, `'${op}' needs numbers`);
        this.expect(e.right.span, r.ty, T.number, `'${op}' needs numbers`);
        ty = T.number;
    }
    return { k: "bin", op, l, r, ty };
  }

  // ── statements ────────────────────────────────────────────────────────────
  block(stmts: readonly A.Stmt[]): IrStmt[] {
    return this.inScope(() => this.stmts(stmts));
  }

  stmts(stmts: readonly A.Stmt[]): IrStmt[] {
    const out: IrStmt[] = [];
    let ended: A.Stmt | null = null;
    for (const s of stmts) {
      if (ended) {
        this.warn(s.span, "check/unreachable", "this code never runs", `it follows '${ended.kind}'`);
        ended = null;
      }
      const at = { file: this.file, ...this.src.position(s.span.start) };
      for (const d of this.stmt(s)) out.push({ ...d, at });
      if (s.kind === "return" || s.kind === "break" || s.kind === "win" || s.kind === "draw") ended = s;
    }
    return out;
  }

  private impure(span: A.Span, what: string): boolean {
    if (this.ctx.pure) {
      this.error(
        span,
        "check/impure",
        `${what} is not allowed here: this code must be pure`,
        "conditions and modifiers compute a value; they cannot decide, move or change the game",
      );
      return true;
    }
    return false;
  }

  private stmt(s: A.Stmt): IrStmtDraft[] {
    const line = this.line(s.span);
    switch (s.kind) {
      case "let": {
        if (this.lookup(s.name.name) && this.scopes[this.scopes.length - 1]?.has(s.name.name)) {
          this.error(
            s.name.span,
            "check/redeclared",
            `'${s.name.name}' is already defined here`,
            "assign it without 'let'",
          );
        }
        if (s.init.kind === "create") {
          const made = this.stmt(s.init);
          this.declare(s.name.name, T.card, s.name.span, true);
          return made.map((m) => (m.k === "create" ? { ...m, into: s.name.name } : m));
        }
        if (
          isSuspending(s.init) &&
          (s.init.kind !== "call" || this.voc.procedures.has(s.init.callee.name) || isChainOp(s.init.callee.name))
        ) {
          const { op, ty } = this.suspending(s.init);
          this.declare(s.name.name, ty, s.name.span, true);
          return op ? [{ k: "suspend", op, into: s.name.name, line }] : [];
        }
        const value = this.expr(s.init);
        if (value.ty.t === "void") this.error(s.init.span, "check/type", "this gives no value");
        // `let xs = []` (or `= none`) says nothing of what it will hold: it takes whatever is
        // assigned; a local that starts as none is tested before it is used as a value.
        const declared: Type =
          value.ty.t === "none"
            ? { t: "opt", of: T.unknown }
            : value.ty.t === "list" && value.ty.of.t === "none"
              ? T.list(T.unknown)
              : value.ty;
        this.declare(s.name.name, declared, s.name.span, true);
        return [{ k: "setLocal", name: s.name.name, op: "=", value, line }];
      }
      case "assign":
        return this.assign(s, line);
      case "if": {
        const cond = this.expr(s.cond);
        this.expect(s.cond.span, cond.ty, T.bool, "'if' needs a condition");
        const elseBody = s.else;
        const t = this.branch(s.then.body, this.facts(s.cond, true));
        const e = elseBody
          ? this.branch(elseBody.kind === "if" ? [elseBody] : elseBody.body, this.facts(s.cond, false))
          : { ir: [], after: "falls" as const };
        // After the if: what both ways that go on agree is not none (`if x == none { return }`,
        // `if x == none { x = … }`); without an else, the other way is the condition being false.
        const elseAfter = e.after === "falls" ? new Set(this.facts(s.cond, false)) : e.after;
        const after =
          t.after === "exits"
            ? elseAfter
            : elseAfter === "exits"
              ? t.after
              : new Set([...t.after].filter((l) => elseAfter.has(l)));
        if (after !== "exits") this.assume([...after]);
        const then = t.ir;
        const els = e.ir;
        return [{ k: "if", cond, then, else: els, line }];
      }
      case "for": {
        this.forgetAssignedIn(s.body.body);
        const list = this.expr(s.list);
        const of = this.elementType(s.list.span, list.ty);
        this.loopDepth++;
        const body = this.inScope(() => {
          this.declare(s.variable.name, of, s.variable.span, false);
          return this.stmts(s.body.body);
        });
        this.loopDepth--;
        return [{ k: "for", name: s.variable.name, list, body, id: this.loopIds++, line }];
      }
      case "while": {
        this.forgetAssignedIn(s.body.body);
        const cond = this.expr(s.cond);
        this.expect(s.cond.span, cond.ty, T.bool, "'while' needs a condition");
        this.loopDepth++;
        const body = this.withFacts(this.facts(s.cond, true), () => this.block(s.body.body));
        this.loopDepth--;
        return [{ k: "while", cond, body, id: this.loopIds++, line }];
      }
      case "break":
        if (this.loopDepth === 0) this.error(s.span, "check/break", "'break' is only allowed inside a loop");
        return [{ k: "break", line }];
      case "return": {
        const value = s.value ? this.expr(s.value) : null;
        if (this.ctx.returns && this.ctx.returns.t !== "void") {
          if (!value) this.error(s.span, "check/return", `this must return ${typeToString(this.ctx.returns)}`);
          else this.handOver(s.value?.span ?? s.span, value.ty, this.ctx.returns, "wrong type of result");
        } else if (value) this.error(s.span, "check/return", "this code returns no value", "write 'return' alone");
        return [{ k: "return", value, line }];
      }
      case "move": {
        if (this.impure(s.span, "'move'")) return [];
        const what = this.expr(s.what);
        if (what.ty.t === "none")
          this.error(s.what.span, "check/maybe-none", "'none' is no card: there is nothing to move");
        else if (what.ty.t === "opt") this.need(s.what.span, what.ty, "only cards move");
        else if (!assignable(what.ty, T.card) && !assignable(what.ty, T.list(T.card)))
          this.error(s.what.span, "check/type", `only cards move (found ${typeToString(what.ty)})`);
        const z = this.zoneRef(s.to);
        return z ? [{ k: "move", what, owner: z.owner, zone: z.zone, position: s.position, line }] : [];
      }
      case "remove": {
        if (this.impure(s.span, "'remove'")) return [];
        const what = this.expr(s.what);
        if (what.ty.t === "none")
          this.error(s.what.span, "check/maybe-none", "'none' is no card: there is nothing to remove");
        else if (what.ty.t === "opt") this.need(s.what.span, what.ty, "only cards can be removed");
        else if (!assignable(what.ty, T.card) && !assignable(what.ty, T.list(T.card)))
          this.error(s.what.span, "check/type", `only cards can be removed (found ${typeToString(what.ty)})`);
        return [{ k: "remove", what, line }];
      }
      case "reveal":
      case "hide": {
        if (this.impure(s.span, `'${s.kind}'`)) return [];
        const what = this.expr(s.what);
        const done = s.kind === "hide" ? "hidden" : "revealed";
        if (what.ty.t === "none")
          this.error(s.what.span, "check/maybe-none", `'none' is no card: there is nothing to ${s.kind}`);
        else if (what.ty.t === "opt") this.need(s.what.span, what.ty, `only cards can be ${done}`);
        else if (!assignable(what.ty, T.card) && !assignable(what.ty, T.list(T.card)))
          this.error(s.what.span, "check/type", `only cards can be ${done} (found ${typeToString(what.ty)})`);
        if (s.kind === "hide") return [{ k: "hide", what, line }];
        let to: IrExpr | null = null;
        if (s.to !== undefined) {
          to = this.expr(s.to);
          if (to.ty.t === "opt") to = { ...to, ty: this.need(s.to.span, to.ty, "a card is revealed to a player") };
          else this.expect(s.to.span, to.ty, T.player, "a card is revealed to a player");
        }
        return [{ k: "reveal", what, to, line }];
      }
      case "shuffle": {
        if (this.impure(s.span, "'shuffle'")) return [];
        const z = this.zoneRef(s.zone);
        return z ? [{ k: "shuffle", owner: z.owner, zone: z.zone, line }] : [];
      }
      case "create": {
        if (this.impure(s.span, "'create'")) return [];
        const card = this.expr(s.card);
        this.expect(s.card.span, card.ty, T.cardid, "'create' needs a card id");
        const z = this.zoneRef(s.in);
        return z ? [{ k: "create", card, owner: z.owner, zone: z.zone, into: null, line }] : [];
      }
      case "modify": {
        if (this.impure(s.span, "'modify'")) return [];
        if (!this.voc.events.has(s.until.name))
          this.error(
            s.until.span,
            "check/unknown-event",
            `unknown event '${s.until.name}'`,
            this.eventHint(s.until.name),
          );
        else this.ref(s.until.span, `event:${s.until.name}`);
        const t = this.writableProp(s.target, s.op, s.value);
        return t
          ? [{ k: "modify", obj: t.obj, name: t.name, op: s.op, value: t.value, until: s.until.name, line }]
          : [];
      }
      case "run": {
        if (this.impure(s.span, "'run'")) return [];
        const card = this.expr(s.target.object);
        this.expect(s.target.object.span, card.ty, T.card, "'run' needs a card");
        const field = s.target.property.name;
        const isEffect = [...this.voc.kinds.values()].some((k) => {
          const f = k.fields.get(field);
          return f?.type === "effect" || f?.type === "response";
        });
        const owner = [...this.voc.kinds.values()].find((k) => k.fields.has(field));
        if (isEffect && owner) this.ref(s.target.property.span, `field:${owner.name}:${field}`);
        if (!isEffect) {
          const effects = [...this.voc.kinds.values()].flatMap((k) =>
            [...k.fields.values()].filter((f) => f.type === "effect" || f.type === "response").map((f) => f.name),
          );
          this.error(
            s.target.property.span,
            "check/unknown-effect",
            `no card kind has an effect field '${field}'`,
            didYouMean(field, effects),
          );
        }
        const ev = s.on ? this.expr(s.on) : null;
        if (ev && s.on) this.expect(s.on.span, ev.ty, T.event(null), "'on' needs an event");
        return [{ k: "suspend", op: { op: "run", card, effect: field, ev }, into: null, line }];
      }
      case "win": {
        if (this.impure(s.span, "'win'")) return [];
        const player = this.expr(s.player);
        this.expect(s.player.span, player.ty, T.player, "'win' needs a player");
        return [{ k: "win", player, line }];
      }
      case "draw":
        if (this.impure(s.span, "'draw'")) return [];
        return [{ k: "draw", line }];
      case "log":
        if (this.impure(s.span, "'log'")) return [];
        return [{ k: "log", text: this.text(s.text), line }];
      case "use":
        if (!this.ctx.trigger) {
          this.error(s.span, "check/use", "'use' spends a usage of a trigger: it is only allowed in a trigger's 'do'");
          return [];
        }
        return [{ k: "use", line }];
      case "exprStmt": {
        if (s.expr.kind === "call") {
          const proc = this.voc.procedures.get(s.expr.callee.name);
          if (!proc && isChainOp(s.expr.callee.name)) {
            const op = this.chainOp(s.expr);
            return op ? [{ k: "suspend", op, into: null, line }] : [];
          }
          if (!proc) {
            const v = this.expr(s.expr);
            if (v.ty.t !== "unknown")
              this.warn(
                s.span,
                "check/unused-value",
                "this computes a value and throws it away",
                "use it in a 'let' or an 'if'",
              );
            return [];
          }
          if (this.impure(s.span, `calling '${proc.name}'`)) return [];
          this.ref(s.expr.callee.span, `procedure:${proc.name}`, proc.returns);
          const args = this.args(s.expr, proc.params);
          return [{ k: "suspend", op: { op: "call", proc: proc.name, args }, into: null, line }];
        }
        const { op } = this.suspending(s.expr);
        return op ? [{ k: "suspend", op, into: null, line }] : [];
      }
    }
  }

  /** A chain operation called like a procedure (chain-ops.ts). */
  private chainOp(e: A.Call): SuspendOp | null {
    if (this.impure(e.span, `calling '${e.callee.name}'`)) return null;
    const spec = CHAIN_OPS[e.callee.name] as ChainOpSpec;
    const args = this.args(e, spec.params).map(([, v]) => v);
    return { op: "chain", fn: e.callee.name, args };
  }

  private eventHint(name: string): string {
    return didYouMean(name, this.voc.events.keys()) ?? `events: ${[...this.voc.events.keys()].join(", ")}`;
  }

  private zoneRef(m: A.Member): { owner: IrExpr; zone: string } | undefined {
    const owner = this.expr(m.object);
    const zone = m.property.name;
    if (!this.voc.zones.has(zone)) {
      this.error(
        m.property.span,
        "check/unknown-zone",
        `unknown zone '${zone}'`,
        didYouMean(zone, this.voc.zones.keys()) ?? `zones: ${[...this.voc.zones.keys()].join(", ")}`,
      );
      return undefined;
    }
    this.ref(m.property.span, `zone:${zone}`, T.list(T.card));
    if (this.voc.zones.get(zone)?.of === "game") {
      if (owner.ty.t !== "game" && owner.ty.t !== "unknown")
        this.error(
          m.object.span,
          "check/type",
          `'${zone}' is a zone of the game, not of a player`,
          "did you mean 'game'?",
        );
    } else if (owner.ty.t === "game")
      this.error(m.object.span, "check/type", `'${zone}' is a zone of each player, not of the game`, `me.${zone}`);
    else this.expect(m.object.span, owner.ty, T.player, "a zone belongs to a player");
    return { owner, zone };
  }

  /** `checked`: the target's object when the caller has already checked it (each name is checked once). */
  private writableProp(
    target: A.Member,
    op: A.AssignOp,
    valueExpr: A.Expr,
    checked?: IrExpr,
  ): { obj: IrExpr; name: string; value: IrExpr } | undefined {
    const got = checked ?? this.expr(target.object);
    const name = target.property.name;
    const obj =
      got.ty.t === "opt"
        ? { ...got, ty: this.need(target.object.span, got.ty, `changing '.${name}' of none faults`) }
        : got;
    const value = this.expr(valueExpr);
    const decl =
      obj.ty.t === "card"
        ? this.voc.props.card.get(name)
        : obj.ty.t === "player"
          ? this.voc.props.player.get(name)
          : obj.ty.t === "game"
            ? (this.voc.props.game.get(name) ?? this.voc.options.get(name))
            : obj.ty.t === "entity"
              ? (this.voc.props.player.get(name) ?? this.voc.props.card.get(name))
              : undefined;
    if (obj.ty.t === "unknown") return undefined;
    // A card's controller is the one built-in fact the rules may change (`me` of its effects).
    if (!decl && obj.ty.t === "card" && name === "controller") {
      this.checkOp(valueExpr.span, op, T.player, op === "=" ? required(value.ty) : value.ty);
      return { obj, name, value };
    }
    if (!decl && obj.ty.t === "card" && name === "owner") {
      this.error(
        target.property.span,
        "check/read-only",
        "'owner' cannot be changed",
        // The owner is who brought the card; who plays it is its controller (a quick fix).
        "did you mean 'controller'?",
      );
      return undefined;
    }
    if (!decl) {
      const m = this.memberOf(obj.ty, name);
      if ("error" in m) this.error(target.property.span, "check/unknown-member", m.error, m.hint);
      else
        this.error(
          target.property.span,
          "check/read-only",
          `'${name}' cannot be changed`,
          "only properties declared under 'properties:' in the rules file can change",
        );
      return undefined;
    }
    const sym = this.memberSymbol(obj.ty, name, "prop");
    if (sym) this.ref(target.property.span, sym, decl.type);
    // A property may hold none (it is handed over like an argument, see handOver); `+=` needs a number.
    this.checkOp(valueExpr.span, op, decl.type, op === "=" ? required(value.ty) : value.ty);
    return { obj, name, value };
  }

  private checkOp(span: A.Span, op: A.AssignOp, target: Type, value: Type): void {
    if (op === "=" && target.t === "list" && value.t === "none")
      this.fixable(span, "check/type", `a list is never none: empty it with []`, "[]", "[]");
    else if (op === "=") this.expect(span, value, target, `expected ${typeToString(target)}`);
    else {
      this.expect(span, target, T.number, `'${op}' needs a number to change`);
      this.expect(span, value, T.number, `'${op}' needs a number`);
    }
  }

  private assign(s: A.Assign, line: number): IrStmtDraft[] {
    if (s.target.kind === "name") {
      const l = this.lookup(s.target.name);
      if (!l) {
        this.error(
          s.target.span,
          "check/unknown-name",
          `unknown name '${s.target.name}'`,
          `declare it first: let ${s.target.name} = …`,
        );
        this.expr(s.value);
        return [];
      }
      if (l.symbol) this.ref(s.target.span, l.symbol, l.type);
      const value = this.expr(s.value);
      if (!l.writable) this.error(s.target.span, "check/read-only", `'${s.target.name}' cannot be changed`);
      this.checkOp(s.value.span, s.op, l.type, value.ty);
      this.assigned(l, value.ty);
      return [{ k: "setLocal", name: s.target.name, op: s.op, value, line }];
    }
    const ev = this.expr(s.target.object);
    const objTy = ev.ty;
    if (objTy.t === "event") {
      if (this.impure(s.span, "changing an event")) return [];
      const m = this.memberOf(objTy, s.target.property.name);
      const value = this.expr(s.value);
      if ("error" in m) {
        this.error(s.target.property.span, "check/unknown-member", m.error, m.hint);
        return [];
      }
      const fsym = this.memberSymbol(objTy, s.target.property.name, "field");
      if (fsym) this.ref(s.target.property.span, fsym, m.ty);
      this.checkOp(s.value.span, s.op, m.ty, value.ty);
      return [{ k: "setField", ev, name: s.target.property.name, op: s.op, value, line }];
    }
    if (this.impure(s.span, "changing a property")) return [];
    const t = this.writableProp(s.target, s.op, s.value, ev);
    return t ? [{ k: "setProp", obj: t.obj, name: t.name, op: s.op, value: t.value, line }] : [];
  }

  private suspending(e: A.Suspending | A.Call): { op: SuspendOp | null; ty: Type } {
    const kindWord = e.kind === "call" ? `calling '${e.callee.name}'` : `'${e.kind}'`;
    if (this.impure(e.span, kindWord)) return { op: null, ty: T.unknown };
    switch (e.kind) {
      case "call": {
        const proc = this.voc.procedures.get(e.callee.name);
        if (!proc && isChainOp(e.callee.name))
          return { op: this.chainOp(e), ty: CHAIN_OPS[e.callee.name]?.returns ?? T.unknown };
        if (!proc) return { op: null, ty: this.expr(e).ty };
        this.ref(e.callee.span, `procedure:${proc.name}`, proc.returns);
        const args = this.args(e, proc.params);
        return { op: { op: "call", proc: proc.name, args }, ty: proc.returns };
      }
      case "choose": {
        const from = this.expr(e.from);
        const of = this.elementType(e.from.span, from.ty);
        const player = e.by ? this.expr(e.by) : ({ k: "me", ty: T.player } as IrExpr);
        if (e.by) this.expect(e.by.span, player.ty, T.player, "'by' needs a player");
        const n = e.count.mode === "one" ? null : this.expr(e.count.n);
        if (n && e.count.mode !== "one")
          this.expect(e.count.n.span, n.ty, T.number, "how many to choose must be a number");
        const prompt = e.prompt ? this.text(e.prompt) : null;
        // Choosing one of nothing gives none.
        return {
          op: { op: "choose", player, from, mode: e.count.mode, n, prompt },
          ty: e.count.mode === "one" ? T.opt(of) : T.list(of),
        };
      }
      case "may": {
        const player = e.by ? this.expr(e.by) : ({ k: "me", ty: T.player } as IrExpr);
        if (e.by) this.expect(e.by.span, player.ty, T.player, "'by' needs a player");
        return { op: { op: "may", player, prompt: this.text(e.prompt) }, ty: T.bool };
      }
      case "act": {
        if (!this.voc.windows.has(e.window.name))
          this.error(
            e.window.span,
            "check/unknown-window",
            `unknown action window '${e.window.name}'`,
            didYouMean(e.window.name, this.voc.windows) ?? `windows: ${[...this.voc.windows].join(", ")}`,
          );
        else this.ref(e.window.span, `window:${e.window.name}`);
        const player = this.expr(e.by);
        this.expect(e.by.span, player.ty, T.player, "'by' needs a player");
        const ev = e.on ? this.expr(e.on) : null;
        if (ev && e.on) this.expect(e.on.span, ev.ty, T.event(null), "'on' needs an event");
        // None when no action was open.
        return { op: { op: "act", window: e.window.name, player, ev }, ty: T.opt(T.text) };
      }
      case "emit": {
        const decl = this.voc.events.get(e.event.name);
        if (!decl) {
          this.error(
            e.event.span,
            "check/unknown-event",
            `unknown event '${e.event.name}'`,
            this.eventHint(e.event.name),
          );
          e.fields.forEach((f) => this.expr(f.value));
          return { op: null, ty: T.unknown };
        }
        this.ref(e.event.span, `event:${decl.name}`, T.event(decl.name));
        const fields: [string, IrExpr][] = [];
        const given = new Set<string>();
        for (const f of e.fields) {
          const ty = decl.fields.get(f.name.name);
          const v = this.expr(f.value);
          if (!ty) {
            this.error(
              f.name.span,
              "check/unknown-field",
              `event '${decl.name}' has no field '${f.name.name}'`,
              didYouMean(f.name.name, decl.fields.keys()) ?? `its fields: ${[...decl.fields.keys()].join(", ")}`,
            );
            continue;
          }
          this.ref(f.name.span, `event-field:${decl.name}:${f.name.name}`, ty);
          if (given.has(f.name.name))
            this.error(f.name.span, "check/duplicate-field", `field '${f.name.name}' is given twice`);
          given.add(f.name.name);
          this.handOver(f.value.span, v.ty, ty, `field '${f.name.name}' of '${decl.name}' must be ${typeToString(ty)}`);
          fields.push([f.name.name, v]);
        }
        const missing = [...decl.fields.keys()].filter((f) => !given.has(f));
        if (missing.length)
          this.error(
            e.event.span,
            "check/missing-field",
            `event '${decl.name}' needs ${missing.map((m) => `'${m}'`).join(", ")}`,
          );
        return { op: { op: "emit", event: decl.name, fields }, ty: T.event(decl.name) };
      }
    }
  }
}

/** A property's type as code reads it: declared `default: none`, it may be none. */
function propType(p: { readonly type: Type; readonly maybeNone: boolean }): Type {
  return p.maybeNone ? T.opt(p.type) : p.type;
}

function hintOf(h: string | undefined): { hint?: string } {
  return h === undefined ? {} : { hint: h };
}

/** Whether a block always leaves (return, break, win, draw; an if whose every branch leaves). */
function exits(stmts: readonly A.Stmt[]): boolean {
  const last = stmts[stmts.length - 1];
  if (last === undefined) return false;
  if (last.kind === "return" || last.kind === "break" || last.kind === "win" || last.kind === "draw") return true;
  if (last.kind === "if" && last.else !== undefined)
    return exits(last.then.body) && exits(last.else.kind === "if" ? [last.else] : last.else.body);
  return false;
}

function isSuspending(e: A.Expr | A.Suspending): e is A.Suspending | A.Call {
  return e.kind === "choose" || e.kind === "may" || e.kind === "act" || e.kind === "emit" || e.kind === "call";
}
