/**
 * The end of a game: record the result, end the match when someone has enough wins or every game
 * was played, else start the next game (entities, zones and properties persist; the rules' game
 * flow resets what it needs).
 */
import type { Kernel } from "../kernel/kernel.ts";
import { pushFrame } from "./frames.ts";
import { pushLog } from "../kernel/log.ts";
import type { EntityId, State } from "../types.ts";
import { hashTable } from "../state/values.ts";
import { matchEnd } from "../state/match-end.ts";

/** Wins per seat (index 0 unused). */
export function winsOf(state: State, players: number): number[] {
  const wins = new Array<number>(players + 1).fill(0);
  for (const r of state.match.results) if (r !== null && r >= 1 && r <= players) wins[r] = (wins[r] as number) + 1;
  return wins;
}

/** Starts the rules' game flow (seat 1 as `me`). */
export function startGameFlow(rt: Kernel, h: string): void {
  pushFrame(rt.state, h, {}, null, null, 1, null, null);
}

export function endGame(rt: Kernel, winner: EntityId | null): void {
  const st = rt.state;
  const m = st.match;
  const n = rt.seats;
  if (winner !== null && !(winner >= 1 && winner <= n)) throw new Error(`win: ${rt.name(winner)} is not a player`);
  if (rt.undo.active) rt.undo.matchRecord(st);
  m.results.push(winner);
  pushLog(st, "game", winner === null ? `Game ${m.number}: draw` : `Game ${m.number}: ${rt.name(winner)} wins`, {
    game: m.number,
    winner,
  });
  if (rt.undo.active) rt.undo.popping(st.frames, 0);
  st.frames.length = 0;
  st.decision = null;
  st.events = {};
  if (st.chain !== undefined) st.chain = { links: [], holder: null, passes: 0 };
  const wins = winsOf(st, n);
  let best = 0;
  for (let p = 1; p <= n; p++) best = Math.max(best, wins[p] as number);
  if (matchEnd(m.results, rt.ix.rules.match) !== null) {
    const leaders: EntityId[] = [];
    for (let p = 1; p <= n; p++) if (wins[p] === best && best > 0) leaders.push(p);
    m.over = true;
    m.winner = leaders.length === 1 ? (leaders[0] as EntityId) : null;
    // Seat order, each with its name: "P1 1 – P2 2".
    const score = wins
      .slice(1)
      .map((w, i) => `${rt.name(i + 1)} ${w}`)
      .join(" – ");
    pushLog(
      st,
      "game",
      m.winner === null ? `Match over: draw (${score})` : `Match over: ${rt.name(m.winner)} wins (${score})`,
      { winner: m.winner },
    );
    return;
  }
  if (rt.stopBetweenGames) {
    // The board stays as the game left it; the next game is not set up.
    m.between = true;
    return;
  }
  if (rt.undo.active) rt.undo.modifierList(st);
  st.modifiers.length = 0;
  st.seen = hashTable();
  m.number++;
  pushLog(st, "game", `Game ${m.number} begins`, { game: m.number });
  startGameFlow(rt, rt.ix.rules.flow.game);
}
