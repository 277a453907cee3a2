/**
 * `Engine.apply` is all or nothing wherever a fault strikes: each game's step functions are
 * wrapped so that one of them throws at a chosen step of a resolution, at every decision of a few
 * random games, and the state afterwards must be exactly the state before (entities, zones,
 * frames, events, chain, RNG, log). The game then goes on with the same answer, unfaulted, and
 * must end as the unfaulted game does.
 */
import { describe, expect, it } from "vitest";
import { readDecks } from "../../compiler/node/decks.ts";
import { gameDir } from "../../compiler/node/project.ts";
import { Engine, randomAgent, type GameModule, type State } from "../../runtime/index.ts";
import { deepFreeze, gameModule } from "../kit/games.ts";

/**
 * The state as a string, cheaply: everything but the log as JSON (a fraction of it: the log only
 * grows, and stringifying it at every decision made this test quadratic), plus the log's entries
 * themselves. Every entry already in the log is deep-frozen (a change to it in place throws), so
 * the same entries in the same order are the same log.
 */
function snapshot(st: State): { json: string; log: readonly unknown[] } {
  for (const e of st.log) deepFreeze(e);
  return { json: JSON.stringify({ ...st, log: undefined }), log: [...st.log] };
}

/** The module with every step function counting its calls; the call numbered `faultAt` throws. */
function faulting(module: GameModule): { module: GameModule; arm(n: number): void; fired(): boolean } {
  let calls = 0;
  let faultAt = -1;
  let fired = false;
  const steps: Record<string, GameModule["steps"][string]> = {};
  for (const [id, fn] of Object.entries(module.steps)) {
    steps[id] = (ctx, f) => {
      if (faultAt >= 0 && ++calls === faultAt) {
        fired = true;
        throw new Error("planted fault");
      }
      return fn(ctx, f);
    };
  }
  return {
    module: { ...module, steps },
    arm(n) {
      calls = 0;
      faultAt = n;
      fired = false;
    },
    fired: () => fired,
  };
}

for (const game of ["elementis", "gitcg", "vermilion"]) {
  describe(`${game}: a fault at any step of an answer leaves the state as it was`, () => {
    it("5 random games, a fault planted at a different step of every answer", async () => {
      const base = await gameModule(game);
      const { decks } = readDecks(gameDir(game), base);
      const f = faulting(base);
      const engine = new Engine(f.module, { log: true });
      const plain = new Engine(base, { log: true });
      let faults = 0;
      for (let seed = 1; seed <= 5; seed++) {
        const config = {
          seed,
          players: [0, 1].map((i) => ({
            name: `P${i + 1}`,
            zones: { ...decks[(seed * (i + 3)) % decks.length]?.zones },
          })),
        };
        const st: State = engine.newMatch(config);
        const reference: State = plain.newMatch(config);
        const agent = randomAgent(seed);
        let n = 0;
        while (!st.match.over && n < 400) {
          const action = agent.choose(st, engine.legalActions(st), engine);
          const before = snapshot(st);
          f.arm(1 + (n % 7));
          let threw = false;
          try {
            engine.apply(st, action);
          } catch {
            threw = true;
          }
          const fired = f.fired();
          f.arm(-1);
          if (threw) {
            faults++;
            expect(JSON.stringify({ ...st, log: undefined })).toBe(before.json);
            expect(st.log.length).toBe(before.log.length);
            expect(st.log.every((e, i) => e === before.log[i])).toBe(true);
            expect(engine.apply(st, action).ok).toBe(true);
          }
          expect(fired).toBe(threw);
          plain.apply(reference, action);
          n++;
        }
        expect(engine.hash(st)).toBe(plain.hash(reference));
      }
      expect(faults).toBeGreaterThan(100);
    }, 120_000);
  });
}
