/**
 * The structural state hash (runtime/state/hash.ts), as properties: states that differ in any field but
 * the log hash differently; equal states (a JSON round trip, keys in another order, another log)
 * hash equal.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hashState, hashValue, randomAgent, type State } from "../../runtime/index.ts";
import { toyConfig } from "./fixtures/toy-game.ts";
import { engine } from "./helpers.ts";
import { reverseKeys } from "../kit/games.ts";

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** A state of the toy game after `steps` random answers (its JSON form: plain data only). */
function sampleState(seed: number, steps: number): State {
  const st = engine.newMatch(toyConfig(seed));
  const agent = randomAgent(seed);
  for (let i = 0; i < steps && !st.match.over; i++) engine.apply(st, agent.choose(st, engine.legalActions(st), engine));
  return JSON.parse(JSON.stringify(st)) as State;
}

/** Every path to a value in `v` (objects and arrays included), outside the top-level `log`. */
function paths(v: Json, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (at.length > 0) out.push(at);
  if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...at, i], out));
  else if (v !== null && typeof v === "object")
    for (const k of Object.keys(v)) if (!(at.length === 0 && k === "log")) paths(v[k] as Json, [...at, k], out);
  return out;
}

/** A different value of the same place: every kind of change a field can undergo. */
function changed(v: Json, how: number): Json {
  if (typeof v === "number") return how % 2 === 0 ? v + 1 : -v - 0.5;
  if (typeof v === "string") return how % 2 === 0 || v.length === 0 ? `${v}x` : v.slice(1);
  if (typeof v === "boolean") return !v;
  if (v === null) return how % 2 === 0 ? 0 : false;
  if (Array.isArray(v)) return how % 2 === 0 || v.length === 0 ? [...v, 0] : v.slice(1);
  const keys = Object.keys(v);
  if (how % 2 === 0 || keys.length === 0) return { ...v, "zz-new": 1 };
  const { [keys[0] as string]: _gone, ...rest } = v;
  return rest;
}

function withChange(s: Json, path: (string | number)[], how: number): Json {
  const copy = JSON.parse(JSON.stringify(s)) as Json;
  let at = copy as Record<string | number, Json>;
  for (const p of path.slice(0, -1)) at = at[p] as Record<string | number, Json>;
  const last = path[path.length - 1] as string | number;
  at[last] = changed(at[last] as Json, how);
  return copy;
}

/** JSON with sorted keys: equal plain values, whatever their key order, print the same. */
const canonical = (v: Json): string =>
  Array.isArray(v)
    ? `[${v.map(canonical).join(",")}]`
    : v !== null && typeof v === "object"
      ? `{${Object.keys(v)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical(v[k] as Json)}`)
          .join(",")}}`
      : JSON.stringify(v);

// Toy-game states from the first answer to the end of a match, played once for all properties.
const samples: State[] = [];
for (let seed = 1; seed <= 6; seed++)
  for (const steps of [0, 3, 8, 15, 30, 200]) samples.push(sampleState(seed, steps));
const states = fc.nat().map((i) => samples[i % samples.length] as State);

describe("hashState (property)", () => {
  it("states that differ in any field but the log hash differently", () => {
    fc.assert(
      fc.property(states, fc.nat(), fc.nat(), (state, pick, how) => {
        const s = state as unknown as Json;
        const all = paths(s);
        const path = all[pick % all.length] as (string | number)[];
        const other = withChange(s, path, how) as unknown as State;
        expect(hashState(other), `changed at ${path.join(".")}`).not.toBe(hashState(s as unknown as State));
      }),
      { numRuns: 400 },
    );
  });

  it("equal states hash equal: a JSON round trip, keys in another order, another log", () => {
    fc.assert(
      fc.property(states, fc.integer({ min: 1, max: 99 }), (s, seed) => {
        const h = hashState(s);
        expect(hashState(JSON.parse(JSON.stringify(s)) as State)).toBe(h);
        expect(hashState(reverseKeys(s as unknown as Json) as unknown as State)).toBe(h);
        expect(hashState({ ...s, log: [] })).toBe(h);
        expect(hashState({ ...s, log: [] }, { log: true })).not.toBe(hashState(s, { log: true }));
        expect(engine.hash(engine.clone(engine.newMatch(toyConfig(seed))))).toBe(
          engine.hash(engine.newMatch(toyConfig(seed))),
        );
      }),
      { numRuns: 30 },
    );
  });

  it("hashValue tells plain values apart by type and content, whatever their key order", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        const ha = hashValue(a);
        expect(hashValue(reverseKeys(a as Json))).toBe(ha);
        if (canonical(a as Json) !== canonical(b as Json)) expect(hashValue(b)).not.toBe(ha);
        else expect(hashValue(b)).toBe(ha);
      }),
      { numRuns: 500 },
    );
    expect([1, "1", [1], { a: 1 }, null, false, 0, [], {}].map(hashValue)).toHaveLength(
      new Set([1, "1", [1], { a: 1 }, null, false, 0, [], {}].map(hashValue)).size,
    );
  });
});
