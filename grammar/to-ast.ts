/**
 * CST → AST. `AstBuilder` has one method per grammar rule, like a chevrotain CST visitor, but
 * calls them directly (typed, no dynamic dispatch). It is tolerant of the partial CST that error
 * recovery leaves: a missing expression becomes a `NameRef` with the empty name "" (the result
 * then always carries errors). Expression precedence is applied here (the parser reads flat
 * `operand op operand …` lists).
 */

import type { IToken } from "chevrotain";
import type * as A from "./ast.ts";
import type * as C from "./cst.generated.ts";
import * as T from "./tokens.ts";
import { suggestKeyword } from "./suggest.ts";

/**
 * Issues that only matter when nothing else is wrong on their line (e.g. "'x' on its own does
 * nothing" next to a parse error that already explains the line): `tidy` in index.ts drops them then.
 */
export const secondaryIssues = new WeakSet<A.SyntaxIssue>();

/** Parses the interpolation `text[start, end)` (offsets into the original text) into an expression. */
export type InterpolationParser = (start: number, end: number, issues: A.SyntaxIssue[]) => A.Expr;

// ── precedence (lowest first): where, or, and, not, comparison/in, + -, * / %, unary -, postfix ──

const P_WHERE = 1;
const P_OR = 2;
const P_AND = 3;
const P_COMPARE = 5;
const P_ADD = 6;
const P_MUL = 7;

const PRECEDENCE: ReadonlyMap<string, number> = new Map([
  ["where", P_WHERE],
  ["or", P_OR],
  ["and", P_AND],
  ["==", P_COMPARE],
  ["!=", P_COMPARE],
  ["<", P_COMPARE],
  ["<=", P_COMPARE],
  [">", P_COMPARE],
  [">=", P_COMPARE],
  ["in", P_COMPARE],
  ["+", P_ADD],
  ["-", P_ADD],
  ["*", P_MUL],
  ["/", P_MUL],
  ["%", P_MUL],
]);

const ESCAPES: Readonly<Record<string, string>> = { '"': '"', "\\": "\\", n: "\n" };

function first<X>(xs: readonly X[] | undefined): X | undefined {
  return xs === undefined ? undefined : xs[0];
}

function byOffset(a: IToken, b: IToken): number {
  return a.startOffset - b.startOffset;
}

/** Builds AST nodes from CST nodes; one instance per parse (it collects issues). */
export class AstBuilder {
  /** End offset of the last real token seen: where a missing piece is placed. */
  private lastEnd = 0;

  /** `startAt`: where the parsed part of `text` begins (an interpolation's offset). */
  constructor(
    private readonly text: string,
    private readonly issues: A.SyntaxIssue[],
    private readonly interpolate: InterpolationParser,
    startAt = 0,
  ) {
    this.lastEnd = startAt;
  }

  // ── helpers ──

  private issue(span: A.Span, message: string, hint?: string, code = "dsl/syntax"): void {
    this.issues.push(hint === undefined ? { span, code, message } : { span, code, message, hint });
  }

  /** The span of a token; a token invented by error recovery gets an empty span where it would be. */
  private tokSpan(tok: IToken): A.Span {
    const start = tok.startOffset;
    if (Number.isNaN(start) || tok.isInsertedInRecovery === true) return { start: this.lastEnd, end: this.lastEnd };
    const end = start + tok.image.length;
    if (end > this.lastEnd) this.lastEnd = end;
    return { start, end };
  }

  private ident(tok: IToken | undefined): A.Ident {
    if (tok === undefined) return { kind: "ident", name: "", span: { start: this.lastEnd, end: this.lastEnd } };
    return { kind: "ident", name: tok.image, span: this.tokSpan(tok) };
  }

  /** The placeholder for an expression the parser could not read (an error has been reported). */
  private missing(): A.NameRef {
    return { kind: "name", name: "", span: { start: this.lastEnd, end: this.lastEnd } };
  }

  /** Notes a keyword or punctuation token as read (so a missing piece after it is placed after it). */
  private touch(toks: readonly IToken[] | undefined): void {
    if (toks !== undefined) for (const t of toks) this.tokSpan(t);
  }

  private endOf(tok: IToken | undefined, fallback: number): number {
    if (tok === undefined || Number.isNaN(tok.startOffset) || tok.isInsertedInRecovery === true) return fallback;
    return this.tokSpan(tok).end;
  }

  // ── statement lists ──

