/**
 * Agent figures (issue 18): decision time p50 / p95 and iterations per second of ISMCTS (and
 * greedy) per game, at positions reached by random play, on one core. Part of `npm run bench`
 * (bench/run.ts calls agentFigures); alone: `npx tsx bench/agents.ts [game…]`.
 */
import { readDecks, type Deck } from "../compiler/node/decks.ts";
import { gameDir, loadGame } from "../compiler/node/project.ts";
import {
  decideAt,
  deckListsOfMatch,
  Engine,
  greedyAgent,
  ismctsAgent,
  randomAgent,
  type GameModule,
  type MatchConfig,
  type ObservingAgent,
  type State,
} from "../runtime/index.ts";

/**
 * The budgets proposed per game. The issue asks for a p95 decision time ≤ 300 ms (Elementis,
 * VERMILION) and ≤ 1 s (GI) on one core. The budgets of the earlier search (random playouts of 40
 * decisions) measured ≈ 190 ms (ES at 300, interpolated), ≈ 850 ms (GI at 300), ≈ 330 ms (VM at
 * 250) CPU p95 on a shared machine; the search that scores leaves at the next action window costs
 * less per iteration (on one loaded machine, CPU per iteration: ES 4.5×, GI 2.2×, VM about the same),
 * so the same budgets stay within the bounds, VERMILION's lowered to 200 for a margin: check on a quiet one.
 */
export const PROPOSED: Readonly<Record<string, number>> = { elementis: 300, gitcg: 300, vermilion: 200 };

const quantile = (xs: readonly number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};

/** Positions at seat 1's decisions with a choice, from random matches. */
function positions(
  engine: Engine,
  config: (seed: number) => MatchConfig,
  count: number,
): { state: State; config: MatchConfig }[] {
  const out: { state: State; config: MatchConfig }[] = [];
  for (let seed = 1; out.length < count && seed < 1000; seed++) {
    const c = config(seed);
    const s = engine.newMatch(c);
    const r = randomAgent(seed);
    for (let i = 0; !engine.isOver(s) && out.length < count; i++) {
      if (engine.toMove(s) === 1 && engine.legalActions(s).length > 1 && i % 7 === 3)
        out.push({ state: engine.clone(s), config: c });
      engine.apply(s, r.choose(s, engine.legalActions(s), engine));
    }
  }
  return out;
}

export interface AgentFigure {
  readonly game: string;
  readonly agent: string;
  readonly decisions: number;
  readonly p50: number;
  readonly p95: number;
  /** The same in CPU time of this process (what a shared machine's other processes do not inflate). */
  readonly cpuP50: number;
  readonly cpuP95: number;
  /** Iterations per CPU second. */
  readonly iterationsPerSecond: number;
}

/** Decides at `count` positions of `game` with each agent (the first 3 decisions warm the JIT up and are not counted). */
export function agentFigures(
  game: string,
  module: GameModule,
  count = 30,
  budgets: readonly number[] = [PROPOSED[game] ?? 300],
): AgentFigure[] {
  const engine = new Engine(module, { log: false });
  const { decks } = readDecks(gameDir(game), module);
  const config = (seed: number): MatchConfig => ({
    seed,
    players: [0, 1].map((i) => ({ name: `P${i + 1}`, zones: (decks[(seed + i) % decks.length] as Deck).zones })),
  });
  const at = positions(engine, config, count + 3);
  const agents: [string, ObservingAgent][] = [
    ["greedy", greedyAgent(1)],
    ...budgets.map((b): [string, ObservingAgent] => [`mcts:${b}`, ismctsAgent(1, { budget: { iterations: b } })]),
  ];
  const out: AgentFigure[] = [];
  for (const [name, agent] of agents) {
    const times: number[] = [];
    const cpu: number[] = [];
    let iterations = 0;
    at.forEach((p, i) => {
      const c0 = process.cpuUsage();
      const r = decideAt(agent, engine, p.state, 1, deckListsOfMatch(engine, p.config));
      const c = process.cpuUsage(c0);
      if (i < 3) return;
      times.push(r.ms);
      cpu.push((c.user + c.system) / 1000);
      iterations += r.iterations;
    });
    const seconds = cpu.reduce((a, b) => a + b, 0) / 1000;
    out.push({
      game,
      agent: name,
      decisions: times.length,
      p50: quantile(times, 0.5),
      p95: quantile(times, 0.95),
      cpuP50: quantile(cpu, 0.5),
      cpuP95: quantile(cpu, 0.95),
      iterationsPerSecond: iterations / seconds,
    });
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const games = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["elementis", "gitcg", "vermilion"];
  for (const game of games) {
    const { module } = await loadGame(game);
    if (!module) throw new Error(`${game} does not compile`);
    for (const f of agentFigures(game, module, 20, [100, PROPOSED[game] ?? 300, 1000])) {
      process.stdout.write(
        `${f.game.padEnd(10)} ${f.agent.padEnd(10)} wall p50 ${f.p50.toFixed(1).padStart(7)} ms  p95 ${f.p95.toFixed(1).padStart(7)} ms   CPU p50 ${f.cpuP50.toFixed(1).padStart(7)} ms  p95 ${f.cpuP95.toFixed(1).padStart(7)} ms  ${Math.round(f.iterationsPerSecond).toString().padStart(7)} iterations/CPU s  (${f.decisions} decisions)\n`,
      );
    }
  }
}
