/**
 * 1,000 seeded random Elementis matches with invariants checked after every action:
 * each card in exactly one zone; life never negative; one summon per turn (ES-SUMMON-1);
 * a summon damaged by one source at least its power has left the field (ES-SUMMON-4).
 */
import { describe, expect, it } from "vitest";
import type { Action, LogEntry, State } from "../../runtime/index.ts";
import { Engine, randomAgent } from "../../runtime/index.ts";
import { readDecks } from "../../compiler/node/decks.ts";
import { gameDir } from "../../compiler/node/project.ts";
import { gameModule } from "../kit/games.ts";

const module = await gameModule("elementis");
const engine = new Engine(module);
const { decks } = readDecks(gameDir("elementis"), module);

function configFor(seed: number) {
  const a = decks[seed % decks.length];
  const b = decks[(seed + 1) % decks.length];
  if (!a || !b) throw new Error("the sample decks are missing");
  return {
    seed,
    players: [
      { name: "P1", zones: { ...a.zones } },
      { name: "P2", zones: { ...b.zones } },
    ],
    options: seed % 4 === 3 ? { format: "random" } : {},
  };
}

/** Returns the first broken invariant, or null. */
function invariantViolation(
  st: State,
  newEntries: readonly LogEntry[],
  summonsThisTurn: Map<string, number>,
  action: Action,
  turnKey: string,
): string | null {
  const seen = new Map<number, number>();
  for (const [key, ids] of Object.entries(st.zones)) {
    for (const id of ids) {
      seen.set(id, (seen.get(id) ?? 0) + 1);
      const e = st.entities[id];
      const zone = key.slice(key.indexOf(":") + 1);
      if (!e || e.zone !== zone) return `card ${id} is listed in ${key} but says it is in ${e?.zone}`;
    }
  }
  for (const e of Object.values(st.entities)) {
    if (e.card === null) continue;
    if (seen.get(e.id) !== 1) return `card ${e.id} (${e.card}) is in ${seen.get(e.id) ?? 0} zones`;
  }
  for (const p of [1, 2]) {
    const life = st.entities[p]?.props["life"];
    if (typeof life === "number" && life < 0) return `player ${p} has life ${life}`;
  }
  if (action.type === "act" && action.action === "play-summon") {
    const n = (summonsThisTurn.get(turnKey) ?? 0) + 1;
    summonsThisTurn.set(turnKey, n);
    if (n > 1) return `two summons in turn ${turnKey}`;
  }
  for (const entry of newEntries) {
    if (entry.kind !== "event" || entry.data?.["name"] !== "summon-damaged") continue;
    const card = entry.data["field:card"] as number;
    const amount = entry.data["field:amount"] as number;
    const power = entry.data["field:power"] as number;
    if (amount >= power && st.entities[card]?.zone === "field")
      return `${st.entities[card]?.card} took ${amount} ≥ power ${power} and is still on the field`;
  }
  return null;
}

describe("ES-SUMMON-1, ES-SUMMON-4, ES-WIN-1: 1,000 random matches keep the invariants", () => {
  it("plays 1,000 seeded matches to the end with 0 exceptions and no broken invariant", () => {
    let games = 0;
    let destroyedBySingleSource = 0;
    for (let seed = 1; seed <= 1000; seed++) {
      const st = engine.newMatch(configFor(seed));
      const agent = randomAgent(seed * 31 + 7);
      const summons = new Map<string, number>();
      let steps = 0;
      while (!engine.isOver(st)) {
        const before = st.log.length;
        // The turn when the action is taken (an action may run on into the next turn).
        const turnKey = `${st.match.number}:${String(st.entities[0]?.props["turn"])}`;
        const action = agent.choose(st, engine.legalActions(st), engine);
        const r = engine.apply(st, action);
        if (!r.ok) throw new Error(`seed ${seed}: ${r.reason}`);
        const fresh = st.log.slice(before);
        const bad = invariantViolation(st, fresh, summons, action, turnKey);
        if (bad) throw new Error(`seed ${seed}, decision ${steps + 1}: ${bad}`);
        destroyedBySingleSource += fresh.filter(
          (e) =>
            e.data?.["name"] === "summon-damaged" &&
            (e.data["field:amount"] as number) >= (e.data["field:power"] as number),
        ).length;
        if (++steps > 20_000) throw new Error(`seed ${seed}: no end after 20,000 decisions`);
      }
      games += st.match.results.length;
      expect(st.match.winner === 1 || st.match.winner === 2).toBe(true);
    }
    // The invariants were exercised, not vacuously true.
    expect(games).toBeGreaterThanOrEqual(2000);
    expect(destroyedBySingleSource).toBeGreaterThan(1000);
  });
});
