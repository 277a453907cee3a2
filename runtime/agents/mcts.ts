/**
 * Monte Carlo tree search over worlds consistent with the agent's view.
 *
 * - `ismcts`: single-observer information-set MCTS (Cowling, Powley & Whitehouse, 2012). One tree
 *   of the agent's information set, its nodes keyed by the answers taken from the root; every
 *   iteration deals a new world from the determinizer and walks the tree in it, considering only
 *   the answers that world allows. UCB1 counts, for each child, the visits of its parent in which
 *   it was available (availability counts), not all of them.
 * - `dmcts`: the determinized baseline: a few worlds dealt once, plain UCT on each as if it were
 *   the truth, the root's visit counts summed over them.
 *
 * Past the tree, a playout answers uniformly at random up to `depth` decisions (the rules'
 * evaluation scores where it stops), or to the end of the game when the rules declare no
 * evaluation. Rewards are in 0…1 per seat; a node keeps the reward of the seat that chose the
 * answer leading to it. Deterministic for a seed and an iteration budget.
 */
import type { Engine } from "../host/engine.ts";
import { AgentRandom } from "../state/rng.ts";
import type { Action, EntityId, State } from "../types.ts";
import { actionKey, type Alternative, type DecisionReport, type ObservingAgent, type Observation } from "./observe.ts";
import { decisionSeed, gameOver, reward, searchEngine } from "./score.ts";

/** How long a decision may search: a number of iterations (deterministic) or of milliseconds. */
export type Budget = { readonly iterations: number } | { readonly ms: number };

export interface SearchOptions {
  readonly budget: Budget;
  /** Decisions a playout plays before the evaluation scores it. Default 40 with an evaluation, unbounded (to the game's end) without. */
  readonly depth?: number;
  /** The UCB1 exploration constant (rewards are 0…1). Default 0.7. */
  readonly exploration?: number;
  /** dmcts: how many worlds to deal. Default 10. */
  readonly worlds?: number;
  /** How many alternatives a report lists. Default 5. */
  readonly top?: number;
}

/** A playout with no evaluation stops here anyway (a game the random policy cannot end). */
const FULL_PLAYOUT_CAP = 5_000;

class Node {
  visits = 0;
  total = 0;
  avail = 0;
  readonly children = new Map<string, Node>();
  constructor(
    readonly action: Action | null,
    /** The seat that chose `action`. */
    readonly player: EntityId,
  ) {}
}

interface Search {
  readonly se: Engine;
  readonly rng: AgentRandom;
  readonly results: number;
  readonly players: number;
  readonly depth: number;
  readonly c: number;
}

/** One iteration from `root` on `world` (played on in place). */
function iterate(s: Search, root: Node, world: State): void {
  const path: Node[] = [];
  let node = root;
  try {
    for (;;) {
      if (gameOver(world, s.results)) break;
      const legal = s.se.legalActions(world);
      if (legal.length === 0) break;
      const mover = s.se.toMove(world) as EntityId;
      const untried: Action[] = [];
      let best: Node | null = null;
      let bestScore = -Infinity;
      for (const a of legal) {
        const child = node.children.get(actionKey(a));
        if (child === undefined) {
          untried.push(a);
          continue;
        }
        child.avail++;
        const score = child.total / child.visits + s.c * Math.sqrt(Math.log(child.avail) / child.visits);
        if (score > bestScore) {
          bestScore = score;
          best = child;
        }
      }
      if (untried.length > 0) {
        const a = untried[s.rng.int(untried.length)] as Action;
        const child = new Node(a, mover);
        child.avail = 1;
        node.children.set(actionKey(a), child);
        path.push(child);
        s.se.apply(world, a);
        break;
      }
      node = best as Node;
      path.push(node);
      s.se.apply(world, node.action as Action);
    }
    playout(s, world);
  } catch {
    // A dealt world can fault where the real one would not (a card the real game never held
    // there): the iteration ends, scored where it stopped (apply left the state as it was).
  }
  const rewards: number[] = [];
  for (let p = 1; p <= s.players; p++) rewards.push(reward(s.se, world, s.results, p));
  root.visits++;
  for (const n of path) {
    n.visits++;
    n.total += rewards[n.player - 1] ?? 0.5;
  }
}

