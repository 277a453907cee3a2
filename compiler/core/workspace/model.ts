/**
 * The checked model: what the checker knows about a game, kept for every tool (emit, decks,
 * scenarios, the CLI, language services). For each span of every file it says what is there
 * (a declaration or a reference), what it means (the declaration it resolves to) and its type.
 *
 * Usage (language services):
 *   const ws = new Workspace(input);            // compiler/core/workspace/workspace.ts
 *   const m = ws.model();                        // CheckedModel
 *   m.at("cards/mygame/cards/imp.yaml", { line: 12, col: 9 })   // → SymbolAt | undefined
 *   m.referencesTo(symbolId)                      // every span naming it, declarations included
 *   m.symbols.get("card:imp")                   // → Declaration (span, type, detail, doc)
 * Positions are 1-based line/col (the Diagnostic convention) or a 0-based file offset.
 */
import type { CardDef, RulesData } from "../../../runtime/types.ts";
import type { Diagnostic } from "../text/diagnostics.ts";
import { LineIndex, type Position, type Range, type Span } from "../text/positions.ts";
import type { Declaration, Reference, SymbolAt, SymbolKind } from "../semantic/symbols.ts";
export type { Span } from "../text/positions.ts";
export { LineIndex } from "../text/positions.ts";
export type { Declaration, Reference, SymbolAt, SymbolKind } from "../semantic/symbols.ts";
import type { CompiledUnit } from "../semantic/ir.ts";
import type { CodeRegion } from "../files/code-table.ts";
export type { CodeMode, CodeParam, CodeRegion } from "../files/code-table.ts";
import type { SourceFile } from "../text/source.ts";
import type { Type } from "../semantic/types.ts";
import type { Vocabulary } from "../semantic/vocabulary.ts";
import type { CardOfficial } from "../files/official-text.ts";

/** A card as the runtime needs it (data fields resolved, defaults applied) plus where it lives. */
export interface CardModel {
  readonly id: string;
  readonly kind: string;
  readonly name: string;
  readonly file: string;
  /** The `id:` value. */
  readonly span: Span;
  /** Rules text in English, when the card has one. */
  readonly text?: string;
  /** The name and text in each language the file gives (`{ en, ja }`): the editor's language switch. */
  readonly names?: Readonly<Record<string, string>>;
  readonly texts?: Readonly<Record<string, string>>;
  /** The runtime's table row for the card. */
  readonly def: CardDef;
  /** Its `officialText:` (files/official-text.ts), when it has one. */
  readonly official?: CardOfficial;
}

export interface RulesModel {
  readonly file: string;
  /** The runtime's rules table. */
  readonly data: RulesData;
}

export interface DeckModel {
  readonly id: string;
  readonly name: string;
  readonly file: string;
  readonly zones: Readonly<Record<string, readonly string[]>>;
  /** The `zones:` key (where deck-rule problems point). */
  readonly zonesRange: Range;
  /** True when the file had no problems of its own (schema, card ids, zones). */
  readonly ok: boolean;
  /** The game version the deck is built for (`version:`), and where it is written. */
  readonly version?: string;
  readonly versionSpan?: Span;
}

/** A scenario file after its static check (names in `given`/`expect` resolved). Running it needs the game. */
export interface ScenarioFileModel {
  readonly file: string;
  readonly text: string;
  /** False when the file has errors: it is not run. */
  readonly ok: boolean;
  /** The parsed file (positions of steps and expectations) and its value, when it parsed. */
  readonly source: SourceFile;
  readonly value: unknown;
}

export type FileRole = "rules" | "card" | "deck" | "scenario";

/** Everything one file contributes. */
export interface FileModel {
  readonly file: string;
  readonly role: FileRole;
  readonly text: string;
  /** The file's YAML as the files phase parsed it (document, values, positions): nothing parses it again. */
  readonly source: SourceFile;
  /** The file's code table, in file order: each code field with its mode, context, unit and offset map. */
  readonly code: readonly CodeRegion[];
  readonly declarations: readonly Declaration[];
  readonly references: readonly Reference[];
  /** This file's diagnostics, including those that come from other files (a card id already used elsewhere). */
  readonly diagnostics: readonly Diagnostic[];
}