  program(node: C.ProgramCstNode | undefined): A.Program {
    const body = this.statements(node?.children.statement);
    return { kind: "program", body, span: { start: 0, end: this.text.length } };
  }

  private statements(nodes: readonly C.StatementCstNode[] | undefined): A.Stmt[] {
    const out: A.Stmt[] = [];
    if (nodes === undefined) return out;
    for (const node of nodes) {
      const stmt = this.statement(node);
      if (stmt !== undefined) out.push(stmt);
    }
    return out;
  }

  block(node: C.BlockCstNode | undefined): A.Block {
    if (node === undefined) {
      return { kind: "block", body: [], span: { start: this.lastEnd, end: this.lastEnd } };
    }
    const c = node.children;
    const open = first(c.LCurly);
    const start = open === undefined ? this.lastEnd : this.tokSpan(open).start;
    const body = this.statements(c.statement);
    const end = this.endOf(first(c.RCurly), Math.max(this.lastEnd, start));
    return { kind: "block", body, span: { start, end } };
  }

  statement(node: C.StatementCstNode): A.Stmt | undefined {
    const c = node.children;
    if (c.letStmt) return this.letStmt(c.letStmt[0]!);
    if (c.ifStmt) return this.ifStmt(c.ifStmt[0]!);
    if (c.forStmt) return this.forStmt(c.forStmt[0]!);
    if (c.whileStmt) return this.whileStmt(c.whileStmt[0]!);
    if (c.Break) return { kind: "break", span: this.tokSpan(c.Break[0]!) };
    if (c.returnStmt) return this.returnStmt(c.returnStmt[0]!);
    if (c.moveStmt) return this.moveStmt(c.moveStmt[0]!);
    if (c.shuffleStmt) return this.shuffleStmt(c.shuffleStmt[0]!);
    if (c.createStmt) return this.createStmt(c.createStmt[0]!);
    if (c.removeStmt) return this.removeStmt(c.removeStmt[0]!);
    if (c.revealStmt) return this.revealStmt(c.revealStmt[0]!);
    if (c.hideStmt) return this.hideStmt(c.hideStmt[0]!);
    if (c.modifyStmt) return this.modifyStmt(c.modifyStmt[0]!);
    if (c.runStmt) return this.runStmt(c.runStmt[0]!);
    if (c.winStmt) return this.winStmt(c.winStmt[0]!);
    if (c.Draw) return { kind: "draw", span: this.tokSpan(c.Draw[0]!) };
    if (c.logStmt) return this.logStmt(c.logStmt[0]!);
    if (c.Use) return { kind: "use", span: this.tokSpan(c.Use[0]!) };
    if (c.decision) {
      const d = this.decision(c.decision[0]!);
      return d === undefined ? undefined : { kind: "exprStmt", expr: d, span: d.span };
    }
    if (c.simpleStmt) return this.simpleStmt(c.simpleStmt[0]!);
    return undefined;
  }

  // ── statements ──

  letStmt(node: C.LetStmtCstNode): A.Let {
    const c = node.children;
    const start = this.tokSpan(c.Let![0]!).start;
    const name = this.ident(first(c.Identifier));
    const eq = first(c.Assign);
    if (eq !== undefined) this.tokSpan(eq);
    let init: A.Expr | A.Suspending | A.Create | undefined;
    if (c.decision) init = this.decision(c.decision[0]!);
    else if (c.createStmt) init = this.createStmt(c.createStmt[0]!);
    else if (c.expression) init = this.expression(c.expression[0]!);
    init ??= this.missing();
    return { kind: "let", name, init, span: { start, end: init.span.end } };
  }

  ifStmt(node: C.IfStmtCstNode): A.If {
    const c = node.children;
    const start = this.tokSpan(c.If![0]!).start;
    const cond = this.expr(c.expression);
    const then = this.block(first(c.block));
    let otherwise: A.Block | A.If | undefined;
    if (c.elseIf) otherwise = this.ifStmt(c.elseIf[0]!);
    else if (c.elseBlock) otherwise = this.block(c.elseBlock[0]!);
    else if (c.Else) otherwise = this.block(undefined);
    const end = (otherwise ?? then).span.end;
    return otherwise === undefined
      ? { kind: "if", cond, then, span: { start, end } }
      : { kind: "if", cond, then, else: otherwise, span: { start, end } };
  }

