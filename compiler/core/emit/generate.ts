/**
 * Code generation: one plain JavaScript module per game — the data tables and one function per
 * effect — with a source map straight back to the YAML files. No TypeScript is involved: the
 * printer writes JavaScript text line by line and records, for every statement, where it came
 * from (a source-map mapping and an entry of the module's `positions` table).
 *
 * Text that is not the printer's own reaches the output only through `emit/escape.ts` (string
 * literals, keys, tables): no comment holds user text — a function's comment names its YAML file
 * by index into `$F`, the module's table of file paths.
 *
 * Tracing: before each statement a step function sets `ctx.at` (pure code: `ctx.pureAt`) to the
 * statement's index in `positions`. One store per statement is all it costs; the runtime reads it
 * only when it logs a change or reports a fault.
 *
 * Coverage (option `coverage`, for `cardwright coverage` only): each clause — a statement, each
 * side of an `if`, a loop's body, each outcome of a boolean condition unit (`when:`), a trigger's
 * start — gets a probe `$C[k] = 1` into a byte array the module exports as `coverage`; the
 * returned `clauses` say where clause k is. Without the option no probe is printed: normal builds
 * and the bench run the same code as before.
 */
import type { Type } from "../semantic/types.ts";
import type { CompiledUnit, IrExpr, IrStmt, SourceAt, StepBlock, SuspendOp, Terminator } from "../semantic/ir.ts";
import { walkExpr, walkStmt } from "../semantic/ir-walk.ts";
import { at, ExprPrinter, P } from "./js-expr.ts";
import { encodeMappings, type Mapping, type SourceMapV3 } from "./source-map.ts";
import { pureLocals, stepLocals } from "./locals.ts";
import { jsData, jsIdentifier, jsInt, jsKey, jsonText, jsString as q } from "./escape.ts";

/** A YAML file of the game: its path as the CLI shows it, and its text (for `sourcesContent`). */
export interface SourceText {
  readonly path: string;
  readonly text: string;
}

export interface ModuleTables {
  readonly id: string;
  readonly name: string;
  readonly rules: unknown;
  readonly cards: unknown;
  readonly sources: Record<string, { file: string; line: number; col: number; what: string }>;
  /** What each computed property's value may depend on (emit/reads.ts): the runtime's memo of computed values. */
  readonly computedReads?: Readonly<Record<string, readonly string[] | null>>;
}

export interface GenerateOptions {
  /** The first line (a comment). */
  readonly header: string;
  /** Every YAML file of the game, in a fixed order: the source map's `sources`. */
  readonly files: readonly SourceText[];
  /** Written as the map's `sourceRoot`: how to reach the paths in `files` from the map's folder. */
  readonly sourceRoot?: string;
  /** Print coverage probes (see the file comment). */
  readonly coverage?: boolean;
  /**
   * The URL the last line names as the module's source map (default `game.js.map`), made from
   * the map's JSON text: a host that loads the module from memory passes a `data:` URL.
   */
  readonly mapUrl?: (mapJson: string) => string;
}

/** What a coverage probe records. */
export type ClauseKind = "statement" | "then" | "else" | "loop" | "when-true" | "when-false" | "trigger";

/** A clause of the source that a coverage probe records: the unit it belongs to and where it is. */
export interface Clause {
  readonly kind: ClauseKind;
  readonly unit: string;
  readonly at: SourceAt;
}

export interface GeneratedModule {
  readonly js: string;
  readonly map: SourceMapV3;
  /** Number of traced statements (entries of `positions`). */
  readonly statements: number;
  /** With the `coverage` option: clause k is the one probe `$C[k]` records. */
  readonly clauses: readonly Clause[];
}

/** Generated lines with their mappings and the table of statement positions. */
class Writer {
  readonly lines: string[] = [];
  readonly mappings: Mapping[] = [];
  readonly positions: { readonly h: string; readonly at: SourceAt }[] = [];
  readonly clauses: Clause[] = [];
  private readonly clauseIndex = new Map<string, number>();
  private readonly fileIndex = new Map<string, number>();

  constructor(
    files: readonly SourceText[],
    readonly coverage = false,
  ) {
    files.forEach((f, i) => this.fileIndex.set(f.path, i));
  }

