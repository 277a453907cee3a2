/**
 * Checking one file at a time: the rules file (→ the vocabulary, the rules' code units and tables)
 * and card files (head: YAML + schema → id and kind; body: code units, references, the card's
 * table row). The Workspace (workspace/workspace.ts) puts them together into the checked model;
 * `checkGame` there checks a whole game at once.
 */
import { parseBinding, parseEffect, parseExpression } from "../../../grammar/index.ts";
import type * as A from "../../../grammar/ast.ts";
import { RULES_SCHEMA } from "../../../grammar/rules-schema.ts";
import { kindKeySchema, kindSchema } from "./card-schema.ts";
import { Checker, type UnitContext } from "../semantic/checker.ts";
import type { Diagnostic, DiagnosticCode } from "../text/diagnostics.ts";
import { isDiagnosticCode } from "../text/diagnostic-codes.ts";
import type { CompiledUnit, IrExpr, IrStmt, UnitKind } from "../semantic/ir.ts";
import { lower } from "../semantic/lower.ts";
import { plainLabels } from "../semantic/plain-labels.ts";
import type { CardModel, CheckedModel, RulesModel } from "../workspace/model.ts";
import type { Declaration, Reference } from "../semantic/symbols.ts";
import type { Span } from "../text/positions.ts";
import { rulesDeclarations, withCommentDocs } from "../semantic/declarations.ts";
import { cardData, displayName, rulesData } from "./tables.ts";
import { closest } from "../text/suggest.ts";
import { NameTable, UnitBuilder } from "./unit-builder.ts";
import { inFileOrder, uncheckedCardCode, type CodeRegion } from "./code-table.ts";
import { cardVersionEntries, versionDeclarations } from "./versions.ts";
import { cardOfficial } from "./official-text.ts";
import type { CardVersion } from "../../../runtime/types.ts";
import { buildInvariantUnits, invariantPurity } from "./invariants.ts";
import { evaluatePurity } from "../semantic/evaluate.ts";
import { validateWithSchema } from "./schema-validate.ts";
import { SourceFile, type TextSource, type YamlPath } from "../text/source.ts";
import { assignable, required, T, typeToString, type Type } from "../semantic/types.ts";
import { buildVocabulary, type Vocabulary } from "../semantic/vocabulary.ts";

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});

export interface InputFile {
  /** Path as shown in diagnostics (relative to the working directory). */
  readonly path: string;
  readonly text: string;
}

export interface GameInput {
  readonly rules: InputFile;
  readonly cards: readonly InputFile[];
  /** Deck files (cards/<game>/decks/). */
  readonly decks?: readonly InputFile[];
  /** Scenario files (cards/<game>/scenarios/). */
  readonly scenarios?: readonly InputFile[];
}

/** The checked game: the model (kept as a name for the callers of `checkGame`). */
export type CheckedGame = CheckedModel;

const RULES_CTX: UnitContext = { self: false, event: null, params: [], pure: false, trigger: false, returns: null };

/** The rules file after YAML, schema and vocabulary (its code is checked by checkRulesBody, once card ids are known). */
export interface RulesCheck {
  readonly file: string;
  readonly text: string;
  readonly src: SourceFile;
  readonly value: Record<string, unknown> | null;
  /** Null when the rules file does not load (YAML or schema errors). Its `cards` are empty. */
  readonly vocabulary: Vocabulary | null;
  readonly diagnostics: readonly Diagnostic[];
  readonly declarations: readonly Declaration[];
  readonly references: readonly Reference[];
}