  forStmt(node: C.ForStmtCstNode): A.ForEach {
    const c = node.children;
    const start = this.tokSpan(c.For![0]!).start;
    this.touch(c.Each);
    const variable = this.ident(first(c.Identifier));
    this.touch(c.In);
    const list = this.expr(c.expression);
    const body = this.block(first(c.block));
    return { kind: "for", variable, list, body, span: { start, end: body.span.end } };
  }

  whileStmt(node: C.WhileStmtCstNode): A.While {
    const c = node.children;
    const start = this.tokSpan(c.While![0]!).start;
    const cond = this.expr(c.expression);
    const body = this.block(first(c.block));
    return { kind: "while", cond, body, span: { start, end: body.span.end } };
  }

  returnStmt(node: C.ReturnStmtCstNode): A.Return {
    const c = node.children;
    const span = this.tokSpan(c.Return![0]!);
    if (c.expression === undefined) return { kind: "return", span };
    const value = this.expression(c.expression[0]!);
    return { kind: "return", value, span: { start: span.start, end: value.span.end } };
  }

  /** A zone, a property or an effect field: an expression that must be `x.name`. */
  private member(nodes: readonly C.PostfixCstNode[] | undefined, what: string): A.Member {
    const e = nodes === undefined ? this.missing() : this.postfix(nodes[0]!);
    if (e.kind === "member") return e;
    if (!(e.kind === "name" && e.name === "")) this.issue(e.span, `expected ${what}`);
    return {
      kind: "member",
      object: e,
      property: { kind: "ident", name: "", span: { start: e.span.end, end: e.span.end } },
      span: e.span,
    };
  }

  moveStmt(node: C.MoveStmtCstNode): A.Move {
    const c = node.children;
    const start = this.tokSpan(c.Move![0]!).start;
    const what = this.expr(c.expression);
    this.touch(c.To);
    const to = this.member(c.postfix, "a zone after 'to' (like me.hand)");
    const pos = first(c.Top) ?? first(c.Bottom);
    const position = pos?.tokenType === T.Top ? "top" : "bottom";
    const end = this.endOf(pos, to.span.end);
    return { kind: "move", what, to, position, span: { start, end } };
  }

  shuffleStmt(node: C.ShuffleStmtCstNode): A.Shuffle {
    const c = node.children;
    const start = this.tokSpan(c.Shuffle![0]!).start;
    const zone = this.member(c.postfix, "a zone after 'shuffle' (like me.deck)");
    return { kind: "shuffle", zone, span: { start, end: zone.span.end } };
  }

  revealStmt(node: C.RevealStmtCstNode): A.Reveal {
    const c = node.children;
    const start = this.tokSpan(c.Reveal![0]!).start;
    const what = this.expr(c.expression);
    const to = c.expression && c.expression.length > 1 ? this.expression(c.expression[1]!) : undefined;
    const end = (to ?? what).span.end;
    return to === undefined
      ? { kind: "reveal", what, span: { start, end } }
      : { kind: "reveal", what, to, span: { start, end } };
  }

  hideStmt(node: C.HideStmtCstNode): A.Hide {
    const c = node.children;
    const start = this.tokSpan(c.Hide![0]!).start;
    const what = this.expr(c.expression);
    return { kind: "hide", what, span: { start, end: what.span.end } };
  }

  removeStmt(node: C.RemoveStmtCstNode): A.Remove {
    const c = node.children;
    const start = this.tokSpan(c.Remove![0]!).start;
    const what = this.expr(c.expression);
    return { kind: "remove", what, span: { start, end: what.span.end } };
  }

  createStmt(node: C.CreateStmtCstNode): A.Create {
    const c = node.children;
    const start = this.tokSpan(c.Create![0]!).start;
    const card = this.expr(c.expressionBeforeIn);
    this.touch(c.In);
    const zone = this.member(c.postfix, "a zone after 'in' (like me.deck)");
    return { kind: "create", card, in: zone, span: { start, end: zone.span.end } };
  }

  modifyStmt(node: C.ModifyStmtCstNode): A.Modify {
    const c = node.children;
    const start = this.tokSpan(c.Modify![0]!).start;
    const target = this.member(c.postfix, "a property after 'modify' (like c.power)");
    const opTok = first(c.AssignOperator);
    const op = (opTok?.image ?? "=") as A.AssignOp;
    if (opTok !== undefined) this.tokSpan(opTok);
    const value = this.expr(c.expression);
    const untilTok = first(c.Until);
    if (untilTok !== undefined) this.tokSpan(untilTok);
    const until = this.ident(first(c.Identifier));
    return { kind: "modify", target, op, value, until, span: { start, end: Math.max(until.span.end, value.span.end) } };
  }