  /** A line of output; with `at`, mapped (from its first non-blank column) to that YAML position. */
  line(text: string, where?: SourceAt): void {
    // Line numbers of the source map count these lines: a printed text never holds a line break.
    if (/[\n\r\u2028\u2029]/.test(text)) throw new Error("internal: a generated line holds a line break");
    if (where !== undefined) {
      const source = this.fileIndex.get(where.file);
      if (source !== undefined) {
        const genCol = text.length - text.trimStart().length;
        this.mappings.push({
          genLine: this.lines.length,
          genCol,
          source,
          line: where.line - 1,
          col: Math.max(0, where.col - 1),
        });
      }
    }
    this.lines.push(text);
  }

  /**
   * `$C[k] = 1; ` for the clause (kind, place), or nothing without coverage. A place printed more
   * than once (a lowered loop's bookkeeping) is one clause.
   */
  probe(unit: string, kind: ClauseKind, where: SourceAt): string {
    if (!this.coverage) return "";
    const key = [unit, kind, where.file, where.line, where.col].join("\0");
    let k = this.clauseIndex.get(key);
    if (k === undefined) {
      k = this.clauses.push({ kind, unit, at: where }) - 1;
      this.clauseIndex.set(key, k);
    }
    return `$C[${jsInt(k)}] = 1; `;
  }

  /** `$F[i]:line:col`: a place in a comment, the file by its index in the module's `$F` (`?` if none). */
  placeOf(where: SourceAt): string {
    const i = this.fileIndex.get(where.file);
    return `${i === undefined ? "?" : `$F[${jsInt(i)}]`}:${jsInt(where.line)}:${jsInt(where.col)}`;
  }

  /** A new entry of `positions`: its index, which generated code stores before the statement runs. */
  position(h: string, where: SourceAt): number {
    this.positions.push({ h, at: where });
    return this.positions.length - 1;
  }
}

/** A line of generated code (the printer's own text) and the YAML place it maps to. */
interface PrintedLine {
  readonly code: string;
  readonly at?: SourceAt;
}

interface Mode {
  /** Step functions end with ctx.ret; pure code returns its result local. */
  readonly step: boolean;
  readonly result: string | null;
  /** The unit id (owner of the positions written). */
  readonly h: string;
}

const NO_VARS: ReadonlyMap<string, string> = new Map();

class ModulePrinter {
  readonly ex: ExprPrinter;

  constructor(
    private readonly w: Writer,
    fnNames: ReadonlyMap<string, string>,
    drawing: ReadonlySet<string>,
    /** Step functions keep the locals no other step reads in variables (emit/locals.ts). */
    private readonly stepVars = true,
  ) {
    this.ex = new ExprPrinter(fnNames, drawing);
  }

  /** `ctx.at = N; ` (step code) or `ctx.pureAt = N; ` (pure code): which statement is running. */
  private trace(mode: Mode, where: SourceAt): string {
    return `${this.w.probe(mode.h, "statement", where)}ctx.${mode.step ? "at" : "pureAt"} = ${jsInt(this.w.position(mode.h, where))}; `;
  }

  private probe(mode: Mode, kind: ClauseKind, where: SourceAt): string {
    return this.w.probe(mode.h, kind, where);
  }

  private c(e: Parameters<ExprPrinter["code"]>[0]): string {
    return this.ex.code(e);
  }

