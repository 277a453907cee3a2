/**
 * Greedy: previews every legal answer on one world consistent with its view and takes the one the
 * game's evaluation likes best from its player's point of view (a win first, a loss last); ties
 * are broken by its seeded generator.
 *
 * An answer often opens choices of its own before it has done anything (a cost to pick, a target,
 * the other player's block or response): judged there, every answer would look alike. So a
 * preview *settles* the answer: it goes on through those choices, each answered the same greedy
 * way by whoever makes it (the best next state for that player), until an action window of the
 * decision's window opens again (the player's next action, or the other player's turn), the game
 * ends, or `FOLLOW` choices were made.
 *
 * And an answer is worth what it makes possible in the rest of the player's turn: paying for a
 * cheaper action, or changing a resource into the one an attack needs, looks like a loss until
 * the attack is made. So (`lookahead: "turn"`, the default) a preview goes on while the same
 * player acts again in that window, each of its next actions chosen the same way (the settled
 * answer its evaluation likes best, ending the turn when nothing looks better), and the answer is
 * judged where the turn passes to another player. `lookahead: "answer"` judges the settled answer.
 */
import type { Engine } from "../host/engine.ts";
import { AgentRandom } from "../state/rng.ts";
import type { Action, Decision, EntityId, State } from "../types.ts";
import {
  type Alternative,
  type DecisionReport,
  forcedAnswer,
  type ObservingAgent,
  type Observation,
} from "./observe.ts";
import { decisionSeed, gameOver, searchEngine } from "./score.ts";

/** How many follow-up choices settling an answer makes at most; and how many more actions a turn's preview takes at most. */
const FOLLOW = 30;
const TURN = 12;

export interface GreedyOptions {
  /** How far a preview goes: the settled answer, or the rest of the player's turn (default). */
  readonly lookahead?: "answer" | "turn";
}

/** The state's worth for `seat`: ±Infinity for a game won or lost, 0 for a draw, else the evaluation (0 without one). */
function worth(se: Engine, s: State, results: number, seat: EntityId): number {
  if (gameOver(s, results)) {
    const w = s.match.results.length > results ? s.match.results[results] : s.match.winner;
    return w === seat ? Infinity : w === null || w === undefined ? 0 : -Infinity;
  }
  return se.evaluate(s, seat) ?? 0;
}

interface Preview {
  readonly se: Engine;
  readonly rng: AgentRandom;
  /** Games of the match ended when the decision was asked. */
  readonly results: number;
  /** The window of the answered decision (null: it is no action window). */
  readonly window: string | null;
}

/** The answers of `s`'s decision, each with the state it leads to and its worth for the decider (faulting ones left out). */
function oneStep(
  p: Preview,
  s: State,
  seat: EntityId,
  legal: readonly Action[],
  settled: boolean,
): { action: Action; after: State; score: number; at: number }[] {
  const out: { action: Action; after: State; score: number; at: number }[] = [];
  for (const action of legal) {
    // A fork: copied on write, so an answer that changes little costs little to try.
    let copy = p.se.fork(s);
    try {
      if (!p.se.apply(copy, action).ok) continue;
      if (settled) copy = settle(p, copy);
    } catch {
      // A world the real cards would not have made can fault where the real one would not: skip the answer there.
      continue;
    }
    out.push({ action, after: copy, score: worth(p.se, copy, p.results, seat), at: copy.turnstile });
  }
  return out;
}

/**
 * The best by score, ties at random; of equal wins the soonest (and of equal losses the latest),
 * by the decisions answered (`at`, the state's turnstile): a won game is won now, not after a detour.
 */
function pickBest<T extends { score: number; at: number }>(rng: AgentRandom, xs: readonly T[]): T {
  let best = Number.NEGATIVE_INFINITY;
  for (const x of xs) if (x.score > best) best = x.score;
  let top = xs.filter((x) => x.score === best);
  if (best === Infinity || best === -Infinity) {
    // The soonest win or the latest loss (a loop, not a spread: the list may be long).
    let at = top[0]?.at ?? 0;
    for (const x of top) at = best === Infinity ? Math.min(at, x.at) : Math.max(at, x.at);
    top = top.filter((x) => x.at === at);
  }
  return top[rng.int(top.length)] as T;
}

