/** The authoring tool: file tree, Monaco editor with live diagnostics, preview and sandbox. */
import type { Diagnostic } from "../../compiler/core/text/diagnostics.ts";
import { renderDiagnostic } from "../../compiler/core/text/diagnostics.ts";
import type { GameInput } from "../../compiler/core/files/check-files.ts";
import { compileGame, fetchTree, readFile, writeFile, type GameTree } from "./api.ts";
import { LanguageClient, pathOf, registerLanguage, toMarkers, uriOf } from "./language.ts";
import { configureSchemas, monaco } from "./monaco-setup.ts";
import type * as Monaco from "monaco-editor";
import { renderPreview } from "./preview.ts";
import { Balance } from "./balance/balance.ts";
import { Sandbox } from "./sandbox/sandbox.ts";
import { gameTemplate } from "./templates.ts";

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const status = (t: string) => ($("status").textContent = t);

const client = new LanguageClient();
let trees: GameTree[] = [];
/** The game whose files are loaded into models and the worker. */
let game: string | null = null;
let current: string | null = null;
const saved = new Map<string, string>();
/**
 * The open game's files: the text on disk, or the model's text once a file is open. Models are
 * made only for files that are opened (hundreds of models would cost Monaco hundreds of listeners).
 */
const texts = new Map<string, string>();
const textOf = (p: string) => monaco.editor.getModel(uriOf(monaco, p))?.getValue() ?? texts.get(p) ?? "";
function modelFor(p: string): Monaco.editor.ITextModel {
  return (
    monaco.editor.getModel(uriOf(monaco, p)) ??
    monaco.editor.createModel(texts.get(p) ?? "", p.endsWith(".md") ? "markdown" : "yaml", uriOf(monaco, p))
  );
}
let lastDiagnostics: readonly Diagnostic[] = [];
/** Keystroke → markers, in ms, for the latency figure. */
const latencies: number[] = [];

const editor = monaco.editor.create($("editor"), {
  model: null,
  theme: "cardwright",
  automaticLayout: true,
  minimap: { enabled: false },
  glyphMargin: true,
  "semanticHighlighting.enabled": true,
  fontSize: 13,
});

const gameFiles = (g: string) => (trees.find((t) => t.game === g)?.files ?? []).map((f) => `cards/${f}`);
const gameOf = (path: string) => path.split("/")[1] ?? "";
/** Files the workspace checks: rules, cards, decks and scenarios. */
const isGameSource = (p: string) => /^cards\/[^/]+\/(rules\.yaml|(cards|fixtures|decks|scenarios)\/.+\.ya?ml)$/.test(p);

function setMarkers(diags: readonly Diagnostic[], only?: string): void {
  const byFile = new Map<string, Diagnostic[]>();
  for (const d of diags) byFile.set(d.file, [...(byFile.get(d.file) ?? []), d]);
  for (const m of monaco.editor.getModels()) {
    const p = pathOf(m.uri);
    if (only !== undefined && p !== only) continue;
    if (game !== null && gameOf(p) !== game) continue;
    monaco.editor.setModelMarkers(m, "cardwright", toMarkers(monaco, byFile.get(p) ?? []));
  }
  renderProblems();
}

function renderProblems(): void {
  const box = $("problems");
  const model = editor.getModel();
  const path = model ? pathOf(model.uri) : "";
  const mine = model ? monaco.editor.getModelMarkers({ owner: "cardwright", resource: model.uri }) : [];
  const others = lastDiagnostics.filter((d) => d.file !== path && d.severity === "error").length;
  box.replaceChildren();
  for (const mk of mine) {
    const div = document.createElement("div");
    div.className = `problem ${mk.severity === monaco.MarkerSeverity.Error ? "error" : "warning"}`;
    div.textContent = `${path}:${mk.startLineNumber}:${mk.startColumn}: ${mk.code}: ${mk.message}`;
    div.onclick = () =>
      editor.revealLineInCenter(mk.startLineNumber) ??
      editor.setPosition({ lineNumber: mk.startLineNumber, column: mk.startColumn });
    box.append(div);
  }
  if (others)
    box.append(
      Object.assign(document.createElement("div"), {
        className: "problem other",
        textContent: `${others} error(s) in other files of ${game ?? ""}`,
      }),
    );
  if (!mine.length && !others)
    box.append(Object.assign(document.createElement("div"), { className: "problem ok", textContent: "No problems." }));
}

