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
import type { Diagnostic, Position, Range } from "../text/diagnostics.ts";
import type { CompiledUnit } from "../semantic/ir.ts";
import type { SourceFile } from "../text/source.ts";
import type { Type } from "../semantic/types.ts";
import type { Vocabulary } from "../semantic/vocabulary.ts";

/** A place in a file: half-open file offsets [start, end) and the same as 1-based line/col. */
export interface Span {
  readonly file: string;
  readonly start: number;
  readonly end: number;
  readonly range: Range;
}

/** What a symbol is. `local` and `param` are names inside effect code. */
export type SymbolKind =
  | "kind"
  | "field"
  | "zone"
  | "property"
  | "option"
  | "event"
  | "event-field"
  | "stage"
  | "enum"
  | "enum-value"
  | "keyword"
  | "procedure"
  | "function"
  | "param"
  | "builtin"
  | "action"
  | "window"
  | "card"
  | "deck"
  | "scenario"
  | "version"
  | "local";

/**
 * A declared thing. `id` is unique in the model and stable across re-checks:
 * `card:<id>`, `kind:<k>`, `field:<kind or *>:<f>`, `zone:<z>`, `property:<card|player|game>:<p>`,
 * `option:<o>`, `event:<e>`, `event-field:<e>:<f>`, `stage:<e>:<s>`, `enum:<n>`, `enum-value:<v>`,
 * `keyword:<k>`, `procedure:<p>`, `function:<f>`, `param:<procedure|function>:<name>:<p>`,
 * `builtin:<b>`, `action:<a>`, `window:<w>`, `deck:<file>`, `scenario:<file>#<i>`,
 * `version:<v>` (a version the rules declare), `local:<file>:<offset>` (a `let`, `for` variable or binding).
 */
export interface Declaration {
  readonly id: string;
  readonly kind: SymbolKind;
  readonly name: string;
  /** The value's type (properties, fields, locals, params, event fields, enum values…), or the result of a callable. */
  readonly type?: Type;
  /** One line for hover/completion: a signature (`deal(target: player, n: number)`), a card's kind and stats… */
  readonly detail?: string;
  /** The author's `doc:` text from the rules file (procedures, events, properties…), or a built-in's doc. */
  readonly doc?: string;
  /** Where it is declared; null for built-ins. */
  readonly span: Span | null;
  /** The declaration this one belongs to (an event field → `event:<e>`, a param → its procedure). */
  readonly container?: string;
}

/** A name in a file that means a declaration. */
export interface Reference {
  readonly symbol: string;
  readonly span: Span;
  /** The type of the expression the name stands for, where there is one. */
  readonly type?: Type;
}

/** The answer of {@link CheckedModel.at}. */
export interface SymbolAt {
  readonly span: Span;
  readonly declaration: Declaration;
  readonly type?: Type;
  /** True when the span is the declaration itself (e.g. a card's `id:` value). */
  readonly isDeclaration: boolean;
}

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
  /** The runtime's table row for the card. */
  readonly def: CardDef;
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

/** Line starts of a text, for offset ⇄ line/col. */
export class LineIndex {
  private readonly starts: number[] = [0];
  constructor(readonly text: string) {
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) this.starts.push(i + 1);
  }
  offset(pos: Position): number {
    const line = Math.max(1, Math.min(pos.line, this.starts.length));
    const start = this.starts[line - 1] ?? 0;
    const end = line < this.starts.length ? (this.starts[line] ?? this.text.length) - 1 : this.text.length;
    return Math.min(start + Math.max(0, pos.col - 1), end);
  }
}

interface Entry {
  readonly span: Span;
  readonly symbol: string;
  readonly type?: Type;
  readonly isDeclaration: boolean;
}

/** The model over a set of file models (see Workspace). Indexes are built on first use. */
export class Model implements CheckedModel {
  private entriesByFile: Map<string, Entry[]> | null = null;
  private refsBySymbol: Map<string, Span[]> | null = null;
  private lines = new Map<string, LineIndex>();

  constructor(
    readonly game: string,
    readonly vocabulary: Vocabulary | null,
    readonly rules: RulesModel | null,
    readonly files: ReadonlyMap<string, FileModel>,
    readonly symbols: ReadonlyMap<string, Declaration>,
    readonly cards: readonly CardModel[],
    readonly decks: readonly DeckModel[],
    readonly scenarios: readonly ScenarioFileModel[],
    readonly units: readonly CompiledUnit[],
    readonly diagnostics: readonly Diagnostic[],
  ) {}

  private index(): Map<string, Entry[]> {
    if (this.entriesByFile) return this.entriesByFile;
    const byFile = new Map<string, Entry[]>();
    for (const f of this.files.values()) {
      const list: Entry[] = [];
      for (const d of f.declarations)
        if (d.span && d.span.file === f.file)
          list.push({ span: d.span, symbol: d.id, ...(d.type ? { type: d.type } : {}), isDeclaration: true });
      for (const r of f.references)
        list.push({ span: r.span, symbol: r.symbol, ...(r.type ? { type: r.type } : {}), isDeclaration: false });
      list.sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end);
      byFile.set(f.file, list);
    }
    this.entriesByFile = byFile;
    return byFile;
  }

  offsetOf(file: string, pos: Position): number {
    let li = this.lines.get(file);
    if (!li) {
      li = new LineIndex(this.files.get(file)?.text ?? "");
      this.lines.set(file, li);
    }
    return li.offset(pos);
  }

  at(file: string, where: number | Position): SymbolAt | undefined {
    const offset = typeof where === "number" ? where : this.offsetOf(file, where);
    const list = this.index().get(file);
    if (!list) return undefined;
    // The innermost entry containing the offset (a cursor just after a name still names it).
    let best: Entry | undefined;
    for (const e of list) {
      if (e.span.start > offset) break;
      if (offset <= e.span.end && (!best || e.span.end - e.span.start <= best.span.end - best.span.start)) best = e;
    }
    if (!best) return undefined;
    const declaration = this.symbols.get(best.symbol);
    if (!declaration) return undefined;
    return {
      span: best.span,
      declaration,
      ...(best.type ? { type: best.type } : {}),
      isDeclaration: best.isDeclaration,
    };
  }

  referencesTo(symbol: string): readonly Span[] {
    if (!this.refsBySymbol) {
      const m = new Map<string, Span[]>();
      for (const f of this.files.values()) {
        for (const r of f.references) {
          const l = m.get(r.symbol);
          if (l) l.push(r.span);
          else m.set(r.symbol, [r.span]);
        }
      }
      this.refsBySymbol = m;
    }
    const decl = this.symbols.get(symbol)?.span;
    const refs = this.refsBySymbol.get(symbol) ?? [];
    return decl ? [decl, ...refs.filter((s) => !(s.file === decl.file && s.start === decl.start))] : refs;
  }
}