/** Checks the rules file's YAML and schema and builds its vocabulary. */
export function checkRules(input: InputFile): RulesCheck {
  const diags: Diagnostic[] = [];
  const rules = readSource(input);
  const none = {
    file: input.path,
    text: input.text,
    src: rules,
    value: null,
    vocabulary: null,
    diagnostics: diags,
    declarations: [],
    references: [],
  };
  for (const d of rules.diagnostics) diags.push(d);
  if (!rules.ok) return none;
  const rulesValue = obj(rules.value());
  const schemaDiags = seatRangeFix(rules, rulesValue, validateWithSchema(rules, rulesValue, RULES_SCHEMA));
  for (const d of schemaDiags) diags.push(d);
  if (schemaDiags.length) return none;
  const voc = buildVocabulary(rules, rulesValue, diags);
  const decl = rulesDeclarations(rules, rulesValue, voc);
  return {
    file: input.path,
    text: input.text,
    src: rules,
    value: rulesValue,
    vocabulary: voc,
    diagnostics: diags,
    declarations: withCommentDocs(input.text, input.path, [...decl.declarations, ...versionDeclarations(voc.versions)]),
    references: decl.references,
  };
}

/** The rules' code (functions, procedures, actions, flow…) and the runtime's rules table. */
/** What checking the code of one file gives: its code units, diagnostics, declarations and references. */
export interface FileBody {
  readonly units: readonly CompiledUnit[];
  /** The file's code table: every code field the checker read, in file order (code-table.ts). */
  readonly regions: readonly CodeRegion[];
  readonly diagnostics: readonly Diagnostic[];
  readonly declarations: readonly Declaration[];
  readonly references: readonly Reference[];
}

export interface RulesBody extends FileBody {
  readonly rules: RulesModel;
}

/** Checks the rules' code against the vocabulary, whose `cards` holds every card id of the game. */
export function checkRulesBody(voc: Vocabulary, head: RulesCheck): RulesBody {
  const diags: Diagnostic[] = [];
  const units: CompiledUnit[] = [];
  const value = head.value ?? {};
  const b = new UnitBuilder(voc, diags, units);
  buildRulesUnits(voc, head.src, value, b);
  buildInvariantUnits(head.src, value, b, diags);
  for (const d of invariantPurity(head.src, value, units)) diags.push(d);
  for (const d of evaluatePurity(head.src, units)) diags.push(d);
  const data = rulesData(voc, value, new Set(units.map((u) => u.id)), plainLabels(units));
  return {
    rules: { file: head.file, data },
    units,
    regions: inFileOrder(b.regions),
    diagnostics: diags,
    declarations: withCommentDocs(head.text, head.file, b.decls),
    references: b.refs,
  };
}

