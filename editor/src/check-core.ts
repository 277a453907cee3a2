/**
 * What the check worker does, as plain functions (so Node tests can call them too): the real
 * compiler core checks a game; a card edit is re-checked alone against the last vocabulary.
 */
import { checkCardFile, checkGame, displayName, type GameInput, type InputFile } from "../../compiler/core/compile.ts";
import type { Diagnostic } from "../../compiler/core/diagnostics.ts";
import { SourceFile } from "../../compiler/core/source.ts";
import type { Vocabulary } from "../../compiler/core/vocabulary.ts";
import { typeToString } from "../../compiler/core/types.ts";
import { cardTemplate } from "./templates.ts";

export interface CardSymbol {
  readonly id: string;
  readonly name: string;
  readonly kind: string;
  readonly file: string;
  /** 1-based line of the `id:` value. */
  readonly line: number;
  readonly col: number;
  readonly value: Record<string, unknown>;
}

export interface CallableSymbol {
  readonly name: string;
  readonly signature: string;
  readonly doc: string;
  readonly kind: "procedure" | "function";
}

/** What the editor needs to know about a game beyond diagnostics (completion, hover, preview). */
export interface GameSymbols {
  readonly game: string;
  readonly cards: readonly CardSymbol[];
  readonly callables: readonly CallableSymbol[];
  readonly kinds: readonly { readonly name: string; readonly fields: readonly { readonly name: string; readonly type: string; readonly optional: boolean }[] }[];
  readonly keywords: readonly string[];
  /** A new card of each kind; `__ID__` stands for its id. */
  readonly templates: Readonly<Record<string, string>>;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});

export class GameChecker {
  private input: GameInput | null = null;
  private voc: Vocabulary | null = null;
  private lastFull: Diagnostic[] = [];

  /** Full check of the whole game, exactly as the CLI does it. */
  load(input: GameInput): { diagnostics: Diagnostic[]; symbols: GameSymbols | null } {
    this.input = input;
    const checked = checkGame(input);
    this.voc = checked.vocabulary;
    this.lastFull = checked.diagnostics;
    return { diagnostics: checked.diagnostics, symbols: this.symbols(checked.cards, checked.rulesValue) };
  }

  /** Replaces one file's text (a new file is added to the cards). */
  setFile(path: string, text: string): void {
    if (!this.input) return;
    if (path === this.input.rules.path) this.input = { ...this.input, rules: { path, text } };
    else {
      const cards = this.input.cards.filter((f) => f.path !== path);
      if (isCardPath(path)) cards.push({ path, text });
      this.input = { ...this.input, cards };
    }
  }

  full(): { diagnostics: Diagnostic[]; symbols: GameSymbols | null } {
    if (!this.input) return { diagnostics: [], symbols: null };
    return this.load(this.input);
  }

  /**
   * The fast path after a keystroke in a card file: that file alone against the last vocabulary
   * (<1 ms). The full check that follows is the reference; both agree on one card's own problems.
   */
  quick(path: string, text: string): Diagnostic[] | null {
    if (!this.voc || !this.input || !isCardPath(path)) return null;
    const others = new Map<string, string>();
    for (const f of this.input.cards) if (f.path !== path) others.set(cardIdOf(f) ?? "", f.path);
    const diags = checkCardFile(this.voc, { path, text });
    const id = cardIdOf({ path, text });
    const prev = id === null ? undefined : others.get(id);
    if (id !== null && prev !== undefined) {
      const src = new SourceFile(path, text);
      diags.push({ file: path, range: src.rangeAt(["id"]), severity: "error", code: "check/duplicate-card", message: `card id '${id}' is already used by ${prev}` });
    }
    return diags;
  }

  private symbols(cards: readonly { id: string; kind: string; file: string; value: Obj }[], rules: Obj | null): GameSymbols | null {
    const voc = this.voc;
    if (!voc || !this.input) return null;
    const texts = new Map(this.input.cards.map((f) => [f.path, f.text] as const));
    const rulesSrc = new SourceFile(this.input.rules.path, this.input.rules.text);
    const rulesLines = this.input.rules.text.split("\n");
    const callables: CallableSymbol[] = [];
    for (const [kind, table, key] of [["procedure", voc.procedures, "procedures"], ["function", voc.functions, "functions"]] as const) {
      for (const c of table.values()) {
        const field = obj(obj(rules?.[key])[c.name])["doc"];
        const doc = typeof field === "string" ? field : commentDoc(rulesLines, rulesSrc.rangeAt([key, c.name], "key").start.line);
        const params = c.params.map((p) => `${p.name}: ${typeToString(p.type)}`).join(", ");
        callables.push({ kind, name: c.name, signature: `${c.name}(${params})${c.returns.t === "none" ? "" : `: ${typeToString(c.returns)}`}`, doc: typeof doc === "string" ? doc.trim() : "" });
      }
    }
    return {
      game: voc.game,
      cards: cards.map((c) => {
        const src = new SourceFile(c.file, texts.get(c.file) ?? "");
        const at = src.rangeAt(["id"]).start;
        return { id: c.id, name: displayName(c.value["name"]) ?? c.id, kind: c.kind, file: c.file, line: at.line, col: at.col, value: c.value };
      }),
      callables,
      kinds: [...voc.kinds.values()].map((k) => ({ name: k.name, fields: [...k.fields.values()].map((f) => ({ name: f.name, type: typeof f.type === "string" ? f.type : typeToString(f.type), optional: f.optional })) })),
      keywords: [...voc.keywords],
      templates: Object.fromEntries([...voc.kinds.keys()].map((k) => [k, cardTemplate(voc, k, "__ID__")])),
    };
  }
}

/**
 * A declaration without a `doc:` field is documented by its comments: the ones on the lines just
 * above its key and the one at the end of the key's line.
 */
function commentDoc(lines: readonly string[], line: number): string {
  const out: string[] = [];
  for (let i = line - 2; i >= 0 && /^\s*#/.test(lines[i] ?? ""); i--) out.unshift((lines[i] as string).replace(/^\s*#\s?/, ""));
  const tail = /\s#\s?(.*)$/.exec(lines[line - 1] ?? "");
  if (tail) out.push(tail[1] as string);
  return out.join("\n");
}

/** Card files live under cards/<game>/cards/. */
export function isCardPath(path: string): boolean {
  return /^cards\/[^/]+\/cards\/.+\.ya?ml$/.test(path);
}

function cardIdOf(f: InputFile): string | null {
  const m = /^id:\s*["']?([A-Za-z0-9_-]+)/m.exec(f.text);
  return m ? (m[1] as string) : null;
}

/** Full check of an arbitrary game input (the corpus test calls this through the worker). */
export function checkInput(input: GameInput): Diagnostic[] {
  return checkGame(input).diagnostics;
}
