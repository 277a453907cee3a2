/**
 * `Engine.fork`: the copy for search shares cards, zones, frames and the log with its original
 * until either is written through the Engine (copy on write, runtime/kernel/cow.ts). Played on,
 * a fork and its original must stay exactly as independent as two `clone`s, on every game:
 * each is compared, as JSON, with an independent clone played with the same answers.
 */
import { describe, expect, it } from "vitest";
import { gameDir, listGames } from "../../compiler/node/project.ts";
import { readDecks } from "../../compiler/node/decks.ts";
import {
  Engine,
  randomAgent,
  type Action,
  type GameModule,
  type MatchConfig,
  type State,
} from "../../runtime/index.ts";
import { gameModule } from "../kit/games.ts";

/** Plays `n` answers (or to the end) on `s`, the same answers on each state of `also`. */
function play(engine: Engine, s: State, seed: number, n: number, also: readonly State[] = []): void {
  const agent = randomAgent(seed);
  for (let i = 0; i < n && !engine.isOver(s); i++) {
    const a: Action = agent.choose(s, engine.legalActions(s), engine);
    for (const t of [s, ...also]) {
      try {
        engine.apply(t, a);
      } catch {
        // A faulting answer is undone in every copy alike; the next one is drawn.
      }
    }
  }
}

/** The state as JSON with every object's keys sorted (a copy may list optional parts in another order). */
const json = (s: State) => JSON.stringify(sorted(s));
function sorted(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sorted);
  if (v === null || typeof v !== "object") return v;
  const o = v as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => [k, sorted(o[k])]),
  );
}

describe("Engine.fork", () => {
  for (const game of listGames()) {
    it(`${game}: a fork and its original, each played on, stay as independent as clones`, async () => {
      const module = await gameModule(game);
      const { decks } = readDecks(gameDir(game), module);
      const engines = [new Engine(module), new Engine(module, { log: false })];
      for (let seed = 1; seed <= 3; seed++) {
        const engine = engines[seed % 2] as Engine;
        const config: MatchConfig = {
          seed,
          players: [0, 1].map((i) => ({
            name: `P${i + 1}`,
            zones: { ...(decks[(seed + i) % decks.length]?.zones ?? {}) },
          })),
        };
        const s = engine.newMatch(config);
        play(engine, s, seed, 5 + seed * 7);
        if (engine.isOver(s)) continue;
        const before = json(s);
        const twin = engine.clone(s);
        const f = engine.fork(s);
        expect(json(f)).toBe(before);
        // The fork played on: the original does not move.
        const fTwin = engine.clone(f);
        play(engine, f, seed + 100, 30, [fTwin]);
        expect(json(s)).toBe(before);
        expect(json(f)).toBe(json(fTwin));
        // A fork of the fork, then the original played on: neither fork moves.
        const ff = engine.fork(f);
        const fBefore = json(f);
        const ffBefore = json(ff);
        play(engine, s, seed + 200, 30, [twin]);
        expect(json(s)).toBe(json(twin));
        expect(json(f)).toBe(fBefore);
        expect(json(ff)).toBe(ffBefore);
        // The fork of the fork played on: its parent stays.
        play(engine, ff, seed + 300, 30);
        expect(json(f)).toBe(fBefore);
        // Hashes agree with the independent copies.
        expect(engine.hash(s)).toBe(engine.hash(twin));
        expect(engine.hash(f)).toBe(engine.hash(fTwin));
      }
    }, 60_000);
  }

  it("a preview is a fork: the previewed state and the given one are both played on independently", async () => {
    const module = await gameModule("elementis");
    const { decks } = readDecks(gameDir("elementis"), module);
    const engine = new Engine(module);
    const s = engine.newMatch({
      seed: 3,
      players: [0, 1].map((i) => ({ name: `P${i + 1}`, zones: { ...(decks[i % decks.length]?.zones ?? {}) } })),
    });
    play(engine, s, 3, 10);
    const twin = engine.clone(s);
    const legal = engine.legalActions(s);
    const previews = legal.map((a) => engine.preview(s, a) as State);
    const reference = legal.map((a) => {
      const c = engine.clone(twin);
      engine.apply(c, a);
      return json(c);
    });
    expect(previews.map(json)).toEqual(reference);
    play(engine, s, 4, 20, [twin]);
    expect(json(s)).toBe(json(twin));
    expect(previews.map(json)).toEqual(reference);
  });

  it("a fault in a fork is undone in the fork alone: what it had copied and what it shares stay apart", async () => {
    // Every step function counts its calls; the one numbered `faultAt` throws (a card's bug).
    const base = await gameModule("gitcg");
    let calls = 0;
    let faultAt = -1;
    const steps: Record<string, GameModule["steps"][string]> = {};
    for (const [id, fn] of Object.entries(base.steps))
      steps[id] = (ctx, f) => {
        if (faultAt >= 0 && ++calls === faultAt) throw new Error("planted fault");
        return fn(ctx, f);
      };
    const engine = new Engine({ ...base, steps }, { log: false });
    const { decks } = readDecks(gameDir("gitcg"), base);
    const s = engine.newMatch({
      seed: 5,
      players: [0, 1].map((i) => ({ name: `P${i + 1}`, zones: { ...(decks[i % decks.length]?.zones ?? {}) } })),
    });
    play(engine, s, 5, 40);
    const before = json(s);
    const agent = randomAgent(9);
    let faults = 0;
    for (let k = 1; k <= 40 && !engine.isOver(s); k++) {
      const f = engine.fork(s);
      const twin = engine.clone(s);
      const a = agent.choose(f, engine.legalActions(f), engine);
      // Faulted a few steps into the answer (after it emitted events), then answered again and played on.
      calls = 0;
      faultAt = 2 + (k % 3);
      try {
        engine.apply(f, a);
      } catch {
        faults++;
      }
      faultAt = -1;
      for (const t of [f, twin]) engine.apply(t, a);
      play(engine, f, k, 10, [twin]);
      expect(json(f)).toBe(json(twin));
      expect(json(s), `the original moved after a fault in its fork (fault at step ${2 + (k % 3)})`).toBe(before);
    }
    expect(faults).toBeGreaterThan(20);
  }, 60_000);
});