/** A card file after YAML and schema: its id and kind, when it has them. */
export interface CardHead {
  readonly file: string;
  readonly text: string;
  readonly src: SourceFile;
  readonly id: string | null;
  readonly kind: string | null;
  readonly value: Record<string, unknown> | null;
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * A file's YAML, parsed once: every later phase (the checks, the model, the services) reads this
 * SourceFile (its document, values and positions), none parses the text again (WS-1).
 */
export function readSource(file: InputFile): SourceFile {
  return new SourceFile(file.path, file.text);
}

/** First pass over a card file: YAML, then the schema of its kind (needs only the rules). */
export function checkCardHead(voc: Vocabulary, file: InputFile, src: SourceFile = readSource(file)): CardHead {
  const diags: Diagnostic[] = [];
  for (const d of src.diagnostics) diags.push(d);
  const none = { file: file.path, text: file.text, src, id: null, kind: null, value: null, diagnostics: diags };
  if (!src.ok) return none;
  const value = obj(src.value());
  const kindDiags = validateWithSchema(src, value, kindKeySchema(voc));
  if (kindDiags.length) {
    for (const d of kindDiags) diags.push(d);
    return none;
  }
  const kind = String(value["kind"]);
  const d = validateWithSchema(src, value, kindSchema(voc, kind));
  for (const x of d) diags.push(x);
  if (d.length) return none;
  const id = String(value["id"]);
  const base = src.file
    .replace(/\\/g, "/")
    .split("/")
    .pop()
    ?.replace(/\.ya?ml$/, "");
  if (base && base !== id)
    diags.push({
      file: src.file,
      range: src.rangeAt(["id"]),
      severity: "warning",
      code: "check/file-name",
      message: `card '${id}' is in a file named '${base}'`,
      hint: `rename the file to ${id}.yaml`,
    });
  return { file: file.path, text: file.text, src, id, kind, value, diagnostics: diags };
}

/** Second pass over a card file: its code, its references and its table row. */
export interface CardBody extends FileBody {
  readonly card: CardModel | null;
}

/** Checks a card's code and data against the vocabulary, whose `cards` holds every card id of the game. */
export function checkCardBody(voc: Vocabulary, head: CardHead): CardBody {
  const diags: Diagnostic[] = [];
  const units: CompiledUnit[] = [];
  if (!head.id || !head.kind || !head.value)
    return {
      card: null,
      units,
      regions: uncheckedCardCode(head.src),
      diagnostics: diags,
      declarations: [],
      references: [],
    };
  const src = head.src;
  const b = new UnitBuilder(voc, diags, units);
  const info = { id: head.id, kind: head.kind, value: head.value };
  buildCardUnits(voc, src, info, b, diags);
  const refs: Reference[] = [...b.refs, ...cardDataReferences(voc, src, info, diags)];
  const versions = buildCardVersions(voc, src, info, b, diags, units, refs);
  const official = cardOfficial(voc.versions, src, info.value, diags, refs);
  const idSpan = src.spanAt(["id"]) ?? src.spanOf(0, 0);
  const name = displayName(info.value["name"]) ?? info.id;
  const text = displayName(info.value["text"]);
  const base = cardData(voc, info.id, info.kind, info.value, new Set(units.map((u) => u.id)));
  const def = versions.length ? { ...base, versions } : base;
  const stats = Object.entries(def.fields)
    .filter(([, v]) => typeof v === "number" || typeof v === "string")
    .filter(([k]) => k !== "text")
    .map(([k, v]) => `${k} ${String(v)}`)
    .join(", ");
  const versionNote = versions.length
    ? `; other versions: ${versions.map((x) => `${x.since ?? "…"}–${x.until ?? "…"}`).join(", ")}`
    : "";
  const cardDecl: Declaration = {
    id: `card:${info.id}`,
    kind: "card",
    name: info.id,
    type: T.cardid,
    detail: `${name} (${info.kind}${stats ? `; ${stats}` : ""}${versionNote})${text ? ` — ${text}` : ""}`,
    span: idSpan,
  };
  const card: CardModel = {
    id: info.id,
    kind: info.kind,
    name,
    file: src.file,
    span: idSpan,
    ...(text !== undefined ? { text } : {}),
    ...languages("names", info.value["name"]),
    ...languages("texts", info.value["text"]),
    def,
    ...(official ? { official } : {}),
  };
  return {
    card,
    units,
    regions: inFileOrder(b.regions),
    diagnostics: diags,
    declarations: [cardDecl, ...withCommentDocs(head.text, head.file, b.decls)],
    references: refs,
  };
}

/** A localized field's strings by language (`{ en: …, ja: … }`), when it has more than one. */
function languages<K extends "names" | "texts">(key: K, v: unknown): { [k in K]?: Record<string, string> } {
  if (!v || typeof v !== "object" || Array.isArray(v)) return {};
  const out: Record<string, string> = {};
  for (const [lang, x] of Object.entries(v)) if (typeof x === "string") out[lang] = x;
  return Object.keys(out).length > 1 ? ({ [key]: out } as { [k in K]?: Record<string, string> }) : {};
}

/**
 * The card at its other versions (`versions:` entries): each entry's range checked (versions.ts),
 * its own code compiled as units named `card.<id>@<since>..<until>.…`, and its table row built from
 * the card's keys with the entry's keys put over them.
 */
function buildCardVersions(
  voc: Vocabulary,
  src: SourceFile,
  info: { id: string; kind: string; value: Obj },
  b: UnitBuilder,
  diags: Diagnostic[],
  units: CompiledUnit[],
  refs: Reference[],
): CardVersion[] {
  const entries = cardVersionEntries(voc.versions, src, info.value, diags, refs);
  const out: CardVersion[] = [];
  const seen = new Set(refs.map((r) => r.span.start));
  for (const e of entries) {
    const own = new Set(e.keys);
    const key = `${info.id}@${e.since ?? ""}..${e.until ?? ""}`;
    const entry = obj((info.value["versions"] as unknown[])[e.index]);
    const value: Obj = { ...info.value };
    for (const k of e.keys) value[k] = entry[k];
    const at = entrySource(src, ["versions", e.index], own);
    const card = { id: info.id, kind: info.kind, value };
    buildCardUnits(voc, at, card, b, diags, { key, only: own });
    // The entry's own names (events, zones, card ids…); the card's other keys were done already.
    for (const r of cardDataReferences(voc, at, card, diags)) if (!seen.has(r.span.start)) refs.push(r);
    const def = cardData(voc, info.id, info.kind, value, new Set(units.map((u) => u.id)), (k) =>
      own.has(k) ? key : info.id,
    );
    out.push({ since: e.since, until: e.until, def });
  }
  return out;
}

/** The card file seen from a version entry: its keys are read inside the entry, the others at the top. */
function entrySource(src: SourceFile, prefix: YamlPath, keys: ReadonlySet<string>): SourceFile {
  const map = (p: YamlPath): YamlPath => (p.length > 0 && keys.has(String(p[0])) ? [...prefix, ...p] : p);
  const view = Object.create(src) as SourceFile;
  Object.assign(view, {
    node: (p: YamlPath) => src.node(map(p)),
    textAt: (p: YamlPath) => src.textAt(map(p)),
    rangeAt: (p: YamlPath, part?: "value" | "key") => src.rangeAt(map(p), part),
    spanAt: (p: YamlPath, part?: "value" | "key") => src.spanAt(map(p), part),
    pathOf: (p: YamlPath) => map(p),
  });
  return view;
}

/** YAML values of a card that name declarations: kind, events, stages, zones, properties, keywords, card ids. */
function cardDataReferences(
  voc: Vocabulary,
  src: SourceFile,
  card: { id: string; kind: string; value: Obj },
  diags: Diagnostic[],
): Reference[] {
  const refs: Reference[] = [];
  const add = (path: YamlPath, symbol: string, type?: Type) => {
    const span = src.spanAt(path);
    if (span) refs.push(type ? { symbol, span, type } : { symbol, span });
  };
  const v = card.value;
  add(["kind"], `kind:${card.kind}`);
  ((v["keywords"] as unknown[] | undefined) ?? []).forEach((k, i) => add(["keywords", i], `keyword:${String(k)}`));
  const zonesAt = (path: YamlPath, z: unknown) => {
    if (typeof z === "string") add(path, `zone:${z}`);
    else if (Array.isArray(z)) z.forEach((x, i) => add([...path, i], `zone:${String(x)}`));
  };
  ((v["on"] as unknown[] | undefined) ?? []).forEach((t, i) => {
    const o = obj(t);
    add(["on", i, "event"], `event:${String(o["event"])}`);
    if (o["stage"] !== undefined) add(["on", i, "stage"], `stage:${String(o["event"])}:${String(o["stage"])}`);
    zonesAt(["on", i, "in"], o["in"]);
    if (obj(o["limit"])["per"] !== undefined) add(["on", i, "limit", "per"], `event:${String(obj(o["limit"])["per"])}`);
  });
  ((v["modifiers"] as unknown[] | undefined) ?? []).forEach((m, i) => {
    const o = obj(m);
    const prop = String(o["compute"]);
    const owner = voc.props.card.has(prop) ? "card" : voc.props.player.has(prop) ? "player" : "game";
    add(["modifiers", i, "compute"], `property:${owner}:${prop}`);
    zonesAt(["modifiers", i, "in"], o["in"]);
  });
  const kind = voc.kinds.get(card.kind);
  for (const f of [...voc.cardFields.values(), ...(kind?.fields.values() ?? [])]) {
    const owner = voc.cardFields.has(f.name) ? "*" : card.kind;
    const keySpan = src.spanAt([f.name], "key");
    if (keySpan && v[f.name] !== undefined) refs.push({ symbol: `field:${owner}:${f.name}`, span: keySpan });
    if (f.type === "response" && v[f.name]) add([f.name, "to"], `event:${String(obj(v[f.name])["to"])}`);
    // Card ids in data fields are references: an unknown one is an error where it is written (GI skills, talents…).
    if (typeof f.type !== "object") continue;
    const val = v[f.name];
    const enumOf = f.type.t === "enum" ? f.type : f.type.t === "list" && f.type.of.t === "enum" ? f.type.of : null;
    if (enumOf && typeof val === "string") add([f.name], `enum-value:${val}`, enumOf);
    if (enumOf && Array.isArray(val)) val.forEach((x, i) => add([f.name, i], `enum-value:${String(x)}`, enumOf));
    if (f.type.t === "cardid" && typeof val === "string") cardIdRef(voc, src, [f.name], val, refs, diags);
    if (f.type.t === "list" && f.type.of.t === "cardid" && Array.isArray(val))
      val.forEach((x, i) => typeof x === "string" && cardIdRef(voc, src, [f.name, i], x, refs, diags));
  }
  return refs;
}

/** A card id written in a YAML value: a reference, or an error at its position. */
export function cardIdRef(
  voc: Vocabulary,
  src: SourceFile,
  path: YamlPath,
  id: string,
  refs: Reference[],
  diags: Diagnostic[],
  code: DiagnosticCode = "check/unknown-card",
): void {
  const span: Span | undefined = src.spanAt(path);
  if (voc.cards.has(id)) {
    if (span) refs.push({ symbol: `card:${id}`, span, type: T.cardid });
    return;
  }
  const near = closest(id, voc.cards);
  diags.push({
    file: src.file,
    range: span?.range ?? src.rangeAt(path),
    severity: "error",
    code,
    message: `unknown card '${id}'`,
    ...(near ? { hint: `did you mean '${near}'?`, data: { replacement: near } } : {}),
  });
}

function buildRulesUnits(voc: Vocabulary, src: SourceFile, r: Obj, b: UnitBuilder): void {
  const first = obj(r["trigger-order"])["first"];
  if (typeof first === "string")
    b.expr(
      "order.first",
      src,
      ["trigger-order", "first"],
      "trigger order: whose listeners go first",
      RULES_CTX,
      T.player,
    );
  if (typeof obj(r["trigger-order"])["rank"] === "string") {
    b.expr(
      "order.rank",
      src,
      ["trigger-order", "rank"],
      "trigger order: rank of a listener",
      { ...RULES_CTX, pure: true, params: [{ name: "it", type: T.card, writable: false }] },
      T.number,
    );
  }
  for (const [name, d] of Object.entries(obj(r["functions"]))) {
    const f = voc.functions.get(name);
    if (!f) continue;
    if (typeof obj(d)["do"] === "string")
      b.pureCode(
        `fn.${name}`,
        src,
        ["functions", name, "do"],
        `function ${name}`,
        {
          ...RULES_CTX,
          params: f.params.map((p) => ({ ...p, symbol: `param:function:${name}:${p.name}` })),
          pure: true,
          returns: f.returns,
        },
        null,
      );
    else
      b.expr(
        `fn.${name}`,
        src,
        ["functions", name, "is"],
        `function ${name}`,
        {
          ...RULES_CTX,
          params: f.params.map((p) => ({ ...p, symbol: `param:function:${name}:${p.name}` })),
          pure: true,
        },
        f.returns,
      );
  }
  for (const name of Object.keys(obj(r["procedures"]))) {
    const p = voc.procedures.get(name);
    if (!p) continue;
    b.step(`proc.${name}`, src, ["procedures", name, "do"], `procedure ${name}`, {
      ...RULES_CTX,
      params: p.params.map((x) => ({ ...x, symbol: `param:procedure:${name}:${x.name}` })),
      returns: p.returns,
    });
  }
  for (const [name, d] of Object.entries(obj(r["actions"]))) {
    const a = obj(d);
    const base: UnitContext = { ...RULES_CTX, event: T.event(null) };
    let params: { name: string; type: Type; symbol?: string }[] = [];
    if (typeof a["for"] === "string") {
      const bound = b.binding(`action.${name}.for`, src, ["actions", name, "for"], `action ${name}: candidates`, {
        ...base,
        pure: true,
      });
      if (!bound) continue;
      params = [{ name: bound.name, type: bound.type, symbol: bound.symbol }];
    }
    if (typeof a["when"] === "string")
      b.expr(
        `action.${name}.when`,
        src,
        ["actions", name, "when"],
        `action ${name}: legality`,
        { ...base, params, pure: true },
        T.bool,
      );
    if (Array.isArray(a["when"])) {
      // Conditions with reasons: each its own unit, so a refusal can say which one failed.
      a["when"].forEach((c, i) => {
        const test = typeof c === "string" ? ["actions", name, "when", i] : ["actions", name, "when", i, "test"];
        b.expr(
          `action.${name}.when.${i}`,
          src,
          test,
          `action ${name}: legality condition ${i + 1}`,
          { ...base, params, pure: true },
          T.bool,
        );
        if (typeof obj(c)["reason"] === "string")
          b.label(
            `action.${name}.when.${i}.reason`,
            src,
            ["actions", name, "when", i, "reason"],
            `action ${name}: reason ${i + 1}`,
            { ...base, params, pure: true },
          );
      });
    }
    if (typeof a["label"] === "string")
      b.label(`action.${name}.label`, src, ["actions", name, "label"], `action ${name}: label`, {
        ...base,
        params,
        pure: true,
      });
    if (a["do"] === undefined) b.emptyStep(`action.${name}`, src, ["actions", name], `action ${name}`);
    else b.step(`action.${name}`, src, ["actions", name, "do"], `action ${name}`, { ...base, params });
  }
  if (typeof r["deck-errors"] === "string") {
    // Pure code: `errors = errors + ["…"]` for each broken deck rule; `me` is the deck's player.
    b.pureCode(
      "deck.errors",
      src,
      ["deck-errors"],
      "deck rules: the problems of a deck",
      { ...RULES_CTX, pure: true, params: [{ name: "errors", type: T.list(T.text), writable: true }] },
      "errors",
    );
  }
  if (typeof r["evaluate"] === "string") {
    // Pure code that returns how good the state is for `me` (a number): what agents maximise.
    b.pureCode(
      "evaluate",
      src,
      ["evaluate"],
      "evaluate: how good the state is for me",
      { ...RULES_CTX, pure: true, returns: T.number },
      null,
    );
  }
  for (const [kind, k] of Object.entries(obj(r["kinds"]))) {
    if (typeof obj(k)["display"] === "string")
      b.label(`kind.${kind}.display`, src, ["kinds", kind, "display"], `kind ${kind}: display`, {
        ...RULES_CTX,
        pure: true,
        params: [{ name: "it", type: T.card, writable: false }],
      });
  }
  const flow = obj(r["flow"]);
  b.step("flow.game", src, ["flow", "game"], "flow: each game", RULES_CTX);
  if (typeof flow["scenario"] === "string")
    b.step("flow.scenario", src, ["flow", "scenario"], "flow: scenario start", RULES_CTX);
}

/** `unit.key` names the card's code units; `unit.only` limits them to some keys (a version entry's own code). */
function buildCardUnits(
  voc: Vocabulary,
  src: SourceFile,
  card: { id: string; kind: string; value: Obj },
  b: UnitBuilder,
  diags: Diagnostic[],
  unit: { key: string; only?: ReadonlySet<string> } = { key: card.id },
): void {
  const v = card.value;
  const own = (k: string) => unit.only === undefined || unit.only.has(k);
  const cardName = displayName(v["name"]) ?? card.id;
  const base: UnitContext = { self: true, event: null, params: [], pure: false, trigger: false, returns: null };
  const kind = voc.kinds.get(card.kind);
  for (const f of kind?.fields.values() ?? []) {
    if (!own(f.name)) continue;
    if (f.type === "effect" && typeof v[f.name] === "string") {
      b.step(`card.${unit.key}.${f.name}`, src, [f.name], `${cardName}: ${f.name}`, { ...base, event: T.event(null) });
    }
    if (f.type === "response" && v[f.name]) {
      const resp = obj(v[f.name]);
      const ev = String(resp["to"]);
      const evTy = T.event(ev);
      if (typeof resp["when"] === "string")
        b.expr(
          `card.${unit.key}.${f.name}.when`,
          src,
          [f.name, "when"],
          `${cardName}: ${f.name} condition`,
          { ...base, event: evTy, pure: true },
          T.bool,
        );
      b.step(`card.${unit.key}.${f.name}`, src, [f.name, "do"], `${cardName}: ${f.name}`, { ...base, event: evTy });
    }
  }
  if (own("on"))
    ((v["on"] as unknown[] | undefined) ?? []).forEach((t, i) => {
      const trig = obj(t);
      const event = String(trig["event"]);
      const decl = voc.events.get(event);
      if (trig["stage"] !== undefined && decl && !decl.stages.includes(String(trig["stage"]))) {
        diags.push({
          file: src.file,
          range: src.rangeAt(["on", i, "stage"]),
          severity: "error",
          code: "check/unknown-stage",
          message: `event '${event}' has no stage '${String(trig["stage"])}'`,
          hint: decl.stages.length ? `its stages: ${decl.stages.join(", ")}` : `'${event}' declares no stages`,
        });
      }
      const ctx: UnitContext = { ...base, event: T.event(event), trigger: true };
      if (typeof trig["when"] === "string")
        b.expr(
          `card.${unit.key}.on.${i}.when`,
          src,
          ["on", i, "when"],
          `${cardName}: trigger ${i + 1} condition`,
          { ...ctx, pure: true },
          T.bool,
        );
      b.step(
        `card.${unit.key}.on.${i}`,
        src,
        ["on", i, "do"],
        `${cardName}: trigger ${i + 1} (on ${event})`,
        ctx,
        true,
      );
    });
  if (own("modifiers"))
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
      if (typeof mod["when"] === "string")
        b.expr(
          `card.${unit.key}.modifiers.${i}.when`,
          src,
          ["modifiers", i, "when"],
          `${cardName}: modifier ${i + 1} condition`,
          ctx,
          T.bool,
        );
      b.pureCode(
        `card.${unit.key}.modifiers.${i}`,
        src,
        ["modifiers", i, "do"],
        `${cardName}: modifier ${i + 1} (${prop})`,
        ctx,
        "value",
      );
    });
}

