/**
 * The language services' own plain data types, shaped like the Language Server Protocol's so
 * that the LSP server (compiler/node/lsp/) and the browser editor (Monaco) adapt them in a few
 * lines. Positions are 0-based lines and UTF-16 characters, as in LSP. Nothing here imports
 * vscode-languageserver: this folder runs in a web worker.
 */

/** 0-based line and character (UTF-16 code units), as in LSP. */
export interface LspPosition {
  readonly line: number;
  readonly character: number;
}

export interface LspRange {
  readonly start: LspPosition;
  readonly end: LspPosition;
}

/** A range in a file; `file` is the path the workspace knows the file by. */
export interface Location {
  readonly file: string;
  readonly range: LspRange;
}

export interface TextEdit {
  readonly range: LspRange;
  readonly newText: string;
}

/** Edits per file path, then files to rename (a card file follows its card's id). */
export interface WorkspaceEdit {
  readonly changes: Readonly<Record<string, readonly TextEdit[]>>;
  readonly renames?: readonly { readonly from: string; readonly to: string }[];
}

export type ServiceSeverity = "error" | "warning" | "info";

/** A diagnostic of the model with an LSP range; `data` carries what a quick fix needs. */
export interface ServiceDiagnostic {
  readonly range: LspRange;
  readonly severity: ServiceSeverity;
  readonly code: string;
  readonly message: string;
  readonly hint?: string;
  readonly data?: QuickFixData;
}

/** What a diagnostic may carry for a quick fix: the text that should replace its range (or `at`). */
export interface QuickFixData {
  readonly replacement?: string;
  readonly at?: LspRange;
}

/** What a completion item names (mapped to LSP's CompletionItemKind by the adapters). */
export type CompletionKind =
  | "keyword"
  | "variable"
  | "property"
  | "field"
  | "event"
  | "function"
  | "procedure"
  | "card"
  | "enum-value"
  | "kind"
  | "zone"
  | "key"
  | "value";

export interface CompletionItem {
  readonly label: string;
  readonly kind: CompletionKind;
  /** One line shown next to the label: a type or a signature. */
  readonly detail?: string;
  /** Markdown. */
  readonly documentation?: string;
  /** Text to insert instead of the label (e.g. `key: `). */
  readonly insertText?: string;
}

export interface CompletionList {
  /** The range the chosen item replaces (the word being typed). */
  readonly range: LspRange;
  readonly items: readonly CompletionItem[];
}

export interface Hover {
  /** Markdown. */
  readonly contents: string;
  readonly range: LspRange;
}

export type OutlineKind = "file" | "card" | "section" | "entry" | "field" | "trigger" | "scenario" | "deck" | "zone";

/** An outline entry (LSP's DocumentSymbol). */
export interface DocumentSymbol {
  readonly name: string;
  readonly detail?: string;
  readonly kind: OutlineKind;
  /** The whole entry. */
  readonly range: LspRange;
  /** The name of the entry (its key). */
  readonly selectionRange: LspRange;
  readonly children: readonly DocumentSymbol[];
}

/** LSP's semantic tokens: the legend the server announces, and the relative 5-number encoding. */
export interface SemanticTokensLegend {
  readonly tokenTypes: readonly string[];
  readonly tokenModifiers: readonly string[];
}

export interface SemanticTokens {
  readonly data: readonly number[];
}

export interface CodeAction {
  readonly title: string;
  readonly kind: "quickfix";
  /** The diagnostic it fixes. */
  readonly diagnostic: ServiceDiagnostic;
  readonly edit: WorkspaceEdit;
  readonly isPreferred?: boolean;
}
