/**
 * What the check worker does, as plain functions (so Node tests can call them too): a Workspace
 * of the compiler core holds the game and re-checks only what an edit touches; the language
 * services answer completion, hover, definitions, references, rename, tokens and quick fixes.
 */
import type { CardText } from "../../../compiler/core/analysis/card-text/index.ts";
import type { GameInput } from "../../../compiler/core/files/check-files.ts";
import type { Diagnostic } from "../../../compiler/core/text/diagnostics.ts";
import type { CheckedModel } from "../../../compiler/core/workspace/model.ts";
import { LanguageService } from "../../../compiler/core/services/index.ts";
import { typeToString } from "../../../compiler/core/semantic/types.ts";
import { Workspace } from "../../../compiler/core/workspace/workspace.ts";
import { cardTemplate } from "../templates.ts";

export interface CardSymbol {
  readonly id: string;
  readonly name: string;
  /** The name in each language its file gives (`{ en, ja }`), when more than English. */
  readonly names?: Readonly<Record<string, string>>;
  readonly kind: string;
  readonly file: string;
}

export interface CallableSymbol {
  readonly name: string;
  readonly signature: string;
  readonly doc: string;
  readonly kind: "procedure" | "function";
}

/** What the page needs beyond the services: the preview's field types, templates, comment docs. */
export interface GameSymbols {
  readonly game: string;
  readonly cards: readonly CardSymbol[];
  readonly callables: readonly CallableSymbol[];
  readonly kinds: readonly {
    readonly name: string;
    readonly fields: readonly { readonly name: string; readonly type: string; readonly optional: boolean }[];
  }[];
  /** A new card of each kind; `__ID__` stands for its id. */
  readonly templates: Readonly<Record<string, string>>;
  /** The properties some card file names (`card:hp`, `player:life`): the others are the rules' bookkeeping. */
  readonly namedProperties: readonly string[];
}

/** The service calls the page may make, by name (arguments as the LanguageService takes them). */
export type ServiceMethod =
  | "completion"
  | "hover"
  | "definition"
  | "references"
  | "prepareRename"
  | "rename"
  | "semanticTokens"
  | "codeActions"
  | "documentSymbols"
  | "cardText"
  | "cardValue";

export class GameChecker {
  private ws: Workspace | null = null;
  private ls: LanguageService | null = null;
  private rules: { path: string; text: string } | null = null;
  private lastIds = "";

  /** Checks a game whole and keeps it. */
  load(input: GameInput): { diagnostics: readonly Diagnostic[]; symbols: GameSymbols } {
    this.ws = new Workspace(input);
    this.ls = new LanguageService(this.ws);
    this.rules = { ...input.rules };
    const model = this.ws.model();
    const symbols = this.symbols(model);
    this.lastIds = symbols.cards.map((c) => c.id).join(",");
    return { diagnostics: model.diagnostics, symbols };
  }

  /**
   * One file changed: the workspace re-checks what depends on it; every file's diagnostics come
   * back (an edit can fix or break another file). Symbols come too when the rules or the card
   * ids changed.
   */
  edit(path: string, text: string): { diagnostics: readonly Diagnostic[]; symbols: GameSymbols | null } {
    if (!this.ws) return { diagnostics: [], symbols: null };
    this.ws.setFile(path, text);
    const model = this.ws.model();
    const rulesChanged = this.rules?.path === path;
    if (rulesChanged && this.rules) this.rules = { path, text };
    const ids = model.cards.map((c) => c.id).join(",");
    const idsChanged = ids !== this.lastIds;
    this.lastIds = ids;
    return { diagnostics: model.diagnostics, symbols: rulesChanged || idsChanged ? this.symbols(model) : null };
  }

  /** A file left the game (deleted or renamed away on disk): every file's diagnostics after. */
  remove(path: string): { diagnostics: readonly Diagnostic[]; symbols: GameSymbols | null } {
    if (!this.ws) return { diagnostics: [], symbols: null };
    this.ws.removeFile(path);
    const model = this.ws.model();
    const ids = model.cards.map((c) => c.id).join(",");
    const idsChanged = ids !== this.lastIds;
    this.lastIds = ids;
    return { diagnostics: model.diagnostics, symbols: idsChanged ? this.symbols(model) : null };
  }

