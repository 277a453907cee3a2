/**
 * The pipeline for one game: load (yaml) → validate (ajv) → parse (chevrotain) → check → lower →
 * generate (plain JavaScript). Every stage reports into one list of diagnostics.
 */
import { parseBinding, parseEffect, parseExpression } from "../../grammar/index.ts";
import type * as A from "../../grammar/ast.ts";
import { RULES_SCHEMA } from "../../grammar/rules-schema.ts";
import { kindKeySchema, kindSchema } from "./card-schema.ts";
import { Checker, type UnitContext } from "./check.ts";
import { hasErrors, sortDiagnostics, type Diagnostic } from "./diagnostics.ts";
import type { CompiledUnit, IrExpr, IrStmt, UnitKind } from "./ir.ts";
import { lower } from "./lower.ts";
import { validateWithSchema } from "./schema-validate.ts";
import { SourceFile, type TextSource, type YamlPath } from "./source.ts";
import { assignable, T, typeToString, type Type } from "./types.ts";
import { buildVocabulary, type Vocabulary } from "./vocabulary.ts";

export interface InputFile {
  /** Path as shown in diagnostics (relative to the working directory). */
  readonly path: string;
  readonly text: string;
}

export interface GameInput {
  readonly rules: InputFile;
  readonly cards: readonly InputFile[];
}

export interface CardInfo {
  readonly id: string;
  readonly kind: string;
  readonly file: string;
  readonly value: Record<string, unknown>;
}

export interface CheckedGame {
  readonly diagnostics: Diagnostic[];
  readonly vocabulary: Vocabulary | null;
  readonly units: CompiledUnit[];
  readonly cards: CardInfo[];
  readonly rulesValue: Record<string, unknown> | null;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});

/** Function names for unit ids: readable and unique. */
class NameTable {
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
class UnitBuilder {
  constructor(
    private readonly voc: Vocabulary,
    private readonly diags: Diagnostic[],
    private readonly units: CompiledUnit[],
    private readonly names: NameTable,
  ) {}

  private source(src: SourceFile, path: YamlPath): TextSource | undefined {
    const t = src.textAt(path);
    if (!t) {
      const n = src.node(path) as { toJSON?: () => unknown } | undefined;
      if (n) this.diags.push({ file: src.file, range: src.rangeAt(path), severity: "error", code: "schema/type", message: `'${path.join(".")}' must be text (effect code)` });
    }
    return t;
  }

  private syntax(src: SourceFile, t: TextSource, errors: readonly A.SyntaxIssue[]): boolean {
    for (const e of errors) {
      const d: Diagnostic = { file: src.file, range: t.range(e.span.start, e.span.end), severity: "error", code: e.code, message: e.message, ...(e.hint ? { hint: e.hint } : {}) };
      this.diags.push(d);
    }
    return errors.length === 0;
  }

  private push(id: string, kind: UnitKind, src: SourceFile, path: YamlPath, what: string, rest: Partial<CompiledUnit>): void {
    const t = src.textAt(path);
    const at = t ? t.position(0) : src.rangeAt(path).start;
    this.units.push({ id, fnName: this.names.name(id), kind, file: src.file, line: at.line, col: at.col, what, ...rest });
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
    this.diags.push(...c.diags);
    if (ok) this.push(id, "step", src, path, what, { blocks: lower(body) });
  }

  /** A step unit that does nothing (an action without `do`, e.g. `pass`). */
  emptyStep(id: string, src: SourceFile, path: YamlPath, what: string): void {
    this.push(id, "step", src, path, what, { blocks: lower([]) });
  }