  runStmt(node: C.RunStmtCstNode): A.Run {
    const c = node.children;
    const start = this.tokSpan(c.Run![0]!).start;
    const target = this.member(c.postfix, "an effect after 'run' (like c.effect)");
    if (c.On === undefined) return { kind: "run", target, span: { start, end: target.span.end } };
    this.tokSpan(c.On[0]!);
    const on = this.expr(c.expression);
    return { kind: "run", target, on, span: { start, end: on.span.end } };
  }

  winStmt(node: C.WinStmtCstNode): A.Win {
    const c = node.children;
    const start = this.tokSpan(c.Win![0]!).start;
    const player = this.expr(c.expression);
    return { kind: "win", player, span: { start, end: player.span.end } };
  }

  logStmt(node: C.LogStmtCstNode): A.Log {
    const c = node.children;
    const start = this.tokSpan(c.Log![0]!).start;
    const text = this.textOrEmpty(first(c.Text));
    return { kind: "log", text, span: { start, end: text.span.end } };
  }

  /** `f(args)` → ExprStmt; `target op value` → Assign; anything else is reported. */
  simpleStmt(node: C.SimpleStmtCstNode): A.Stmt | undefined {
    const c = node.children;
    const target = this.chain(first(c.Identifier), first(c.callArgs), c.Dot, c.Name);
    const opTok = first(c.AssignOperator);
    if (opTok === undefined) {
      if (target.kind === "call") return { kind: "exprStmt", expr: target, span: target.span };
      if (!node.recoveredNode) {
        const shown = this.text.slice(target.span.start, target.span.end);
        const k = target.kind === "name" ? suggestKeyword(target.name) : undefined;
        this.issue(
          target.span,
          `'${shown}' on its own does nothing: assign it (${shown} = …) or call a procedure (name(…))`,
          k === undefined ? undefined : `did you mean '${k}'?`,
        );
        secondaryIssues.add(this.issues[this.issues.length - 1]!);
      }
      return undefined;
    }
    this.tokSpan(opTok);
    const value = this.expr(c.expression);
    if (target.kind !== "name" && target.kind !== "member") {
      this.issue(target.span, `cannot assign to a call: only to a name (x = …) or a property (c.power = …)`);
      return undefined;
    }
    return {
      kind: "assign",
      target,
      op: opTok.image as A.AssignOp,
      value,
      span: { start: target.span.start, end: value.span.end },
    };
  }

  // ── decisions ──

  decision(node: C.DecisionCstNode): A.Suspending | undefined {
    const c = node.children;
    if (c.choose) return this.choose(c.choose[0]!);
    if (c.may) return this.may(c.may[0]!);
    if (c.act) return this.act(c.act[0]!);
    if (c.emit) return this.emit(c.emit[0]!);
    return undefined;
  }

  choose(node: C.ChooseCstNode): A.Choose {
    const c = node.children;
    const start = this.tokSpan(c.Choose![0]!).start;
    let count: A.Choose["count"];
    if (c.One) {
      this.tokSpan(c.One[0]!);
      count = { mode: "one" };
    } else if (c.Up) {
      this.touch(c.Up);
      this.touch(c.To);
      count = { mode: "upTo", n: this.expr(c.upTo) };
    } else count = { mode: "exactly", n: this.expr(c.exactly) };
    this.touch(c.Of);
    const from = this.expr(c.from);
    let end = from.span.end;
    let by: A.Expr | undefined;
    if (c.By) {
      this.touch(c.By);
      by = this.expr(c.by);
      end = by.span.end;
    }
    let prompt: A.TextLit | undefined;
    if (c.As) {
      this.touch(c.As);
      prompt = this.textOrEmpty(first(c.Text));
      end = Math.max(end, prompt.span.end);
    }
    const span = { start, end };
    if (by !== undefined && prompt !== undefined) return { kind: "choose", count, from, by, prompt, span };
    if (by !== undefined) return { kind: "choose", count, from, by, span };
    if (prompt !== undefined) return { kind: "choose", count, from, prompt, span };
    return { kind: "choose", count, from, span };
  }

