/**
 * Games written by a test: rules and cards as text, in a temp `cards/<game>/` folder of their
 * own (removed after the test file), loaded as `cardwright` loads a shipped game.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { loadChecked, loadGame } from "../../compiler/node/project.ts";
import { tempDir } from "./temp.ts";

/** The files of a game, by path inside its folder (`rules.yaml`, `cards/<id>.yaml`, `decks/…`, `scenarios/…`). */
export type GameFiles = ReadonlyMap<string, string> | Readonly<Record<string, string>>;

/** Writes a game's files to `<root>/cards/<game>/…` (root: a new temp folder unless given); returns the root. */
export function writeGame(files: GameFiles, game = "corpus", root = tempDir("cw-game-")): string {
  const entries = files instanceof Map ? [...files] : Object.entries(files);
  for (const [p, t] of entries) {
    const full = join(root, "cards", game, p);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, t);
  }
  return root;
}

/** Writes a game and compiles it: the module and the diagnostics, as `loadGame` gives them. */
export function loadToyGame(game: string, files: GameFiles): ReturnType<typeof loadGame> {
  return loadGame(game, writeGame(files, game));
}

/** Writes a game and checks it: the checked model, as `loadChecked` gives it. */
export function checkToyGame(game: string, files: GameFiles): ReturnType<typeof loadChecked> {
  return loadChecked(game, writeGame(files, game));
}