/** Whether `d` is an action window of `window` (of any window when the answered decision was no action window). */
const opensWindow = (d: Decision | null, window: string | null): d is Decision & { type: "act" } =>
  d !== null && d.type === "act" && (window === null || d.window === window);

/** `s` played on through the choices its answer opened (see the file's comment), in place. */
function settle(p: Preview, s: State): State {
  let state = s;
  for (let i = 0; i < FOLLOW; i++) {
    const d = p.se.decision(state);
    if (d === null || gameOver(state, p.results) || opensWindow(d, p.window)) break;
    const steps = oneStep(p, state, d.player, p.se.legalActions(state), false);
    if (steps.length === 0) break;
    state = pickBest(p.rng, steps).after;
  }
  return state;
}

/** `s` (settled) played on while `seat` acts again in the window, each action the settled one `seat` likes best. */
function restOfTurn(p: Preview, s: State, seat: EntityId): State {
  let state = s;
  for (let i = 0; i < TURN; i++) {
    const d = p.se.decision(state);
    if (gameOver(state, p.results) || !opensWindow(d, p.window) || d.player !== seat) break;
    const steps = oneStep(p, state, seat, p.se.legalActions(state), true);
    if (steps.length === 0) break;
    state = pickBest(p.rng, steps).after;
  }
  return state;
}

/** One answer as greedy judged it: its worth for the decider at the end of its preview, and when that was (the turnstile). */
export interface GreedyScore {
  readonly action: Action;
  readonly score: number;
  readonly at: number;
}

/**
 * Greedy's judgement of `legal` at `world` for `player` (see the file's comment), and its choice
 * (null when every answer faulted). The search's prior (mcts.ts) calls it with a generator seeded
 * as greedy's, so that the search starts from the answer greedy would give.
 */
export function greedyScores(
  se: Engine,
  world: State,
  player: EntityId,
  legal: readonly Action[],
  rng: AgentRandom,
  options: GreedyOptions = {},
): { scored: GreedyScore[]; chosen: Action | null } {
  const turn = (options.lookahead ?? "turn") === "turn";
  const d = se.decision(world);
  const p: Preview = {
    se,
    rng,
    results: world.match.results.length,
    window: d !== null && d.type === "act" ? d.window : null,
  };
  const scored = oneStep(p, world, player, legal, true).map((x) => {
    const end = turn && p.window !== null ? restOfTurn(p, x.after, player) : x.after;
    return { action: x.action, score: worth(se, end, p.results, player), at: end.turnstile };
  });
  return { scored, chosen: scored.length === 0 ? null : pickBest(rng, scored).action };
}

export function greedyAgent(seed: number, spec = "greedy", options: GreedyOptions = {}): ObservingAgent {
  return {
    observes: true,
    spec,
    decide(obs: Observation, engine: Engine): DecisionReport {
      const t0 = performance.now();
      const rng = new AgentRandom(decisionSeed(seed, obs.view.turnstile));
      const forced = forcedAnswer(spec, obs, t0, "evaluation");
      if (forced !== null) return forced;
      const se = searchEngine(engine);
      const world = obs.worlds.world(rng.int(0x7fffffff));
      const { scored, chosen } = greedyScores(se, world, obs.player, obs.legal, rng, options);
      if (chosen === null)
        return {
          agent: spec,
          iterations: 0,
          ms: performance.now() - t0,
          action: obs.legal[rng.int(obs.legal.length)] as Action,
          alternatives: [],
          measure: "evaluation",
        };
      const alternatives: Alternative[] = scored
        .map((s) => ({ action: s.action, visits: 1, value: s.score }))
        .sort((a, b) => (a.action === chosen ? -1 : b.action === chosen ? 1 : b.value - a.value))
        .slice(0, 5);
      return {
        agent: spec,
        iterations: scored.length,
        ms: performance.now() - t0,
        action: chosen,
        alternatives,
        measure: "evaluation",
      };
    },
  };
}
