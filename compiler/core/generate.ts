/**
 * Code generation with ts-morph: one TypeScript module per game — the data tables and one function
 * per effect. User text reaches the output only through JSON.stringify (string literals) or
 * `comment()` (comments): card text can never inject code.
 */
import { Project, StructureKind, VariableDeclarationKind, type FunctionDeclarationStructure, type VariableStatementStructure } from "ts-morph";
import type { CompiledUnit, IrExpr, IrStmt, StepBlock, SuspendOp, Terminator } from "./ir.ts";
import type { Type } from "./types.ts";

/** A comment-safe rendering of user text. */
export function comment(text: string): string {
  return text.replace(/\*\//g, "*\\/").replace(/[\r\n\u2028\u2029]+/g, " ");
}

const q = (s: string) => JSON.stringify(s);

function tsType(ty: Type): string {
  switch (ty.t) {
    case "number":
      return "number";
    case "bool":
      return "boolean";
    case "text":
    case "enum":
    case "cardid":
      return "string";
    case "player":
    case "card":
    case "entity":
    case "game":
    case "event":
      return "number";
    case "list":
      return "readonly Value[]";
    default:
      return "Value";
  }
}

const entityLike = (ty: Type) => ["player", "card", "entity", "game", "event", "none", "unknown", "match"].includes(ty.t);

class Printer {
  constructor(private readonly fnNames: ReadonlyMap<string, string>) {}

  cast(code: string, ty: Type): string {
    const t = tsType(ty);
    return t === "Value" ? code : `(${code} as ${t})`;
  }

  textOf(e: IrExpr): string {
    switch (e.ty.t) {
      case "text":
        return this.ex(e);
      case "number":
      case "bool":
      case "enum":
      case "cardid":
        return `String(${this.ex(e)})`;
      default:
        return `ctx.name(${this.ex(e)})`;
    }
  }

  /** A list read at once (counted, filtered, searched, spread): a zone needs no copy. */
  private live(e: IrExpr): string {
    return e.k === "zone" ? `ctx.zoneView(${this.ex(e.owner)}, ${q(e.zone)})` : this.ex(e);
  }

  /** The elements of a list join `a + b + c` as one array literal: spreads, and literal items in place. */
  private joined(e: IrExpr, out: string[] = []): string[] {
    if (e.k === "bin" && e.op === "+" && e.ty.t === "list") {
      this.joined(e.l, out);
      this.joined(e.r, out);
    } else if (e.k === "list") {
      for (const i of e.items) out.push(this.ex(i));
    } else out.push(`...${this.live(e)}`);
    return out;
  }

  ex(e: IrExpr): string {
    switch (e.k) {
      case "lit":
        return typeof e.v === "string" ? q(e.v) : typeof e.v === "number" && e.v < 0 ? `(${e.v})` : String(e.v);
      case "list":
        return `[${e.items.map((i) => this.ex(i)).join(", ")}]`;
      case "text": {
        if (e.parts.length === 0) return '""';
        const parts = e.parts.map((p) => (typeof p === "string" ? q(p) : this.textOf(p)));
        // Built texts go through ctx.text, which enforces the language's text length limit.
        return parts.length === 1 && typeof e.parts[0] === "string" ? (parts[0] as string) : `ctx.text(${parts.join(" + ")})`;
      }
      case "local":
        return this.cast(`L[${q(e.name)}]`, e.ty);
      case "it":
        return this.cast(`$it${e.depth}`, e.ty);
      case "me":
        return "f.me";
      case "self":
        return "(f.self as number)";
      case "event":
        return "(f.ev as number)";
      case "game":
        return "0";
      case "opponent":
        return `ctx.opponent(${this.ex(e.of)})`;
      case "prop": {
        const o = this.ex(e.obj);
        switch (e.name) {
          case "owner":
            return `ctx.owner(${o})`;
          case "kind":
            return `ctx.kind(${o})`;
          case "card":
            return `ctx.cardOf(${o})`;
          case "name":
            return `ctx.name(${o})`;
        }
        if (e.fixed === true) return this.cast(`ctx.fieldOf(${o}, ${q(e.name)})`, e.ty);
        return this.cast(`ctx.get(${o}, ${q(e.name)})`, e.ty);
      }
      case "zone":
        return `ctx.zone(${this.ex(e.owner)}, ${q(e.zone)})`;
      case "field":
        return this.cast(`ctx.field(${this.ex(e.ev)}, ${q(e.name)})`, e.ty);
      case "match":
        return e.name === "number" ? "ctx.state.match.number" : e.name === "lastWinner" ? "$lastWinner(ctx)" : "$lastLoser(ctx)";
      case "builtin":
        return this.builtin(e);
      case "fn": {
        const args = e.args.map(([n, v]) => `${q(n)}: ${this.ex(v)}`).join(", ");
        return this.cast(`${this.fnNames.get(`fn.${e.name}`) ?? "undefined_fn"}(ctx, { me: f.me, self: f.self, ev: f.ev, L: { ${args} } })`, e.ty);
      }
      case "bin":
        return this.bin(e);
      case "not":
        return `!${this.ex(e.e)}`;
      case "neg":
        return `-${this.ex(e.e)}`;
      case "where":
        return `${this.live(e.list)}.filter(($it${e.depth}) => ${this.ex(e.cond)})`;
      case "index":
        return this.cast(`${this.ex(e.list)}[${this.ex(e.index)}]`, e.ty);
    }
  }

  private builtin(e: Extract<IrExpr, { k: "builtin" }>): string {
    // Builtins read their list argument at once: zones are passed without a copy.
    const a = e.args.map((x, i) => (i === 0 && ["count", "sum", "first", "last", "take", "pick"].includes(e.fn) ? this.live(x) : this.ex(x)));
    // count / first / last of a `where` filter: one pass, no intermediate list.
    const arg = e.args[0];
    if (arg !== undefined && arg.k === "where" && (e.fn === "count" || e.fn === "first")) {
      const pred = `($it${arg.depth}) => ${this.ex(arg.cond)}`;
      if (e.fn === "count") return `$countWhere(${this.live(arg.list)}, ${pred})`;
      return this.cast(`$firstWhere(${this.live(arg.list)}, ${pred})`, e.ty);
    }
    switch (e.fn) {
      case "count":
        return `${a[0]}.length`;
      case "sum":
        return `$sum(${a[0]})`;
      case "min":
        return `Math.min(${a[0]}, ${a[1]})`;
      case "max":
        return `Math.max(${a[0]}, ${a[1]})`;
      case "abs":
        return `Math.abs(${a[0]})`;
      case "first":
        return this.cast(`(${a[0]}[0] ?? null)`, e.ty);
      case "last":
        return this.cast(`(${a[0]}[${a[0]}.length - 1] ?? null)`, e.ty);
      case "random":
        return `ctx.random(${a[0]})`;
      case "pick":
        return this.cast(`$pick(ctx, ${a[0]})`, e.ty);
      case "name":
        return `ctx.name(${a[0]})`;
      case "has":
        return `ctx.has(${a[0]}, ${a[1]})`;
      case "responds":
        return `ctx.responds(${a[0]}, ${a[1]})`;
      case "seen":
        return `ctx.seen([${a.join(", ")}])`;
      case "take":
        return `${a[0]}.slice(0, Math.max(0, ${a[1]}))`;
      case "card":
        return `ctx.cardOf(${a[0]})`;
      case "catalog":
        return "ctx.catalog()";
      case "players":
        return "ctx.players()";
      case "other":
        return `ctx.opponent(${a[0]})`;
    }
  }

  private bin(e: Extract<IrExpr, { k: "bin" }>): string {
    const l = this.ex(e.l);
    const r = this.ex(e.r);
    switch (e.op) {
      case "==":
      case "!=": {
        const neg = e.op === "!=" ? "!" : "";
        if (e.l.ty.t === "list" || e.r.ty.t === "list") return `${neg}$eq(${l}, ${r})`;
        if (entityLike(e.l.ty) || entityLike(e.r.ty)) return `${neg}$is(${l}, ${r})`;
        return `(${l} ${e.op}= ${r})`;
      }
      case "in":
        return `${this.live(e.r)}.includes(${l})`;
      case "and":
        return `(${l} && ${r})`;
      case "or":
        return `(${l} || ${r})`;
      case "+":
        // Joins go through ctx.text / ctx.list, which enforce the language's length limits.
        if (e.ty.t === "text") return `ctx.text(${this.textOf(e.l)} + ${this.textOf(e.r)})`;
        if (e.ty.t === "list") return `ctx.list([${this.joined(e).join(", ")}])`;
        return `(${l} + ${r})`;
      case "/":
        return `$div(${l}, ${r})`;
      case "%":
        return `$mod(${l}, ${r})`;
      default:
        return `(${l} ${e.op} ${r})`;
    }
  }

  /** Structured statements. `mode`: step functions end with ctx.ret; pure code returns the result local. */
  stmt(s: IrStmt, out: string[], indent: string, mode: { step: boolean; result: string | null }): void {
    const w = (line: string) => out.push(indent + line);
    const update = (read: string, op: string, v: string) => (op === "=" ? v : `${read} ${op === "+=" ? "+" : "-"} ${v}`);
    switch (s.k) {
      case "setLocal":
        w(`L[${q(s.name)}] = ${update(`(L[${q(s.name)}] as number)`, s.op, this.ex(s.value))};`);
        return;
      case "setProp":
        if (s.op === "=") w(`ctx.set(${this.ex(s.obj)}, ${q(s.name)}, ${this.ex(s.value)});`);
        else w(`{ const $o = ${this.ex(s.obj)}; ctx.set($o, ${q(s.name)}, ${update(`(ctx.get($o, ${q(s.name)}) as number)`, s.op, this.ex(s.value))}); }`);
        return;
      case "setField":
        if (s.op === "=") w(`ctx.setField(${this.ex(s.ev)}, ${q(s.name)}, ${this.ex(s.value)});`);
        else w(`{ const $e = ${this.ex(s.ev)}; ctx.setField($e, ${q(s.name)}, ${update(`(ctx.field($e, ${q(s.name)}) as number)`, s.op, this.ex(s.value))}); }`);
        return;
      case "move":
        w(`ctx.move(${this.ex(s.what)} as number | readonly number[], ${this.ex(s.owner)}, ${q(s.zone)}, ${q(s.position)});`);
        return;
      case "remove":
        w(`ctx.remove(${this.ex(s.what)} as number | readonly number[]);`);
        return;
      case "shuffle":
        w(`ctx.shuffle(${this.ex(s.owner)}, ${q(s.zone)});`);
        return;
      case "create":
        w(`${s.into === null ? "" : `L[${q(s.into)}] = `}ctx.create(${this.ex(s.card)}, ${this.ex(s.owner)}, ${q(s.zone)});`);
        return;
      case "modify":
        w(`ctx.modify(${this.ex(s.obj)}, ${q(s.name)}, ${q(s.op)}, ${this.ex(s.value)}, ${q(s.until)});`);
        return;
      case "log":
        w(`ctx.log(${this.ex(s.text)});`);
        return;
      case "use":
        w("ctx.use(f);");
        return;
      case "if": {
        w(`if (${this.ex(s.cond)}) {`);
        for (const t of s.then) this.stmt(t, out, indent + "  ", mode);
        if (s.else.length) {
          w("} else {");
          for (const t of s.else) this.stmt(t, out, indent + "  ", mode);
        }
        w("}");
        return;
      }
      case "for":
        w(`for (const $v${s.id} of ${this.ex(s.list)}) {`);
        w(`  L[${q(s.name)}] = $v${s.id};`);
        for (const t of s.body) this.stmt(t, out, indent + "  ", mode);
        w("}");
        return;
      case "while":
        w(`while (${this.ex(s.cond)}) {`);
        w("  ctx.tick();");
        for (const t of s.body) this.stmt(t, out, indent + "  ", mode);
        w("}");
        return;
      case "break":
        w("break;");
        return;
      case "return":
        if (mode.step) w(`ctx.ret(f, ${s.value ? this.ex(s.value) : "null"}); return;`);
        else w(`return ${s.value ? this.ex(s.value) : mode.result ? `L[${q(mode.result)}] as Value` : "null"};`);
        return;
      case "win":
        w(`ctx.win(f, ${this.ex(s.player)}); return;`);
        return;
      case "draw":
        w("ctx.draw(f); return;");
        return;
      case "jump":
        w(`f.step = ${s.to}; continue;`);
        return;
      case "suspend":
        throw new Error("internal: a suspension was left in structured code");
    }
  }

  suspendCall(op: SuspendOp, into: string | null): string {
    const i = into === null ? "null" : q(into);
    switch (op.op) {
      case "choose": {
        const n = op.n ? this.ex(op.n) : "1";
        const [min, max] = op.mode === "one" ? ["1", "1"] : op.mode === "exactly" ? [n, n] : ["0", n];
        return `ctx.choose(f, ${i}, ${this.ex(op.player)}, ${this.ex(op.from)}, ${min}, ${max}, ${op.mode === "one"}, ${op.prompt ? this.ex(op.prompt) : '""'});`;
      }
      case "may":
        return `ctx.may(f, ${i}, ${this.ex(op.player)}, ${this.ex(op.prompt)});`;
      case "act":
        return `ctx.act(f, ${i}, ${q(op.window)}, ${this.ex(op.player)}, ${op.ev ? this.ex(op.ev) : "null"});`;
      case "emit":
        return `ctx.emit(f, ${i}, ${q(op.event)}, { ${op.fields.map(([n, v]) => `${q(n)}: ${this.ex(v)}`).join(", ")} });`;
      case "call":
        return `ctx.call(f, ${i}, ${q(op.proc)}, { ${op.args.map(([n, v]) => `${q(n)}: ${this.ex(v)}`).join(", ")} });`;
      case "run":
        return `ctx.run(f, ${this.ex(op.card)}, ${q(op.effect)}, ${op.ev ? this.ex(op.ev) : "null"});`;
    }
  }

  terminator(t: Terminator, out: string[], indent: string): void {
    const w = (line: string) => out.push(indent + line);
    switch (t.k) {
      case "goto":
        w(`f.step = ${t.to}; continue;`);
        return;
      case "branch":
        w(`f.step = ${this.ex(t.cond)} ? ${t.then} : ${t.else}; continue;`);
        return;
      case "suspend":
        w(`f.step = ${t.next};`);
        w(this.suspendCall(t.op, t.into));
        w("return;");
        return;
      case "end":
        w("ctx.ret(f, null); return;");
        return;
    }
  }

  stepBody(blocks: readonly StepBlock[]): string {
    const out: string[] = [];
    const mode = { step: true, result: null };
    const only = blocks[0];
    const jumps = blocks.some((b) => b.stmts.some(function hasJump(s: IrStmt): boolean {
      return s.k === "jump" || (s.k === "if" && (s.then.some(hasJump) || s.else.some(hasJump)));
    }));
    if (blocks.length === 1 && only && only.term.k === "end" && !jumps) {
      for (const s of only.stmts) this.stmt(s, out, "", mode);
      out.push("ctx.ret(f, null);");
      return withLocals(out);
    }
    out.push("for (;;) {", "  switch (f.step) {");
    for (const b of blocks) {
      out.push(`    case ${b.id}: {`);
      for (const s of b.stmts) this.stmt(s, out, "      ", mode);
      this.terminator(b.term, out, "      ");
      out.push("    }");
    }
    out.push("    default:", "      throw new Error(`no step ${f.step}`);", "  }", "}");
    return withLocals(out);
  }
}

function withLocals(lines: readonly string[]): string {
  const body = lines.join("\n");
  return body.includes("L[") ? `const L = f.L;\n${body}` : body;
}

/** Generic helpers every generated module carries (no game words): the module imports only types. */
const HELPERS = `
function $is(a: Value, b: Value): boolean {
  return a === b;
}
function $eq(a: Value, b: Value): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
function $countWhere(xs: readonly Value[], p: (x: Value) => boolean): number {
  let n = 0;
  for (let i = 0; i < xs.length; i++) if (p(xs[i] as Value)) n++;
  return n;
}
function $firstWhere(xs: readonly Value[], p: (x: Value) => boolean): Value {
  for (let i = 0; i < xs.length; i++) if (p(xs[i] as Value)) return xs[i] as Value;
  return null;
}
function $sum(xs: readonly Value[]): number {
  let s = 0;
  for (const x of xs) s += x as number;
  return s;
}
function $div(a: number, b: number): number {
  if (b === 0) throw new Error("division by zero");
  return Math.floor(a / b);
}
function $mod(a: number, b: number): number {
  if (b === 0) throw new Error("division by zero");
  return a - b * Math.floor(a / b);
}
function $pick(ctx: Ctx, xs: readonly Value[]): Value {
  return xs.length === 0 ? null : (xs[ctx.random(xs.length)] ?? null);
}
function $lastWinner(ctx: Ctx): number | null {
  const r = ctx.state.match.results;
  return r.length ? (r[r.length - 1] ?? null) : null;
}
function $lastLoser(ctx: Ctx): number | null {
  const w = $lastWinner(ctx);
  return w === null ? null : ctx.opponent(w);
}`;

export interface ModuleTables {
  readonly id: string;
  readonly name: string;
  readonly rules: unknown;
  readonly cards: unknown;
  readonly sources: Record<string, { file: string; line: number; what: string }>;
}

function functionFor(p: Printer, u: CompiledUnit): FunctionDeclarationStructure {
  const doc = comment(`${u.what} — ${u.file}:${u.line}`);
  const base = { kind: StructureKind.Function as const, name: u.fnName, docs: [doc] };
  if (u.kind === "step") {
    return { ...base, parameters: [{ name: "ctx", type: "Ctx" }, { name: "f", type: "Frame" }], returnType: "void", statements: p.stepBody(u.blocks ?? []) };
  }
  if (u.kind === "pure-expr") {
    const ret = u.expr ? `return ${p.ex(u.expr)};` : "return null;";
    return { ...base, parameters: [{ name: "ctx", type: "Ctx" }, { name: "f", type: "Scope" }], returnType: "Value", statements: withLocals([ret]) };
  }
  const out: string[] = [];
  for (const s of u.body ?? []) p.stmt(s, out, "", { step: false, result: u.result ?? null });
  out.push(`return ${u.result ? `L[${q(u.result)}] as Value` : "null"};`);
  return { ...base, parameters: [{ name: "ctx", type: "Ctx" }, { name: "f", type: "Scope" }], returnType: "Value", statements: withLocals(out) };
}

/** Builds the TypeScript text of a game module. `runtimeTypes` is the import path of runtime/types.ts. */
export function generateModule(tables: ModuleTables, units: readonly CompiledUnit[], runtimeTypes: string, header: string): string {
  const p = new Printer(new Map(units.map((u) => [u.id, u.fnName])));
  const project = new Project({ useInMemoryFileSystem: true, skipLoadingLibFiles: true });
  const stepEntries = units.filter((u) => u.kind === "step").map((u) => `  ${q(u.id)}: ${u.fnName},`);
  const pureEntries = units.filter((u) => u.kind !== "step").map((u) => `  ${q(u.id)}: ${u.fnName},`);
  const table: VariableStatementStructure = {
    kind: StructureKind.VariableStatement,
    declarationKind: VariableDeclarationKind.Const,
    isExported: true,
    declarations: [
      {
        name: "game",
        type: "GameModule",
        initializer: (w) => {
          w.write("{").newLine();
          w.indent(() => {
            w.writeLine(`id: ${q(tables.id)},`);
            w.writeLine(`name: ${q(tables.name)},`);
            w.writeLine(`rules: ${JSON.stringify(tables.rules, null, 2)},`);
            w.writeLine(`cards: ${JSON.stringify(tables.cards, null, 2)},`);
            w.writeLine(`steps: {\n${stepEntries.join("\n")}\n},`);
            w.writeLine(`pure: {\n${pureEntries.join("\n")}\n},`);
            w.writeLine(`sources: ${JSON.stringify(tables.sources, null, 2)},`);
          });
          w.write("}");
        },
      },
    ],
  };
  // One structure, printed once: ts-morph re-parses the file after every manipulation.
  const sf = project.createSourceFile(
    "game.ts",
    { statements: [header, `import type { Ctx, Frame, GameModule, Scope, Value } from ${q(runtimeTypes)};`, HELPERS, ...units.map((u) => functionFor(p, u)), table, "export default game;"] },
    { overwrite: true },
  );
  return sf.getFullText();
}
