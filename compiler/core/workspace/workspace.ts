/**
 * A game's files, checked incrementally. Changing one file re-checks that file and the files that
 * depend on it, and nothing else:
 * - the rules file: everything (the vocabulary changed);
 * - a card file: that file; when the game's set of card ids changes (an id added, removed or
 *   renamed), also the files that named one of those ids or had an unknown name or card id (whose
 *   message or hint may now differ), and the cards whose duplicate-id status changed;
 * - a deck or scenario file: that file.
 * `model()` gives the checked model of the current files (see model.ts).
 */
import {
  checkCardBody,
  checkCardHead,
  checkRules,
  checkRulesBody,
  readSource,
  type CardBody,
  type CardHead,
  type GameInput,
  type InputFile,
  type RulesBody,
  type RulesCheck,
} from "../files/check-files.ts";
import { NameTable } from "../files/unit-builder.ts";
import { analysisDiagnostics } from "../analysis/triggers/analyze.ts";
import {
  CardTextCache,
  cardTexts,
  mismatchMessage,
  officialMismatchMessage,
  type CardText,
} from "../analysis/card-text/index.ts";
import { checkDeckFile, type DeckCheck } from "../files/deck-check.ts";
import { dedupeDiagnostics, type Diagnostic } from "../text/diagnostics.ts";
import type { CompiledUnit } from "../semantic/ir.ts";
import { builtinDeclarations } from "../semantic/builtins.ts";
import {
  modelOf,
  type CardModel,
  type CheckedModel,
  type Declaration,
  type DeckModel,
  type FileModel,
  type FileRole,
  type Reference,
  type ScenarioFileModel,
} from "./model.ts";
import { checkScenarioFile, type ScenarioCheck } from "../scenario/check.ts";
import type { Vocabulary } from "../semantic/vocabulary.ts";
import type { SourceFile } from "../text/source.ts";
import { uncheckedCardCode, type CodeRegion } from "../files/code-table.ts";
import { hiddenCharacterDiagnostics } from "../text/hidden-characters.ts";
import { skeleton } from "../text/confusables.ts";
import { cardNames, nameDiagnostics, type CardName } from "./names.ts";

interface CardState {
  input: InputFile;
  /** The file's YAML, parsed once per text (files phase). */
  src: SourceFile;
  /** Code regions of a file the checker did not check (rules broken, duplicate id), found on first use. */
  unchecked: readonly CodeRegion[] | null;
  head: CardHead | null;
  body: CardBody | null;
  /** This file's id is already used by an earlier file. */
  duplicateOf: string | null;
}

const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
/** Codes whose message or hint depends on the set of card ids. */
const CARD_SET_CODES = new Set([
  "check/unknown-name",
  "check/unknown-card",
  "deck/unknown-card",
  "scenario/unknown-card",
]);

export class Workspace {
  private rulesCheck: RulesCheck;
  private rulesBody: RulesBody | null = null;
  private voc: Vocabulary | null = null;
  private readonly cards = new Map<string, CardState>();
  private readonly decks = new Map<string, { input: InputFile; src: SourceFile; result: DeckCheck | null }>();
  private readonly scenarios = new Map<string, { input: InputFile; src: SourceFile; result: ScenarioCheck | null }>();
  private cached: CheckedModel | null = null;
  /** Card texts of the last build: a card is rendered and compared again only when what it reads changed. */
  private readonly texts = new CardTextCache();
  /** The card texts of the last build (English). */
  private builtTexts: readonly CardText[] = [];
  /** Each checked unit's copy with its function name (see build). */
  private readonly named = new WeakMap<CompiledUnit, CompiledUnit>();
  /** Trigger-graph warnings of the last build, and the checked bodies (rules, cards) they were found in. */
  private analysis: { bodies: readonly unknown[]; diagnostics: readonly Diagnostic[] } | null = null;
  /** Bidi and invisible characters per file, found again only when its text changed. */
  private readonly hidden = new Map<string, { text: string; diagnostics: readonly Diagnostic[] }>();
  /** Confusable skeletons of card names (text/confusables.ts). */
  private readonly skeletons = new Map<string, string>();
  /** The files checked by the last change (for tests and the bench). */
  lastChecked: string[] = [];