  may(node: C.MayCstNode): A.May {
    const c = node.children;
    const start = this.tokSpan(c.May![0]!).start;
    const prompt = this.textOrEmpty(first(c.Text));
    if (c.By === undefined) return { kind: "may", prompt, span: { start, end: prompt.span.end } };
    this.touch(c.By);
    const by = this.expr(c.expression);
    return { kind: "may", prompt, by, span: { start, end: by.span.end } };
  }

  act(node: C.ActCstNode): A.Act {
    const c = node.children;
    const start = this.tokSpan(c.Act![0]!).start;
    const window = this.ident(first(c.Identifier));
    this.touch(c.By);
    const by = this.expr(c.by);
    if (c.On === undefined) return { kind: "act", window, by, span: { start, end: by.span.end } };
    this.touch(c.On);
    const on = this.expr(c.on);
    return { kind: "act", window, by, on, span: { start, end: on.span.end } };
  }

  emit(node: C.EmitCstNode): A.Emit {
    const c = node.children;
    const start = this.tokSpan(c.Emit![0]!).start;
    const event = this.ident(first(c.Identifier));
    this.touch(c.LCurly);
    const fields: A.FieldInit[] = [];
    for (const f of c.field ?? []) fields.push(this.field(f));
    let end = fields.length > 0 ? fields[fields.length - 1]!.span.end : event.span.end;
    if (c.LCurly) end = Math.max(end, this.tokSpan(c.LCurly[0]!).end);
    end = this.endOf(first(c.RCurly), end);
    return { kind: "emit", event, fields, span: { start, end } };
  }

  field(node: C.FieldCstNode): A.FieldInit {
    const c = node.children;
    const name = this.ident(first(c.Name));
    this.touch(c.Colon);
    const value = this.expr(c.expression);
    return { name, value, span: { start: name.span.start, end: value.span.end } };
  }

  /** `name in list` (an action parameter). */
  binding(node: C.BindingCstNode): A.Binding | undefined {
    const c = node.children;
    const id = first(c.Identifier);
    if (id === undefined || c.In === undefined || Number.isNaN(id.startOffset) || id.isInsertedInRecovery === true)
      return undefined;
    const variable = this.ident(id);
    this.touch(c.In);
    const list = this.expr(c.expression);
    return { variable, list, span: { start: variable.span.start, end: list.span.end } };
  }

  // ── expressions ──

  /** The expression of an optional CST slot (a placeholder when recovery left it out). */
  private expr(nodes: readonly (C.ExpressionCstNode | C.ExpressionBeforeInCstNode)[] | undefined): A.Expr {
    const node = first(nodes);
    return node === undefined ? this.missing() : this.expression(node);
  }

  expression(node: C.ExpressionCstNode | C.ExpressionBeforeInCstNode): A.Expr {
    const c = node.children;
    const operands = c.operand ?? [];
    const ops = c.BinaryOperator ?? [];
    if (ops.length === 0) return operands.length > 0 ? this.operandItem(operands[0]!).build(this) : this.missing();
    return new Climber(this, operands, ops).run();
  }

  /** @internal Reports an issue at a span (used by Climber). */
  report(span: A.Span, message: string): void {
    this.issue(span, message);
  }

  /** @internal The token span (used by Climber). */
  spanOf(tok: IToken): A.Span {
    return this.tokSpan(tok);
  }

  /** @internal A placeholder expression (used by Climber). */
  placeholder(): A.NameRef {
    return this.missing();
  }

  /** @internal An operand with its prefixes in source order. */
  operandItem(node: C.OperandCstNode): OperandItem {
    const c = node.children;
    let prefixes: IToken[] = [];
    if (c.Not && c.Minus) prefixes = [...c.Not, ...c.Minus].sort(byOffset);
    else prefixes = c.Not ?? c.Minus ?? [];
    return new OperandItem(prefixes, first(c.postfix));
  }

  postfix(node: C.PostfixCstNode): A.Expr {
    const c = node.children;
    let e = c.atomic === undefined ? this.missing() : this.atomic(c.atomic[0]!);
    const names = c.Name ?? [];
    for (const tok of names) {
      const property = this.ident(tok);
      e = { kind: "member", object: e, property, span: { start: e.span.start, end: property.span.end } };
    }
    if (c.Dot !== undefined && c.Dot.length > names.length) {
      // `x.` with the name missing (reported by the parser)
      const property = this.ident(undefined);
      e = {
        kind: "member",
        object: e,
        property,
        span: { start: e.span.start, end: this.endOf(c.Dot[c.Dot.length - 1], e.span.end) },
      };
    }
    return e;
  }