  stmt(s: IrStmt, out: PrintedLine[], indent: string, mode: Mode): void {
    const w = (text: string, where?: SourceAt) =>
      out.push(where === undefined ? { code: indent + text } : { code: indent + text, at: where });
    const t = () => this.trace(mode, s.at);
    const compound = (read: string, op: "+=" | "-=", value: Parameters<ExprPrinter["ex"]>[0]) =>
      `${read} ${op === "+=" ? "+" : "-"} ${at(this.ex.ex(value), P.add + 1)}`;
    switch (s.k) {
      case "setLocal":
        w(`${t()}${this.ex.local(s.name).s} ${s.op} ${this.c(s.value)};`, s.at);
        return;
      case "setProp":
        if (s.op === "=") w(`${t()}ctx.set(${this.c(s.obj)}, ${q(s.name)}, ${this.c(s.value)});`, s.at);
        else
          w(
            `${t()}{ const $o = ${this.c(s.obj)}; ctx.set($o, ${q(s.name)}, ${compound(`ctx.get($o, ${q(s.name)})`, s.op, s.value)}); }`,
            s.at,
          );
        return;
      case "setField":
        if (s.op === "=") w(`${t()}ctx.setField(${this.c(s.ev)}, ${q(s.name)}, ${this.c(s.value)});`, s.at);
        else
          w(
            `${t()}{ const $e = ${this.c(s.ev)}; ctx.setField($e, ${q(s.name)}, ${compound(`ctx.field($e, ${q(s.name)})`, s.op, s.value)}); }`,
            s.at,
          );
        return;
      case "move":
        w(`${t()}ctx.move(${this.c(s.what)}, ${this.c(s.owner)}, ${q(s.zone)}, ${q(s.position)});`, s.at);
        return;
      case "remove":
        w(`${t()}ctx.remove(${this.c(s.what)});`, s.at);
        return;
      case "reveal":
        w(`${t()}ctx.reveal(${this.c(s.what)}, ${s.to === null ? "0" : this.c(s.to)});`, s.at);
        return;
      case "hide":
        w(`${t()}ctx.hide(${this.c(s.what)});`, s.at);
        return;
      case "shuffle":
        w(`${t()}ctx.shuffle(${this.c(s.owner)}, ${q(s.zone)});`, s.at);
        return;
      case "create":
        w(
          `${t()}${s.into === null ? "" : `${this.ex.local(s.into).s} = `}ctx.create(${this.c(s.card)}, ${this.c(s.owner)}, ${q(s.zone)});`,
          s.at,
        );
        return;
      case "modify":
        w(`${t()}ctx.modify(${this.c(s.obj)}, ${q(s.name)}, ${q(s.op)}, ${this.c(s.value)}, ${q(s.until)});`, s.at);
        return;
      case "log": {
        // A text naming cards goes as pieces, so that each viewer's log hides the cards that
        // viewer could not see when it was written (runtime/view.ts).
        const parts = s.text.k === "text" ? s.text.parts : [];
        if (parts.some((p) => typeof p !== "string" && namesCards(p.ty))) {
          const pieces = parts.map((p) =>
            typeof p === "string" ? q(p) : namesCards(p.ty) ? `[${this.c(p)}]` : this.ex.textOf(p).s,
          );
          w(`${t()}ctx.logParts([${pieces.join(", ")}]);`, s.at);
        } else w(`${t()}ctx.log(${this.c(s.text)});`, s.at);
        return;
      }
      case "use":
        w(`${t()}ctx.use(f);`, s.at);
        return;
      case "if": {
        w(`${t()}if (${this.c(s.cond)}) {`, s.at);
        if (this.w.coverage) w(`  ${this.probe(mode, "then", s.at).trimEnd()}`);
        for (const x of s.then) this.stmt(x, out, indent + "  ", mode);
        if (s.else.length || this.w.coverage) {
          w("} else {");
          if (this.w.coverage) w(`  ${this.probe(mode, "else", s.at).trimEnd()}`);
          for (const x of s.else) this.stmt(x, out, indent + "  ", mode);
        }
        w("}");
        return;
      }
      case "for":
        // The list is read once, as a copy: the body may move the cards of a zone it walks.
        w(`${t()}for (const $v${jsInt(s.id)} of ${this.c(s.list)}) {`, s.at);
        // Each iteration counts against the loop and work budgets, as a `while` iteration does.
        w(`  ${this.probe(mode, "loop", s.at)}ctx.tick(); ${this.ex.local(s.name).s} = $v${jsInt(s.id)};`);
        for (const x of s.body) this.stmt(x, out, indent + "  ", mode);
        w("}");
        return;
      case "while":
        // The condition is traced at every test, so a fault in it names the `while` line.
        w("for (;;) {");
        w(`  ${t()}if (!${at(this.ex.ex(s.cond), P.unary)}) break;`, s.at);
        w(`  ${this.probe(mode, "loop", s.at)}ctx.tick();`);
        for (const x of s.body) this.stmt(x, out, indent + "  ", mode);
        w("}");
        return;
      case "break":
        w(`${this.probe(mode, "statement", s.at)}break;`, s.at);
        return;
      case "return":
        if (mode.step) w(`${t()}ctx.ret(f, ${s.value ? this.c(s.value) : "null"}); return;`, s.at);
        else
          w(`${t()}return ${s.value ? this.c(s.value) : mode.result ? this.ex.local(mode.result).s : "null"};`, s.at);
        return;
      case "win":
        w(`${t()}ctx.win(f, ${this.c(s.player)}); return;`, s.at);
        return;
      case "draw":
        w(`${t()}ctx.draw(f); return;`, s.at);
        return;
      case "jump":
        w(`${this.probe(mode, "statement", s.at)}f.step = ${jsInt(s.to)}; continue;`, s.at);
        return;
      case "suspend":
        throw new Error("internal: a suspension was left in structured code");
    }
  }