let previewTimer: ReturnType<typeof setTimeout> | null = null;
/** The preview re-reads the card a moment after typing stops. */
function schedulePreview(): void {
  if (previewTimer !== null) clearTimeout(previewTimer);
  previewTimer = setTimeout(() => {
    previewTimer = null;
    refreshPreview();
  }, 400);
}

/** Loads every rules and card file of a game into models and checks it whole. */
async function loadGame(g: string): Promise<void> {
  if (game === g) return;
  game = g;
  status(`loading ${g}…`);
  const files = gameFiles(g);
  const loaded = await Promise.all(files.map(async (p) => [p, await readFile(p.slice("cards/".length))] as const));
  texts.clear();
  for (const [p, text] of loaded) {
    saved.set(p, text);
    texts.set(p, text);
  }
  const input = currentInput(g);
  if (!input) return;
  const t0 = performance.now();
  lastDiagnostics = await client.load(input);
  setMarkers(lastDiagnostics);
  status(`${g}: ${input.cards.length} cards checked in ${Math.round(performance.now() - t0)} ms`);
}

function currentInput(g: string): GameInput | null {
  const paths = [...texts.keys()].filter((p) => gameOf(p) === g && isGameSource(p));
  const rules = `cards/${g}/rules.yaml`;
  if (!texts.has(rules)) return null;
  const under = (folder: string) =>
    paths
      .filter((p) => p.startsWith(`cards/${g}/${folder}/`))
      .sort()
      .map((p) => ({ path: p, text: textOf(p) }));
  return {
    rules: { path: rules, text: textOf(rules) },
    cards: [...under("cards"), ...under("fixtures")],
    decks: under("decks"),
    scenarios: under("scenarios"),
  };
}

export async function openFile(path: string, line = 1, col = 1): Promise<void> {
  await loadGame(gameOf(path));
  if (!texts.has(path)) {
    const text = await readFile(path.slice("cards/".length));
    saved.set(path, text);
    texts.set(path, text);
  }
  const model = modelFor(path);
  setMarkers(lastDiagnostics, path);
  current = path;
  editor.setModel(model);
  editor.setPosition({ lineNumber: line, column: col });
  editor.revealLineInCenter(line);
  editor.focus();
  for (const el of document.querySelectorAll(".tree-file"))
    el.classList.toggle("open", (el as HTMLElement).dataset["path"] === path);
  updateDirty();
  renderProblems();
  refreshPreview();
}

function updateDirty(): void {
  const m = editor.getModel();
  const dirty = !!m && saved.get(pathOf(m.uri)) !== m.getValue();
  ($("save") as HTMLButtonElement).disabled = !dirty;
  $("save").textContent = dirty ? "Save (Ctrl+S) •" : "Saved";
}

editor.onDidChangeModelContent(() => {
  const m = editor.getModel();
  if (!m) return;
  const path = pathOf(m.uri);
  updateDirty();
  if (!isGameSource(path)) return;
  const t0 = performance.now();
  void client.edit(path, m.getValue()).then((diags) => {
    lastDiagnostics = diags;
    setMarkers(diags);
    latencies.push(performance.now() - t0);
    schedulePreview();
  });
});

editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyS, () => void save());
$("save").onclick = () => void save();

async function save(): Promise<void> {
  const m = editor.getModel();
  if (!m) return;
  const path = pathOf(m.uri);
  const text = m.getValue();
  await writeFile(path.slice("cards/".length), text);
  saved.set(path, text);
  updateDirty();
  status(`saved ${path}; compiling ${gameOf(path)}…`);
  const r = await compileGame(gameOf(path));
  status(
    r.ok
      ? `saved ${path}; ${gameOf(path)} compiled`
      : `saved ${path}; ${gameOf(path)} does not compile (${r.diagnostics.length} problem(s))`,
  );
  if (r.ok) {
    balance.reload(gameOf(path), r.version);
    await sandbox.reload(gameOf(path), r.version);
  }
}

