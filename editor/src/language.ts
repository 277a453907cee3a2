/**
 * The editor's one door to the language: diagnostics from the real compiler in a worker, and
 * completion, hover, definitions, references, rename, quick fixes and highlighting for Monaco.
 * Everything the checked-model language services will provide is answered here from the worker's
 * symbol table for now; switching to the services changes this module only.
 */
import type * as Monaco from "monaco-editor";
import type { GameInput } from "../../compiler/core/compile.ts";
import type { Diagnostic } from "../../compiler/core/diagnostics.ts";
import type { GameSymbols } from "./check-core.ts";
import type { CheckReply, CheckRequest } from "./check-protocol.ts";
import { effectTokens, TOKEN_TYPES, type TokenType } from "./effect-tokens.ts";
import CheckWorker from "./check.worker.ts?worker";

/** One worker and its pending requests. */
class WorkerPort {
  private readonly worker = new CheckWorker();
  private next = 1;
  private readonly pending = new Map<number, (r: CheckReply) => void>();
  constructor() {
    this.worker.onmessage = (e: MessageEvent<CheckReply>) => {
      this.pending.get(e.data.id)?.(e.data);
      this.pending.delete(e.data.id);
    };
  }
  ask(req: DistributiveOmit<CheckRequest, "id">): Promise<CheckReply> {
    const id = this.next++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.worker.postMessage({ ...req, id });
    });
  }
}
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * Diagnostics from the real compiler. Keystrokes go to the quick worker; when typing pauses the
 * whole game is checked in the other worker, and its answer counts only if nothing changed since.
 */
export class LanguageClient {
  private readonly quickPort = new WorkerPort();
  private readonly fullPort = new WorkerPort();
  private version = 0;
  private rulesDirty = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  symbols: GameSymbols | null = null;
  /** Called with every file's diagnostics after a whole-game check. */
  onFull: (diags: readonly Diagnostic[], ms: number) => void = () => undefined;
  /** The current text of the whole game (for the pause check). */
  input: () => GameInput | null = () => null;

  /** Loads a game into both workers and checks it whole. */
  async load(input: GameInput): Promise<readonly Diagnostic[]> {
    this.version++;
    const [r] = await Promise.all([this.fullPort.ask({ type: "load", input }), this.quickPort.ask({ type: "load", input })]);
    this.symbols = r.symbols;
    return r.diagnostics;
  }

  /** A file changed: its quick diagnostics, or null when only a whole check can tell (rules). */
  async edit(path: string, text: string): Promise<readonly Diagnostic[] | null> {
    const v = ++this.version;
    this.schedule(v);
    const r = await this.quickPort.ask({ type: "edit", path, text });
    if (!r.quick) this.rulesDirty = true;
    return r.quick ? r.diagnostics : null;
  }

  private schedule(v: number): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      const input = this.input();
      if (!input) return;
      void this.fullPort.ask({ type: "load", input }).then((r) => {
        if (v !== this.version) return; // typed on since: a newer check follows
        // The quick worker needs the new vocabulary when the rules or the set of card ids changed
        // (reloading it costs a whole check, so only then).
        const ids = (x: GameSymbols | null) => x?.cards.map((c) => c.id).join(",") ?? "";
        if (this.rulesDirty || ids(r.symbols) !== ids(this.symbols)) void this.quickPort.ask({ type: "load", input });
        this.rulesDirty = false;
        this.symbols = r.symbols;
        this.onFull(r.diagnostics, r.ms);
      });
    }, 600);
  }

  /** Checks any game input whole, without touching the loaded game (the corpus test uses this). */
  async check(input: GameInput): Promise<readonly Diagnostic[]> {
    return (await this.fullPort.ask({ type: "check", input })).diagnostics;
  }
}

