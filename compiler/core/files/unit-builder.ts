/**
 * Compiles the code units of one file: parses each code field of a rules or card file, checks it
 * (semantic/checker.ts), lowers steps, and collects the units, references and declarations. The
 * file checkers (check-files.ts, invariants.ts) drive it; NameTable gives units readable names.
 */
import { parseBinding, parseEffect, parseExpression } from "../../../grammar/index.ts";
import type * as A from "../../../grammar/ast.ts";
import { Checker, type UnitContext } from "../semantic/checker.ts";
import type { Diagnostic } from "../text/diagnostics.ts";
import { isDiagnosticCode } from "../text/diagnostic-codes.ts";
import type { CompiledUnit, IrExpr, IrStmt, UnitKind } from "../semantic/ir.ts";
import { lower } from "../semantic/lower.ts";
import type { Declaration, Reference } from "../workspace/model.ts";
import type { SourceFile, TextSource, YamlPath } from "../text/source.ts";
import { assignable, required, T, typeToString, type Type } from "../semantic/types.ts";
import type { Vocabulary } from "../semantic/vocabulary.ts";

/** Function names for unit ids: readable and unique. */
export class NameTable {
  private used = new Set<string>();
  name(id: string): string {
    const base = id.replace(/[^A-Za-z0-9]+/g, "_").replace(/^(\d)/, "_$1");
    let n = base;
    for (let i = 2; this.used.has(n); i++) n = `${base}_${i}`;
    this.used.add(n);
    return n;
  }
}

/** Compiles the code units of one file. */
export class UnitBuilder {
  readonly refs: Reference[] = [];
  readonly decls: Declaration[] = [];
  constructor(
    private readonly voc: Vocabulary,
    private readonly diags: Diagnostic[],
    private readonly units: CompiledUnit[],
  ) {}

  private collect(c: Checker): void {
    for (const d of c.diags) this.diags.push(d);
    for (const r of c.refs) this.refs.push(r);
    for (const d of c.decls) this.decls.push(d);
  }

  private source(src: SourceFile, path: YamlPath): TextSource | undefined {
    const t = src.textAt(path);
    if (!t) {
      const n = src.node(path) as { toJSON?: () => unknown } | undefined;
      if (n)
        this.diags.push({
          file: src.file,
          range: src.rangeAt(path),
          severity: "error",
          code: "schema/type",
          message: `'${path.join(".")}' must be text (effect code)`,
        });
    }
    return t;
  }

  private syntax(src: SourceFile, t: TextSource, errors: readonly A.SyntaxIssue[]): boolean {
    for (const e of errors) {
      const d: Diagnostic = {
        file: src.file,
        range: t.range(e.span.start, e.span.end),
        severity: "error",
        code: isDiagnosticCode(e.code) ? e.code : "dsl/syntax",
        message: e.message,
        ...(e.hint ? { hint: e.hint } : {}),
      };
      this.diags.push(d);
    }
    return errors.length === 0;
  }

  private push(
    id: string,
    kind: UnitKind,
    src: SourceFile,
    path: YamlPath,
    what: string,
    rest: Partial<CompiledUnit>,
  ): void {
    const t = src.textAt(path);
    const at = t ? t.position(0) : src.rangeAt(path).start;
    // The function name is given when the model puts all units together (names must be unique game-wide).
    this.units.push({ id, fnName: "", kind, file: src.file, line: at.line, col: at.col, what, ...rest });
  }

  /** Effect code (statements) run as steps. */
  step(id: string, src: SourceFile, path: YamlPath, what: string, ctx: UnitContext): void {
    const t = this.source(src, path);
    if (!t) return;
    const parsed = parseEffect(t.text);
    const ok = this.syntax(src, t, parsed.errors);
    const c = new Checker(this.voc, src.file, t, ctx);
    const body = c.stmts(parsed.ast.body);
    // After a syntax error the statements the parser recovered are still checked (more errors at
    // once), but "never used" would be guesswork and there is nothing to generate.
    if (ok) c.finish();
    this.collect(c);
    if (ok) this.push(id, "step", src, path, what, { blocks: lower(body), tree: body });
  }

  /** A step unit that does nothing (an action without `do`, e.g. `pass`). */
  emptyStep(id: string, src: SourceFile, path: YamlPath, what: string): void {
    this.push(id, "step", src, path, what, { blocks: lower([]) });
  }