  /** A pure expression of an expected type; returns its type. */
  expr(id: string, src: SourceFile, path: YamlPath, what: string, ctx: UnitContext, expected: Type | null): Type | undefined {
    const t = this.source(src, path);
    if (!t) return undefined;
    const parsed = parseExpression(t.text);
    if (!this.syntax(src, t, parsed.errors)) return undefined;
    const c = new Checker(this.voc, src.file, t, ctx);
    const e = c.expr(parsed.ast);
    this.diags.push(...c.diags);
    if (expected && !assignable(e.ty, expected)) {
      this.diags.push({ file: src.file, range: t.range(0, t.text.length), severity: "error", code: "check/type", message: `this must be ${typeToString(expected)}, not ${typeToString(e.ty)}` });
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
    this.diags.push(...c.diags);
    if (ok) this.push(id, "pure-code", src, path, what, result === null ? { body } : { body, result });
  }

  /** `c in me.hand where …`: the parameter's name and type. */
  binding(id: string, src: SourceFile, path: YamlPath, what: string, ctx: UnitContext): { name: string; type: Type } | undefined {
    const t = this.source(src, path);
    if (!t) return undefined;
    const parsed = parseBinding(t.text);
    if (!this.syntax(src, t, parsed.errors) || !parsed.ast) return undefined;
    const b = parsed.ast;
    const c = new Checker(this.voc, src.file, t, ctx);
    const list: IrExpr = c.bindingList(b.list, b.variable.name);
    this.diags.push(...c.diags);
    const type = list.ty.t === "list" ? list.ty.of : T.unknown;
    if (list.ty.t !== "list" && list.ty.t !== "unknown") this.diags.push({ file: src.file, range: t.range(b.list.span.start, b.list.span.end), severity: "error", code: "check/type", message: `'for' needs a list after 'in' (found ${typeToString(list.ty)})` });
    this.push(id, "pure-expr", src, path, what, { expr: list });
    return { name: b.variable.name, type };
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
    const shifted: TextSource = { text: quoted, position: (i) => t.position(at(i)), range: (s, e) => t.range(at(s), at(e)) };
    if (!this.syntax(src, shifted, parsed.errors)) return;
    const c = new Checker(this.voc, src.file, shifted, ctx);
    const e = c.expr(parsed.ast);
    this.diags.push(...c.diags);
    this.push(id, "pure-expr", src, path, what, { expr: e });
  }
}

const RULES_CTX: UnitContext = { self: false, event: null, params: [], pure: false, trigger: false, returns: null };

/** Loads, validates and checks a whole game. Generation needs a result without errors. */
export function checkGame(input: GameInput): CheckedGame {
  const diags: Diagnostic[] = [];
  const units: CompiledUnit[] = [];
  const names = new NameTable();
  const rules = new SourceFile(input.rules.path, input.rules.text);
  diags.push(...rules.diagnostics);
  if (!rules.ok) return { diagnostics: sortDiagnostics(diags), vocabulary: null, units, cards: [], rulesValue: null };
  const rulesValue = obj(rules.value());
  const schemaDiags = validateWithSchema(rules, rulesValue, RULES_SCHEMA);
  diags.push(...schemaDiags);
  if (schemaDiags.length) return { diagnostics: sortDiagnostics(diags), vocabulary: null, units, cards: [], rulesValue: null };
  const voc = buildVocabulary(rules, rulesValue, diags);

  // Cards: schema first (ids feed the vocabulary), code after.
  const cards: { src: SourceFile; info: CardInfo }[] = [];
  const byId = new Map<string, string>();
  for (const f of input.cards) {
    const src = new SourceFile(f.path, f.text);
    diags.push(...src.diagnostics);
    if (!src.ok) continue;
    const value = obj(src.value());
    const info = validateCard(voc, src, value, diags);
    if (!info) continue;
    const prev = byId.get(info.id);
    if (prev) {
      diags.push({ file: src.file, range: src.rangeAt(["id"]), severity: "error", code: "check/duplicate-card", message: `card id '${info.id}' is already used by ${prev}` });
      continue;
    }
    byId.set(info.id, src.file);
    voc.cards.add(info.id);
    cards.push({ src, info });
  }
  for (const id of voc.cards) {
    if (voc.enumOfValue.has(id) || voc.keywords.has(id)) {
      const c = cards.find((x) => x.info.id === id);
      if (c) diags.push({ file: c.src.file, range: c.src.rangeAt(["id"]), severity: "error", code: "check/duplicate-name", message: `card id '${id}' is also an enum value or keyword of the rules` });
    }
  }

  const b = new UnitBuilder(voc, diags, units, names);
  buildRulesUnits(voc, rules, rulesValue, b);
  for (const c of cards) buildCardUnits(voc, c.src, c.info, b, diags);
  return { diagnostics: sortDiagnostics(diags), vocabulary: voc, units, cards: cards.map((c) => c.info), rulesValue };
}

function validateCard(voc: Vocabulary, src: SourceFile, value: Obj, diags: Diagnostic[]): CardInfo | undefined {
  const kindDiags = validateWithSchema(src, value, kindKeySchema(voc));
  if (kindDiags.length) {
    diags.push(...kindDiags);
    return undefined;
  }
  const kind = String(value["kind"]);
  const d = validateWithSchema(src, value, kindSchema(voc, kind));
  diags.push(...d);
  if (d.length) return undefined;
  const id = String(value["id"]);
  const base = src.file.replace(/\\/g, "/").split("/").pop()?.replace(/\.ya?ml$/, "");
  if (base && base !== id) diags.push({ file: src.file, range: src.rangeAt(["id"]), severity: "warning", code: "check/file-name", message: `card '${id}' is in a file named '${base}'`, hint: `rename the file to ${id}.yaml` });
  return { id, kind, file: src.file, value };
}

function buildRulesUnits(voc: Vocabulary, src: SourceFile, r: Obj, b: UnitBuilder): void {
  const first = obj(r["trigger-order"])["first"];
  if (typeof first === "string") b.expr("order.first", src, ["trigger-order", "first"], "trigger order: whose listeners go first", RULES_CTX, T.player);
  if (typeof obj(r["trigger-order"])["rank"] === "string") {
    b.expr("order.rank", src, ["trigger-order", "rank"], "trigger order: rank of a listener", { ...RULES_CTX, pure: true, params: [{ name: "it", type: T.card, writable: false }] }, T.number);
  }
  for (const [name, d] of Object.entries(obj(r["functions"]))) {
    const f = voc.functions.get(name);
    if (!f) continue;
    if (typeof obj(d)["do"] === "string") b.pureCode(`fn.${name}`, src, ["functions", name, "do"], `function ${name}`, { ...RULES_CTX, params: f.params, pure: true, returns: f.returns }, null);
    else b.expr(`fn.${name}`, src, ["functions", name, "is"], `function ${name}`, { ...RULES_CTX, params: f.params, pure: true }, f.returns);
  }
  for (const name of Object.keys(obj(r["procedures"]))) {
    const p = voc.procedures.get(name);
    if (!p) continue;
    b.step(`proc.${name}`, src, ["procedures", name, "do"], `procedure ${name}`, { ...RULES_CTX, params: p.params, returns: p.returns });
  }
  for (const [name, d] of Object.entries(obj(r["actions"]))) {
    const a = obj(d);
    const base: UnitContext = { ...RULES_CTX, event: T.event(null) };
    let params: { name: string; type: Type }[] = [];
    if (typeof a["for"] === "string") {
      const bound = b.binding(`action.${name}.for`, src, ["actions", name, "for"], `action ${name}: candidates`, { ...base, pure: true });
      if (!bound) continue;
      params = [bound];
    }
    if (typeof a["when"] === "string") b.expr(`action.${name}.when`, src, ["actions", name, "when"], `action ${name}: legality`, { ...base, params, pure: true }, T.bool);
    if (typeof a["label"] === "string") b.label(`action.${name}.label`, src, ["actions", name, "label"], `action ${name}: label`, { ...base, params, pure: true });
    if (a["do"] === undefined) b.emptyStep(`action.${name}`, src, ["actions", name], `action ${name}`);
    else b.step(`action.${name}`, src, ["actions", name, "do"], `action ${name}`, { ...base, params });
  }
  if (typeof r["deck-errors"] === "string") {
    // Pure code: `errors = errors + ["…"]` for each broken deck rule; `me` is the deck's player.
    b.pureCode("deck.errors", src, ["deck-errors"], "deck rules: the problems of a deck", { ...RULES_CTX, pure: true, params: [{ name: "errors", type: T.list(T.text), writable: true }] }, "errors");
  }
  for (const [kind, k] of Object.entries(obj(r["kinds"]))) {
    if (typeof obj(k)["display"] === "string") b.label(`kind.${kind}.display`, src, ["kinds", kind, "display"], `kind ${kind}: display`, { ...RULES_CTX, pure: true, params: [{ name: "it", type: T.card, writable: false }] });
  }
  const flow = obj(r["flow"]);
  b.step("flow.game", src, ["flow", "game"], "flow: each game", RULES_CTX);
  if (typeof flow["scenario"] === "string") b.step("flow.scenario", src, ["flow", "scenario"], "flow: scenario start", RULES_CTX);
}

function buildCardUnits(voc: Vocabulary, src: SourceFile, card: CardInfo, b: UnitBuilder, diags: Diagnostic[]): void {
  const v = card.value;
  const cardName = displayName(v["name"]) ?? card.id;
  const base: UnitContext = { self: true, event: null, params: [], pure: false, trigger: false, returns: null };
  const kind = voc.kinds.get(card.kind);
  for (const f of kind?.fields.values() ?? []) {
    if (f.type === "effect" && typeof v[f.name] === "string") {
      b.step(`card.${card.id}.${f.name}`, src, [f.name], `${cardName}: ${f.name}`, { ...base, event: T.event(null) });
    }
    if (f.type === "response" && v[f.name]) {
      const resp = obj(v[f.name]);
      const ev = String(resp["to"]);
      const evTy = T.event(ev);
      if (typeof resp["when"] === "string") b.expr(`card.${card.id}.${f.name}.when`, src, [f.name, "when"], `${cardName}: ${f.name} condition`, { ...base, event: evTy, pure: true }, T.bool);
      b.step(`card.${card.id}.${f.name}`, src, [f.name, "do"], `${cardName}: ${f.name}`, { ...base, event: evTy });
    }
  }
  ((v["on"] as unknown[] | undefined) ?? []).forEach((t, i) => {
    const trig = obj(t);
    const event = String(trig["event"]);
    const decl = voc.events.get(event);
    if (trig["stage"] !== undefined && decl && !decl.stages.includes(String(trig["stage"]))) {
      diags.push({ file: src.file, range: src.rangeAt(["on", i, "stage"]), severity: "error", code: "check/unknown-stage", message: `event '${event}' has no stage '${String(trig["stage"])}'`, hint: decl.stages.length ? `its stages: ${decl.stages.join(", ")}` : `'${event}' declares no stages` });
    }
    const ctx: UnitContext = { ...base, event: T.event(event), trigger: true };
    if (typeof trig["when"] === "string") b.expr(`card.${card.id}.on.${i}.when`, src, ["on", i, "when"], `${cardName}: trigger ${i + 1} condition`, { ...ctx, pure: true }, T.bool);
    b.step(`card.${card.id}.on.${i}`, src, ["on", i, "do"], `${cardName}: trigger ${i + 1} (on ${event})`, ctx);
  });
  ((v["modifiers"] as unknown[] | undefined) ?? []).forEach((m, i) => {
    const mod = obj(m);
    const prop = String(mod["compute"]);
    const owner = voc.props.card.get(prop) ? T.card : voc.props.player.get(prop) ? T.player : T.game;
    const decl = voc.props.card.get(prop) ?? voc.props.player.get(prop) ?? voc.props.game.get(prop);
    const params = [
      { name: "subject", type: owner, writable: false },
      { name: "value", type: decl?.type ?? T.unknown, writable: true },
    ];
    const ctx: UnitContext = { ...base, params, pure: true };
    if (typeof mod["when"] === "string") b.expr(`card.${card.id}.modifiers.${i}.when`, src, ["modifiers", i, "when"], `${cardName}: modifier ${i + 1} condition`, ctx, T.bool);
    b.pureCode(`card.${card.id}.modifiers.${i}`, src, ["modifiers", i, "do"], `${cardName}: modifier ${i + 1} (${prop})`, ctx, "value");
  });
}

export function displayName(v: unknown): string | undefined {
  if (typeof v === "string") return v;
  const o = obj(v);
  return typeof o["en"] === "string" ? o["en"] : undefined;
}

export { hasErrors };

/**
 * Checks one card file against an already-built vocabulary (the editor's and the bench's warm
 * path): schema, names, types. The vocabulary's card ids must include the other cards.
 */
export function checkCardFile(voc: Vocabulary, file: InputFile): Diagnostic[] {
  const diags: Diagnostic[] = [];
  const src = new SourceFile(file.path, file.text);
  diags.push(...src.diagnostics);
  if (!src.ok) return diags;
  const info = validateCard(voc, src, obj(src.value()), diags);
  if (!info) return sortDiagnostics(diags);
  const added = !voc.cards.has(info.id);
  if (added) voc.cards.add(info.id);
  try {
    buildCardUnits(voc, src, info, new UnitBuilder(voc, diags, [], new NameTable()), diags);
  } finally {
    if (added) voc.cards.delete(info.id);
  }
  return sortDiagnostics(diags);
}
