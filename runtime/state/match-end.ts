/**
 * Whether a match is over, from its results alone: one answer for the runtime ending a game, a
 * board that starts with games already played, and a scenario checking its `given: match:`.
 */
import type { EntityId } from "../types.ts";

/** The match's terms, as the rules declare them (`match: { games, wins }`). */
export interface MatchTerms {
  readonly games: number;
  readonly winsNeeded: number;
}

/** Why the results end the match: a seat reached the wins needed, or every game was played. */
export type MatchEnd =
  | { readonly by: "wins"; readonly seat: EntityId; readonly wins: number }
  | { readonly by: "games"; readonly played: number };

/**
 * The end these results (each game's winner, or null for a draw) make, or null while the match
 * goes on. Wins come first: the last game of a match can both fill its games and give a seat its
 * deciding win, and the win is what a reader wants to hear.
 */
export function matchEnd(results: readonly (EntityId | null)[], terms: MatchTerms): MatchEnd | null {
  const wins = new Map<EntityId, number>();
  let best: { seat: EntityId; wins: number } | null = null;
  for (const r of results) {
    if (r === null) continue;
    const n = (wins.get(r) ?? 0) + 1;
    wins.set(r, n);
    if (best === null || n > best.wins) best = { seat: r, wins: n };
  }
  if (best !== null && best.wins >= terms.winsNeeded) return { by: "wins", seat: best.seat, wins: best.wins };
  if (results.length >= terms.games) return { by: "games", played: results.length };
  return null;
}
