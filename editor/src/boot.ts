/**
 * The page's first script. It reads the tree and the whole game of the first file and has the
 * check worker check it, while the browser is still evaluating the editor's own code (Monaco is
 * several megabytes): the worker runs on another core, so the first markers are ready about when
 * the editor is. main.ts takes over what was started here (`takeFirstGame`), once.
 */
import type { Diagnostic } from "../../compiler/core/text/diagnostics.ts";
import { fetchTree, readGameFiles, type GameTree } from "./api.ts";
import { LanguageClient } from "./check/client.ts";
import { gameInputOf, gameOf } from "./check/input.ts";

/** The file the page opens: `?open=<path>`, else a card of the first shipped game. */
export const firstFile = new URLSearchParams(location.search).get("open") ?? "cards/elementis/cards/fireball.yaml";
export const client = new LanguageClient();
export const tree: Promise<GameTree[]> = fetchTree();

/** A game read and checked before the editor was up. */
export interface LoadedGame {
  readonly game: string;
  /** Paths under cards/ (as the tree lists them, without the `cards/` prefix) and their texts. */
  readonly files: Readonly<Record<string, string>>;
  readonly diagnostics: readonly Diagnostic[];
  readonly cards: number;
  readonly ms: number;
}

const firstGame = gameOf(firstFile);
let started: Promise<LoadedGame | null> | null = (async () => {
  const files = await readGameFiles(firstGame);
  const input = gameInputOf(
    firstGame,
    Object.keys(files).map((f) => `cards/${f}`),
    (p) => files[p.slice("cards/".length)] ?? "",
  );
  if (input === null) return null;
  const t0 = performance.now();
  const diagnostics = await client.load(input);
  return { game: firstGame, files, diagnostics, cards: input.cards.length, ms: performance.now() - t0 };
})().catch(() => null); // main.ts reads the game again and reports what went wrong

/** The first game as loaded here, the first time it is asked for; null for any other game, or later. */
export function takeFirstGame(g: string): Promise<LoadedGame | null> {
  if (g !== firstGame || started === null) return Promise.resolve(null);
  const s = started;
  started = null;
  return s;
}
