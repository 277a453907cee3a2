/**
 * How agents score a state: the game's result once a game of the match is over (won 1, drawn ½,
 * lost 0), else the rules' evaluation from each seat's point of view, clamped to −100…100 and
 * mapped to 0…1 (½ when the rules declare no evaluation: then only results tell anything, and playouts
 * run to the end of the game).
 */
import { Engine } from "../engine.ts";
import type { EntityId, GameModule, State } from "../types.ts";

const engines = new WeakMap<GameModule, Engine>();

/** An engine of the same game with logging off: search plays many moves nobody reads. */
export function searchEngine(engine: Engine): Engine {
  let e = engines.get(engine.module);
  if (e === undefined) engines.set(engine.module, (e = new Engine(engine.module, { log: false })));
  return e;
}

/** Whether a game of the match ended since `results` games had ended. */
export function gameOver(state: State, results: number): boolean {
  return state.match.over || state.match.results.length > results;
}

/** The reward of `seat` in 0…1. `results`: how many games had ended when the search started. */
export function reward(engine: Engine, state: State, results: number, seat: EntityId): number {
  if (gameOver(state, results)) {
    const w = state.match.results.length > results ? state.match.results[results] : state.match.winner;
    return w === seat ? 1 : w === null || w === undefined ? 0.5 : 0;
  }
  const v = engine.evaluate(state, seat);
  return v === null ? 0.5 : (Math.max(-100, Math.min(100, v)) + 100) / 200;
}

/** A seed for one decision: the agent's seed mixed with the decision number, so a decision depends on the seed and the view only. */
export function decisionSeed(seed: number, turnstile: number): number {
  let h = (seed ^ Math.imul(turnstile + 0x9e3779b9, 0x85ebca6b)) | 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) | 0;
}
