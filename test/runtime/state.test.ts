/** States as data: determinism, JSON round trips, copies, hashes, player views and replays. */
import { describe, expect, it } from "vitest";
import {
  Engine,
  Recorder,
  cloneState,
  hashState,
  parseReplay,
  playMatch,
  randomAgent,
  recordingRun,
  renderLog,
  replay,
  replayToJSON,
  scriptedAgent,
  type Action,
  type State,
} from "../../runtime/index.ts";
import { toyConfig, toyGame } from "./fixtures/toy-game.ts";
import { engine, idOf, pass, play } from "./helpers.ts";
import { reverseKeys } from "../kit/games.ts";

const agents = (seed: number) => [randomAgent(seed), randomAgent(seed + 100)];

describe("determinism", () => {
  it("seed + actions ⇒ the same state and log, byte for byte", () => {
    const a = playMatch(engine, toyConfig(7), agents(1));
    const b = playMatch(engine, toyConfig(7), agents(1));
    expect(JSON.stringify(a.state)).toBe(JSON.stringify(b.state));
    expect(a.actions).toEqual(b.actions);
    // the same actions on a fresh engine, too
    const c = replay(new Engine(toyGame), { game: "toy", config: toyConfig(7), actions: a.actions });
    expect(JSON.stringify(c)).toBe(JSON.stringify(a.state));
  });

  it("another seed deals another game", () => {
    const a = engine.newMatch(toyConfig(1));
    const b = engine.newMatch(toyConfig(2));
    expect(renderLog(a)).not.toEqual(renderLog(b));
  });
});

describe("JSON round trip", () => {
  it("a state saved mid-game and restored continues identically", () => {
    const { actions } = playMatch(engine, toyConfig(21), agents(5));
    for (const cut of [0, 1, 7, Math.floor(actions.length / 2), actions.length - 1]) {
      const live = engine.newMatch(toyConfig(21));
      for (const a of actions.slice(0, cut)) expect(engine.apply(live, a).ok).toBe(true);
      const restored = JSON.parse(JSON.stringify(live)) as State;
      expect(engine.hash(restored)).toBe(engine.hash(live));
      for (const a of actions.slice(cut)) {
        expect(engine.apply(live, a).ok).toBe(true);
        expect(engine.apply(restored, a).ok).toBe(true);
      }
      expect(JSON.stringify(restored)).toBe(JSON.stringify(live));
      expect(engine.isOver(restored)).toBe(true);
    }
  });

  it("mid-choice (a multi-pick in progress) survives the round trip", () => {
    const s = engine.fromBoard(
      { players: [{ name: "A", zones: { hand: ["recycle", "one", "two", "three"] } }, { name: "B" }] },
      1,
    );
    engine.apply(s, play(idOf(s, 1, "hand", "recycle")));
    engine.apply(s, { type: "pick", value: idOf(s, 1, "hand", "one") });
    const r = JSON.parse(JSON.stringify(s)) as State;
    expect(engine.legalActions(r)).toEqual(engine.legalActions(s));
    engine.apply(s, { type: "done" });
    engine.apply(r, { type: "done" });
    expect(JSON.stringify(r)).toBe(JSON.stringify(s));
  });
});

