/** The Engine's play loop on the toy game: a new match, legal actions, rejections, previews, the match record. */
import { describe, expect, it } from "vitest";
import { Engine, firstLegalAgent, playMatch, randomAgent, renderLog, type Action } from "../../runtime/index.ts";
import { toyConfig, toyDeck, toyGame } from "./fixtures/toy-game.ts";
import { engine, pass, play } from "./helpers.ts";

describe("a new match", () => {
  it("creates the game, the seats and their cards, then runs the game flow to the first decision", () => {
    const s = engine.newMatch(toyConfig(42));
    expect(s.entities[0]).toMatchObject({
      id: 0,
      card: null,
      props: { turn: 1, current: 1, target: 12, maxTurns: 20 },
    });
    expect(s.entities[1]).toMatchObject({ id: 1, card: null, owner: 1, props: { name: "Alice", score: 0 } });
    expect(s.entities[2]?.props.name).toBe("Bob");
    // 20 cards each: Alice's ids are 3…22, Bob's 23…42, numbered in a seeded random order
    expect(Object.keys(s.entities)).toHaveLength(43);
    const ofSeat = (p: number) => Object.values(s.entities).filter((e) => e.owner === p && e.card !== null);
    expect(ofSeat(1).map((e) => e.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 3));
    expect(ofSeat(2).map((e) => e.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 23));
    expect(
      ofSeat(1)
        .map((e) => e.card)
        .sort(),
    ).toEqual([...toyDeck].sort());
    expect(renderLog(s)).toEqual([
      "Game 1 begins: Alice vs Bob",
      "Alice.score = 0",
      "Alice.deck shuffled",
      "Bob.score = 0",
      "Bob.deck shuffled",
      "game.turn = 0",
      "game.current = 1",
      "Five: Alice.deck → Alice.hand",
      "Copycat: Alice.deck → Alice.hand",
      "Two: Alice.deck → Alice.hand",
      "One: Bob.deck → Bob.hand",
      "Shield: Bob.deck → Bob.hand",
      "Copycat: Bob.deck → Bob.hand",
      "game.turn = 1",
      "turn-start { player: 1 }",
      "Booster: Alice.deck → Alice.hand",
    ]);
    expect(s.decision).toEqual({
      type: "act",
      player: 1,
      window: "main",
      ev: null,
      into: "a",
      options: [play(21), play(17), play(4), play(6), pass],
    });
    expect(engine.legalActions(s)).toEqual([play(21), play(17), play(4), play(6), pass]);
    expect(engine.legalActions(s).map((a) => engine.describe(s, a))).toEqual([
      "Alice plays Five",
      "Alice plays Copycat",
      "Alice plays Two",
      "Alice plays Booster",
      "Alice: pass",
    ]);
    expect(s.turnstile).toBe(0);
  });

  it("applies match options to the game's properties and checks the configuration", () => {
    expect(engine.newMatch(toyConfig(1, { target: 5 })).entities[0]?.props.target).toBe(5);
    expect(() => engine.newMatch(toyConfig(1, { colour: 5 }))).toThrow("unknown option 'colour'");
    expect(() => engine.newMatch({ seed: 1, players: [{ name: "Solo", zones: {} }] })).toThrow(
      "this game needs 2 players",
    );
    expect(() =>
      engine.newMatch({
        seed: 1,
        players: [
          { name: "A", zones: { deck: ["joker"] } },
          { name: "B", zones: {} },
        ],
      }),
    ).toThrow("unknown card 'joker'");
  });
});