export const uriOf = (monaco: typeof Monaco, path: string): Monaco.Uri => monaco.Uri.parse(`file:///${path}`);
export const pathOf = (uri: Monaco.Uri): string => uri.path.replace(/^\//, "");

export function toMarkers(monaco: typeof Monaco, diags: readonly Diagnostic[]): Monaco.editor.IMarkerData[] {
  const sev = { error: monaco.MarkerSeverity.Error, warning: monaco.MarkerSeverity.Warning, info: monaco.MarkerSeverity.Info } as const;
  return diags.map((d) => ({
    severity: sev[d.severity],
    code: d.code,
    message: d.hint ? `${d.message}\nhint: ${d.hint}` : d.message,
    startLineNumber: d.range.start.line,
    startColumn: d.range.start.col,
    endLineNumber: d.range.end.line,
    // A zero-width range still shows a squiggle one character wide.
    endColumn: d.range.end.line === d.range.start.line && d.range.end.col <= d.range.start.col ? d.range.start.col + 1 : d.range.end.col,
    source: "cardwright",
  }));
}

const WORD = /[A-Za-z_][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)*/;

function wordAt(model: Monaco.editor.ITextModel, pos: Monaco.Position): { word: string; range: Monaco.IRange } | null {
  const line = model.getLineContent(pos.lineNumber);
  const re = new RegExp(WORD.source, "g");
  for (let m = re.exec(line); m; m = re.exec(line)) {
    const s = m.index + 1;
    const e = s + m[0].length;
    if (pos.column >= s && pos.column <= e) return { word: m[0], range: { startLineNumber: pos.lineNumber, endLineNumber: pos.lineNumber, startColumn: s, endColumn: e } };
  }
  return null;
}

/** Whole-word occurrences of `word` in a model (card ids are words of the language and of YAML). */
function occurrences(model: Monaco.editor.ITextModel, word: string): Monaco.IRange[] {
  return model.findMatches(word, false, true, true, "\t\n ()[]{},.:\"'#=+*/<>!|", false).map((m) => m.range);
}

export interface LanguageHost {
  readonly client: LanguageClient;
  /** Models of the open game's files that contain a word (for references and rename across files). */
  models(word: string): Monaco.editor.ITextModel[];
  /** Opens a file in the editor and reveals a position. */
  open(path: string, line: number, col: number): void;
}

function cardDoc(c: GameSymbols["cards"][number]): string {
  const v = c.value;
  const stats = Object.entries(v)
    .filter(([k, x]) => !["id", "name", "kind", "text", "on", "modifiers", "effect", "respond", "skills"].includes(k) && (typeof x === "number" || typeof x === "string" || typeof x === "boolean"))
    .map(([k, x]) => `${k}: ${String(x)}`)
    .join(", ");
  const text = typeof v["text"] === "string" ? v["text"] : typeof (v["text"] as Record<string, unknown> | undefined)?.["en"] === "string" ? String((v["text"] as Record<string, unknown>)["en"]) : "";
  return `**${c.name}** (${c.kind}) — \`${c.id}\`\n\n${stats}${text ? `\n\n${text}` : ""}`;
}

export function registerLanguage(monaco: typeof Monaco, host: LanguageHost): void {
  const sym = () => host.client.symbols;
  monaco.languages.registerCompletionItemProvider("yaml", {
    triggerCharacters: [" ", "(", "."],
    provideCompletionItems(model, pos) {
      const s = sym();
      if (!s) return { suggestions: [] };
      const w = model.getWordUntilPosition(pos);
      const line = model.getLineContent(pos.lineNumber);
      let start = w.startColumn;
      // Card ids contain hyphens, which Monaco's word does not: extend back over them.
      while (start > 1 && /[A-Za-z0-9_-]/.test(line[start - 2] ?? "")) start--;
      const range = { startLineNumber: pos.lineNumber, endLineNumber: pos.lineNumber, startColumn: start, endColumn: w.endColumn };
      const K = monaco.languages.CompletionItemKind;
      return {
        suggestions: [
          ...s.cards.map((c) => ({ label: c.id, kind: K.Value, detail: `${c.name} (${c.kind})`, insertText: c.id, range, documentation: { value: cardDoc(c) } })),
          ...s.callables.map((c) => ({ label: c.name, kind: K.Function, detail: c.signature, insertText: c.name, range, documentation: c.doc })),
          ...s.keywords.map((k) => ({ label: k, kind: K.EnumMember, detail: "keyword of the rules", insertText: k, range })),
        ],
      };
    },
  });
  monaco.languages.registerHoverProvider("yaml", {
    provideHover(model, pos) {
      const s = sym();
      const w = wordAt(model, pos);
      if (!s || !w) return null;
      const card = s.cards.find((c) => c.id === w.word);
      if (card) return { range: w.range, contents: [{ value: cardDoc(card) }] };
      const fn = s.callables.find((c) => c.name === w.word);
      if (fn) return { range: w.range, contents: [{ value: `\`${fn.kind} ${fn.signature}\`` }, { value: fn.doc || "(no doc)" }] };
      return null;
    },
  });
  monaco.languages.registerDefinitionProvider("yaml", {
    provideDefinition(model, pos) {
      const s = sym();
      const w = wordAt(model, pos);
      const card = w && s?.cards.find((c) => c.id === w.word);
      if (!card) return null;
      return { uri: uriOf(monaco, card.file), range: { startLineNumber: card.line, startColumn: card.col, endLineNumber: card.line, endColumn: card.col + card.id.length } };
    },
  });
  monaco.languages.registerReferenceProvider("yaml", {
    provideReferences(model, pos) {
      const w = wordAt(model, pos);
      if (!w || !sym()?.cards.some((c) => c.id === w.word)) return [];
      return host.models(w.word).flatMap((m) => occurrences(m, w.word).map((range) => ({ uri: m.uri, range })));
    },
  });
  monaco.languages.registerRenameProvider("yaml", {
    provideRenameEdits(model, pos, newName) {
      const w = wordAt(model, pos);
      if (!w || !sym()?.cards.some((c) => c.id === w.word)) return { edits: [], rejectReason: "only card ids can be renamed" };
      if (!new RegExp(`^${WORD.source}$`).test(newName)) return { edits: [], rejectReason: `'${newName}' is not a valid card id` };
      return {
        edits: host.models(w.word).flatMap((m) => occurrences(m, w.word).map((range) => ({ resource: m.uri, versionId: undefined, textEdit: { range, text: newName } }))),
      };
    },
    resolveRenameLocation(model, pos) {
      const w = wordAt(model, pos);
      if (!w || !sym()?.cards.some((c) => c.id === w.word)) return { range: { startLineNumber: 1, startColumn: 1, endLineNumber: 1, endColumn: 1 }, text: "", rejectReason: "only card ids can be renamed" };
      return { range: w.range, text: w.word };
    },
  });
  monaco.languages.registerCodeActionProvider("yaml", {
    provideCodeActions(model, _range, context) {
      const actions: Monaco.languages.CodeAction[] = [];
      for (const mk of context.markers) {
        const m = /did you mean '([^']+)'\?/.exec(mk.message);
        if (!m || mk.source !== "cardwright") continue;
        const text = m[1] as string;
        const range = { startLineNumber: mk.startLineNumber, startColumn: mk.startColumn, endLineNumber: mk.endLineNumber, endColumn: mk.endColumn };
        actions.push({ title: `Change to '${text}'`, kind: "quickfix", diagnostics: [mk], isPreferred: true, edit: { edits: [{ resource: model.uri, versionId: undefined, textEdit: { range, text } }] } });
      }
      return { actions, dispose: () => undefined };
    },
  });
  const legend = { tokenTypes: [...TOKEN_TYPES], tokenModifiers: [] as string[] };
  monaco.languages.registerDocumentSemanticTokensProvider("yaml", {
    getLegend: () => legend,
    provideDocumentSemanticTokens(model) {
      const s = sym();
      const cards = new Set(s?.cards.map((c) => c.id) ?? []);
      const fns = new Set(s?.callables.map((c) => c.name) ?? []);
      const known = (w: string): TokenType | null => (cards.has(w) ? "enumMember" : fns.has(w) ? "function" : null);
      const data: number[] = [];
      let prevLine = 0;
      let prevCol = 0;
      for (const t of effectTokens(model.getValue(), known)) {
        const p = model.getPositionAt(t.offset);
        const line = p.lineNumber - 1;
        const col = p.column - 1;
        data.push(line - prevLine, line === prevLine ? col - prevCol : col, t.length, TOKEN_TYPES.indexOf(t.type), 0);
        prevLine = line;
        prevCol = col;
      }
      return { data: new Uint32Array(data) };
    },
    releaseDocumentSemanticTokens: () => undefined,
  });
}