  suspendCall(op: SuspendOp, into: string | null): string {
    const i = into === null ? "null" : q(into);
    switch (op.op) {
      case "choose": {
        const player = this.c(op.player);
        const from = this.c(op.from);
        const prompt = op.prompt ? this.c(op.prompt) : '""';
        if (op.mode === "one") return `ctx.choose(f, ${i}, ${player}, ${from}, 1, 1, true, ${prompt});`;
        const n = op.n ? this.c(op.n) : "1";
        if (op.mode === "upTo") return `ctx.choose(f, ${i}, ${player}, ${from}, 0, ${n}, false, ${prompt});`;
        // `exactly n` needs n twice (least and most): a literal is pasted, anything else evaluated once.
        if (!op.n || op.n.k === "lit") return `ctx.choose(f, ${i}, ${player}, ${from}, ${n}, ${n}, false, ${prompt});`;
        return `$chooseExactly(ctx, f, ${i}, ${player}, ${from}, ${n}, ${prompt});`;
      }
      case "may":
        return `ctx.may(f, ${i}, ${this.c(op.player)}, ${this.c(op.prompt)});`;
      case "act":
        return `ctx.act(f, ${i}, ${q(op.window)}, ${this.c(op.player)}, ${op.ev ? this.c(op.ev) : "null"});`;
      case "emit":
        return `ctx.emit(f, ${i}, ${q(op.event)}, { ${op.fields.map(([n, v]) => `${jsKey(n)}: ${this.c(v)}`).join(", ")} });`;
      case "call":
        return `ctx.call(f, ${i}, ${q(op.proc)}, { ${op.args.map(([n, v]) => `${jsKey(n)}: ${this.c(v)}`).join(", ")} });`;
      case "run":
        return `ctx.run(f, ${this.c(op.card)}, ${q(op.effect)}, ${op.ev ? this.c(op.ev) : "null"});`;
      case "chain":
        return `ctx.chainOp(f, ${i}, ${q(op.fn)}, [${op.args.map((a) => this.c(a)).join(", ")}]);`;
    }
  }

  terminator(t: Terminator, out: PrintedLine[], indent: string, mode: Mode): void {
    const w = (text: string, where?: SourceAt) =>
      out.push(where === undefined ? { code: indent + text } : { code: indent + text, at: where });
    switch (t.k) {
      case "goto":
        w(`f.step = ${jsInt(t.to)}; continue;`);
        return;
      case "branch": {
        // With coverage, each way taken is recorded (`(probe, step)`); a loop records its body only.
        const thenTo = this.w.coverage
          ? `(${this.probe(mode, t.loop ? "loop" : "then", t.at).slice(0, -2)}, ${jsInt(t.then)})`
          : jsInt(t.then);
        const elseTo =
          this.w.coverage && !t.loop
            ? `(${this.probe(mode, "else", t.at).slice(0, -2)}, ${jsInt(t.else)})`
            : jsInt(t.else);
        w(`${this.trace(mode, t.at)}f.step = ${at(this.ex.ex(t.cond), P.or)} ? ${thenTo} : ${elseTo}; continue;`, t.at);
        return;
      }
      case "suspend":
        w(`f.step = ${jsInt(t.next)};`);
        w(`${this.trace(mode, t.at)}${this.suspendCall(t.op, t.into)}`, t.at);
        w("return;");
        return;
      case "end":
        w("ctx.ret(f, null); return;");
        return;
    }
  }