describe("apply", () => {
  it("rejects an illegal action with a reason and leaves the state byte for byte untouched", () => {
    const s = engine.newMatch(toyConfig(42));
    const before = JSON.stringify(s);
    const hash = engine.hash(s);
    const bad: [Action, string][] = [
      [
        play(12),
        "'play c=12' is not a legal action now: card 12 is not among the candidates of 'play'; legal: 'play c=21', 'play c=17', 'play c=4', 'play c=6', 'pass'",
      ],
      [
        { type: "act", action: "fly", args: {} },
        "'fly' is not a legal action now: there is no action 'fly'; legal: 'play c=21', 'play c=17', 'play c=4', 'play c=6', 'pass'",
      ],
      [
        { type: "act", action: "play", args: { card: 21 } },
        "'play card=21' is not a legal action now: 'play' has no parameter 'card'; legal: 'play c=21', 'play c=17', 'play c=4', 'play c=6', 'pass'",
      ],
      [
        { type: "act", action: "decline", args: {} },
        "'decline' is not a legal action now: Alice cannot take 'decline' now: it is an action of the 'respond' window, and the game asks for 'main'; legal: 'play c=21', 'play c=17', 'play c=4', 'play c=6', 'pass'",
      ],
      [
        { type: "yes" },
        "'yes' is not a legal action now: Alice must take an action of the 'main' window; legal: 'play c=21', 'play c=17', 'play c=4', 'play c=6', 'pass'",
      ],
      [
        { type: "pick", value: 21 },
        "'pick 21' is not a legal action now: Alice must take an action of the 'main' window; legal: 'play c=21', 'play c=17', 'play c=4', 'play c=6', 'pass'",
      ],
    ];
    for (const [a, reason] of bad) expect(engine.apply(s, a)).toEqual({ ok: false, reason });
    expect(engine.apply(s, null as unknown as Action)).toMatchObject({
      ok: false,
      reason: expect.stringContaining("is not an action"),
    });
    expect(JSON.stringify(s)).toBe(before);
    expect(engine.hash(s)).toBe(hash);
  });

  it("accepts a structurally equal action (a fresh object) and counts the decision", () => {
    const s = engine.newMatch(toyConfig(42));
    expect(engine.apply(s, JSON.parse(JSON.stringify(play(17))) as Action)).toEqual({ ok: true });
    expect(s.turnstile).toBe(1);
    expect(renderLog(s)[16]).toBe("Alice plays Copycat");
  });

  it("preview applies to a copy", () => {
    const s = engine.newMatch(toyConfig(42));
    const hash = engine.hash(s);
    const p = engine.preview(s, play(21));
    expect("ok" in p).toBe(false);
    expect(engine.hash(s)).toBe(hash);
    expect((p as typeof s).turnstile).toBe(1);
    expect(engine.preview(s, play(1))).toMatchObject({ ok: false });
  });

  it("rejects everything once the match is over", () => {
    const { state } = playMatch(engine, toyConfig(5), [firstLegalAgent(), firstLegalAgent()]);
    expect(engine.isOver(state)).toBe(true);
    expect(engine.legalActions(state)).toEqual([]);
    expect(engine.apply(state, pass)).toEqual({ ok: false, reason: "the match is over" });
  });
});

describe("the match record", () => {
  it("plays best of 3: records each game, starts the next, ends when someone has 2 wins", () => {
    const { state } = playMatch(engine, toyConfig(9, { target: 6 }), [randomAgent(1), randomAgent(2)]);
    const m = state.match;
    expect(m.over).toBe(true);
    const wins = [1, 2].map((p) => m.results.filter((r) => r === p).length);
    expect(Math.max(...wins)).toBe(2);
    expect(m.winner).toBe(wins[0] === 2 ? 1 : 2);
    expect(m.number).toBe(m.results.length);
    const lines = renderLog(state).filter((l) => l.startsWith("Game") || l.startsWith("Match"));
    const expected: string[] = [];
    m.results.forEach((r, i) => {
      expected.push(i === 0 ? "Game 1 begins: Alice vs Bob" : `Game ${i + 1} begins`);
      expected.push(`Game ${i + 1}: ${r === 1 ? "Alice" : "Bob"} wins`);
    });
    expected.push(`Match over: ${m.winner === 1 ? "Alice" : "Bob"} wins (Alice ${wins[0]} – Bob ${wins[1]})`);
    expect(lines).toEqual(expected);
    expect(state.frames).toEqual([]);
    expect(state.decision).toBeNull();
  });

  it("a draw counts as a played game; all games played without a majority is a drawn match", () => {
    const single = new Engine({ ...toyGame, rules: { ...toyGame.rules, match: { games: 1, winsNeeded: 1 } } });
    // nobody plays anything: 0–0 after maxTurns is a draw
    const passer = {
      choose: (_s: unknown, legal: readonly Action[]) =>
        legal.find((a) => a.type === "act" && a.action === "pass") ?? (legal[0] as Action),
    };
    const { state } = playMatch(single, toyConfig(3, { maxTurns: 4 }), [passer, passer]);
    expect(state.match).toEqual({ number: 1, results: [null], over: true, winner: null });
    expect(renderLog(state).slice(-2)).toEqual(["Game 1: draw", "Match over: draw (Alice 0 – Bob 0)"]);
  });

  it("the second game is started by the other seat (the rules' flow decides)", () => {
    const { state } = playMatch(engine, toyConfig(11, { target: 4 }), [randomAgent(3), randomAgent(4)]);
    const log = renderLog(state);
    const g2 = log.indexOf("Game 2 begins");
    expect(g2).toBeGreaterThan(0);
    expect(log.slice(g2).find((l) => l.startsWith("game.current ="))).toBe("game.current = 2");
  });
});