describe("clone and hash", () => {
  it("a clone is independent of its original", () => {
    const s = engine.newMatch(toyConfig(3));
    const c = engine.clone(s);
    expect(c).toEqual(s);
    expect(engine.hash(c)).toBe(engine.hash(s));
    const legal = engine.legalActions(c);
    engine.apply(c, legal[0] as Action);
    expect(engine.hash(c)).not.toBe(engine.hash(s));
    expect(s.turnstile).toBe(0);
    expect(c).toEqual(structuredClone(c)); // plain data only
  });

  it("hash ignores key order and the log (unless asked)", () => {
    const s = engine.newMatch(toyConfig(3));
    const reordered = reverseKeys(s) as State;
    expect(Object.keys(reordered)[0]).toBe("shuffles");
    expect(hashState(reordered)).toBe(hashState(s));
    expect(hashState(reordered, { log: false })).toBe(hashState(s, { log: false }));
    const relogged = { ...cloneState(s), log: [] };
    expect(hashState(relogged)).toBe(hashState(s));
    expect(hashState(relogged, { log: true })).not.toBe(hashState(s, { log: true }));
    expect(hashState(reordered, { log: true })).toBe(hashState(s, { log: true }));
    expect(hashState(relogged, { log: false })).toBe(hashState({ ...s, turnstile: 99 }, { log: false }));
    expect(engine.hash(s)).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe("player views", () => {
  it("hide the deck for everyone and a hand from the other player", () => {
    const s = engine.newMatch(toyConfig(42));
    const bobsView = engine.view(s, 2);
    const hand = s.zones["1:hand"] as number[];
    // Alice's cards are masked under ids of Bob's view (docs/knowledge.md), listed ascending.
    const shown = bobsView.zones["1:hand"] as number[];
    expect(shown).toHaveLength(hand.length);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    for (const id of shown) {
      expect(id).toBeGreaterThanOrEqual(2 ** 31);
      expect(bobsView.entities[id]).toEqual({
        id,
        card: null,
        owner: 1,
        zone: "hand",
        arrival: 0,
        props: {},
        counters: {},
      });
    }
    for (const id of hand) expect(bobsView.entities[id]).toBeUndefined();
    for (const id of s.zones["2:hand"] as number[]) expect(bobsView.entities[id]?.card).toBe(s.entities[id]?.card);
    for (const id of [...(bobsView.zones["1:deck"] as number[]), ...(bobsView.zones["2:deck"] as number[])])
      expect(bobsView.entities[id]?.card).toBeNull();
    expect(bobsView.salt).toBeUndefined();
    expect(bobsView.rng).toEqual([]);
    expect(bobsView.frames).toEqual([]);
    // the log tells Bob that Alice drew, not what
    expect(renderLog(bobsView).slice(7, 10)).toEqual([
      "a card: Alice.deck → Alice.hand",
      "a card: Alice.deck → Alice.hand",
      "a card: Alice.deck → Alice.hand",
    ]);
    expect(renderLog(bobsView).slice(10, 13)).toEqual(renderLog(s).slice(10, 13));
    // Alice's pending decision names her hidden cards: Bob sees only 'pass'
    expect(bobsView.decision).toMatchObject({ type: "act", player: 1, options: [pass] });
    // Alice sees her own hand and her own decision
    const alicesView = engine.view(s, 1);
    for (const id of hand) expect(alicesView.entities[id]?.card).toBe(s.entities[id]?.card);
    expect(alicesView.decision).toEqual(s.decision);
    // the state itself is untouched
    expect(s.rng).toHaveLength(4);
  });

  it("a view cannot be played on", () => {
    const s = engine.newMatch(toyConfig(42));
    const v = engine.view(s, 1);
    const before = JSON.stringify(v);
    expect(engine.apply(v, pass)).toEqual({
      ok: false,
      reason: "this is a player view (from Engine.view), which cannot be played on: apply actions to the full state",
    });
    expect(JSON.stringify(v)).toBe(before);
  });

  it("a spectator (player 0) sees public zones only", () => {
    const s = engine.newMatch(toyConfig(42));
    const v = engine.view(s, 0);
    for (const id of [...(s.zones["1:hand"] as number[]), ...(s.zones["2:hand"] as number[])])
      expect(v.entities[id]).toBeUndefined();
    for (const id of [...(v.zones["1:hand"] as number[]), ...(v.zones["2:hand"] as number[])])
      expect(v.entities[id]?.card).toBeNull();
  });
});

describe("replays", () => {
  it("recordingRun's replay reproduces the match, also through JSON", () => {
    const { state, replay: r } = recordingRun(engine, toyConfig(13), agents(9));
    const again = replay(engine, parseReplay(replayToJSON(r)));
    expect(engine.hash(again)).toBe(engine.hash(state));
    // a partial replay stops where asked
    const half = replay(engine, r, 3);
    expect(half.turnstile).toBe(3);
  });

  it("the Recorder keeps accepted actions only; a board replay starts from the board", () => {
    const board = {
      players: [
        { name: "A", zones: { hand: ["one", "two"] } },
        { name: "B", zones: { hand: ["three", "one"] } },
      ],
    };
    const rec = new Recorder(engine, { seed: 4, players: [] }, board);
    expect(rec.apply({ type: "yes" }).ok).toBe(false);
    expect(rec.apply(engine.legalActions(rec.state)[0] as Action).ok).toBe(true);
    expect(rec.apply(engine.legalActions(rec.state)[0] as Action).ok).toBe(true);
    const r = rec.replay();
    expect(r.actions).toHaveLength(2);
    expect(engine.hash(replay(engine, r))).toBe(engine.hash(rec.state));
  });

  it("a rejected replay action is reported with its number", () => {
    const r = { game: "toy", config: toyConfig(1), actions: [{ type: "yes" } as Action] };
    expect(() => replay(engine, r)).toThrow(/replay: action 1 'yes' was rejected/);
    expect(() => replay(engine, { ...r, game: "other" })).toThrow("this replay is of 'other'");
    expect(() => parseReplay("{}")).toThrow("replay: 'game' is missing");
  });

  it("a scripted agent plays its script, then its fallback", () => {
    const { state: played, actions } = playMatch(engine, toyConfig(13), agents(9));
    // one script shared by both seats replays the match
    const all = scriptedAgent(actions);
    expect(engine.hash(playMatch(engine, toyConfig(13), [all, all]).state)).toBe(engine.hash(played));
    expect(all.remaining()).toBe(0);
    // a short script, then random play: the match still ends
    const some = scriptedAgent(actions.slice(0, 5), randomAgent(1));
    const { state } = playMatch(engine, toyConfig(13), [some, some]);
    expect(engine.isOver(state)).toBe(true);
    expect(() => playMatch(engine, toyConfig(13), [scriptedAgent([]), scriptedAgent([])])).toThrow(
      "the script has no more actions",
    );
  });
});