/** The checked game. Built by `Workspace.model()` (and `checkGame`). */
export interface CheckedModel {
  readonly game: string;
  /** Null when the rules file does not load (YAML or schema errors). */
  readonly vocabulary: Vocabulary | null;
  readonly rules: RulesModel | null;
  readonly files: ReadonlyMap<string, FileModel>;
  /** Every declaration by id, built-ins included. */
  readonly symbols: ReadonlyMap<string, Declaration>;
  /** Cards in file order (only cards whose file checks without schema errors). */
  readonly cards: readonly CardModel[];
  readonly decks: readonly DeckModel[];
  readonly scenarios: readonly ScenarioFileModel[];
  /** Code units to generate, in a stable order, with unique function names. */
  readonly units: readonly CompiledUnit[];
  /** All diagnostics, deduplicated and sorted (file, position, code). */
  readonly diagnostics: readonly Diagnostic[];
  /** The symbol at a position of a file (a reference or a declaration), or undefined. */
  at(file: string, where: number | Position): SymbolAt | undefined;
  /** Every span naming the symbol: its declaration first (when it has one), then references in file order. */
  referencesTo(symbol: string): readonly Span[];
  /** File offset of a 1-based line/col (clamped). */
  offsetOf(file: string, pos: Position): number;
}

// ── the index ─────────────────────────────────────────────────────────────────

interface Entry {
  readonly span: Span;
  readonly symbol: string;
  readonly type?: Type;
  readonly isDeclaration: boolean;
}

/** What a model is made of: everything but its diagnostics and the indexes (the slow analyses read this). */
export type ModelParts = Omit<CheckedModel, "diagnostics" | "at" | "referencesTo" | "offsetOf">;

/** The model over a set of file models (see Workspace): its parts as they are, and indexes built on first use. */
export function modelOf(parts: ModelParts, diagnostics: readonly Diagnostic[]): CheckedModel {
  let entriesByFile: Map<string, Entry[]> | null = null;
  let refsBySymbol: Map<string, Span[]> | null = null;
  const lines = new Map<string, LineIndex>();

  const offsetOf = (file: string, pos: Position): number => {
    let li = lines.get(file);
    if (!li) {
      li = new LineIndex(parts.files.get(file)?.text ?? "");
      lines.set(file, li);
    }
    return li.offset(pos);
  };

  const at = (file: string, where: number | Position): SymbolAt | undefined => {
    const offset = typeof where === "number" ? where : offsetOf(file, where);
    entriesByFile ??= entriesOf(parts.files);
    const list = entriesByFile.get(file);
    if (!list) return undefined;
    // The innermost entry containing the offset (a cursor just after a name still names it).
    let best: Entry | undefined;
    for (const e of list) {
      if (e.span.start > offset) break;
      if (offset <= e.span.end && (!best || e.span.end - e.span.start <= best.span.end - best.span.start)) best = e;
    }
    if (!best) return undefined;
    const declaration = parts.symbols.get(best.symbol);
    if (!declaration) return undefined;
    return {
      span: best.span,
      declaration,
      ...(best.type ? { type: best.type } : {}),
      isDeclaration: best.isDeclaration,
    };
  };

  const referencesTo = (symbol: string): readonly Span[] => {
    refsBySymbol ??= referenceSpans(parts.files);
    const decl = parts.symbols.get(symbol)?.span;
    const refs = refsBySymbol.get(symbol) ?? [];
    return decl ? [decl, ...refs.filter((s) => !(s.file === decl.file && s.start === decl.start))] : refs;
  };

  return { ...parts, diagnostics, at, referencesTo, offsetOf };
}

/** Each file's declarations and references in the file, by start. */
function entriesOf(files: ReadonlyMap<string, FileModel>): Map<string, Entry[]> {
  const byFile = new Map<string, Entry[]>();
  for (const f of files.values()) {
    const list: Entry[] = [];
    for (const d of f.declarations)
      if (d.span && d.span.file === f.file)
        list.push({ span: d.span, symbol: d.id, ...(d.type ? { type: d.type } : {}), isDeclaration: true });
    for (const r of f.references)
      list.push({ span: r.span, symbol: r.symbol, ...(r.type ? { type: r.type } : {}), isDeclaration: false });
    list.sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end);
    byFile.set(f.file, list);
  }
  return byFile;
}

/** Every reference's span, by the symbol it names, in file order. */
function referenceSpans(files: ReadonlyMap<string, FileModel>): Map<string, Span[]> {
  const m = new Map<string, Span[]>();
  for (const f of files.values()) {
    for (const r of f.references) {
      const l = m.get(r.symbol);
      if (l) l.push(r.span);
      else m.set(r.symbol, [r.span]);
    }
  }
  return m;
}