  /**
   * Makes `vars` the locals printed as variables and declares them (`let $l0, $l1 = L["p"];`):
   * `inputs` start from the frame's `L`, the others are assigned before they are read.
   */
  private declare(
    vars: ReadonlyMap<string, string> | undefined,
    inputs: ReadonlySet<string>,
    out: PrintedLine[],
    indent: string,
  ): void {
    this.ex.vars = vars ?? NO_VARS;
    if (vars === undefined || vars.size === 0) return;
    const decl = [...vars].map(([n, v]) => (inputs.has(n) ? `${jsIdentifier(v)} = L[${q(n)}]` : jsIdentifier(v)));
    out.push({ code: `${indent}let ${decl.join(", ")};` });
  }

  stepBody(blocks: readonly StepBlock[], mode: Mode): PrintedLine[] {
    const out: PrintedLine[] = [];
    const only = blocks[0];
    const jumps = blocks.some((b) =>
      b.stmts.some(function hasJump(s: IrStmt): boolean {
        return s.k === "jump" || (s.k === "if" && (s.then.some(hasJump) || s.else.some(hasJump)));
      }),
    );
    const vars = this.stepVars ? stepLocals(blocks) : new Map<number, ReadonlyMap<string, string>>();
    if (blocks.length === 1 && only && only.term.k === "end" && !jumps) {
      this.declare(vars.get(only.id), new Set(), out, "");
      for (const s of only.stmts) this.stmt(s, out, "", mode);
      this.ex.vars = NO_VARS;
      out.push({ code: "ctx.ret(f, null);" });
      return out;
    }
    out.push({ code: "for (;;) {" }, { code: "  switch (f.step) {" });
    for (const b of blocks) {
      out.push({ code: `    case ${jsInt(b.id)}: {` });
      this.declare(vars.get(b.id), new Set(), out, "      ");
      for (const s of b.stmts) this.stmt(s, out, "      ", mode);
      this.terminator(b.term, out, "      ", mode);
      this.ex.vars = NO_VARS;
      out.push({ code: "    }" });
    }
    out.push(
      { code: "    default:" },
      { code: "      throw new Error(`no step ${f.step}`);" },
      { code: "  }" },
      { code: "}" },
    );
    return out;
  }

  unit(u: CompiledUnit): void {
    const where: SourceAt = { file: u.file, line: u.line, col: u.col || 1 };
    const body: PrintedLine[] = [];
    switch (u.kind) {
      case "step":
        // A trigger's start is a clause of its own (it ran, whatever its body does).
        if (this.w.coverage && u.trigger)
          body.push({ code: this.probe({ step: true, result: null, h: u.id }, "trigger", where).trimEnd() });
        for (const line of this.stepBody(u.blocks, { step: true, result: null, h: u.id })) body.push(line);
        break;
      case "pure-expr":
        if (this.w.coverage && u.expr.ty.t === "bool") {
          // A condition (`when:`): both outcomes are clauses.
          const mode: Mode = { step: false, result: null, h: u.id };
          body.push({ code: `const $r = ${this.c(u.expr)};`, at: where });
          body.push({
            code: `if ($r) ${this.probe(mode, "when-true", where)}else ${this.probe(mode, "when-false", where)}`,
          });
          body.push({ code: "return $r;" });
        } else body.push({ code: `return ${this.c(u.expr)};`, at: where });
        break;
      case "pure-code": {
        const mode: Mode = { step: false, result: u.result, h: u.id };
        const { vars, inputs } = pureLocals(u.body, u.result);
        this.declare(vars, inputs, body, "");
        for (const s of u.body) this.stmt(s, body, "", mode);
        body.push({ code: `return ${u.result ? this.ex.local(u.result).s : "null"};` });
        this.ex.vars = NO_VARS;
        break;
      }
    }
    // No user text in the comment: the file is named by its index in $F (`game.sources` has the rest).
    this.w.line(`/** ${this.w.placeOf(where)} */`);
    this.w.line(`function ${jsIdentifier(u.fnName)}(ctx, f) {`, where);
    if (body.some((l) => l.code.includes("L["))) this.w.line("  const L = f.L;");
    for (const l of body) this.w.line(`  ${l.code}`, l.at);
    this.w.line("}");
  }
}

