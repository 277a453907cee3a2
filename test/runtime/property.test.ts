/** Random play of the toy game never throws and keeps the state's invariants. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AgentRandom } from "../../runtime/state/rng.ts";
import type { Action, State } from "../../runtime/index.ts";
import { toyConfig } from "./fixtures/toy-game.ts";
import { engine } from "./helpers.ts";

/** Every card entity is in exactly one zone, the one its record names; zones hold known entities. */
function checkInvariants(s: State): void {
  const where = new Map<number, string>();
  for (const key in s.zones) {
    for (const id of s.zones[key] as number[]) {
      if (where.has(id)) throw new Error(`entity ${id} is in ${where.get(id)} and ${key}`);
      where.set(id, key);
    }
  }
  for (const k in s.entities) {
    const e = s.entities[k as unknown as number]!;
    if (e.card === null) {
      if (where.has(e.id)) throw new Error(`seat/game entity ${e.id} is in a zone`);
      continue;
    }
    const key = `${e.holder ?? e.owner}:${e.zone}`;
    if (where.get(e.id) !== key)
      throw new Error(`entity ${e.id} says ${key} but is in ${where.get(e.id) ?? "no zone"}`);
  }
  for (const id of where.keys()) if (s.entities[id] === undefined) throw new Error(`zone holds unknown entity ${id}`);
  if ((s.zones["1:field"]?.length ?? 0) > 3 || (s.zones["2:field"]?.length ?? 0) > 3)
    throw new Error("a field is over its limit");
  for (const f of s.frames)
    for (const ev of f.owned) if (s.events[ev] === undefined) throw new Error(`frame ${f.h} owns a freed event ${ev}`);
}

describe("random play (property)", () => {
  it("never throws, always offers a legal action, keeps every card in exactly one zone", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.integer(),
        fc.integer({ min: 3, max: 30 }),
        fc.integer({ min: 2, max: 40 }),
        (seed, agentSeed, target, maxTurns) => {
          const rng = new AgentRandom(agentSeed);
          const s = engine.newMatch(toyConfig(seed, { target, maxTurns }));
          checkInvariants(s);
          let n = 0;
          while (!engine.isOver(s)) {
            const legal = engine.legalActions(s);
            expect(legal.length).toBeGreaterThan(0);
            const r = engine.apply(s, legal[rng.int(legal.length)] as Action);
            if (!r.ok) throw new Error(r.reason);
            checkInvariants(s);
            if (++n > 5000) throw new Error("the match does not end");
          }
          expect(s.match.results.length).toBeGreaterThan(0);
          expect(s.frames).toEqual([]);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("any prefix of a random match survives a JSON round trip and continues identically", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer(), fc.nat(60), (seed, agentSeed, cut) => {
        const rng = new AgentRandom(agentSeed);
        const a = engine.newMatch(toyConfig(seed));
        let b: State | null = null;
        for (let i = 0; !engine.isOver(a); i++) {
          if (i === cut) b = JSON.parse(JSON.stringify(a)) as State;
          const legal = engine.legalActions(a);
          const action = legal[rng.int(legal.length)] as Action;
          engine.apply(a, action);
          if (b !== null) expect(engine.apply(b, action)).toEqual({ ok: true });
        }
        if (b !== null) expect(engine.hash(b)).toBe(engine.hash(a));
      }),
      { numRuns: 60 },
    );
  });
});
