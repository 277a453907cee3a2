/**
 * The editor's one door to the language: the compiler core's workspace and language services in
 * a web worker (check/core.ts), adapted to Monaco here. Diagnostics, completion, hover, go to
 * definition, references, rename, quick fixes, outline and semantic tokens all come from the
 * services; positions are converted between LSP (0-based) and Monaco (1-based) in this file only.
 */
import type * as Monaco from "monaco-editor";
import type { Diagnostic } from "../../compiler/core/text/diagnostics.ts";
import type {
  CodeAction,
  CompletionKind,
  CompletionList,
  DocumentSymbol,
  Hover,
  Location,
  LspPosition,
  LspRange,
  OutlineKind,
  SemanticTokens,
  WorkspaceEdit,
} from "../../compiler/core/services/index.ts";
import { SEMANTIC_LEGEND } from "../../compiler/core/services/symbols/semantic-tokens.ts";

export { LanguageClient } from "./check/client.ts";
import type { LanguageClient } from "./check/client.ts";

export const uriOf = (monaco: typeof Monaco, path: string): Monaco.Uri => monaco.Uri.parse(`file:///${path}`);
export const pathOf = (uri: Monaco.Uri): string => uri.path.replace(/^\//, "");

const toRange = (r: LspRange): Monaco.IRange => ({
  startLineNumber: r.start.line + 1,
  startColumn: r.start.character + 1,
  endLineNumber: r.end.line + 1,
  endColumn: r.end.character + 1,
});
const toLsp = (p: Monaco.IPosition): LspPosition => ({ line: p.lineNumber - 1, character: p.column - 1 });

export function toMarkers(monaco: typeof Monaco, diags: readonly Diagnostic[]): Monaco.editor.IMarkerData[] {
  const sev = {
    error: monaco.MarkerSeverity.Error,
    warning: monaco.MarkerSeverity.Warning,
    info: monaco.MarkerSeverity.Info,
  } as const;
  return diags.map((d) => ({
    severity: sev[d.severity],
    code: d.code,
    message: d.hint ? `${d.message}\nhint: ${d.hint}` : d.message,
    startLineNumber: d.range.start.line,
    startColumn: d.range.start.col,
    endLineNumber: d.range.end.line,
    // A zero-width range still shows a squiggle one character wide.
    endColumn:
      d.range.end.line === d.range.start.line && d.range.end.col <= d.range.start.col
        ? d.range.start.col + 1
        : d.range.end.col,
    source: "cardwright",
  }));
}

export interface LanguageHost {
  readonly client: LanguageClient;
  /** The model of a file of the open game (made on demand: references and rename need them). */
  model(path: string): Monaco.editor.ITextModel;
  /** After a rename's edits are applied to the models: the page saves them (and moves a card's file). */
  renamed?(r: {
    readonly oldName: string;
    readonly newName: string;
    readonly files: readonly string[];
    /** Whether the old name was a card id (known before the edit: after it, the id is gone). */
    readonly card: boolean;
  }): void;
}

export function registerLanguage(monaco: typeof Monaco, host: LanguageHost): void {
  const { client } = host;
  const K = monaco.languages.CompletionItemKind;
  const kinds: Record<CompletionKind, Monaco.languages.CompletionItemKind> = {
    keyword: K.Keyword,
    variable: K.Variable,
    property: K.Property,
    field: K.Field,
    event: K.Event,
    function: K.Function,
    procedure: K.Method,
    card: K.Value,
    "enum-value": K.EnumMember,
    kind: K.Class,
    zone: K.Folder,
    key: K.Property,
    value: K.Value,
  };
  const location = (l: Location): Monaco.languages.Location => {
    host.model(l.file);
    return { uri: uriOf(monaco, l.file), range: toRange(l.range) };
  };
  const workspaceEdit = (e: WorkspaceEdit): Monaco.languages.WorkspaceEdit => ({
    edits: Object.entries(e.changes).flatMap(([file, edits]) => {
      const m = host.model(file);
      return edits.map((t) => ({
        resource: m.uri,
        versionId: undefined,
        textEdit: { range: toRange(t.range), text: t.newText },
      }));
    }),
  });

  monaco.languages.registerCompletionItemProvider("yaml", {
    triggerCharacters: [".", " ", "(", ":"],
    async provideCompletionItems(model, pos) {
      const list = await client.call<CompletionList>("completion", pathOf(model.uri), toLsp(pos));
      const range = toRange(list.range);
      return {
        suggestions: list.items.map((it) => ({
          label: it.label,
          kind: kinds[it.kind],
          insertText: it.insertText ?? it.label,
          range,
          ...(it.detail ? { detail: it.detail } : {}),
          ...(it.documentation ? { documentation: { value: it.documentation } } : {}),
        })),
      };
    },
  });
  monaco.languages.registerHoverProvider("yaml", {
    async provideHover(model, pos) {
      const h = await client.call<Hover | undefined>("hover", pathOf(model.uri), toLsp(pos));
      if (!h) return null;
      // A procedure or function documented by comments in the rules (no `doc:` field): add them.
      const m = /^```\n\((procedure|function)\) ([\w-]+)\(/.exec(h.contents);
      const doc =
        m && !h.contents.includes("\n\n") ? client.symbols?.callables.find((c) => c.name === m[2])?.doc : undefined;
      return { range: toRange(h.range), contents: [{ value: h.contents }, ...(doc ? [{ value: doc }] : [])] };
    },
  });
  monaco.languages.registerDefinitionProvider("yaml", {
    async provideDefinition(model, pos) {
      return (await client.call<Location[]>("definition", pathOf(model.uri), toLsp(pos))).map(location);
    },
  });
  monaco.languages.registerReferenceProvider("yaml", {
    async provideReferences(model, pos, ctx) {
      return (await client.call<Location[]>("references", pathOf(model.uri), toLsp(pos), ctx.includeDeclaration)).map(
        location,
      );
    },
  });
  monaco.languages.registerRenameProvider("yaml", {
    async provideRenameEdits(model, pos, newName) {
      const before = await client.call<{ placeholder: string } | undefined>(
        "prepareRename",
        pathOf(model.uri),
        toLsp(pos),
      );
      const r = await client.call<WorkspaceEdit | { error: string }>("rename", pathOf(model.uri), toLsp(pos), newName);
      if ("error" in r) return { edits: [], rejectReason: r.error };
      const edit = workspaceEdit(r);
      const files = Object.keys(r.changes).filter((f) => (r.changes[f]?.length ?? 0) > 0);
      if (host.renamed && before && files.length) {
        // Monaco applies the edit after this returns; once every model changed, hand over.
        // A rename that is never applied (cancelled) must not turn a later keystroke into one.
        const left = new Set(files);
        const card = client.symbols?.cards.some((c) => c.id === before.placeholder) === true;
        const subs = files.map((f) =>
          host.model(f).onDidChangeContent(() => {
            left.delete(f);
            if (left.size > 0) return;
            for (const x of subs) x.dispose();
            clearTimeout(expire);
            setTimeout(() => host.renamed?.({ oldName: before.placeholder, newName, files, card }), 0);
          }),
        );
        const expire = setTimeout(() => {
          for (const x of subs) x.dispose();
        }, 5000);
      }
      return edit;
    },
    async resolveRenameLocation(model, pos) {
      const r = await client.call<{ range: LspRange; placeholder: string } | undefined>(
        "prepareRename",
        pathOf(model.uri),
        toLsp(pos),
      );
      return r
        ? { range: toRange(r.range), text: r.placeholder }
        : {
            range: {
              startLineNumber: pos.lineNumber,
              startColumn: pos.column,
              endLineNumber: pos.lineNumber,
              endColumn: pos.column,
            },
            text: "",
            rejectReason: "nothing to rename here",
          };
    },
  });
  monaco.languages.registerCodeActionProvider("yaml", {
    async provideCodeActions(model, range) {
      const lsp = {
        start: toLsp({ lineNumber: range.startLineNumber, column: range.startColumn }),
        end: toLsp({ lineNumber: range.endLineNumber, column: range.endColumn }),
      };
      const actions = await client.call<CodeAction[]>("codeActions", pathOf(model.uri), lsp);
      return {
        actions: actions.map((a) => ({
          title: a.title,
          kind: "quickfix",
          isPreferred: a.isPreferred ?? false,
          edit: workspaceEdit(a.edit),
        })),
        dispose: () => undefined,
      };
    },
  });
  const S = monaco.languages.SymbolKind;
  const outline: Record<OutlineKind, Monaco.languages.SymbolKind> = {
    file: S.File,
    card: S.Class,
    section: S.Namespace,
    entry: S.Object,
    field: S.Field,
    trigger: S.Event,
    scenario: S.Module,
    deck: S.Package,
    zone: S.Array,
  };
  const toSymbol = (d: DocumentSymbol): Monaco.languages.DocumentSymbol => ({
    name: d.name,
    detail: d.detail ?? "",
    kind: outline[d.kind],
    tags: [],
    range: toRange(d.range),
    selectionRange: toRange(d.selectionRange),
    children: d.children.map(toSymbol),
  });
  monaco.languages.registerDocumentSymbolProvider("yaml", {
    async provideDocumentSymbols(model) {
      return (await client.call<DocumentSymbol[]>("documentSymbols", pathOf(model.uri))).map(toSymbol);
    },
  });
  monaco.languages.registerDocumentSemanticTokensProvider("yaml", {
    getLegend: () => ({
      tokenTypes: [...SEMANTIC_LEGEND.tokenTypes],
      tokenModifiers: [...SEMANTIC_LEGEND.tokenModifiers],
    }),
    async provideDocumentSemanticTokens(model) {
      const t = await client.call<SemanticTokens>("semanticTokens", pathOf(model.uri));
      return { data: new Uint32Array(t.data) };
    },
    releaseDocumentSemanticTokens: () => undefined,
  });
}