monaco.editor.registerEditorOpener({
  openCodeEditor(_source, resource, selection) {
    const p = pathOf(resource);
    const at =
      selection && "startLineNumber" in selection
        ? { l: selection.startLineNumber, c: selection.startColumn }
        : selection && "lineNumber" in selection
          ? { l: selection.lineNumber, c: selection.column }
          : { l: 1, c: 1 };
    void openFile(p, at.l, at.c);
    return true;
  },
});

registerLanguage(monaco, {
  client,
  model: modelFor,
});

function refreshPreview(): void {
  const m = editor.getModel();
  const scenarios = () =>
    [...texts.keys()]
      .filter((p) => game !== null && p.startsWith(`cards/${game}/scenarios/`))
      .map((p) => ({ path: p, text: textOf(p) }));
  const path = m ? pathOf(m.uri) : null;
  const draw = (value: unknown) =>
    renderPreview($("preview"), path, value, client.symbols, sandbox, scenarios, (id) => client.call("cardText", id));
  if (!path || !/\/cards\//.test(path)) return draw(undefined);
  // The card as the checked model holds it (parsed once, by the check worker).
  void client.call("cardValue", path).then((v) => {
    const now = editor.getModel();
    if (now && pathOf(now.uri) === path) draw(v ?? undefined);
  });
}

// ── the file tree ────────────────────────────────────────────────────────────
/** Folder and game names are data (anyone's card set): they go in as text, never as markup. */
const summary = (text: string) => Object.assign(document.createElement("summary"), { textContent: text });
function renderTree(): void {
  const nav = $("tree");
  nav.replaceChildren();
  for (const t of trees) {
    const det = document.createElement("details");
    det.open = t.game === game;
    det.append(summary(t.game));
    const folders = new Map<string, HTMLElement>();
    for (const f of t.files) {
      const parts = f.split("/");
      const folder = parts.slice(1, -1).join("/");
      let box = folders.get(folder);
      if (!box) {
        box = folder ? document.createElement("details") : det;
        if (folder) {
          box.append(summary(folder));
          det.append(box);
        }
        folders.set(folder, box);
      }
      const a = document.createElement("div");
      a.className = "tree-file";
      a.dataset["path"] = `cards/${f}`;
      a.textContent = parts[parts.length - 1] ?? f;
      a.onclick = () => void openFile(`cards/${f}`);
      box.append(a);
    }
    for (const sk of t.skipped) {
      const skip = document.createElement("div");
      skip.className = "tree-skipped muted";
      skip.dataset["testid"] = "tree-skipped";
      skip.textContent = `skipped ${sk.path}: ${sk.why}`;
      det.append(skip);
    }
    const add = document.createElement("button");
    add.textContent = "+ card";
    add.dataset["testid"] = `new-card-${t.game}`;
    add.onclick = () => void newCard(t.game);
    det.append(add);
    nav.append(det);
  }
  const ng = document.createElement("button");
  ng.textContent = "+ new game";
  ng.onclick = () => void newGame();
  nav.append(ng);
}

async function newCard(g: string, kind?: string, id?: string): Promise<string | null> {
  await loadGame(g);
  const kinds = Object.keys(client.symbols?.templates ?? {});
  const k = kind ?? window.prompt(`Kind of the new card (${kinds.join(", ")})`, kinds[0]);
  if (!k || !client.symbols?.templates[k]) return null;
  const cardId = id ?? window.prompt("Id of the new card (kebab-case)", `new-${k}`);
  if (!cardId || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(cardId)) return null;
  const path = `cards/${g}/cards/${cardId}.yaml`;
  const text = client.symbols.templates[k]
    .replace('{ en: "__ID__" }', `{ en: "${cardId.replace(/-/g, " ")}" }`)
    .replace(/__ID__/g, cardId);
  await writeFile(path.slice("cards/".length), text);
  trees = await fetchTree();
  renderTree();
  saved.set(path, text);
  texts.set(path, text);
  await openFile(path);
  const diags = await client.edit(path, text);
  lastDiagnostics = diags;
  setMarkers(diags);
  return path;
}

async function newGame(name?: string): Promise<void> {
  const n = name ?? window.prompt("Name of the new game (a folder under cards/)", "my-game");
  if (!n || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(n)) return;
  for (const f of gameTemplate(n)) await writeFile(f.path.slice("cards/".length), f.text);
  trees = await fetchTree();
  renderTree();
  await openFile(`cards/${n}/rules.yaml`);
}

// ── side panes ───────────────────────────────────────────────────────────────
for (const b of document.querySelectorAll<HTMLButtonElement>(".tabbar button")) {
  b.onclick = () => {
    for (const x of document.querySelectorAll(".tabbar button")) x.classList.toggle("on", x === b);
    for (const p of document.querySelectorAll(".pane")) p.classList.toggle("hidden", p.id !== b.dataset["pane"]);
  };
}

// ── breakpoints (gutter) and the debugger's current line ─────────────────────
/** "file:line" → nothing; decorations are redrawn from this set. */
const breakpoints = new Set<string>();
const bpDecorations = editor.createDecorationsCollection();
const lineDecoration = editor.createDecorationsCollection();
let debugLine: { file: string; line: number } | null = null;
function drawDecorations(): void {
  const m = editor.getModel();
  const path = m ? pathOf(m.uri) : "";
  bpDecorations.set(
    [...breakpoints]
      .filter((b) => b.startsWith(`${path}:`))
      .map((b) => ({
        range: new monaco.Range(Number(b.slice(path.length + 1)), 1, Number(b.slice(path.length + 1)), 1),
        options: { glyphMarginClassName: "breakpoint", glyphMarginHoverMessage: { value: "breakpoint" } },
      })),
  );
  lineDecoration.set(
    debugLine && debugLine.file === path
      ? [
          {
            range: new monaco.Range(debugLine.line, 1, debugLine.line, 1),
            options: { isWholeLine: true, className: "debug-line", glyphMarginClassName: "debug-arrow" },
          },
        ]
      : [],
  );
}
editor.onMouseDown((e) => {
  const m = editor.getModel();
  if (!m || e.target.type !== monaco.editor.MouseTargetType.GUTTER_GLYPH_MARGIN || !e.target.position) return;
  const key = `${pathOf(m.uri)}:${e.target.position.lineNumber}`;
  if (breakpoints.has(key)) breakpoints.delete(key);
  else breakpoints.add(key);
  drawDecorations();
});
editor.onDidChangeModel(() => drawDecorations());

const sandbox = new Sandbox($("sandbox"), {
  openSource: (file, line, col) => void openFile(file, line, col),
  breakpoints: () => breakpoints,
  showLine: (at) => {
    debugLine = at ? { file: at.file, line: at.line } : null;
    if (at) {
      const m = editor.getModel();
      if (!m || pathOf(m.uri) !== at.file) void openFile(at.file, at.line, at.col).then(drawDecorations);
      else editor.revealLineInCenterIfOutsideViewport(at.line);
    }
    drawDecorations();
  },
  trees: () => trees,
  status,
  namedProperties: (g) => (client.symbols?.game === g ? new Set(client.symbols.namedProperties) : null),
});

const balance = new Balance($("balance"), {
  trees: () => trees,
  status,
  // The card of the open file: a card file's `id:` line.
  currentCard: () => {
    const m = editor.getModel();
    if (!m || !/^cards\/[^/]+\/cards\//.test(pathOf(m.uri))) return null;
    return /^id:\s*([^\s#]+)/m.exec(m.getValue())?.[1] ?? null;
  },
});
editor.onDidChangeModel(() => balance.refresh());

// ── test hooks (the browser tests drive the app through these and the UI) ─────
const hooks = {
  monaco,
  editor,
  client,
  sandbox,
  balance,
  openFile,
  newCard,
  latencies,
  breakpoints,
  /** Full check of any game input by the worker, rendered as the CLI renders it. */
  async check(input: GameInput): Promise<string> {
    return (await client.check(input)).map(renderDiagnostic).join("\n");
  },
  markers: () => {
    const m = editor.getModel();
    return m ? monaco.editor.getModelMarkers({ owner: "cardwright", resource: m.uri }) : [];
  },
};
(window as unknown as { cardwright: typeof hooks }).cardwright = hooks;

trees = await fetchTree();
await configureSchemas(trees.map((t) => t.game));
renderTree();
await sandbox.init();
balance.init();
const first = new URLSearchParams(location.search).get("open") ?? "cards/elementis/cards/fireball.yaml";
await openFile(first);
document.body.dataset["ready"] = "1";
