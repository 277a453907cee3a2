/**
 * `cardwright lsp`: the Language Server Protocol over stdio. One Workspace and LanguageService
 * per game under cards/ (built when a file of the game is first opened); an open document's text
 * replaces the file on disk in its workspace until it is closed. Everything the editor asks is
 * answered by compiler/core/services; this file only translates to and from LSP.
 */
import { existsSync, readFileSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  CodeActionKind,
  CompletionItemKind,
  createConnection,
  DiagnosticSeverity,
  DidChangeWatchedFilesNotification,
  FileChangeType,
  ProposedFeatures,
  ResponseError,
  SymbolKind,
  TextDocuments,
  TextDocumentSyncKind,
  type Connection,
  type Diagnostic as LspDiagnostic,
  type DocumentSymbol as LspDocumentSymbol,
  type InitializeResult,
  type WorkspaceEdit as LspWorkspaceEdit,
} from "vscode-languageserver/node";
import { TextDocument } from "vscode-languageserver-textdocument";
import { parseRulesDoc } from "../../core/files/rules-docs.ts";
import {
  LanguageService,
  SEMANTIC_LEGEND,
  type CompletionKind,
  type DocumentSymbol,
  type OutlineKind,
  type ServiceDiagnostic,
  type WorkspaceEdit,
} from "../../core/services/index.ts";
import { Workspace } from "../../core/workspace/workspace.ts";
import { readGame, ROOT } from "../project.ts";

interface Game {
  readonly ws: Workspace;
  readonly ls: LanguageService;
}

const COMPLETION_KINDS: Record<CompletionKind, CompletionItemKind> = {
  keyword: CompletionItemKind.Keyword,
  variable: CompletionItemKind.Variable,
  property: CompletionItemKind.Property,
  field: CompletionItemKind.Field,
  event: CompletionItemKind.Event,
  function: CompletionItemKind.Function,
  procedure: CompletionItemKind.Method,
  card: CompletionItemKind.Class,
  "enum-value": CompletionItemKind.EnumMember,
  kind: CompletionItemKind.Enum,
  zone: CompletionItemKind.Field,
  key: CompletionItemKind.Property,
  value: CompletionItemKind.Value,
};

const SYMBOL_KINDS: Record<OutlineKind, SymbolKind> = {
  file: SymbolKind.File,
  card: SymbolKind.Class,
  section: SymbolKind.Namespace,
  entry: SymbolKind.Function,
  field: SymbolKind.Field,
  trigger: SymbolKind.Event,
  scenario: SymbolKind.Module,
  deck: SymbolKind.Class,
  zone: SymbolKind.Array,
};

const SEVERITIES = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
} as const;

