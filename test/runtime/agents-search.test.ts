/**
 * Issue 18: greedy, ISMCTS and determinized MCTS on real games. A won-in-one scenario board each
 * agent must win; the same seed gives the same decision (report included); bad budgets are
 * refused by the command line's parser. Strength figures are in bench/strength.ts, timings in
 * bench/run.ts: nothing here is timed.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { scenarioBoard } from "../../compiler/scenarios/runner.ts";
import { readDecks, type Deck } from "../../compiler/node/decks.ts";
import { gameDir } from "../../compiler/node/project.ts";
import { parseAgents } from "../../compiler/node/cli/play-command.ts";
import {
  decideAt,
  deckListsOfMatch,
  deckListsOfState,
  dmctsAgent,
  Engine,
  greedyAgent,
  ismctsAgent,
  randomAgent,
  type DecisionReport,
  type Entity,
  type GameModule,
  type MatchConfig,
  type ObservingAgent,
  type State,
  worldKey,
} from "../../runtime/index.ts";
import { gameModule } from "../kit/games.ts";

const WON_IN_ONE =
  "won in one: Griffon cannot be blocked (ES-BLOCK-1) and deals 3 to a player at 3 life (ES-DAMAGE-1, ES-WIN-1)";

function board(module: GameModule, game: string, file: string, name: string) {
  const r = scenarioBoard(module, file, readFileSync(`${gameDir(game)}/scenarios/${file}`, "utf8"), name);
  if (!("board" in r)) throw new Error(`no scenario '${name}'`);
  return r;
}

/** Without the report's wall time, which differs from run to run. */
const untimed = (r: DecisionReport) => ({ ...r, ms: 0 });

describe("agents on a won-in-one board (Elementis)", async () => {
  const module = await gameModule("elementis");
  const engine = new Engine(module);
  const { board: b, seed } = board(module, "elementis", "agents.yaml", WON_IN_ONE);
  const decks = deckListsOfState(engine.fromBoard(b, seed), module.rules.players);
  const agents: [string, ObservingAgent][] = [
    ["greedy", greedyAgent(1)],
    ["mcts:200", ismctsAgent(1, { budget: { iterations: 200 } })],
    ["dmcts:200", dmctsAgent(1, { budget: { iterations: 200 } })],
  ];
  for (const [name, agent] of agents) {
    it(`${name} attacks with Griffon, the unblockable summon, and wins the game at once`, () => {
      const start = engine.fromBoard(b, seed);
      const r = decideAt(agent, engine, start, 1, decks);
      expect(r.action).toEqual({
        type: "act",
        action: "attack",
        args: { c: start.zones["1:field"]?.find((id) => start.entities[id]?.card === "griffon") },
      });
      // The winning answer is the first alternative, and looks won.
      expect(r.alternatives[0]?.action).toEqual(r.action);
      expect(r.alternatives[0]?.value).toBe(name === "greedy" ? Infinity : 1);
      // Played on (the opponent at random), the first game is P1's before P2 answers anything.
      const state = engine.clone(start);
      const other = randomAgent(2);
      let theirs = 0;
      for (let i = 0; i < 10 && state.match.results.length === 0; i++) {
        const seat = engine.toMove(state);
        if (seat === 2) theirs++;
        const a =
          seat === 1
            ? decideAt(agent, engine, state, 1, decks).action
            : other.choose(state, engine.legalActions(state), engine);
        expect(engine.apply(state, a)).toEqual({ ok: true });
      }
      expect(state.match.results).toEqual([1]);
      expect(theirs).toBe(0);
    });
  }

  it("the search reports its iterations and its alternatives with visit counts, most visited first", () => {
    const start = engine.fromBoard(b, seed);
    const r = decideAt(ismctsAgent(5, { budget: { iterations: 300 } }), engine, start, 1, decks);
    expect(r.iterations).toBe(300);
    expect(r.measure).toBe("search");
    const visits = r.alternatives.map((a) => a.visits);
    expect(visits).toEqual([...visits].sort((x, y) => y - x));
    // Every iteration but those ending at the root goes through one root answer.
    expect(visits.reduce((x, y) => x + y, 0)).toBeLessThanOrEqual(300);
    expect(r.alternatives[0]?.visits).toBeGreaterThan(r.alternatives[1]?.visits ?? 0);
  });

  it("deck lists that name a card of no game are refused before any world is dealt", () => {
    const start = engine.fromBoard(b, seed);
    expect(() =>
      decideAt(ismctsAgent(5, { budget: { iterations: 10 } }), engine, start, 1, { ...decks, 2: ["nope"] }),
    ).toThrow("the deck list of player 2 names 'nope', which is no card of this game");
  });
});

describe("answers below the search's root are keyed by the cards they name", async () => {
  const module = await gameModule("elementis");
  const engine = new Engine(module);
  const { board: b, seed } = board(module, "elementis", "agents.yaml", WON_IN_ONE);

  it("two ids of one card, in one place with the same properties, are one answer; other properties or another card are another", () => {
    const s = engine.fromBoard(b, seed);
    const field = s.zones["1:field"] as number[];
    const griffon = field.find((id) => s.entities[id]?.card === "griffon") as number;
    const salamander = field.find((id) => s.entities[id]?.card === "salamander") as number;
    const attack = (c: number) => ({ type: "act" as const, action: "attack", args: { c } });
    expect(worldKey(s, attack(griffon))).toBe("a attack c=griffon@1:field{}{}");
    expect(worldKey(s, attack(salamander))).not.toBe(worldKey(s, attack(griffon)));
    // The salamander's entity dealt the griffon's card and properties: the same answer.
    const g = s.entities[griffon] as Entity;
    s.entities[salamander] = { ...(s.entities[salamander] as Entity), card: "griffon", props: { ...g.props } };
    expect(worldKey(s, attack(salamander))).toBe(worldKey(s, attack(griffon)));
    s.entities[salamander] = { ...(s.entities[salamander] as Entity), props: { ...g.props, tapped: true } };
    expect(worldKey(s, attack(salamander))).not.toBe(worldKey(s, attack(griffon)));
    // Values that name no card keep their text.
    expect(worldKey(s, { type: "pick", value: "fire" })).toBe('p "fire"');
    expect(worldKey(s, { type: "done" })).toBe("done");
  });
});