  /** `name(args).a.b`: the head of a statement (simpleStmt). */
  private chain(
    id: IToken | undefined,
    args: C.CallArgsCstNode | undefined,
    dots: readonly IToken[] | undefined,
    names: readonly IToken[] | undefined,
  ): A.Expr {
    let e: A.Expr = id === undefined ? this.missing() : this.nameOrCall(id, args);
    for (const tok of names ?? []) {
      const property = this.ident(tok);
      e = { kind: "member", object: e, property, span: { start: e.span.start, end: property.span.end } };
    }
    if (dots !== undefined && dots.length > (names?.length ?? 0)) {
      const property = this.ident(undefined);
      e = {
        kind: "member",
        object: e,
        property,
        span: { start: e.span.start, end: this.endOf(dots[dots.length - 1], e.span.end) },
      };
    }
    return e;
  }

  private nameOrCall(id: IToken, args: C.CallArgsCstNode | undefined): A.NameRef | A.Call {
    const callee = this.ident(id);
    if (args === undefined) return { kind: "name", name: callee.name, span: callee.span };
    const a = args.children;
    const open = first(a.LParen);
    if (open !== undefined) this.tokSpan(open);
    const list = (a.expression ?? []).map((e) => this.expression(e));
    const last = list.length > 0 ? list[list.length - 1]!.span.end : callee.span.end + 1;
    const end = this.endOf(first(a.RParen), last);
    return { kind: "call", callee, args: list, span: { start: callee.span.start, end } };
  }

  atomic(node: C.AtomicCstNode): A.Expr {
    const c = node.children;
    if (c.NumberLiteral) {
      const tok = c.NumberLiteral[0]!;
      const span = this.tokSpan(tok);
      const value = Number(tok.image);
      // Numbers are whole and exact: a literal past 2^53 - 1 would silently change (or become Infinity).
      if (!Number.isSafeInteger(value)) {
        this.issues.push({
          span,
          code: "dsl/number",
          message: `the number ${tok.image.length > 24 ? `${tok.image.slice(0, 12)}…(${tok.image.length} digits)` : tok.image} is too large: numbers are whole numbers up to ${Number.MAX_SAFE_INTEGER}`,
        });
        return { kind: "number", value: 0, span };
      }
      return { kind: "number", value, span };
    }
    if (c.Text) return this.textLit(c.Text[0]!);
    if (c.True) return { kind: "bool", value: true, span: this.tokSpan(c.True[0]!) };
    if (c.False) return { kind: "bool", value: false, span: this.tokSpan(c.False[0]!) };
    if (c.None) return { kind: "none", span: this.tokSpan(c.None[0]!) };
    if (c.listLit) return this.listLit(c.listLit[0]!);
    if (c.parenExpr) return this.parenExpr(c.parenExpr[0]!);
    if (c.Identifier) return this.nameOrCall(c.Identifier[0]!, first(c.callArgs));
    return this.missing();
  }

  listLit(node: C.ListLitCstNode): A.ListLit {
    const c = node.children;
    const start = this.tokSpan(c.LBracket![0]!).start;
    const items = (c.expression ?? []).map((e) => this.expression(e));
    const last = items.length > 0 ? items[items.length - 1]!.span.end : start + 1;
    return { kind: "list", items, span: { start, end: this.endOf(first(c.RBracket), last) } };
  }

  /** `(e)`: the inner node, its span widened to include the parentheses. */
  parenExpr(node: C.ParenExprCstNode): A.Expr {
    const c = node.children;
    const start = this.tokSpan(c.LParen![0]!).start;
    const inner = this.expr(c.expression);
    const end = this.endOf(first(c.RParen), inner.span.end);
    return { ...inner, span: { start, end } };
  }

  // ── texts ──

  private textOrEmpty(tok: IToken | undefined): A.TextLit {
    if (tok === undefined) return { kind: "text", parts: [], span: { start: this.lastEnd, end: this.lastEnd } };
    return this.textLit(tok);
  }

