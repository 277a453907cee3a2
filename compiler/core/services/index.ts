/**
 * Language services over a game's checked model: diagnostics, completion, hover, go to
 * definition, references, rename, document symbols, semantic tokens and quick fixes.
 *
 * Pure: no Node APIs and no TypeScript, so it runs in a web worker as well as in the LSP server.
 * Types are LSP-shaped but our own (protocol.ts): positions are 0-based line/character.
 *
 *   const ws = new Workspace(input);                 // compiler/core/workspace/workspace.ts
 *   const ls = new LanguageService(ws, ruleTexts);   // ruleTexts: rule id → its line (docs/rules/<game>.md)
 *   ws.setFile(path, text);                          // after an edit
 *   ls.completion(path, { line: 9, character: 14 });
 */
import type { CheckedModel } from "../workspace/model.ts";
import { quickFixes } from "./code-actions.ts";
import { completion } from "./completion/completion.ts";
import { fileDiagnostics } from "./diagnostics.ts";
import { documentSymbols } from "./symbols/document-symbols.ts";
import { fileInfo, type FileInfo } from "./file-info.ts";
import { hover } from "./symbols/hover.ts";
import { definition, references } from "./symbols/navigation.ts";
import type {
  CodeAction,
  CompletionList,
  DocumentSymbol,
  Hover,
  Location,
  LspPosition,
  LspRange,
  SemanticTokens,
  ServiceDiagnostic,
  WorkspaceEdit,
} from "./protocol.ts";
import { prepareRename, rename } from "./symbols/rename.ts";
import { encodeTokens, nameIndex, regionTokens, SEMANTIC_LEGEND } from "./symbols/semantic-tokens.ts";

export type * from "./protocol.ts";
export { SEMANTIC_LEGEND, decodeTokens } from "./symbols/semantic-tokens.ts";

/** Anything that gives the current checked model (a Workspace). */
export interface ModelSource {
  model(): CheckedModel;
}

export class LanguageService {
  constructor(
    private readonly source: ModelSource,
    /** Rule id → its text, for hover on rule ids. */
    private rules: ReadonlyMap<string, string> = new Map(),
  ) {}

  static readonly legend = SEMANTIC_LEGEND;

  setRuleTexts(rules: ReadonlyMap<string, string>): void {
    this.rules = rules;
  }

  private with<R>(file: string, fallback: R, fn: (model: CheckedModel, info: FileInfo) => R): R {
    const model = this.source.model();
    const info = fileInfo(model, file);
    return info ? fn(model, info) : fallback;
  }

  diagnostics(file: string): ServiceDiagnostic[] {
    return fileDiagnostics(this.source.model(), file);
  }

  completion(file: string, pos: LspPosition): CompletionList {
    return this.with(file, { range: { start: pos, end: pos }, items: [] }, (m, info) => completion(m, info, pos));
  }

  hover(file: string, pos: LspPosition): Hover | undefined {
    return this.with(file, undefined, (m, info) => hover(m, info, info.lines.offsetAt(pos), this.rules));
  }

  definition(file: string, pos: LspPosition): Location[] {
    return this.with(file, [], (m, info) => definition(m, info, info.lines.offsetAt(pos)));
  }

  references(file: string, pos: LspPosition, includeDeclaration = true): Location[] {
    return this.with(file, [], (m, info) => references(m, info, info.lines.offsetAt(pos), includeDeclaration));
  }

  prepareRename(file: string, pos: LspPosition): { range: LspRange; placeholder: string } | undefined {
    return this.with(file, undefined, (m, info) => prepareRename(m, info, info.lines.offsetAt(pos)));
  }

  rename(file: string, pos: LspPosition, newName: string): WorkspaceEdit | { error: string } {
    return this.with<WorkspaceEdit | { error: string }>(file, { error: `unknown file ${file}` }, (m, info) =>
      rename(m, info, info.lines.offsetAt(pos), newName),
    );
  }

  documentSymbols(file: string): DocumentSymbol[] {
    return this.with(file, [], (_m, info) => documentSymbols(info.src, info.role, info.lines));
  }

  semanticTokens(file: string): SemanticTokens {
    return this.with(file, { data: [] }, (m, info) => {
      const names = nameIndex(m, file);
      return encodeTokens(
        info.regions.flatMap((r) => regionTokens(r, names)),
        info.lines,
      );
    });
  }

  codeActions(file: string, range: LspRange): CodeAction[] {
    return quickFixes(file, this.diagnostics(file), range);
  }
}
