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
 * At the root the search starts from greedy's judgement (`greedyPrior`, `rootChoice`): PUCT with
 * a prior from greedy's worth of each answer, so a small budget gives greedy's answer and a larger
 * one leaves it only with evidence (`prior: 0`: UCB1 at the root as below it).
 *
 * Below the root an answer is keyed by what it does, not by the ids it names: an id of a card
 * stands for the card, where it is and its properties (`worldKey`). The same hidden card has
 * another identity in each world (the opponent's third hand card is one card in one world, another
 * in the next), so "plays card 57" would mix unlike moves in one node; and two copies of a card
 * in the same state are one answer, not two branches. The root keeps the ids: its answers are the
 * agent's own, the same in every world, and the report names them.
 *
 * Past the tree, a playout plays `depth` decisions by its policy, then on to its horizon (an
 * evaluation in the middle of an answer's consequences, between a cost paid and its effect, or an
 * attack and its block, says little), and the rules' evaluation scores where it stops; without an
 * evaluation it plays to the end of the game. The default horizon is the end of the turn: the
 * next action window of the root decision's window in which another player than the one who chose
 * the tree's last answer acts. Greedy judges an answer there too; a leaf scored at the next window
 * of any player instead (`window`) judges a card played for the attack after it before the attack;
 * in pilots against greedy on a shipped game whose players alternate single actions, it scored
 * half of 20 games where the turn's end won 10 of 13, and more iterations made it worse, not
 * better (700: 1 of 8) — its values were biased, not short of samples. The
 * policy is greedy, the answer whose next state the mover's evaluation likes best (a win first),
 * ties at random; or uniform random. Greedy is the default where the rules declare an evaluation:
 * the steps of a playout before its window are mostly the choices an answer opens (which card
 * pays, which target), and a random one there makes a good answer look bad (in pilots against the
 * greedy agent at equal iterations, on a shipped game, 450 iterations scored 61% of 100 games with
 * greedy playouts against 48.5% of 200 with random ones). Without an evaluation every state but a
 * won or lost one looks alike, so playouts are random.
 *
 * Rewards are in 0…1 per seat; a node keeps the reward of the seat that chose the answer leading
 * to it. An evaluation's steps are small against 0…1 (a point of damage moves it by about a
 * hundredth), so UCB1 compares the means rescaled to the range of node means the search has seen
 * so far (as MuZero does), and the exploration constant means the same on every game.
 * Deterministic for a seed and an iteration budget.
 */
import type { Engine } from "../host/engine.ts";
import { AgentRandom } from "../state/rng.ts";
import type { Action, EntityId, State, Value } from "../types.ts";
import {
  actionKey,
  type Alternative,
  type DecisionReport,
  forcedAnswer,
  type ObservingAgent,
  type Observation,
} from "./observe.ts";
import { greedyScores } from "./greedy.ts";
import { decisionSeed, gameOver, reward, searchEngine } from "./score.ts";

/** How long a decision may search: a number of iterations (deterministic) or of milliseconds. */
export type Budget = { readonly iterations: number } | { readonly ms: number };

export type PlayoutPolicy = "random" | "greedy";
export type Horizon = "window" | "turn" | "own";

export interface SearchOptions {
  readonly budget: Budget;
  /** Decisions a playout plays by its policy before it looks for an action window to stop at. Default `DEPTH` with an evaluation, unbounded (to the game's end) without. */
  readonly depth?: number;
  /** The UCB1 exploration constant (on rescaled means, 0…1). Default `EXPLORATION`. */
  readonly exploration?: number;
  /** How playouts answer. Default greedy where the rules declare an evaluation, else random (see the file's comment). */
  readonly policy?: PlayoutPolicy;
  /** Compare means rescaled to the range seen (default true); false: the raw 0…1 rewards. */
  readonly normalize?: boolean;
  /** dmcts: how many worlds to deal. Default 10. */
  readonly worlds?: number;
  /**
   * Where a playout stops once past its depth: at the next action window of the root decision's
   * window (`window`); at the next one in which another player than the one who chose the tree's
   * last answer acts (`turn`: that player's turn played out by the policy first, as greedy judges
   * an answer at the end of its turn); or at the next one in which the searching player acts
   * (`own`: the other players' replies played by the policy first). Default `HORIZON`.
   */
  readonly horizon?: Horizon;
  /** How many alternatives a report lists. Default 5. */
  readonly top?: number;
  /**
   * The weight of greedy's prior at the root (PUCT, see `rootScore`); 0: none, every root answer
   * tried once in random order, then UCB1. Default `PRIOR`.
   */
  readonly prior?: number;
  /** How sharply the prior prefers greedy's best answers (a softmax's temperature on greedy's worths rescaled to 0…1). Default `PRIOR_TEMPERATURE`. */
  readonly priorTemperature?: number;
}