  /** A string token: escapes decoded, `{{`/`}}` unescaped, `{expr}` parsed at its original offsets. */
  textLit(tok: IToken): A.TextLit {
    const span = this.tokSpan(tok);
    if (tok.tokenType === T.SingleQuotedString) {
      const inner = tok.image.replace(/^'|'$/g, "");
      return { kind: "text", parts: inner === "" ? [] : [inner], span };
    }
    const terminated = tok.tokenType === T.StringLiteral;
    const src = this.text;
    const contentEnd = terminated ? span.end - 1 : span.end;
    const parts: (string | A.Expr)[] = [];
    let buf = "";
    let i = span.start + 1;
    while (i < contentEnd) {
      const ch = src.charCodeAt(i);
      if (ch === 92 /* \ */) {
        const next = src.charAt(i + 1);
        const decoded = ESCAPES[next];
        if (decoded !== undefined) buf += decoded;
        else {
          buf += next;
          if (terminated) {
            this.issue(
              { start: i, end: i + 2 },
              `unknown escape '\\${next}' in a text: write \\" for a quote, \\\\ for a backslash, \\n for a new line`,
              undefined,
              "dsl/lex",
            );
          }
        }
        i += 2;
        continue;
      }
      if (ch === 123 /* { */) {
        if (src.charCodeAt(i + 1) === 123) {
          buf += "{";
          i += 2;
          continue;
        }
        const close = T.scanInterpolation(src, i + 1);
        if (close < 0 || close >= contentEnd) {
          buf += src.slice(i, contentEnd);
          break;
        }
        if (buf !== "") parts.push(buf);
        buf = "";
        const saved = this.lastEnd;
        parts.push(this.interpolate(i + 1, close, this.issues));
        this.lastEnd = Math.max(saved, close + 1);
        i = close + 1;
        continue;
      }
      if (ch === 125 /* } */ && src.charCodeAt(i + 1) === 125) {
        buf += "}";
        i += 2;
        continue;
      }
      buf += src[i];
      i++;
    }
    if (buf !== "") parts.push(buf);
    return { kind: "text", parts, span };
  }
}

/** One operand of a flat expression: its prefix operators (`not`, `-`) and its postfix expression. */
class OperandItem {
  constructor(
    readonly prefixes: readonly IToken[],
    readonly postfix: C.PostfixCstNode | undefined,
  ) {}

  /** The operand without any binary operator around it. */
  build(b: AstBuilder): A.Expr {
    return new Climber(b, [], []).prefixedFrom(this);
  }
}

/** Precedence climbing over `operand (op operand)*`. */
class Climber {
  private i = 0;
  private pi = 0;
  private k = 0;
  private readonly items: OperandItem[];

  constructor(
    private readonly b: AstBuilder,
    operands: readonly C.OperandCstNode[],
    private readonly ops: readonly IToken[],
  ) {
    this.items = operands.map((o) => b.operandItem(o));
  }

  run(): A.Expr {
    const e = this.parse(0);
    return e;
  }

  prefixedFrom(item: OperandItem): A.Expr {
    this.items.push(item);
    return this.prefixed();
  }

  private parse(minPrec: number): A.Expr {
    let left = this.prefixed();
    let chained = false;
    while (this.k < this.ops.length) {
      const op = this.ops[this.k]!;
      const prec = PRECEDENCE.get(op.image) ?? P_COMPARE;
      if (prec < minPrec) break;
      this.k++;
      const opSpan = this.b.spanOf(op);
      if (prec === P_COMPARE && chained) {
        this.b.report(opSpan, "comparisons cannot be chained: write 'a < b and b < c' instead of 'a < b < c'");
      }
      const right = this.parse(prec + 1);
      const span = { start: left.span.start, end: right.span.end };
      left =
        op.image === "where"
          ? { kind: "where", list: left, cond: right, span }
          : { kind: "binary", op: op.image as A.BinaryOp, left, right, opSpan, span };
      chained = prec === P_COMPARE;
    }
    return left;
  }

  private prefixed(): A.Expr {
    const item = this.items[this.i];
    if (item === undefined) return this.b.placeholder();
    if (this.pi < item.prefixes.length) {
      const tok = item.prefixes[this.pi++]!;
      const opSpan = this.b.spanOf(tok);
      if (tok.tokenType === T.Not) {
        const operand = this.parse(P_COMPARE);
        return { kind: "unary", op: "not", operand, span: { start: opSpan.start, end: operand.span.end } };
      }
      const operand = this.prefixed();
      return { kind: "unary", op: "-", operand, span: { start: opSpan.start, end: operand.span.end } };
    }
    this.i++;
    this.pi = 0;
    return item.postfix === undefined ? this.b.placeholder() : this.b.postfix(item.postfix);
  }
}