/** Unit ids of card triggers (compile.ts names them `card.<id>.on.<i>`). */

/** Generic helpers every generated module carries (no game words); the module imports nothing. */
const HELPERS = `function $is(a, b) {
  return a === b;
}
function $in(x, xs) {
  return xs.includes(x);
}
function $countWhere(xs, p) {
  let n = 0;
  for (let i = 0; i < xs.length; i++) if (p(xs[i])) n++;
  return n;
}
function $firstWhere(xs, p) {
  for (let i = 0; i < xs.length; i++) if (p(xs[i])) return xs[i];
  return null;
}
function $first(xs) {
  return xs[0] ?? null;
}
function $last(xs) {
  return xs[xs.length - 1] ?? null;
}
function $itemAt(xs, i) {
  return i >= 0 && i < xs.length ? (xs[i] ?? null) : null;
}
function $removeAt(xs, i) {
  return i >= 0 && i < xs.length ? xs.slice(0, i).concat(xs.slice(i + 1)) : xs.slice();
}
function $sum(xs) {
  let s = 0;
  for (const x of xs) s += x;
  return s;
}
function $div(a, b) {
  if (b === 0) throw new Error("division by zero");
  return Math.floor(a / b);
}
function $mod(a, b) {
  if (b === 0) throw new Error("division by zero");
  return a - b * Math.floor(a / b);
}
function $pick(ctx, xs) {
  return xs.length === 0 ? null : (xs[ctx.random(xs.length)] ?? null);
}
function $chooseExactly(ctx, f, into, player, from, n, prompt) {
  ctx.choose(f, into, player, from, n, n, false, prompt);
}
function $lastWinner(ctx) {
  const r = ctx.state.match.results;
  return r.length ? (r[r.length - 1] ?? null) : null;
}
function $lastLoser(ctx) {
  const w = $lastWinner(ctx);
  return w === null ? null : ctx.opponent(w);
}`;

/**
 * The rules functions that may draw from the RNG (or count positions with `seen`), directly or
 * through other functions: a search that stops early (`first(… where …)`) must not skip their draws.
 */
function drawingFunctions(units: readonly CompiledUnit[]): Set<string> {
  const byName = new Map(units.filter((u) => u.id.startsWith("fn.")).map((u) => [u.id.slice(3), u]));
  const calls = new Map<string, { draws: boolean; callees: Set<string> }>();
  for (const [name, u] of byName) {
    const info = { draws: false, callees: new Set<string>() };
    const seen = (e: IrExpr): void => {
      if (e.k === "builtin" && (e.fn === "random" || e.fn === "pick" || e.fn === "seen")) info.draws = true;
      if (e.k === "fn") info.callees.add(e.name);
    };
    if (u.kind === "pure-expr") walkExpr(u.expr, seen);
    else if (u.kind === "pure-code") for (const st of u.body) walkStmt(st, seen);
    calls.set(name, info);
  }
  const drawing = new Set([...calls].filter(([, i]) => i.draws).map(([n]) => n));
  for (let grew = true; grew; ) {
    grew = false;
    for (const [n, i] of calls) {
      if (!drawing.has(n) && [...i.callees].some((c) => drawing.has(c))) {
        drawing.add(n);
        grew = true;
      }
    }
  }
  return drawing;
}

/** The printer of a set of units (also used by tests to run units without a module). */
function printerFor(w: Writer, units: readonly CompiledUnit[], stepVars = true): ModulePrinter {
  return new ModulePrinter(w, new Map(units.map((u) => [u.id, u.fnName])), drawingFunctions(units), stepVars);
}

/**
 * The helpers and unit functions of `units` as a script body (no module syntax, no table): for
 * running units in-process, e.g. `new Function("ctx", …)`. Positions index `positions`.
 */
export function printFunctions(
  units: readonly CompiledUnit[],
  opts: { readonly stepVars?: boolean } = {},
): {
  readonly js: string;
  readonly positions: readonly { readonly h: string; readonly at: SourceAt }[];
} {
  const w = new Writer([]);
  // `stepVars: false` keeps every local of a step in the frame (a test reads them all from `L`).
  const p = printerFor(w, units, opts.stepVars !== false);
  for (const l of HELPERS.split("\n")) w.line(l);
  for (const u of units) p.unit(u);
  return { js: w.lines.join("\n") + "\n", positions: w.positions };
}