export const DEPTH = 0;
export const HORIZON: Horizon = "turn";
export const EXPLORATION = 0.7;
export const PRIOR = 1;
export const PRIOR_TEMPERATURE = 0.1;

/** A playout with no evaluation stops here anyway (a game the random policy cannot end). */
const FULL_PLAYOUT_CAP = 5_000;
/** How many more decisions a playout past its depth plays at most to reach its horizon: the next window (`window`)… */
const QUIET_CAP = 30;
/** …or the end of a turn (`turn`, `own`: a whole turn, the other players' too, may lie before it). */
const TURN_CAP = 80;

class Node {
  visits = 0;
  total = 0;
  avail = 0;
  readonly children = new Map<string, Node>();
  constructor(
    /** The seat that chose the answer leading here. */
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
  readonly policy: PlayoutPolicy;
  readonly normalize: boolean;
  /** The window of the root decision (null: it is no action window): where playouts stop. */
  readonly window: string | null;
  /** The searching player, and which windows a playout stops at. */
  readonly player: EntityId;
  readonly horizon: Horizon;
  /** The weight of the root's prior (0: none). */
  readonly prior: number;
  /** The root answers' prior probabilities by key (empty without a prior). */
  readonly priors: Map<string, number>;
  /** The lowest and highest node mean seen. */
  lo: number;
  hi: number;
}

/** A value of an answer keyed by what it names: a card by its card, place and properties. */
function valueKey(world: State, v: Value): string {
  if (typeof v === "number") {
    const e = Object.hasOwn(world.entities, v) ? world.entities[v] : undefined;
    if (e !== undefined && e.card !== null)
      return `${e.card}@${e.holder ?? e.owner}:${e.zone}${JSON.stringify(e.props)}${JSON.stringify(e.counters)}`;
    return String(v);
  }
  if (Array.isArray(v)) return `[${v.map((x) => valueKey(world, x)).join(",")}]`;
  return JSON.stringify(v);
}

/** The key of an answer below the root (see the file's comment). */
export function worldKey(world: State, a: Action): string {
  switch (a.type) {
    case "act": {
      let k = `a ${a.action}`;
      for (const name in a.args) k += ` ${name}=${valueKey(world, a.args[name] as Value)}`;
      return k;
    }
    case "pick":
      return `p ${valueKey(world, a.value)}`;
    default:
      return a.type;
  }
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
      const atRoot = node === root;
      if (atRoot && s.priors.size > 0) {
        const a = rootChoice(s, root, legal);
        if (a !== null) {
          let child = root.children.get(a.key);
          const fresh = child === undefined;
          if (child === undefined) root.children.set(a.key, (child = new Node(mover)));
          child.avail++;
          path.push(child);
          s.se.apply(world, a.action);
          if (fresh) break;
          node = child;
          continue;
        }
      }
      const keys = new Set<string>();
      const untried: { key: string; action: Action }[] = [];
      let best: Node | null = null;
      let bestAction: Action | null = null;
      let bestScore = -Infinity;
      const span = s.hi - s.lo;
      for (const a of legal) {
        const key = atRoot ? actionKey(a) : worldKey(world, a);
        if (keys.has(key)) continue;
        keys.add(key);
        const child = node.children.get(key);
        if (child === undefined) {
          untried.push({ key, action: a });
          continue;
        }
        child.avail++;
        const mean = child.total / child.visits;
        const q = s.normalize ? (span > 1e-9 ? (mean - s.lo) / span : 0.5) : mean;
        const score = q + s.c * Math.sqrt(Math.log(child.avail) / child.visits);
        if (score > bestScore) {
          bestScore = score;
          best = child;
          bestAction = a;
        }
      }
      if (untried.length > 0) {
        const u = untried[s.rng.int(untried.length)] as { key: string; action: Action };
        const child = new Node(mover);
        child.avail = 1;
        node.children.set(u.key, child);
        path.push(child);
        s.se.apply(world, u.action);
        break;
      }
      node = best as Node;
      path.push(node);
      s.se.apply(world, bestAction as Action);
    }
    playout(s, world, path.length > 0 ? (path[path.length - 1] as Node).player : s.player);
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
    const mean = n.total / n.visits;
    if (mean < s.lo) s.lo = mean;
    if (mean > s.hi) s.hi = mean;
  }
}