/** A state reached by random play at a decision of `seat` with more than one legal answer. */
function midgame(engine: Engine, config: MatchConfig, decisions: number, seat: number): State {
  const s = engine.newMatch(config);
  const r = randomAgent(config.seed);
  for (let i = 0; i < decisions || engine.toMove(s) !== seat || engine.legalActions(s).length < 2; i++) {
    if (engine.isOver(s)) throw new Error("the match ended too soon");
    engine.apply(s, r.choose(s, engine.legalActions(s), engine));
  }
  return s;
}

describe("the same seed gives the same decision", async () => {
  for (const [game, budget] of [
    ["elementis", 60],
    ["gitcg", 20],
    ["vermilion", 30],
  ] as const) {
    it(`${game}: greedy, mcts:${budget} and dmcts:${budget} twice from the same seed report the same; another seed is another search`, async () => {
      const module = await gameModule(game);
      const engine = new Engine(module, { log: false });
      const { decks } = readDecks(gameDir(game), module);
      const config: MatchConfig = {
        seed: 11,
        players: [0, 1].map((i) => ({ name: `P${i + 1}`, zones: (decks[i % decks.length] as Deck).zones })),
      };
      const state = midgame(engine, config, 25, 1);
      const dl = deckListsOfMatch(engine, config);
      const make = (seed: number): ObservingAgent[] => [
        greedyAgent(seed),
        ismctsAgent(seed, { budget: { iterations: budget } }),
        dmctsAgent(seed, { budget: { iterations: budget }, worlds: 4 }),
      ];
      const first = make(7).map((a) => untimed(decideAt(a, engine, state, 1, dl)));
      const again = make(7).map((a) => untimed(decideAt(a, engine, state, 1, dl)));
      expect(again).toEqual(first);
      expect(first[1]?.iterations).toBe(budget);
      // The search is seeded: another seed searches other worlds (the values, if not the choice, differ).
      const other = untimed(decideAt(ismctsAgent(8, { budget: { iterations: budget } }), engine, state, 1, dl));
      expect(other.alternatives).not.toEqual(first[1]?.alternatives);
    });
  }
});

describe("the search's prior is greedy's judgement", async () => {
  for (const game of ["elementis", "gitcg", "vermilion"] as const) {
    it(`${game}: at a budget of 1 the search gives greedy's answer (same seed); with no prior it need not`, async () => {
      const module = await gameModule(game);
      const engine = new Engine(module, { log: false });
      const { decks } = readDecks(gameDir(game), module);
      let differs = 0;
      for (const seed of [3, 5, 7, 11, 13]) {
        const config: MatchConfig = {
          seed,
          players: [0, 1].map((i) => ({ name: `P${i + 1}`, zones: (decks[(seed + i) % decks.length] as Deck).zones })),
        };
        const state = midgame(engine, config, 9, 1);
        const dl = deckListsOfMatch(engine, config);
        const g = decideAt(greedyAgent(seed), engine, state, 1, dl).action;
        expect(decideAt(ismctsAgent(seed, { budget: { iterations: 1 } }), engine, state, 1, dl).action).toEqual(g);
        const none = decideAt(ismctsAgent(seed, { budget: { iterations: 1 }, prior: 0 }), engine, state, 1, dl);
        if (JSON.stringify(none.action) !== JSON.stringify(g)) differs++;
      }
      // Without the prior the first answer tried is drawn at random: it misses greedy's somewhere.
      expect(differs).toBeGreaterThan(0);
    });
  }
});

describe("--agents specs", () => {
  it("reads kinds and budgets: iterations, seconds, milliseconds; mcts alone is 1000 iterations", () => {
    expect(parseAgents("greedy, mcts:1000,mcts:1s,dmcts:250ms,mcts,random,human,first")).toEqual([
      { kind: "greedy" },
      { kind: "mcts", budget: { iterations: 1000 } },
      { kind: "mcts", budget: { ms: 1000 } },
      { kind: "dmcts", budget: { ms: 250 } },
      { kind: "mcts", budget: { iterations: 1000 } },
      { kind: "random" },
      { kind: "human" },
      { kind: "first" },
    ]);
  });

  it("refuses unknown agents and unreadable budgets with the spec in the message", () => {
    expect(() => parseAgents("greedy,mcts:fast")).toThrow(
      "--agents: 'mcts:fast' has no budget I can read ('fast'): give iterations (mcts:1000) or a time per decision (mcts:1s, mcts:250ms)",
    );
    expect(() => parseAgents("mcts:0")).toThrow("--agents: 'mcts:0' has no budget I can read ('0')");
    expect(() => parseAgents("greedy:5")).toThrow("--agents: 'greedy:5': only mcts and dmcts take a budget");
    expect(() => parseAgents("alphazero")).toThrow(
      "unknown agent 'alphazero'; agents: random, first, human, greedy, mcts[:budget], dmcts[:budget]",
    );
  });
});