export { displayName } from "./tables.ts";
export { hasErrors } from "../text/diagnostics.ts";

/** Loads, validates and checks a whole game (rules, cards, decks, scenarios) into the checked model. */

/**
 * `players:` written as a range some other way (`2-4`, `2..4`, `2 to 4`, `[2, 4]`: what a game
 * kept in one folder per count may try) is refused by the schema; the diagnostic then says the
 * form the rules take, `{ min: 2, max: 4 }`, and carries it as a quick fix.
 */
function seatRangeFix(rules: SourceFile, value: Record<string, unknown>, found: Diagnostic[]): Diagnostic[] {
  const v = value["players"];
  const m = typeof v === "string" ? /^\s*(\d)\s*(?:-|–|\.\.|to)\s*(\d)\s*$/.exec(v) : null;
  const pair = m
    ? [Number(m[1]), Number(m[2])]
    : Array.isArray(v) && v.length === 2 && v.every((x) => Number.isInteger(x))
      ? (v as number[])
      : null;
  if (pair === null) return found;
  const [a = 0, b = 0] = pair;
  const [min, max] = a <= b ? [a, b] : [b, a];
  const fixed = `{ min: ${min}, max: ${max} }`;
  const node = rules.node(["players"]);
  if (!node?.range) return found;
  // The whole value is replaced (a list's brackets, a text's quotes included).
  const at = rules.rangeOf(node.range[0], node.range[1]);
  const here = (d: Diagnostic) => d.range.start.line === at.start.line && d.range.start.col === at.start.col;
  const first = found.find(here);
  if (first === undefined) return found;
  // The schema's two complaints (not a number, not a mapping) become one that says the form.
  const one: Diagnostic = {
    ...first,
    message: "'players' must be a number of seats or a range { min, max }",
    hint: `a range of seats is written players: ${fixed}`,
    data: { replacement: fixed, at },
  };
  return [one, ...found.filter((d) => !here(d))];
}