  call(method: ServiceMethod, args: readonly unknown[]): unknown {
    if (method === "cardText") return this.cardText(String(args[0]), String(args[1] ?? "en"));
    if (method === "cardValue") return this.cardValue(String(args[0]));
    const ls = this.ls as unknown as Record<ServiceMethod, (...a: unknown[]) => unknown> | null;
    return ls ? ls[method](...args) : null;
  }

  /** A file's value as the model parsed it (the preview reads the card so); null when it is unknown or does not parse. */
  cardValue(path: string): unknown {
    const src = this.ws?.model().files.get(path)?.source;
    return src?.ok ? src.value() : null;
  }

  private texts: { model: CheckedModel; byId: Map<string, CardText> } | null = null;

  /** A card's behaviour rendered from its code (compiler/core/analysis/card-text), for the preview. */
  cardText(id: string, lang = "en"): { rendered: string; differs: boolean } | null {
    if (!this.ws) return null;
    const model = this.ws.model();
    if (lang === "ja") return this.cardTextJa(model, id);
    // The workspace renders and compares every card at each build (reusing what an edit left unchanged).
    if (this.texts?.model !== model) this.texts = { model, byId: new Map(this.ws.cardTexts().map((t) => [t.id, t])) };
    const t = this.texts.byId.get(id);
    return t ? { rendered: t.rendered.text, differs: t.mismatches.length > 0 } : null;
  }

  private ja: { model: CheckedModel; byId: Map<string, CardText> } | null = null;

  /** The Japanese rendering (the CLI's `text --ja`): rendered for the whole game once per model. */
  private cardTextJa(model: CheckedModel, id: string): { rendered: string; differs: boolean } | null {
    // The workspace renders from the rules it checked: the rules file is not checked again here.
    if (this.ja?.model !== model)
      this.ja = { model, byId: new Map((this.ws?.cardTextsJa() ?? []).map((t) => [t.id, t])) };
    const t = this.ja.byId.get(id);
    return t ? { rendered: t.renderedJa, differs: t.mismatches.length > 0 } : null;
  }

  private symbols(model: CheckedModel): GameSymbols {
    const voc = model.vocabulary;
    // Docs and signatures as the checker declared them (the `doc:` field, else the author's comment).
    const callables: CallableSymbol[] = [];
    if (voc) {
      for (const [kind, table] of [
        ["procedure", voc.procedures],
        ["function", voc.functions],
      ] as const) {
        for (const c of table.values()) {
          const d = model.symbols.get(`${kind}:${c.name}`);
          callables.push({ kind, name: c.name, signature: d?.detail ?? c.name, doc: d?.doc ?? "" });
        }
      }
    }
    const named = new Set<string>();
    for (const f of model.files.values())
      if (f.role === "card")
        for (const r of f.references)
          if (r.symbol.startsWith("property:")) named.add(r.symbol.slice("property:".length));
    return {
      game: model.game,
      namedProperties: [...named].sort(),
      cards: model.cards.map((c) => ({
        id: c.id,
        name: c.name,
        ...(c.names ? { names: c.names } : {}),
        kind: c.kind,
        file: c.file,
      })),
      callables,
      kinds: voc
        ? [...voc.kinds.values()].map((k) => ({
            name: k.name,
            fields: [...k.fields.values()].map((f) => ({
              name: f.name,
              type: typeof f.type === "string" ? f.type : typeToString(f.type),
              optional: f.optional,
            })),
          }))
        : [],
      templates: voc ? Object.fromEntries([...voc.kinds.keys()].map((k) => [k, cardTemplate(voc, k, "__ID__")])) : {},
    };
  }
}

/** Card files live under cards/<game>/cards/. */
export function isCardPath(path: string): boolean {
  return /^cards\/[^/]+\/cards\/.+\.ya?ml$/.test(path);
}

/** Whole check of any game input by a fresh workspace: exactly what the editor would show. */
export function checkInput(input: GameInput): readonly Diagnostic[] {
  return new Workspace(input).model().diagnostics;
}