  /** A pure expression of an expected type; returns its type. */
  expr(
    id: string,
    src: SourceFile,
    path: YamlPath,
    what: string,
    ctx: UnitContext,
    expected: Type | null,
  ): Type | undefined {
    const t = this.source(src, path);
    if (!t) return undefined;
    const parsed = parseExpression(t.text);
    if (!this.syntax(src, t, parsed.errors)) return undefined;
    const c = new Checker(this.voc, src.file, t, ctx);
    const e = c.expr(parsed.ast);
    this.collect(c);
    // A function's result may be none where it says a value (see Checker.handOver).
    if (expected && !assignable(required(e.ty), expected)) {
      this.diags.push({
        file: src.file,
        range: t.range(0, t.text.length),
        severity: "error",
        code: "check/type",
        message: `this must be ${typeToString(expected)}, not ${typeToString(e.ty)}`,
      });
    }
    this.push(id, "pure-expr", src, path, what, { expr: e });
    return e.ty;
  }

  /** Pure statements computing the local `result` (compute modifiers). */
  pureCode(id: string, src: SourceFile, path: YamlPath, what: string, ctx: UnitContext, result: string | null): void {
    const t = this.source(src, path);
    if (!t) return;
    const parsed = parseEffect(t.text);
    const ok = this.syntax(src, t, parsed.errors);
    const c = new Checker(this.voc, src.file, t, ctx);
    const body: IrStmt[] = c.stmts(parsed.ast.body);
    this.collect(c);
    if (ok) this.push(id, "pure-code", src, path, what, result === null ? { body } : { body, result });
  }

  /** `c in me.hand where …`: the parameter's name and type. */
  binding(
    id: string,
    src: SourceFile,
    path: YamlPath,
    what: string,
    ctx: UnitContext,
  ): { name: string; type: Type; symbol: string } | undefined {
    const t = this.source(src, path);
    if (!t) return undefined;
    const parsed = parseBinding(t.text);
    if (!this.syntax(src, t, parsed.errors) || !parsed.ast) return undefined;
    const b = parsed.ast;
    const c = new Checker(this.voc, src.file, t, ctx);
    const list: IrExpr = c.bindingList(b.list, b.variable.name);
    this.collect(c);
    const type = list.ty.t === "list" ? list.ty.of : T.unknown;
    // The bound variable is a local of the action: its `when`, `label` and `do` refer to it.
    const start = t.offset(b.variable.span.start);
    const symbol = `local:${src.file}:${start}`;
    this.decls.push({
      id: symbol,
      kind: "local",
      name: b.variable.name,
      type,
      span: {
        file: src.file,
        start,
        end: t.offset(b.variable.span.end),
        range: t.range(b.variable.span.start, b.variable.span.end),
      },
    });
    if (list.ty.t !== "list" && list.ty.t !== "unknown")
      this.diags.push({
        file: src.file,
        range: t.range(b.list.span.start, b.list.span.end),
        severity: "error",
        code: "check/type",
        message: `'for' needs a list after 'in' (found ${typeToString(list.ty)})`,
      });
    this.push(id, "pure-expr", src, path, what, { expr: list });
    return { name: b.variable.name, type, symbol };
  }

  /** A label: text with {interpolation}. */
  label(id: string, src: SourceFile, path: YamlPath, what: string, ctx: UnitContext): void {
    const t = this.source(src, path);
    if (!t) return;
    // The label as a text literal of the language; `back[i]` is the label offset of literal offset i.
    let quoted = '"';
    const back = [0];
    for (let i = 0; i < t.text.length; i++) {
      const ch = t.text[i] as string;
      const lit = ch === "\\" || ch === '"' ? `\\${ch}` : ch === "\n" ? "\\n" : ch;
      quoted += lit;
      for (let k = 0; k < lit.length; k++) back.push(i);
    }
    quoted += '"';
    back.push(t.text.length, t.text.length);
    const at = (i: number) => back[Math.max(0, Math.min(i, back.length - 1))] ?? 0;
    const parsed = parseExpression(quoted);
    const shifted: TextSource = {
      text: quoted,
      position: (i) => t.position(at(i)),
      range: (s, e) => t.range(at(s), at(e)),
      offset: (i) => t.offset(at(i)),
    };
    if (!this.syntax(src, shifted, parsed.errors)) return;
    const c = new Checker(this.voc, src.file, shifted, ctx);
    const e = c.expr(parsed.ast);
    this.collect(c);
    this.push(id, "pure-expr", src, path, what, { expr: e });
  }
}
