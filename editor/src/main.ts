/** The authoring tool: file tree, Monaco editor with live diagnostics, preview and sandbox. */
// Japanese glyphs on any machine: the 400 weight, split by unicode-range (only the parts a page uses load).
import "@fontsource/noto-sans-jp/400.css";
import type { Diagnostic } from "../../compiler/core/text/diagnostics.ts";
import { renderDiagnostic } from "../../compiler/core/text/diagnostics.ts";
import type { GameInput } from "../../compiler/core/files/check-files.ts";
import {
  compileGame,
  fetchTree,
  followDisk,
  readFileOrNull,
  readGameFiles,
  renameFile,
  writeFile,
  type GameTree,
} from "./api.ts";
import { pathOf, registerLanguage, toMarkers, uriOf } from "./language.ts";
import { client, firstFile, takeFirstGame, tree } from "./boot.ts";
import { gameInputOf, gameOf, isGameSource } from "./check/input.ts";
import { configureSchemas, monaco } from "./monaco-setup.ts";
import type * as Monaco from "monaco-editor";
import { renderPreview } from "./preview.ts";
import { Balance } from "./balance/balance.ts";
import { Sandbox } from "./sandbox/sandbox.ts";
import { currentLang, onLangChange, setCardNames, setLang } from "./i18n.ts";
import { openNewCardForm } from "./new-card.ts";
import { gameTemplate } from "./templates.ts";

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const status = (t: string) => ($("status").textContent = t);

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
  // Japanese names in card files draw with the bundled font where the monospace font has no glyph.
  fontFamily: '"DejaVu Sans Mono", "Droid Sans Mono", monospace, "Noto Sans JP"',
});

let namesOf: unknown = null;
function setMarkers(diags: readonly Diagnostic[], only?: string): void {
  if (client.symbols !== namesOf) {
    namesOf = client.symbols;
    setCardNames(client.symbols?.cards ?? []);
  }
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
  // Errors elsewhere in the game, counted per file: each file is a line that opens it.
  const elsewhere = new Map<string, Diagnostic[]>();
  for (const d of lastDiagnostics)
    if (d.file !== path && d.severity === "error") elsewhere.set(d.file, [...(elsewhere.get(d.file) ?? []), d]);
  const others = [...elsewhere.values()].reduce((n, l) => n + l.length, 0);
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
  if (others) {
    box.append(
      Object.assign(document.createElement("div"), {
        className: "problem other",
        textContent: `${others} error(s) in other files of ${game ?? ""}:`,
      }),
    );
    for (const [file, list] of [...elsewhere].sort(([a], [b]) => a.localeCompare(b))) {
      const first = list[0] as Diagnostic;
      const div = document.createElement("div");
      div.className = "problem other-file";
      div.dataset["testid"] = "problem-other-file";
      div.textContent = `${file}:${first.range.start.line}:${first.range.start.col}: ${first.code}: ${first.message}${list.length > 1 ? ` (and ${list.length - 1} more)` : ""}`;
      div.onclick = () => void openFile(file, first.range.start.line, first.range.start.col);
      box.append(div);
    }
  }
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
  // The page's first game was read and checked while the editor loaded (boot.ts).
  const early = await takeFirstGame(g);
  // One request for the whole game; a file deleted since the tree was read is not in it.
  const loaded =
    early?.files ??
    (await readGameFiles(g).catch((e: unknown) => {
      notice(`cannot load ${g}: ${e instanceof Error ? e.message : String(e)}`);
      return null;
    }));
  if (loaded === null) return;
  texts.clear();
  for (const [f, text] of Object.entries(loaded)) {
    saved.set(`cards/${f}`, text);
    texts.set(`cards/${f}`, text);
  }
  if (early !== null) {
    lastDiagnostics = early.diagnostics;
    setMarkers(lastDiagnostics);
    status(`${g}: ${early.cards} cards checked in ${Math.round(early.ms)} ms`);
    return;
  }
  const input = currentInput(g);
  if (!input) return;
  const t0 = performance.now();
  lastDiagnostics = await client.load(input);
  setMarkers(lastDiagnostics);
  status(`${g}: ${input.cards.length} cards checked in ${Math.round(performance.now() - t0)} ms`);
}

