/**
 * Greedy: previews every legal answer on one world consistent with its view and takes the one the
 * game's evaluation likes best from its player's point of view (a win first, a loss last); ties
 * are broken by its seeded generator.
 *
 * An answer often opens choices of its own before it has done anything (a cost to pick, a target,
 * the other player's block or response): judged there, every answer would look alike. So a
 * preview goes on through those choices, each answered the same greedy way by whoever makes it
 * (the best next state for that player), until an action window opens again in the window of the
 * decision being answered (the player's next action, or the other player's turn), the game ends,
 * or `FOLLOW` choices were made.
 */
import type { Engine } from "../host/engine.ts";
import { AgentRandom } from "../state/rng.ts";
import type { Action, Decision, EntityId, State } from "../types.ts";
import type { Alternative, DecisionReport, ObservingAgent, Observation } from "./observe.ts";
import { decisionSeed, gameOver, searchEngine } from "./score.ts";

/** How many follow-up choices a preview makes at most. */
const FOLLOW = 30;

/** The state's worth for `seat`: ±Infinity for a game won or lost, 0 for a draw, else the evaluation (0 without one). */
function worth(se: Engine, s: State, results: number, seat: EntityId): number {
  if (gameOver(s, results)) {
    const w = s.match.results.length > results ? s.match.results[results] : s.match.winner;
    return w === seat ? Infinity : w === null || w === undefined ? 0 : -Infinity;
  }
  return se.evaluate(s, seat) ?? 0;
}

/** The answers of `s`'s decision, each with the worth of the state it leads to for the decider (faulting ones left out). */
function oneStep(
  se: Engine,
  s: State,
  results: number,
  seat: EntityId,
  legal: readonly Action[],
): { action: Action; after: State; score: number }[] {
  const out: { action: Action; after: State; score: number }[] = [];
  for (const action of legal) {
    const copy = se.fork(s);
    try {
      if (!se.apply(copy, action).ok) continue;
    } catch {
      // A world the real cards would not have made can fault where the real one would not: skip the answer there.
      continue;
    }
    out.push({ action, after: copy, score: worth(se, copy, results, seat) });
  }
  return out;
}

function pickBest<T extends { score: number }>(rng: AgentRandom, xs: readonly T[]): T {
  let best = Number.NEGATIVE_INFINITY;
  for (const x of xs) if (x.score > best) best = x.score;
  const top = xs.filter((x) => x.score === best);
  return top[rng.int(top.length)] as T;
}

/** Whether `d` is an action window of `window` (of any window when the answered decision was no action window): where a preview stops. */
const opensWindow = (d: Decision | null, window: string | null) =>
  d !== null && d.type === "act" && (window === null || d.window === window);

/** `s` played on through the choices its answer opened (see the file's comment), in place. */
function follow(se: Engine, rng: AgentRandom, s: State, results: number, window: string | null): State {
  let state = s;
  for (let i = 0; i < FOLLOW; i++) {
    const d = se.decision(state);
    if (d === null || gameOver(state, results) || opensWindow(d, window)) break;
    const steps = oneStep(se, state, results, d.player, se.legalActions(state));
    if (steps.length === 0) break;
    state = pickBest(rng, steps).after;
  }
  return state;
}

export function greedyAgent(seed: number, spec = "greedy"): ObservingAgent {
  return {
    observes: true,
    spec,
    decide(obs: Observation, engine: Engine): DecisionReport {
      const t0 = performance.now();
      const rng = new AgentRandom(decisionSeed(seed, obs.view.turnstile));
      if (obs.legal.length === 1)
        return {
          agent: spec,
          iterations: 0,
          ms: performance.now() - t0,
          action: obs.legal[0] as Action,
          alternatives: [],
          measure: "evaluation",
        };
      const se = searchEngine(engine);
      const world = obs.worlds.world(rng.int(0x7fffffff));
      const results = world.match.results.length;
      const d = se.decision(world);
      const window = d !== null && d.type === "act" ? d.window : null;
      const scored = oneStep(se, world, results, obs.player, obs.legal).map((x) => {
        const end = x.score === Infinity || x.score === -Infinity ? x.after : follow(se, rng, x.after, results, window);
        return { action: x.action, score: worth(se, end, results, obs.player) };
      });
      if (scored.length === 0)
        return {
          agent: spec,
          iterations: 0,
          ms: performance.now() - t0,
          action: obs.legal[rng.int(obs.legal.length)] as Action,
          alternatives: [],
          measure: "evaluation",
        };
      const chosen = pickBest(rng, scored).action;
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
