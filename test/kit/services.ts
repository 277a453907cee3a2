/**
 * Test kit for the language services: a game's real files in a Workspace, one file replaced by a
 * text whose cursor positions are marked `<|>` (as in Langium's test kit).
 */
import { readFileSync } from "node:fs";
import { Workspace } from "../../compiler/core/workspace/workspace.ts";
import { LanguageService, type LspPosition } from "../../compiler/core/services/index.ts";
import { readGame } from "../../compiler/node/project.ts";
import type { GameInput } from "../../compiler/core/files/check-files.ts";
import { parseRulesDoc } from "../../compiler/core/files/rules-docs.ts";

export const CURSOR = "<|>";

/** The text without its markers, and the position of each marker (0-based line/character). */
export function marked(text: string): { text: string; cursors: LspPosition[] } {
  const cursors: LspPosition[] = [];
  let out = "";
  let rest = text;
  for (let i = rest.indexOf(CURSOR); i >= 0; i = rest.indexOf(CURSOR)) {
    out += rest.slice(0, i);
    rest = rest.slice(i + CURSOR.length);
    const lines = out.split("\n");
    cursors.push({ line: lines.length - 1, character: (lines[lines.length - 1] as string).length });
  }
  return { text: out + rest, cursors };
}

const inputs = new Map<string, GameInput>();

/** The game's files as on disk (read once per test file). */
export function gameInput(game: string): GameInput {
  let inp = inputs.get(game);
  if (!inp) {
    const r = readGame(game);
    if ("code" in r) throw new Error(r.message);
    inputs.set(game, (inp = r));
  }
  return inp;
}

/** The rule texts of a game (docs/rules/<game>.md), as the editor and the LSP server pass them. */
export function ruleTexts(game: string): Map<string, string> {
  return parseRulesDoc(readFileSync(new URL(`../../docs/rules/${game}.md`, import.meta.url), "utf8"));
}

export interface Fixture {
  readonly ws: Workspace;
  readonly ls: LanguageService;
  readonly file: string;
  readonly text: string;
  readonly cursors: LspPosition[];
  /** The first cursor. */
  readonly at: LspPosition;
}

/** One workspace per game and test file; each fixture first puts back the file the last one changed. */
const workspaces = new Map<string, { ws: Workspace; changed: string | null }>();

/**
 * A workspace of `game` where `file` (a path as the game's input names it, e.g.
 * `cards/elementis/cards/fireball.yaml`; new files are added) holds `markedText`.
 */
export function fixture(
  game: string,
  file: string,
  markedText: string,
  rules: ReadonlyMap<string, string> = new Map(),
): Fixture {
  let entry = workspaces.get(game);
  if (!entry) workspaces.set(game, (entry = { ws: new Workspace(gameInput(game)), changed: null }));
  const ws = entry.ws;
  if (entry.changed !== null) {
    const original = originalText(game, entry.changed);
    if (original === undefined) ws.removeFile(entry.changed);
    else ws.setFile(entry.changed, original);
  }
  const { text, cursors } = marked(markedText);
  ws.setFile(file, text);
  entry.changed = file;
  const ls = new LanguageService(ws, rules);
  return { ws, ls, file, text, cursors, at: cursors[0] ?? { line: 0, character: 0 } };
}

/** The labels of a completion list. */
export function labels(f: Fixture, pos: LspPosition = f.at): string[] {
  return f.ls.completion(f.file, pos).items.map((i) => i.label);
}

function originalText(game: string, file: string): string | undefined {
  const inp = gameInput(game);
  return [inp.rules, ...inp.cards, ...(inp.decks ?? []), ...(inp.scenarios ?? [])].find((x) => x.path === file)?.text;
}

/** The text of a file of the game as on disk. */
export function fileText(game: string, file: string): string {
  const t = originalText(game, file);
  if (t === undefined) throw new Error(`no file ${file}`);
  return t;
}