function currentInput(g: string): GameInput | null {
  return gameInputOf(g, texts.keys(), textOf);
}

export async function openFile(path: string, line = 1, col = 1): Promise<void> {
  await loadGame(gameOf(path));
  if (!texts.has(path)) {
    // A file listed a moment ago may be gone: say so, never leave "loading…" up.
    const text = await readFileOrNull(path.slice("cards/".length)).catch((e: unknown) => {
      notice(`cannot open ${path}: ${e instanceof Error ? e.message : String(e)}`);
      return undefined;
    });
    if (text === undefined) return;
    if (text === null) {
      notice(`${path} is no longer on disk`);
      await refreshTree();
      return;
    }
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
  renamed: (r) => void queued(() => afterRename(r)),
});

function refreshPreview(): void {
  const m = editor.getModel();
  const scenarios = () =>
    [...texts.keys()]
      .filter((p) => game !== null && p.startsWith(`cards/${game}/scenarios/`))
      .map((p) => ({ path: p, text: textOf(p) }));
  const path = m ? pathOf(m.uri) : null;
  const draw = (value: unknown) =>
    renderPreview(
      $("preview"),
      path,
      value,
      client.symbols,
      sandbox,
      scenarios,
      (id, lang) => client.call("cardText", id, lang),
      currentLang(),
    );
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
      // The open file stays marked when the tree is drawn again (a change on disk redraws it).
      a.className = current === `cards/${f}` ? "tree-file open" : "tree-file";
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

/**
 * A new card: with `kind` and `id` (the tests' hook) it is made at once; otherwise the form asks
 * for them, checking the id as it is typed (editor/src/new-card.ts).
 */
async function newCard(g: string, kind?: string, id?: string): Promise<string | null> {
  await loadGame(g);
  const symbols = client.symbols;
  if (!symbols) return null;
  const taken = new Set(symbols.cards.map((c) => c.id));
  const files = new Set(texts.keys());
  const pick =
    kind !== undefined && id !== undefined
      ? { kind, id }
      : await openNewCardForm({ game: g, kinds: Object.keys(symbols.templates), taken, files });
  if (!pick || !symbols.templates[pick.kind]) return null;
  const cardId = pick.id;
  const path = `cards/${g}/cards/${cardId}.yaml`;
  // What the game's cards carry beyond the rules' required fields, as its authoring guide asks:
  // a Japanese name where its cards have them, the official number where they have one.
  const cardTexts = [...texts].filter(([p]) => p.startsWith(`cards/${g}/cards/`)).map(([, t]) => t);
  const withJa = cardTexts.some((t) => /^name:.*\bja:/m.test(t));
  const withOfficial = cardTexts.some((t) => /^officialId:/m.test(t));
  const en = cardId.replace(/-/g, " ");
  let text = (symbols.templates[pick.kind] as string)
    .replace('{ en: "__ID__" }', withJa ? `{ en: "${en}", ja: "${en}" }` : `{ en: "${en}" }`)
    .replace(/__ID__/g, cardId);
  if (withOfficial)
    text = text.replace(/^(kind: .*\n)/m, "$1officialId: 0 # the official card number (the game's authoring guide)\n");
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

// ── the disk: changes made outside the page (a shell, git, the sandbox's saves) ──
/** One message at a time above the editor, with buttons for a choice it asks. */
function notice(text: string, choices: readonly { label: string; run: () => void }[] = []): void {
  const box = $("notice");
  const msg = Object.assign(document.createElement("span"), { textContent: text });
  box.replaceChildren(msg);
  for (const c of choices) {
    const b = Object.assign(document.createElement("button"), { textContent: c.label });
    b.onclick = () => {
      box.replaceChildren();
      box.hidden = true;
      c.run();
    };
    box.append(b);
  }
  const close = Object.assign(document.createElement("button"), { textContent: "×", title: "dismiss" });
  close.className = "notice-close";
  close.onclick = () => {
    box.replaceChildren();
    box.hidden = true;
  };
  box.append(close);
  box.hidden = false;
  status(text);
}

async function refreshTree(): Promise<void> {
  trees = await fetchTree();
  renderTree();
}

/** Disk work and renames run one after another: each reads what the one before left. */
let diskQueue: Promise<void> = Promise.resolve();
function queued(job: () => Promise<void>): Promise<void> {
  diskQueue = diskQueue.then(job).catch((e: unknown) => notice(`${e instanceof Error ? e.message : String(e)}`));
  return diskQueue;
}

/** Drops a file from the page (models, texts, the worker's game); the worker's diagnostics after. */
async function forget(p: string): Promise<readonly Diagnostic[] | null> {
  texts.delete(p);
  saved.delete(p);
  monaco.editor.getModel(uriOf(monaco, p))?.dispose();
  return isGameSource(p) ? client.remove(p) : null;
}

/** Takes a file's text from disk into the page (its model if open, the worker's game). */
async function adopt(p: string, disk: string): Promise<readonly Diagnostic[] | null> {
  saved.set(p, disk);
  texts.set(p, disk);
  const model = monaco.editor.getModel(uriOf(monaco, p));
  if (model && model.getValue() !== disk) model.setValue(disk);
  if (p === current) updateDirty();
  return isGameSource(p) ? client.edit(p, disk) : null;
}

/** A batch of paths (relative to cards/) changed on disk: the tree, the models and the checks follow. */
async function followChanges(rels: readonly string[]): Promise<void> {
  await refreshTree();
  if (game === null) return;
  // Only what the server lists (it skips links out of cards/ and odd files) or what the page holds:
  // asking for anything else would be refused.
  const listed = new Set(trees.flatMap((t) => t.files.map((f) => `cards/${f}`)));
  let diags: readonly Diagnostic[] | null = null;
  const gone: string[] = [];
  const added = new Map<string, string>();
  for (const rel of rels) {
    const p = `cards/${rel}`;
    if (gameOf(p) !== game || !/\.(ya?ml|md)$/i.test(p)) continue;
    if (!listed.has(p) && !texts.has(p)) continue;
    // A folder or a file that is not regular answers an error: nothing to follow.
    const disk = await readFileOrNull(rel).catch(() => undefined);
    if (disk === undefined) continue;
    const model = monaco.editor.getModel(uriOf(monaco, p));
    const dirty = model !== null && saved.has(p) && model.getValue() !== saved.get(p);
    if (disk === null) {
      if (!texts.has(p)) continue;
      if (dirty) {
        notice(`${p} was deleted on disk; your unsaved edits are still here (Save writes the file again)`);
        saved.set(p, "");
        if (p === current) updateDirty();
        continue;
      }
      gone.push(p);
      diags = (await forget(p)) ?? diags;
      continue;
    }
    if (!texts.has(p)) added.set(p, disk);
    if (saved.get(p) === disk) continue;
    if (dirty && model) {
      notice(`${p} changed on disk while it has unsaved edits here`, [
        { label: "Load the disk's version", run: () => void queued(async () => void (await adopt(p, disk))) },
        {
          label: "Keep mine",
          run: () => {
            saved.set(p, disk);
            if (p === current) updateDirty();
          },
        },
      ]);
      continue;
    }
    diags = (await adopt(p, disk)) ?? diags;
  }
  if (diags) {
    lastDiagnostics = diags;
    setMarkers(diags);
  }
  if (current !== null && gone.includes(current)) {
    const was = current;
    // Renamed on disk: the new file with the same text is the one to show.
    const to = [...added].find(([, t]) => t === textsBefore.get(was))?.[0];
    current = null;
    editor.setModel(null);
    updateDirty();
    refreshPreview();
    if (to) {
      await openFile(to);
      notice(`${was} was renamed to ${to} on disk`);
    } else notice(`${was} was deleted on disk`);
  } else if (gone.length) notice(`deleted on disk: ${gone.join(", ")}`);
  else if (added.size) status(`new on disk: ${[...added.keys()].join(", ")}`);
  rememberTexts();
}
/** The texts as they were before a batch, to match a deleted file with its renamed copy. */
let textsBefore = new Map<string, string>();
const rememberTexts = () => (textsBefore = new Map(saved));

// ── rename of a card id (F2): its file follows, and every changed file is saved ──
async function afterRename(r: {
  oldName: string;
  newName: string;
  files: readonly string[];
  card: boolean;
}): Promise<void> {
  const card = r.card;
  const written: string[] = [];
  for (const f of r.files) {
    const text = textOf(f);
    if (saved.get(f) === text) continue;
    await writeFile(f.slice("cards/".length), text);
    saved.set(f, text);
    texts.set(f, text);
    written.push(f);
  }
  // The worker saw only the open editor's keystrokes: every other renamed file goes to it too.
  for (const f of r.files) if (isGameSource(f)) lastDiagnostics = await client.edit(f, textOf(f));
  let moved: { from: string; to: string } | null = null;
  // A card whose file is named after its id: the file takes the new id's name.
  const from = card ? r.files.find((f) => f.endsWith(`/${r.oldName}.yaml`)) : undefined;
  if (card && from) {
    const to = `${from.slice(0, -`${r.oldName}.yaml`.length)}${r.newName}.yaml`;
    if (!texts.has(to)) {
      const text = textOf(from);
      await renameFile(from.slice("cards/".length), to.slice("cards/".length));
      const wasOpen = current === from;
      const diags = await forget(from);
      if (diags) lastDiagnostics = diags;
      saved.set(to, text);
      texts.set(to, text);
      lastDiagnostics = await client.edit(to, text);
      setMarkers(lastDiagnostics);
      await refreshTree();
      if (wasOpen) await openFile(to);
      moved = { from, to };
    }
  }
  updateDirty();
  rememberTexts();
  const names = written.map((f) => (moved && f === moved.from ? moved.to : f));
  notice(
    `renamed ${r.oldName} → ${r.newName}${moved ? `; file ${moved.from} → ${moved.to}` : ""}; saved ${names.length} file(s)${names.length ? `: ${names.join(", ")}` : ""}`,
  );
  const g = gameOf(r.files[0] ?? "");
  if (g) {
    const c = await compileGame(g);
    if (c.ok) await sandbox.reload(g, c.version);
  }
}

// ── the language of card names and texts, the resizable columns ─────────────
const langSel = $<HTMLSelectElement>("lang");
langSel.value = currentLang();
langSel.onchange = () => setLang(langSel.value === "ja" ? "ja" : "en");
onLangChange(() => {
  refreshPreview();
  sandbox.render();
});
for (const bar of document.querySelectorAll<HTMLElement>(".splitter")) {
  const v = bar.dataset["var"] as string;
  const sign = Number(bar.dataset["sign"]);
  const kept = localStorage.getItem(`cardwright${v}`);
  if (kept) $("layout").style.setProperty(v, kept);
  bar.onpointerdown = (e) => {
    const col = v === "--tree-w" ? $("tree") : $("side");
    const start = { x: e.clientX, w: col.getBoundingClientRect().width };
    bar.setPointerCapture(e.pointerId);
    bar.classList.add("dragging");
    bar.onpointermove = (m) => {
      const w = Math.max(120, Math.min(window.innerWidth - 360, start.w + sign * (m.clientX - start.x)));
      $("layout").style.setProperty(v, `${Math.round(w)}px`);
    };
    bar.onpointerup = () => {
      bar.onpointermove = null;
      bar.classList.remove("dragging");
      localStorage.setItem(`cardwright${v}`, $("layout").style.getPropertyValue(v));
    };
  };
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

followDisk((paths) => void queued(() => followChanges(paths)));
trees = await tree;
const first = firstFile;
// The first file's game is read and checked (in the worker) while the schemas and the sandbox load.
const firstGame = loadGame(gameOf(first));
await configureSchemas(trees.map((t) => t.game));
renderTree();
await sandbox.init();
balance.init();
await firstGame;
await openFile(first);
rememberTexts();
document.body.dataset["ready"] = "1";