  constructor(input: GameInput) {
    this.rulesCheck = checkRules(input.rules);
    for (const f of input.cards)
      this.cards.set(f.path, {
        input: f,
        src: readSource(f),
        unchecked: null,
        head: null,
        body: null,
        duplicateOf: null,
      });
    for (const f of input.decks ?? []) this.decks.set(f.path, { input: f, src: readSource(f), result: null });
    for (const f of input.scenarios ?? []) this.scenarios.set(f.path, { input: f, src: readSource(f), result: null });
    this.checkAll();
  }

  /** The role of a file of this workspace, or the role a new file at this path would get. */
  roleOf(path: string): FileRole {
    if (path === this.rulesCheck.file) return "rules";
    if (this.cards.has(path)) return "card";
    if (this.decks.has(path)) return "deck";
    if (this.scenarios.has(path)) return "scenario";
    const p = path.replace(/\\/g, "/");
    if (/(^|\/)rules\.ya?ml$/.test(p)) return "rules";
    if (/(^|\/)decks\//.test(p)) return "deck";
    if (/(^|\/)scenarios\//.test(p)) return "scenario";
    return "card";
  }

  /** Adds or changes a file and re-checks what depends on it. */
  setFile(path: string, text: string, role: FileRole = this.roleOf(path)): void {
    this.cached = null;
    const input = { path, text };
    switch (role) {
      case "rules":
        this.rulesCheck = checkRules(input);
        this.checkAll();
        return;
      case "deck": {
        const src = readSource(input);
        this.decks.set(path, { input, src, result: this.voc ? checkDeckFile(this.voc, input, src) : null });
        this.lastChecked = [path];
        return;
      }
      case "scenario": {
        const src = readSource(input);
        this.scenarios.set(path, { input, src, result: this.voc ? checkScenarioFile(this.voc, input, src) : null });
        this.lastChecked = [path];
        return;
      }
      case "card": {
        const prev = this.cards.get(path);
        const src = readSource(input);
        const state: CardState = prev ?? { input, src, unchecked: null, head: null, body: null, duplicateOf: null };
        state.input = input;
        state.src = src;
        state.unchecked = null;
        state.body = null;
        if (!prev) this.cards.set(path, state);
        state.head = this.voc ? checkCardHead(this.voc, input, src) : null;
        this.lastChecked = [path];
        this.afterCardChange(path);
      }
    }
  }

  /** Removes a file (a deleted card, deck or scenario). */
  removeFile(path: string): void {
    this.cached = null;
    this.lastChecked = [];
    this.hidden.delete(path);
    if (this.decks.delete(path) || this.scenarios.delete(path)) return;
    if (this.cards.delete(path)) this.afterCardChange(null);
  }

  /** The checked model of the current files (built once per change). */
  model(): CheckedModel {
    if (!this.cached) this.cached = this.build();
    return this.cached;
  }

  /** Every card's text rendered from its code and compared with its written text (English), as of the current files. */
  cardTexts(): readonly CardText[] {
    this.model();
    return this.builtTexts;
  }

  /**
   * Every card's text rendered in Japanese (the CLI's `text --ja`, the editor's 日本語 preview), from
   * the rules this workspace already checked; rendered anew on each call, so callers keep it per model.
   */
  cardTextsJa(): readonly CardText[] {
    const model = this.model();
    const voc = model.vocabulary;
    if (!voc) return [];
    return cardTexts({
      rules: this.rulesCheck.value,
      enums: voc.enums,
      cards: model.cards,
      units: model.units,
      ja: true,
    });
  }

  /** The diagnostics of one file, as in the model. */
  diagnosticsOf(file: string): readonly Diagnostic[] {
    return this.model().diagnostics.filter((d) => d.file === file);
  }

  // ── checking ──────────────────────────────────────────────────────────────
  private checkAll(): void {
    this.cached = null;
    const base = this.rulesCheck.vocabulary;
    this.lastChecked = [this.rulesCheck.file];
    if (!base) {
      this.voc = null;
      this.rulesBody = null;
      for (const c of this.cards.values()) Object.assign(c, { head: null, body: null, duplicateOf: null });
      for (const d of this.decks.values()) d.result = null;
      for (const s of this.scenarios.values()) s.result = null;
      return;
    }
    this.voc = base;
    for (const c of this.cards.values()) c.head = checkCardHead(base, c.input, c.src);
    this.voc = { ...base, cards: this.cardIds() };
    this.assignOwners();
    this.rulesBody = checkRulesBody(this.voc, this.rulesCheck);
    for (const [path, c] of this.cards) {
      c.body = c.duplicateOf ? null : checkCardBody(this.voc, c.head as CardHead);
      this.lastChecked.push(path);
    }
    for (const [path, d] of this.decks) {
      d.result = checkDeckFile(this.voc, d.input, d.src);
      this.lastChecked.push(path);
    }
    for (const [path, s] of this.scenarios) {
      s.result = checkScenarioFile(this.voc, s.input, s.src);
      this.lastChecked.push(path);
    }
  }

  private cardIds(): Set<string> {
    const ids = new Set<string>();
    for (const c of this.cards.values()) if (c.head?.id) ids.add(c.head.id);
    return ids;
  }

  /** Marks files whose id an earlier file already has; returns the files whose status changed. */
  private assignOwners(): Set<string> {
    const changed = new Set<string>();
    const owner = new Map<string, string>();
    for (const [path, c] of this.cards) {
      const id = c.head?.id;
      const before = c.duplicateOf;
      c.duplicateOf = id && owner.has(id) ? (owner.get(id) as string) : null;
      if (id && !owner.has(id)) owner.set(id, path);
      if (before !== c.duplicateOf) changed.add(path);
    }
    return changed;
  }

  private afterCardChange(changed: string | null): void {
    const voc = this.voc;
    if (!voc) return;
    const ids = this.cardIds();
    const delta = new Set<string>();
    for (const id of ids) if (!voc.cards.has(id)) delta.add(id);
    for (const id of voc.cards) if (!ids.has(id)) delta.add(id);
    if (delta.size) this.voc = { ...voc, cards: ids };
    const now = this.voc as Vocabulary;
    const owners = this.assignOwners();
    const dependsOnDelta = (refs: readonly Reference[], diags: readonly Diagnostic[]) =>
      delta.size > 0 &&
      (refs.some((r) => r.symbol.startsWith("card:") && delta.has(r.symbol.slice(5))) ||
        diags.some((d) => CARD_SET_CODES.has(d.code)));
    for (const [path, c] of this.cards) {
      const again =
        path === changed ||
        owners.has(path) ||
        (c.body !== null && dependsOnDelta(c.body.references, c.body.diagnostics));
      if (!again) continue;
      c.body = c.duplicateOf || !c.head ? null : checkCardBody(now, c.head);
      if (path !== changed) this.lastChecked.push(path);
    }
    if (delta.size === 0) return;
    // The rules' code may name cards too (e.g. a status a reaction creates).
    if (this.rulesBody && dependsOnDelta(this.rulesBody.references, this.rulesBody.diagnostics)) {
      this.rulesBody = checkRulesBody(now, this.rulesCheck);
      this.lastChecked.push(this.rulesCheck.file);
    }
    for (const [path, d] of this.decks) {
      if (d.result && !dependsOnDelta(d.result.references, d.result.diagnostics)) continue;
      d.result = checkDeckFile(now, d.input, d.src);
      this.lastChecked.push(path);
    }
    for (const [path, s] of this.scenarios) {
      if (s.result && !dependsOnDelta(s.result.references, s.result.diagnostics)) continue;
      s.result = checkScenarioFile(now, s.input, s.src);
      this.lastChecked.push(path);
    }
  }

  // ── the model ─────────────────────────────────────────────────────────────
  private build(): CheckedModel {
    const r = this.rulesCheck;
    const voc = this.voc;
    const files = new Map<string, FileModel>();
    const symbols = new Map<string, Declaration>();
    const diagnostics: Diagnostic[] = [];
    const addFile = (
      file: string,
      role: FileRole,
      text: string,
      source: SourceFile,
      code: readonly CodeRegion[],
      declarations: readonly Declaration[],
      references: readonly Reference[],
      own: readonly Diagnostic[],
    ) => {
      // Trojan-source characters anywhere in the file (text/hidden-characters.ts).
      let hidden = this.hidden.get(file);
      if (hidden?.text !== text)
        this.hidden.set(file, (hidden = { text, diagnostics: hiddenCharacterDiagnostics(file, text) }));
      const diags = hidden.diagnostics.length ? [...own, ...hidden.diagnostics] : own;
      files.set(file, { file, role, text, source, code, declarations, references, diagnostics: diags });
      for (const d of declarations) if (!symbols.has(d.id)) symbols.set(d.id, d);
      for (const d of diags) diagnostics.push(d);
    };
    for (const d of builtinDeclarations()) symbols.set(d.id, d);
    const rb = this.rulesBody;
    addFile(
      r.file,
      "rules",
      r.text,
      r.src,
      rb?.regions ?? [],
      [...r.declarations, ...(rb?.declarations ?? [])],
      [...r.references, ...(rb?.references ?? [])],
      [...r.diagnostics, ...(rb?.diagnostics ?? [])],
    );
    const units = [...(rb?.units ?? [])];
    const cards: CardModel[] = [];
    for (const [path, c] of this.cards) {
      const own: Diagnostic[] = [...(c.head?.diagnostics ?? []), ...(c.body?.diagnostics ?? [])];
      if (c.head && c.duplicateOf && c.head.id) {
        own.push({
          file: path,
          range: c.head.src.rangeAt(["id"]),
          severity: "error",
          code: "check/duplicate-card",
          message: `card id '${c.head.id}' is already used by ${c.duplicateOf}`,
        });
      }
      if (voc && c.head?.id && !c.duplicateOf && (voc.enumOfValue.has(c.head.id) || voc.keywords.has(c.head.id))) {
        own.push({
          file: path,
          range: c.head.src.rangeAt(["id"]),
          severity: "error",
          code: "check/duplicate-name",
          message: `card id '${c.head.id}' is also an enum value or keyword of the rules`,
        });
      }
      // A card the checker did not check (duplicate id, rules not loaded) keeps the code regions the files phase saw.
      const code = c.body?.regions ?? (c.unchecked ??= uncheckedCardCode(c.src));
      addFile(path, "card", c.input.text, c.src, code, c.body?.declarations ?? [], c.body?.references ?? [], own);
      if (c.body) {
        for (const u of c.body.units) units.push(u);
        if (c.body.card) cards.push(c.body.card);
      }
    }
    // Names a player cannot tell apart (workspace/names.ts): confusable, or the same within a kind.
    const cardNameList: CardName[] = [];
    for (const [path, c] of this.cards) {
      const h = c.head;
      if (!h?.value || !h.id || !h.kind || c.duplicateOf) continue;
      const sameNameAs = h.value["sameNameAs"];
      const names = cardNames(h.value["name"], {
        file: path,
        id: h.id,
        kind: h.kind,
        sameNameAs,
        rangeAt: (at) => h.src.rangeAt(at),
      });
      for (const n of names) cardNameList.push(n);
      if (typeof sameNameAs === "string" && voc && !voc.cards.has(sameNameAs)) {
        const d: Diagnostic = {
          file: path,
          range: h.src.rangeAt(["sameNameAs"]),
          severity: "error",
          code: "check/unknown-card",
          message: `unknown card '${sameNameAs}' in sameNameAs`,
          hint: "name the card of this game whose name this one shares",
        };
        const f = files.get(path);
        if (f) files.set(path, { ...f, diagnostics: [...f.diagnostics, d] });
        diagnostics.push(d);
      }
    }
    if (this.skeletons.size > 100_000) this.skeletons.clear();
    const skeletonOf = (t: string) => {
      let k = this.skeletons.get(t);
      if (k === undefined) this.skeletons.set(t, (k = skeleton(t)));
      return k;
    };
    for (const d of nameDiagnostics(cardNameList, skeletonOf)) {
      const f = files.get(d.file);
      if (f) files.set(d.file, { ...f, diagnostics: [...f.diagnostics, d] });
      diagnostics.push(d);
    }
    // Card text (compiler/core/analysis/card-text): each card whose written text and effect differ, at its `text`.
    this.builtTexts = voc
      ? cardTexts(
          { rules: r.value, enums: voc.enums, cards, units, ja: false, versions: voc.versions?.known ?? [] },
          this.texts,
        )
      : [];
    for (const t of this.builtTexts) {
      const f = files.get(t.file);
      const head = this.cards.get(t.file)?.head;
      // A card whose file has errors is not compared: its code may not say what it will say.
      if (!f || !head || f.diagnostics.some((d) => d.severity === "error")) continue;
      const found: Diagnostic[] = [];
      const hint = "correct the number in the effect or in the text (`cardwright text` shows the rendered text)";
      const textAt = (base: (string | number)[], v: unknown) =>
        head.src.rangeAt(typeof obj(v)["text"] === "object" ? [...base, "text", "en"] : [...base, "text"]);
      if (t.mismatches.length)
        found.push({
          file: t.file,
          range: textAt([], head.value),
          severity: "warning",
          code: "check/card-text",
          message: mismatchMessage(t),
          hint,
        });
      // A version's mismatch is at its entry's `text` (or at the entry, when it keeps the card's text).
      const entries = Array.isArray(head.value?.["versions"]) ? (head.value["versions"] as unknown[]) : [];
      for (const v of t.versions) {
        if (!v.mismatches.length) continue;
        const i = entries.findIndex(
          (e) => (obj(e)["since"] ?? null) === v.since && (obj(e)["until"] ?? null) === v.until,
        );
        const range =
          i < 0
            ? textAt([], head.value)
            : obj(entries[i])["text"] !== undefined
              ? textAt(["versions", i], entries[i])
              : head.src.rangeAt(["versions", i]);
        found.push({
          file: t.file,
          range,
          severity: "warning",
          code: "check/card-text",
          message: mismatchMessage(v),
          hint,
        });
      }
      // Official texts: a mismatch at the text's `en`, a missing one at the card's id (or its officialText).
      for (const o of t.official) {
        if (!o.mismatches.length) continue;
        found.push({
          file: t.file,
          range: head.src.rangeAt(["officialText", o.index, "en"]),
          severity: "warning",
          code: "check/card-text",
          message: officialMismatchMessage(o),
          hint: "correct the effect at these versions (a `versions:` entry), or the official text if it was misread",
        });
      }
      // A fixture (a card file under fixtures/, for scenarios and tests) is not of the pool: it has no official text.
      if (t.officialMissing.length && !/(^|\/)fixtures\//.test(t.file.replace(/\\/g, "/")))
        found.push({
          file: t.file,
          range: head.src.rangeAt(head.value?.["officialText"] !== undefined ? ["officialText"] : ["id"]),
          severity: "warning",
          code: "check/official-text",
          message: `the card has no official text at versions ${t.officialMissing.join(", ")} (the game's card-text section asks for one per version)`,
          hint: "add an officialText: entry for these versions with its source, or officialText: { none: <why> }",
        });
      if (!found.length) continue;
      files.set(t.file, { ...f, diagnostics: [...f.diagnostics, ...found] });
      for (const d of found) diagnostics.push(d);
    }
    const decks: DeckModel[] = [];
    for (const [path, d] of this.decks) {
      addFile(
        path,
        "deck",
        d.input.text,
        d.src,
        [],
        d.result?.declarations ?? [],
        d.result?.references ?? [],
        d.result?.diagnostics ?? [],
      );
      if (d.result?.deck) decks.push(d.result.deck);
    }
    const scenarios: ScenarioFileModel[] = [];
    for (const [path, s] of this.scenarios) {
      addFile(
        path,
        "scenario",
        s.input.text,
        s.src,
        [],
        s.result?.declarations ?? [],
        s.result?.references ?? [],
        s.result?.diagnostics ?? [],
      );
      if (s.result) scenarios.push(s.result.scenario);
    }
    const names = new NameTable();
    // A unit keeps its named copy while its name is the same: the model's units stay the same
    // objects across builds (analyses keep what they found per unit).
    const named = units.map((u) => {
      const fnName = names.name(u.id);
      const kept = this.named.get(u);
      if (kept?.fnName === fnName) return kept;
      const copy = { ...u, fnName };
      this.named.set(u, copy);
      return copy;
    });
    const parts = {
      game: voc?.game ?? "",
      vocabulary: voc,
      rules: rb?.rules ?? null,
      files,
      symbols,
      cards,
      decks,
      scenarios,
      units: named,
    };
    // Trigger-graph warnings (compiler/core/analysis/triggers: endless loops, dead triggers), for code without
    // errors only (as code generation). They read the rules' and the cards' checked bodies alone:
    // found again only when one of those was checked again. The model is made once, after them.
    const codeErrors = diagnostics.some(
      (d) => d.severity === "error" && files.get(d.file)?.role !== "deck" && files.get(d.file)?.role !== "scenario",
    );
    if (!codeErrors) {
      const bodies = [rb, ...[...this.cards.values()].map((c) => c.body)];
      const kept = this.analysis;
      const found =
        kept && kept.bodies.length === bodies.length && kept.bodies.every((b, i) => b === bodies[i])
          ? kept.diagnostics
          : analysisDiagnostics(parts);
      this.analysis = { bodies, diagnostics: found };
      for (const d of found) {
        const f = files.get(d.file);
        if (f) files.set(d.file, { ...f, diagnostics: [...f.diagnostics, d] });
        diagnostics.push(d);
      }
    }
    return modelOf(parts, dedupeDiagnostics(diagnostics));
  }
}

/** Checks a whole game at once: the model of a workspace holding its files. */
export function checkGame(input: GameInput): CheckedModel {
  return new Workspace(input).model();
}