function playout(s: Search, world: State): void {
  for (let i = 0; i < s.depth; i++) {
    if (gameOver(world, s.results)) return;
    // One answer drawn without listing them all (the same draw as from the list).
    const n = s.se.legalCount(world);
    if (n === 0) return;
    s.se.apply(world, s.se.legalAt(world, s.rng.int(n)) as Action);
  }
}

/** Runs the budget: `step(i)` does iteration i; returns the number of iterations and the milliseconds. */
function spend(budget: Budget, t0: number, step: (i: number) => void): number {
  let i = 0;
  if ("iterations" in budget) {
    for (; i < budget.iterations; i++) step(i);
    return i;
  }
  const end = t0 + budget.ms;
  do step(i++);
  while (performance.now() < end);
  return i;
}

function report(
  spec: string,
  iterations: number,
  t0: number,
  legal: readonly Action[],
  stats: ReadonlyMap<string, { visits: number; total: number }>,
  top: number,
): DecisionReport {
  const alts: Alternative[] = [];
  for (const a of legal) {
    const st = stats.get(actionKey(a));
    alts.push({
      action: a,
      visits: st?.visits ?? 0,
      value: st === undefined || st.visits === 0 ? 0 : st.total / st.visits,
    });
  }
  // Most visited first; then the better mean; then the order of the legal list (stable sort).
  alts.sort((x, y) => y.visits - x.visits || y.value - x.value);
  const chosen = alts[0] as Alternative;
  return {
    agent: spec,
    iterations,
    ms: performance.now() - t0,
    action: chosen.action,
    alternatives: alts.slice(0, top),
    measure: "search",
  };
}

function setup(engine: Engine, obs: Observation, seed: number, o: SearchOptions): Search {
  const se = searchEngine(engine);
  const hasEval = (engine.module.rules.evaluate ?? null) !== null;
  return {
    se,
    rng: new AgentRandom(decisionSeed(seed, obs.view.turnstile)),
    results: obs.view.match.results.length,
    players: obs.view.seats ?? engine.module.rules.players,
    depth: o.depth ?? (hasEval ? 40 : FULL_PLAYOUT_CAP),
    c: o.exploration ?? 0.7,
  };
}

function forced(spec: string, obs: Observation, t0: number): DecisionReport | null {
  return obs.legal.length === 1
    ? {
        agent: spec,
        iterations: 0,
        ms: performance.now() - t0,
        action: obs.legal[0] as Action,
        alternatives: [],
        measure: "search",
      }
    : null;
}

/** Single-observer ISMCTS. */
export function ismctsAgent(seed: number, options: SearchOptions, spec = "mcts"): ObservingAgent {
  return {
    observes: true,
    spec,
    decide(obs, engine) {
      const t0 = performance.now();
      const f = forced(spec, obs, t0);
      if (f !== null) return f;
      const s = setup(engine, obs, seed, options);
      const root = new Node(null, obs.player);
      const n = spend(options.budget, t0, () => iterate(s, root, obs.worlds.world(s.rng.int(0x7fffffff))));
      return report(spec, n, t0, obs.legal, root.children, options.top ?? 5);
    },
  };
}

/** Determinized UCT: `worlds` worlds dealt once, iterations shared among them in turn, root counts summed. */
export function dmctsAgent(seed: number, options: SearchOptions, spec = "dmcts"): ObservingAgent {
  return {
    observes: true,
    spec,
    decide(obs, engine) {
      const t0 = performance.now();
      const f = forced(spec, obs, t0);
      if (f !== null) return f;
      const s = setup(engine, obs, seed, options);
      const k = Math.max(1, options.worlds ?? 10);
      const worlds: State[] = [];
      const roots: Node[] = [];
      for (let i = 0; i < k; i++) {
        worlds.push(obs.worlds.world(s.rng.int(0x7fffffff)));
        roots.push(new Node(null, obs.player));
      }
      const n = spend(options.budget, t0, (i) => iterate(s, roots[i % k] as Node, s.se.fork(worlds[i % k] as State)));
      const stats = new Map<string, { visits: number; total: number }>();
      for (const r of roots) {
        for (const [key, c] of r.children) {
          const st = stats.get(key) ?? { visits: 0, total: 0 };
          st.visits += c.visits;
          st.total += c.total;
          stats.set(key, st);
        }
      }
      return report(spec, n, t0, obs.legal, stats, options.top ?? 5);
    },
  };
}