/** Starts the server (on stdin/stdout by default); it runs until the client ends it. */
export function startServer(
  connection: Connection = createConnection(ProposedFeatures.all, process.stdin, process.stdout),
): void {
  const documents = new TextDocuments(TextDocument);
  const games = new Map<string, Game>();
  let root = ROOT;

  /** The game and the path (relative to the root, `/`-separated, as the workspace knows files) of a URI. */
  const locate = (uri: string): { game: string; path: string } | undefined => {
    if (!uri.startsWith("file:")) return undefined;
    const rel = relative(root, fileURLToPath(uri)).replace(/\\/g, "/");
    const m = /^cards\/([^/]+)\//.exec(rel);
    if (!m || rel.startsWith("..") || isAbsolute(rel)) return undefined;
    return { game: m[1] as string, path: rel };
  };
  const uriOf = (path: string) => pathToFileURL(join(root, path)).href;

  const gameOf = (name: string): Game | undefined => {
    const hit = games.get(name);
    if (hit) return hit;
    const input = readGame(name, root, root);
    if ("code" in input) return undefined;
    const ws = new Workspace(input);
    const doc = join(root, "docs", "rules", `${name}.md`);
    const ls = new LanguageService(ws, existsSync(doc) ? parseRulesDoc(readFileSync(doc, "utf8")) : new Map());
    const g = { ws, ls };
    games.set(name, g);
    // Documents opened before the game was loaded take their place now.
    for (const d of documents.all()) {
      const at = locate(d.uri);
      if (at?.game === name) ws.setFile(at.path, d.getText());
    }
    return g;
  };

  const at = (uri: string): { g: Game; path: string } | undefined => {
    const l = locate(uri);
    const g = l ? gameOf(l.game) : undefined;
    return l && g ? { g, path: l.path } : undefined;
  };

  const toLspDiagnostic = (d: ServiceDiagnostic): LspDiagnostic => ({
    range: d.range,
    severity: SEVERITIES[d.severity],
    code: d.code,
    source: "cardwright",
    message: d.hint ? `${d.message}\nhint: ${d.hint}` : d.message,
    ...(d.data ? { data: d.data } : {}),
  });

  /** Diagnostics of every open document of a game (a change in one file can change another's). */
  const publish = (game: string) => {
    const g = games.get(game);
    if (!g) return;
    for (const d of documents.all()) {
      const l = locate(d.uri);
      if (l?.game === game)
        void connection.sendDiagnostics({
          uri: d.uri,
          version: d.version,
          diagnostics: g.ls.diagnostics(l.path).map(toLspDiagnostic),
        });
    }
  };

  let canRenameFiles = false;
  let watchFiles = false;
  const toLspEdit = (e: WorkspaceEdit): LspWorkspaceEdit => {
    // File renames need `documentChanges`: the text edits first (on the old paths), then the renames.
    if (e.renames?.length && canRenameFiles) {
      return {
        documentChanges: [
          ...Object.entries(e.changes).map(([file, edits]) => ({
            textDocument: { uri: uriOf(file), version: null },
            edits: edits.map((x) => ({ range: x.range, newText: x.newText })),
          })),
          ...e.renames.map((r) => ({ kind: "rename" as const, oldUri: uriOf(r.from), newUri: uriOf(r.to) })),
        ],
      };
    }
    return {
      changes: Object.fromEntries(
        Object.entries(e.changes).map(([file, edits]) => [
          uriOf(file),
          edits.map((x) => ({ range: x.range, newText: x.newText })),
        ]),
      ),
    };
  };

  const toLspSymbol = (s: DocumentSymbol): LspDocumentSymbol => ({
    name: s.name,
    ...(s.detail !== undefined ? { detail: s.detail } : {}),
    kind: SYMBOL_KINDS[s.kind],
    range: s.range,
    selectionRange: s.selectionRange,
    children: s.children.map(toLspSymbol),
  });

  connection.onInitialize((params): InitializeResult => {
    const folder = params.workspaceFolders?.[0]?.uri ?? params.rootUri;
    if (folder?.startsWith("file:")) root = resolve(fileURLToPath(folder));
    watchFiles = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    const we = params.capabilities.workspace?.workspaceEdit;
    canRenameFiles = we?.documentChanges === true && (we.resourceOperations ?? []).includes("rename");
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        completionProvider: { triggerCharacters: [".", "{", "[", ","] },
        hoverProvider: true,
        definitionProvider: true,
        referencesProvider: true,
        renameProvider: { prepareProvider: true },
        documentSymbolProvider: true,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
        semanticTokensProvider: {
          legend: { tokenTypes: [...SEMANTIC_LEGEND.tokenTypes], tokenModifiers: [...SEMANTIC_LEGEND.tokenModifiers] },
          full: true,
        },
      },
      serverInfo: { name: "cardwright", version: "0.1.0" },
    };
  });

  connection.onInitialized(() => {
    // Files changed on disk by other tools (git, a script) reach the workspaces too.
    if (watchFiles)
      void connection.client.register(DidChangeWatchedFilesNotification.type, {
        watchers: [{ globPattern: "**/cards/**/*.{yaml,yml}" }],
      });
  });

  connection.onDidChangeWatchedFiles((p) => {
    const touched = new Set<string>();
    for (const c of p.changes) {
      const l = locate(c.uri);
      const g = l ? games.get(l.game) : undefined;
      // Open documents hold the editor's text; games not loaded yet read the disk when they load.
      if (!l || !g || documents.get(c.uri)) continue;
      const disk = join(root, l.path);
      if (c.type === FileChangeType.Deleted || !existsSync(disk)) g.ws.removeFile(l.path);
      else g.ws.setFile(l.path, readFileSync(disk, "utf8"));
      touched.add(l.game);
    }
    for (const game of touched) publish(game);
  });

  documents.onDidChangeContent((e) => {
    const l = locate(e.document.uri);
    const g = l ? gameOf(l.game) : undefined;
    if (!l || !g) return;
    g.ws.setFile(l.path, e.document.getText());
    publish(l.game);
  });

  documents.onDidClose((e) => {
    const l = locate(e.document.uri);
    const g = l ? games.get(l.game) : undefined;
    if (!l || !g) return;
    // Closed without saving: the file on disk is the truth again.
    const disk = join(root, l.path);
    if (existsSync(disk)) g.ws.setFile(l.path, readFileSync(disk, "utf8"));
    else g.ws.removeFile(l.path);
    void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
    publish(l.game);
  });

  connection.onCompletion((p) => {
    const a = at(p.textDocument.uri);
    if (!a) return null;
    const list = a.g.ls.completion(a.path, p.position);
    return {
      isIncomplete: false,
      items: list.items.map((i) => ({
        label: i.label,
        kind: COMPLETION_KINDS[i.kind],
        ...(i.detail !== undefined ? { detail: i.detail } : {}),
        ...(i.documentation !== undefined
          ? { documentation: { kind: "markdown" as const, value: i.documentation } }
          : {}),
        textEdit: { range: list.range, newText: i.insertText ?? i.label },
      })),
    };
  });

  connection.onHover((p) => {
    const a = at(p.textDocument.uri);
    const h = a?.g.ls.hover(a.path, p.position);
    return h ? { contents: { kind: "markdown", value: h.contents }, range: h.range } : null;
  });

  connection.onDefinition((p) => {
    const a = at(p.textDocument.uri);
    return a ? a.g.ls.definition(a.path, p.position).map((l) => ({ uri: uriOf(l.file), range: l.range })) : null;
  });

  connection.onReferences((p) => {
    const a = at(p.textDocument.uri);
    return a
      ? a.g.ls
          .references(a.path, p.position, p.context.includeDeclaration)
          .map((l) => ({ uri: uriOf(l.file), range: l.range }))
      : null;
  });

  connection.onPrepareRename((p) => {
    const a = at(p.textDocument.uri);
    return a?.g.ls.prepareRename(a.path, p.position) ?? null;
  });

  connection.onRenameRequest((p) => {
    const a = at(p.textDocument.uri);
    if (!a) return null;
    const r = a.g.ls.rename(a.path, p.position, p.newName);
    if ("error" in r) throw new ResponseError(1, r.error);
    return toLspEdit(r);
  });

  connection.onDocumentSymbol((p) => {
    const a = at(p.textDocument.uri);
    return a ? a.g.ls.documentSymbols(a.path).map(toLspSymbol) : null;
  });

  connection.languages.semanticTokens.on((p) => {
    const a = at(p.textDocument.uri);
    return { data: a ? [...a.g.ls.semanticTokens(a.path).data] : [] };
  });

  connection.onCodeAction((p) => {
    const a = at(p.textDocument.uri);
    if (!a) return null;
    return a.g.ls.codeActions(a.path, p.range).map((c) => ({
      title: c.title,
      kind: CodeActionKind.QuickFix,
      isPreferred: c.isPreferred ?? false,
      diagnostics: [toLspDiagnostic(c.diagnostic)],
      edit: toLspEdit(c.edit),
    }));
  });

  documents.listen(connection);
  connection.listen();
}
