/**
 * `cardwright lsp`: the Language Server Protocol over stdio. One Workspace and LanguageService
 * per game under cards/ (built when a file of the game is first opened); an open document's text
 * replaces the file on disk in its workspace until it is closed. Everything the editor asks is
 * answered by compiler/core/services; this file only translates to and from LSP.
 */
import { existsSync, readFileSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { StreamMessageWriter } from "vscode-jsonrpc/node";
import {
  CodeActionKind,
  CompletionItemKind,
  createConnection,
  DiagnosticSeverity,
  DidChangeWatchedFilesNotification,
  ErrorCodes,
  FileChangeType,
  ProposedFeatures,
  ResponseError,
  SymbolKind,
  TextDocuments,
  TextDocumentSyncKind,
  type Connection,
  type Diagnostic as LspDiagnostic,
  type DocumentSymbol as LspDocumentSymbol,
  type InitializeError,
  type InitializeResult,
  type WorkspaceEdit as LspWorkspaceEdit,
} from "vscode-languageserver/node";
import { LAZY_DOCUMENTS } from "./lazy-document.ts";
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
import { findProjectRoot, readGame, ROOT } from "../project.ts";
import { StrictMessageReader } from "./framing.ts";

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

/** How long the server waits after a document change for the next one before checking (see `schedule`). */
export const SETTLE_MS = 75;

/**
 * The connection on stdin/stdout. A frame that breaks the base protocol ends the process with
 * the reason on stderr (exit 1): the stream is out of step for good, and clients restart a
 * server that exits. End of input ends it too (0 after `shutdown`, else 1, as the LSP says, with
 * the reason on stderr: an editor's log then says why the server stopped).
 */
function stdioConnection(): Connection {
  const reader = new StrictMessageReader(process.stdin);
  let shutdown = false;
  reader.onError((e) => {
    process.stderr.write(`cardwright lsp: ${e instanceof Error ? e.message : String(e)}; exiting\n`);
    process.exit(1);
  });
  reader.onClose(() => {
    if (!shutdown)
      process.stderr.write("cardwright lsp: the client closed the input without a shutdown request; exiting\n");
    process.exit(shutdown ? 0 : 1);
  });
  // stdout carries the protocol: anything logged goes to stderr.
  console.log = console.info = console.debug = console.error;
  const connection = createConnection(ProposedFeatures.all, reader, new StreamMessageWriter(process.stdout));
  connection.onShutdown(() => {
    shutdown = true;
  });
  return connection;
}

/** Exit code when no project can be found for the client's folder (a usage error, like the CLI's 2). */
export const NO_PROJECT_EXIT = 2;

/**
 * The project root for the folder a client names (or the working folder when it names none): the
 * nearest folder at or above it holding `cards/<game>/rules.yaml`, so an editor that roots at a
 * game's folder (or its `cards/`) still gets the whole project; else the reason, naming the folders tried.
 */
export function serverRoot(folder: string | undefined, cwd: string): { root: string } | { error: string } {
  const tried = folder === undefined ? [cwd] : [folder, cwd];
  for (const from of tried) {
    const root = findProjectRoot(from);
    if (root !== undefined) return { root };
  }
  const where =
    folder === undefined ? `the working folder ${cwd}` : `${folder} (the client's root) or ${cwd} (the working folder)`;
  return {
    error: `no Cardwright project at or above ${where}: a project is a folder holding cards/<game>/rules.yaml`,
  };
}

/**
 * Starts the server (on stdin/stdout by default); it runs until the client ends it. With no
 * project for the client's root it answers `initialize` with the reason, writes it on stderr and
 * ends with NO_PROJECT_EXIT (`exit` is the process's, replaceable for a connection in a test).
 */
export function startServer(
  connection: Connection = stdioConnection(),
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  // Changes are queued and applied when the text is read (lazy-document.ts): a run of changes costs one pass.
  const documents = new TextDocuments(LAZY_DOCUMENTS);
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

  // ── coalescing ────────────────────────────────────────────────────────────
  // A change only records the document as pending; the workspace is told (and checked) once the
  // changes have settled for SETTLE_MS, so a run of N quick changes costs one check, not N. Each
  // check counts as stale when a change arrives before its diagnostics go out: the check stops
  // at the next step and the timer of that change does the work for the final text. Requests
  // (hover, completion…) apply pending changes first, so they always answer on the current text.
  /** Per game, the open documents whose text the workspace has not been given yet. */
  const pending = new Map<string, Set<string>>();
  /** Games whose open documents need their diagnostics published. */
  const unpublished = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Counts changes received: a check that sees it move under it is stale. */
  let generation = 0;

  /** Gives the workspace of a game the current text of its pending documents. */
  const flush = (game: string, g: Game) => {
    const uris = pending.get(game);
    if (!uris) return;
    pending.delete(game);
    for (const uri of uris) {
      const d = documents.get(uri);
      const l = locate(uri);
      if (d && l) g.ws.setFile(l.path, d.getText());
    }
  };

  const schedule = () => {
    generation++;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void settle(generation);
    }, SETTLE_MS);
  };

  /** Whether messages that arrived during the last synchronous step changed something (checked after letting them in). */
  const overtaken = (gen: number) => new Promise<boolean>((done) => setImmediate(() => done(gen !== generation)));

  const settle = async (gen: number) => {
    for (const game of [...new Set([...pending.keys(), ...unpublished])]) {
      const g = games.get(game);
      if (!g) continue;
      flush(game, g);
      if (await overtaken(gen)) return;
      // Building the model (diagnostics of every open document) is the second half of the check.
      const out: { uri: string; version: number; diagnostics: LspDiagnostic[] }[] = [];
      for (const d of documents.all()) {
        const l = locate(d.uri);
        if (l?.game === game)
          out.push({ uri: d.uri, version: d.version, diagnostics: g.ls.diagnostics(l.path).map(toLspDiagnostic) });
      }
      if (await overtaken(gen)) return;
      unpublished.delete(game);
      for (const p of out) void connection.sendDiagnostics(p);
    }
  };

  const at = (uri: string): { g: Game; path: string } | undefined => {
    const l = locate(uri);
    const g = l ? gameOf(l.game) : undefined;
    if (l && g) flush(l.game, g);
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

  /** Diagnostics of every open document of a game (a change in one file can change another's), once changes settle. */
  const publish = (game: string) => {
    unpublished.add(game);
    schedule();
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

  connection.onInitialize((params): InitializeResult | ResponseError<InitializeError> => {
    const folder = params.workspaceFolders?.[0]?.uri ?? params.rootUri;
    const found = serverRoot(folder?.startsWith("file:") ? resolve(fileURLToPath(folder)) : undefined, process.cwd());
    if ("error" in found) {
      process.stderr.write(`cardwright lsp: ${found.error}; exiting\n`);
      // The answer goes out first, so the editor can show the reason too.
      setTimeout(() => exit(NO_PROJECT_EXIT), 100);
      return new ResponseError(ErrorCodes.InvalidParams, found.error, { retry: false });
    }
    root = found.root;
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
    const uris = pending.get(l.game) ?? new Set<string>();
    pending.set(l.game, uris.add(e.document.uri));
    publish(l.game);
  });

  documents.onDidClose((e) => {
    const l = locate(e.document.uri);
    const g = l ? games.get(l.game) : undefined;
    if (!l || !g) return;
    pending.get(l.game)?.delete(e.document.uri);
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