/**
 * The root's answer by PUCT (as AlphaZero's): the normalized mean (0 for an answer not tried yet)
 * plus `prior × P(a) × √(N + 1) / (1 + n)`, P greedy's prior. The search starts with the answer
 * greedy would give and leaves it for another only as the other's results (or its prior, while it
 * is tried little) earn it; ties go to the higher prior, then the legal list's order.
 */
function rootChoice(s: Search, root: Node, legal: readonly Action[]): { key: string; action: Action } | null {
  const span = s.hi - s.lo;
  const sq = Math.sqrt(root.visits + 1);
  let best: { key: string; action: Action } | null = null;
  let bestScore = -Infinity;
  let bestP = -Infinity;
  for (const a of legal) {
    const key = actionKey(a);
    const p = s.priors.get(key) ?? 0;
    const child = root.children.get(key);
    const n = child?.visits ?? 0;
    const q =
      child === undefined || n === 0
        ? 0
        : s.normalize
          ? span > 1e-9
            ? (child.total / n - s.lo) / span
            : 0.5
          : child.total / n;
    const score = q + (s.prior * p * sq) / (1 + n);
    if (score > bestScore || (score === bestScore && p > bestP)) {
      bestScore = score;
      bestP = p;
      best = { key, action: a };
    }
  }
  return best;
}

/**
 * Greedy's prior over the root's answers (greedy.ts, `greedyScores`, on a world dealt with a
 * generator seeded as greedy's own: the search's first answer is the one greedy gives): each
 * answer's worth at the end of its preview, rescaled to 0…1 over the answers' range (a win above,
 * a loss below every other), through a softmax of temperature `t`; greedy's choice breaks ties.
 */
function greedyPrior(se: Engine, obs: Observation, seed: number, t: number): Map<string, number> {
  const rng = new AgentRandom(decisionSeed(seed, obs.view.turnstile));
  const world = obs.worlds.world(rng.int(0x7fffffff));
  const { scored, chosen } = greedyScores(se, world, obs.player, obs.legal, rng);
  const priors = new Map<string, number>();
  if (scored.length === 0) return priors;
  let lo = Infinity;
  let hi = -Infinity;
  for (const x of scored)
    if (Number.isFinite(x.score)) {
      if (x.score < lo) lo = x.score;
      if (x.score > hi) hi = x.score;
    }
  const span = hi > lo ? hi - lo : 1;
  const h = scored.map((x) =>
    x.score === Infinity ? 1.5 : x.score === -Infinity ? -0.5 : hi > lo ? (x.score - lo) / span : 0.5,
  );
  let top = -Infinity;
  for (const v of h) if (v > top) top = v;
  let sum = 0;
  const w = scored.map((x, i) => {
    // Greedy's choice a hair above the answers it tied with.
    const v = Math.exp(((h[i] as number) - top) / Math.max(1e-6, t)) * (x.action === chosen ? 1.001 : 1);
    sum += v;
    return v;
  });
  // Answers that faulted in greedy's world keep a prior of 0 (tried only on their results).
  scored.forEach((x, i) => priors.set(actionKey(x.action), (w[i] as number) / sum));
  return priors;
}

/** The playout policy's answer at `world`'s decision. */
function policyAnswer(s: Search, world: State, legal: readonly Action[]): Action {
  if (s.policy === "random" || legal.length === 1) return legal[s.rng.int(legal.length)] as Action;
  const mover = s.se.toMove(world) as EntityId;
  let best = -Infinity;
  let ties: Action[] = [];
  for (const a of legal) {
    const copy = s.se.fork(world);
    let v: number;
    try {
      if (!s.se.apply(copy, a).ok) continue;
      v = reward(s.se, copy, s.results, mover);
    } catch {
      continue;
    }
    if (v > best) {
      best = v;
      ties = [a];
    } else if (v === best) ties.push(a);
  }
  return ties.length === 0 ? (legal[s.rng.int(legal.length)] as Action) : (ties[s.rng.int(ties.length)] as Action);
}

