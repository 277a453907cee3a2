/** The files of one game, as the page holds them, turned into the input the checker reads. */
import type { GameInput } from "../../../compiler/core/files/check-files.ts";

/** Files the workspace checks: rules, cards, decks and scenarios (paths under cards/). */
export const isGameSource = (p: string): boolean =>
  /^cards\/[^/]+\/(rules\.yaml|(cards|fixtures|decks|scenarios)\/.+\.ya?ml)$/.test(p);

/** The game of a path under cards/. */
export const gameOf = (path: string): string => path.split("/")[1] ?? "";

/** A game's input from the paths the page holds and their texts; null without its rules file. */
export function gameInputOf(g: string, paths: Iterable<string>, textOf: (p: string) => string): GameInput | null {
  const mine = [...paths].filter((p) => gameOf(p) === g && isGameSource(p));
  const rules = `cards/${g}/rules.yaml`;
  if (!mine.includes(rules)) return null;
  const under = (folder: string) =>
    mine
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
