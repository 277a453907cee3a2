/**
 * What copies of a state cost a search (bench/run.ts): `clone` (a copy of its own), `fork` (the
 * copy for search, copy on write) counted with the first writes of the step a search makes on
 * it, and `hash`. States are sampled at every fifth decision of random matches, each with the
 * answer the random agent gave there: the step.
 */
import { randomAgent, type Action, type Engine, type MatchConfig, type State } from "../runtime/index.ts";

export interface CopyFigures {
  /** Median µs of `engine.clone(state)`. */
  readonly clone: number;
  /**
   * Median µs a fork costs a search step: `fork` then `apply` of the step, less the same `apply`
   * on a copy that shares nothing (so: the fork, and the copies its first writes make).
   */
  readonly fork: number;
  /** Median µs of `engine.hash(state)`. */
  readonly hash: number;
  readonly samples: readonly State[];
}

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return ((s[Math.floor((s.length - 1) / 2)] as number) + (s[Math.ceil((s.length - 1) / 2)] as number)) / 2;
};

export function copyFigures(engine: Engine, config: (seed: number) => MatchConfig, games: number): CopyFigures {
  const samples: { state: State; action: Action }[] = [];
  for (let seed = 1; seed <= games; seed++) {
    const st = engine.newMatch(config(seed));
    const agent = randomAgent(seed);
    let n = 0;
    while (!st.match.over) {
      const action = agent.choose(st, engine.legalActions(st), engine);
      if (n++ % 5 === 0) samples.push({ state: engine.clone(st), action });
      engine.apply(st, action);
    }
  }
  const REPS = 10;
  const time = (fn: (s: State) => unknown) =>
    median(
      samples.map(({ state }) => {
        const t0 = performance.now();
        for (let i = 0; i < REPS; i++) fn(state);
        return ((performance.now() - t0) / REPS) * 1000;
      }),
    );
  const clone = time((s) => engine.clone(s));
  const hash = time((s) => engine.hash(s));
  const forkCosts = samples.map(({ state, action }) => {
    // Copies that share nothing, made before the clock starts: the same apply without copy on write.
    const plain = Array.from({ length: REPS }, () => engine.clone(state));
    const forked: number[] = [];
    const base: number[] = [];
    for (let i = 0; i < REPS; i++) {
      let t0 = performance.now();
      try {
        engine.apply(engine.fork(state), action);
      } catch {
        // A faulting answer is undone; its cost is still a search step's.
      }
      forked.push(performance.now() - t0);
      t0 = performance.now();
      try {
        engine.apply(plain[i] as State, action);
      } catch {}
      base.push(performance.now() - t0);
    }
    return (median(forked) - median(base)) * 1000;
  });
  return { clone, fork: median(forkCosts), hash, samples: samples.map((s) => s.state) };
}