/** Whether a playout stops at `d`, an action window of the root's window; `last`: who chose the tree's last answer. */
function atHorizon(s: Search, d: { readonly player: EntityId }, last: EntityId): boolean {
  switch (s.horizon) {
    case "window":
      return true;
    case "turn":
      return d.player !== last;
    case "own":
      return d.player === s.player;
  }
}

function playout(s: Search, world: State, last: EntityId): void {
  for (let i = 0; ; i++) {
    if (gameOver(world, s.results)) return;
    const d = s.se.decision(world);
    if (d === null) return;
    if (i >= s.depth) {
      if (d.type === "act" && (s.window === null || d.window === s.window) && atHorizon(s, d, last)) return;
      if (i >= s.depth + (s.horizon === "window" ? QUIET_CAP : TURN_CAP)) return;
    }
    if (s.policy === "random") {
      // One answer drawn without listing them all (the same draw as from the list).
      const n = s.se.legalCount(world);
      if (n === 0) return;
      s.se.apply(world, s.se.legalAt(world, s.rng.int(n)) as Action);
      continue;
    }
    const legal = s.se.legalActions(world);
    if (legal.length === 0) return;
    s.se.apply(world, policyAnswer(s, world, legal));
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
  priors: ReadonlyMap<string, number> = new Map(),
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
  // Most visited first; then the better mean; then the higher prior; then the order of the legal list (stable sort).
  const pr = (a: Action) => priors.get(actionKey(a)) ?? 0;
  alts.sort((x, y) => y.visits - x.visits || y.value - x.value || pr(y.action) - pr(x.action));
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
  const prior = o.prior ?? PRIOR;
  const hasEval = (engine.module.rules.evaluate ?? null) !== null;
  const d = obs.view.decision;
  return {
    se,
    rng: new AgentRandom(decisionSeed(seed, obs.view.turnstile)),
    results: obs.view.match.results.length,
    players: obs.view.seats ?? engine.module.rules.players,
    depth: hasEval ? (o.depth ?? DEPTH) : FULL_PLAYOUT_CAP,
    c: o.exploration ?? EXPLORATION,
    policy: o.policy ?? (hasEval ? "greedy" : "random"),
    normalize: o.normalize ?? true,
    window: d !== null && d.type === "act" ? d.window : null,
    player: obs.player,
    horizon: o.horizon ?? HORIZON,
    prior,
    priors: prior > 0 ? greedyPrior(se, obs, seed, o.priorTemperature ?? PRIOR_TEMPERATURE) : new Map(),
    lo: Infinity,
    hi: -Infinity,
  };
}

/** An agent that searches: a forced answer is given at once, otherwise `search` runs from a fresh setup. */
function searchAgent(
  spec: string,
  seed: number,
  options: SearchOptions,
  search: (s: Search, obs: Observation, t0: number) => DecisionReport,
): ObservingAgent {
  return {
    observes: true,
    spec,
    decide(obs, engine) {
      const t0 = performance.now();
      return forcedAnswer(spec, obs, t0, "search") ?? search(setup(engine, obs, seed, options), obs, t0);
    },
  };
}

/** Single-observer ISMCTS. */
export function ismctsAgent(seed: number, options: SearchOptions, spec = "mcts"): ObservingAgent {
  return searchAgent(spec, seed, options, (s, obs, t0) => {
    const root = new Node(obs.player);
    const n = spend(options.budget, t0, () => iterate(s, root, obs.worlds.world(s.rng.int(0x7fffffff))));
    return report(spec, n, t0, obs.legal, root.children, options.top ?? 5, s.priors);
  });
}

/** Determinized UCT: `worlds` worlds dealt once, iterations shared among them in turn, root counts summed. */
export function dmctsAgent(seed: number, options: SearchOptions, spec = "dmcts"): ObservingAgent {
  return searchAgent(spec, seed, options, (s, obs, t0) => {
    const k = Math.max(1, options.worlds ?? 10);
    const worlds: State[] = [];
    const roots: Node[] = [];
    for (let i = 0; i < k; i++) {
      worlds.push(obs.worlds.world(s.rng.int(0x7fffffff)));
      roots.push(new Node(obs.player));
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
    return report(spec, n, t0, obs.legal, stats, options.top ?? 5, s.priors);
  });
}
