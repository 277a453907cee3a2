/** Agents and match drivers: the terminal agent (with a fake terminal), async play, throughput sanity. */
import { describe, expect, it } from "vitest";
import {
  firstLegalAgent,
  playMatch,
  playMatchAsync,
  randomAgent,
  terminalAgent,
  type Action,
} from "../../runtime/index.ts";
import { toyConfig } from "./fixtures/toy-game.ts";
import { engine } from "./helpers.ts";

describe("terminal agent", () => {
  it("prints new log lines and numbered choices, re-asks on bad input, returns the chosen action", async () => {
    const out: string[] = [];
    const answers = ["x", "9", "2"];
    const agent = terminalAgent({ question: async () => answers.shift() ?? "1", write: (t) => void out.push(t) });
    const s = engine.newMatch(toyConfig(42));
    const legal = engine.legalActions(s);
    const a = await agent.choose(s, legal, engine);
    expect(a).toEqual(legal[1]);
    const text = out.join("");
    expect(text).toContain("  Game 1 begins: Alice vs Bob\n");
    expect(text).toContain("Alice: your action (main)\n  1) Alice plays Five\n  2) Alice plays Copycat\n");
    expect(text).toContain("  5) Alice: pass\n");
    expect(text.match(/please type a number from 1 to 5/g)).toHaveLength(2);
    // the next call shows only what is new
    out.length = 0;
    engine.apply(s, a);
    await agent.choose(s, engine.legalActions(s), engine);
    expect(out.join("")).not.toContain("Game 1 begins");
  });

  it("playMatchAsync drives async agents to the end", async () => {
    const slow = { choose: async (_s: unknown, legal: readonly Action[]) => legal[0] as Action };
    const { state, actions } = await playMatchAsync(engine, toyConfig(2), [slow, slow]);
    const sync = playMatch(engine, toyConfig(2), [firstLegalAgent(), firstLegalAgent()]);
    expect(actions).toEqual(sync.actions);
    expect(engine.hash(state)).toBe(engine.hash(sync.state));
  });

  it("agents may be given player views", () => {
    const seen: number[] = [];
    const peek = {
      choose: (s: { rng: number[] }, legal: readonly Action[]) => (seen.push(s.rng.length), legal[0] as Action),
    };
    playMatch(engine, toyConfig(2), [peek, peek], undefined, { views: true });
    expect(new Set(seen)).toEqual(new Set([0]));
  });

  it("a guard stops endless matches", () => {
    expect(() =>
      playMatch(engine, toyConfig(2, { maxTurns: 1000, target: 1000 }), [randomAgent(1), randomAgent(2)], undefined, {
        maxDecisions: 50,
      }),
    ).toThrow("the match did not end within 50 decisions");
  });
});

describe("many matches (speed is measured in bench/, not here)", () => {
  it("200 random matches all end, each with at least one game", () => {
    const t0 = performance.now();
    let decisions = 0;
    let games = 0;
    for (let i = 0; i < 200; i++) {
      const { state, actions } = playMatch(engine, toyConfig(i, { maxTurns: 60, target: 1000 }), [
        randomAgent(i),
        randomAgent(i + 1),
      ]);
      decisions += actions.length;
      games += state.match.results.length;
      expect(state.match.over).toBe(true);
      expect(state.match.results.length).toBeGreaterThan(0);
    }
    const seconds = (performance.now() - t0) / 1000;
    console.log(
      `toy game: ${games} games, ${Math.round(decisions / games)} decisions/game, ${Math.round(decisions / seconds)} decisions/s`,
    );
  });
});
