/**
 * Plays one game of a plan to its record. Everything it depends on is in the plan and the game's
 * index, so a game gives the same record in any worker, in any order.
 */
import {
  askSeat,
  deckListsOfState,
  formatAction,
  isObserving,
  makeAgent,
  specText,
  type AgentSpec,
  type Engine,
  type State,
} from "../../runtime/index.ts";
import { configOf, slot, type SimPlan } from "./plan.ts";
import type { CardTracker } from "./lab/tracker.ts";
import type { GameRecord } from "./record.ts";

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** With a tracker (whose onMove the engine was made with), the record carries the cards each seat drew and played. */
export function playGame(
  engine: Engine,
  plan: SimPlan,
  specs: readonly AgentSpec[],
  index: number,
  tracker?: CardTracker,
): GameRecord {
  const s = slot(plan, index);
  const base = { game: index, seed: s.seed, seats: s.seatAgents, decks: plan.decks.map((d) => d?.id ?? null) };
  let decisions = 0;
  let state: State | null = null;
  const end = (outcome: GameRecord["outcome"], winner: number | null, fault?: string): GameRecord => ({
    ...base,
    outcome,
    winner,
    decisions,
    matchGames: state?.match.results.length ?? 0,
    ...(fault !== undefined ? { fault } : {}),
    ...(tracker !== undefined ? { cards: tracker.finish() } : {}),
  });
  const seated = s.seatAgents.map((a) => {
    const spec = specs[a] as AgentSpec;
    const agent = makeAgent(spec, s.agentSeeds[a] as number);
    // The command refuses humans before any game; this guards the worker against a plan that has one.
    if (agent === null)
      throw new Error(`the agent '${specText(spec)}' needs a person; sim plays automatic agents only`);
    return { agent, name: specText(spec) };
  });
  try {
    const config = configOf(plan, s);
    tracker?.start();
    const st = engine.newMatch(config);
    tracker?.bind(st);
    state = st;
    // The decks in play: what observing agents deal the cards they cannot see from (read off
    // the starting state, which a game of random agents does not need).
    const decks = seated.some((w) => isObserving(w.agent)) ? deckListsOfState(st, config.players.length) : {};
    while (!st.match.over) {
      if (decisions >= plan.maxDecisions) return end("timeout", null);
      const seat = engine.toMove(st);
      if (seat === null) return end("fault", null, "the match is not over but no decision is pending");
      const legal = engine.legalActions(st);
      const who = seated[seat - 1];
      if (who === undefined)
        return end("fault", null, `seat ${seat} is to move, and the plan has ${seated.length} seats`);
      const action = askSeat(engine, st, seat, who.agent, decks, st, legal);
      const r = engine.apply(st, action);
      if (!r.ok)
        return end(
          "fault",
          null,
          `decision ${decisions + 1}: seat ${seat} (${who.name}) answered '${formatAction(action)}', which was refused: ${r.reason}`,
        );
      decisions++;
    }
    const w = st.match.winner;
    return w === null ? end("draw", null) : end("win", w);
  } catch (e) {
    return end("fault", null, `decision ${decisions + 1}: ${messageOf(e)}`);
  }
}