/** Builds the JavaScript text of a game module and its source map. */
export function generateModule(
  tables: ModuleTables,
  units: readonly CompiledUnit[],
  opts: GenerateOptions,
): GeneratedModule {
  const w = new Writer(opts.files, opts.coverage === true);
  const p = printerFor(w, units);
  w.line(opts.header);
  for (const l of HELPERS.split("\n")) w.line(l);
  // The game's file paths, first: the functions' comments refer to them by index.
  w.line("/** The YAML files of the game: `$F[i]` in a comment and in `$P` is file i. */");
  for (const l of `const $F = ${jsData(opts.files.map((f) => f.path))};`.split("\n")) w.line(l);
  for (const u of units) p.unit(u);
  const fileIdx = new Map(opts.files.map((f, i) => [f.path, i]));
  w.line("function $at(h, file, line, col) {");
  w.line("  return Object.freeze({ h, file: $F[file], line, col });");
  w.line("}");
  w.line("/** Where each traced statement is: `ctx.at` / `ctx.pureAt` index this table. */");
  w.line("const $P = [");
  for (const x of w.positions.slice()) {
    const file = fileIdx.get(x.at.file);
    w.line(`  $at(${q(x.h)}, ${file === undefined ? "-1" : jsInt(file)}, ${jsInt(x.at.line)}, ${jsInt(x.at.col)}),`);
  }
  w.line("];");
  if (w.coverage) {
    w.line(`export const coverage = new Uint8Array(${jsInt(w.clauses.length)});`);
    w.line("const $C = coverage;");
  }
  const entries = (kind: (u: CompiledUnit) => boolean) =>
    units.filter(kind).map((u) => `    ${jsKey(u.id)}: ${jsIdentifier(u.fnName)},`);
  const indented = (v: unknown) => jsData(v, "  ");
  w.line("export const game = {");
  w.line(`  id: ${q(tables.id)},`);
  w.line(`  name: ${q(tables.name)},`);
  for (const l of `  rules: ${indented(tables.rules)},`.split("\n")) w.line(l);
  for (const l of `  cards: ${indented(tables.cards)},`.split("\n")) w.line(l);
  w.line("  steps: {");
  for (const l of entries((u) => u.kind === "step")) w.line(l);
  w.line("  },");
  w.line("  pure: {");
  for (const l of entries((u) => u.kind !== "step")) w.line(l);
  w.line("  },");
  for (const l of `  sources: ${indented(tables.sources)},`.split("\n")) w.line(l);
  w.line("  positions: $P,");
  if (tables.computedReads !== undefined)
    for (const l of `  computedReads: ${indented(tables.computedReads)},`.split("\n")) w.line(l);
  w.line("};");
  w.line("export default game;");
  const map: SourceMapV3 = {
    version: 3,
    file: "game.js",
    ...(opts.sourceRoot !== undefined ? { sourceRoot: opts.sourceRoot } : {}),
    sources: opts.files.map((f) => f.path),
    sourcesContent: opts.files.map((f) => f.text),
    names: [],
    mappings: encodeMappings(w.mappings),
  };
  // The host's URL is pasted into a comment: it must be one run of visible ASCII (a data: URL in
  // base64 is), so that nothing in it can end the line.
  const url = opts.mapUrl ? opts.mapUrl(jsonText(map)) : "game.js.map";
  if (!/^[\x21-\x7e]+$/.test(url)) throw new Error("internal: a source map URL must be visible ASCII without spaces");
  w.line(`//# sourceMappingURL=${url}`);
  return { js: w.lines.join("\n") + "\n", map, statements: w.positions.length, clauses: w.clauses };
}

/** Whether values of a type may name cards (a card, an entity, or a list or option of them). */
function namesCards(ty: Type): boolean {
  if (ty.t === "card" || ty.t === "entity") return true;
  if (ty.t === "opt") return namesCards(ty.of);
  if (ty.t === "list") return namesCards(ty.of);
  return false;
}
