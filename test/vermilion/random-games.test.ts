/**
 * 1,000 seeded random VERMILION games with invariants checked after every action:
 * every card in exactly one place; a familiar on the field has damage below its DEF (VM-FAM-3);
 * no two familiars of a name share a field (VM-FAM-4); the chain is empty whenever a phase changes
 * (VM-END-0, VM-RESOLVE-1); mana is only produced while paying (VM-MANA-2, VM-EFFECT-3).
 * Also JSON round trips at every decision point, mid-chain too (test/kit/games.ts jsonRoundTrip: linear in
 * the log, not quadratic).
 */
import { describe, expect, it } from "vitest";
import type { LogEntry, MatchConfig, State } from "../../runtime/index.ts";
import { Engine, randomAgent, renderLog } from "../../runtime/index.ts";
import { readDecks } from "../../compiler/node/decks.ts";
import { gameDir } from "../../compiler/node/project.ts";
import { deckMatch, gameModule, jsonRoundTrip } from "../kit/games.ts";

const module = await gameModule("vermilion");
const engine = new Engine(module);
const { decks, diagnostics } = readDecks(gameDir("vermilion"), module);

function config(seed: number): MatchConfig {
  return deckMatch(seed, decks, seed % decks.length, (seed * 7 + 1) % decks.length);
}

const num = (st: State, id: number, prop: string) => engine.read(st, id, prop) as number;

/** What the log since the last check tells about paying, phases and the chain. */
interface Watch {
  paying: boolean;
  depth: number;
  from: number;
}

function logViolation(st: State, w: Watch): string | null {
  const log = st.log;
  for (; w.from < log.length; w.from++) {
    const e = log[w.from] as LogEntry;
    const d = e.data;
    if (e.kind === "set" && d?.["entity"] === 0 && d["prop"] === "paying") w.paying = d["value"] === true;
    if (e.kind === "set" && d?.["entity"] === 0 && d["prop"] === "phase" && w.depth !== 0)
      return `the phase becomes ${String(d["value"])} with ${w.depth} link(s) on the chain`;
    if (
      e.kind === "set" &&
      d?.["prop"] === "tapped" &&
      d["value"] === true &&
      String(d["zone"]).endsWith(":tower") &&
      !w.paying
    )
      return `a mana-tower card is tapped outside a payment: ${e.text}`;
    if (e.kind === "text" && e.text.includes("【マナ】 effect for") && !w.paying)
      return `a 【マナ】 effect is used outside a payment: ${e.text}`;
    if (e.kind === "chain" && d !== undefined) {
      if ("link" in d) w.depth++;
      if ("resolve" in d || "fizzle" in d || "negate" in d) w.depth--;
    }
    if (e.kind === "game") w.depth = 0;
  }
  return null;
}

function violation(st: State, w: Watch): string | null {
  const count = new Map<number, number>();
  for (const [key, ids] of Object.entries(st.zones)) {
    for (const id of ids) {
      count.set(id, (count.get(id) ?? 0) + 1);
      if (st.entities[id]?.zone !== key.slice(key.indexOf(":") + 1))
        return `card ${id} is listed in ${key} but is in ${st.entities[id]?.zone}`;
    }
  }
  for (const e of Object.values(st.entities))
    if (e.card !== null && count.get(e.id) !== 1)
      return `card ${e.id} (${e.card}) is in ${count.get(e.id) ?? 0} places`;
  for (const p of [1, 2]) {
    const field = st.zones[`${p}:main`] ?? [];
    const names = new Set<string>();
    for (const c of field) {
      const card = st.entities[c]?.card ?? "?";
      if (names.has(card)) return `P${p} has two ${card} on the field`;
      names.add(card);
      if (num(st, c, "damage") >= num(st, c, "def"))
        return `${card} is on the field with ${num(st, c, "damage")} damage and DEF ${num(st, c, "def")}`;
    }
  }
  const bad = logViolation(st, w);
  if (bad !== null) return bad;
  if ((st.chain?.links.length ?? 0) !== w.depth && !st.match.over)
    return `the log says ${w.depth} links, the chain holds ${st.chain?.links.length ?? 0}`;
  return null;
}

describe("VERMILION: random games", () => {
  it("the sample decks are legal (VM-DECK-1, VM-DECK-2, VM-DECK-3)", () => {
    expect(diagnostics.map((d) => d.message)).toEqual([]);
    expect(decks.map((d) => d.zones["deck"]?.length)).toEqual([50, 50, 50]);
  });

  it("1,000 seeded random games keep every invariant after every action, with 0 exceptions", () => {
    let decisions = 0;
    let links = 0;
    let deepest = 0;
    const winners = [0, 0, 0];
    for (let seed = 1; seed <= 1000; seed++) {
      const st = engine.newMatch(config(seed));
      const agent = randomAgent(seed * 13 + 5);
      const w: Watch = { paying: false, depth: 0, from: 0 };
      let bad = logViolation(st, w);
      if (bad) throw new Error(`seed ${seed}, setup: ${bad}`);
      let n = 0;
      while (!engine.isOver(st)) {
        const r = engine.apply(st, agent.choose(st, engine.legalActions(st), engine));
        if (!r.ok) throw new Error(`seed ${seed}: ${r.reason}`);
        bad = violation(st, w);
        if (bad) throw new Error(`seed ${seed}, decision ${n + 1}: ${bad}`);
        deepest = Math.max(deepest, st.chain?.links.length ?? 0);
        if (++n > 50_000) throw new Error(`seed ${seed}: no end after 50,000 decisions`);
      }
      links += st.log.filter((e) => e.kind === "chain" && e.data !== undefined && "link" in e.data).length;
      winners[st.match.winner ?? 0] = (winners[st.match.winner ?? 0] ?? 0) + 1;
      decisions += n;
    }
    expect(decisions).toBeGreaterThan(50_000);
    expect(links).toBeGreaterThan(10_000);
    expect(deepest).toBeGreaterThanOrEqual(3);
    expect(winners[1]).toBeGreaterThan(100);
    expect(winners[2]).toBeGreaterThan(100);
  });

  it("at every decision point the state survives a JSON round trip and the game continues identically, mid-chain too", () => {
    let midChain = 0;
    for (let seed = 1; seed <= 8; seed++) {
      const a = engine.newMatch(config(seed));
      const agentA = randomAgent(seed);
      while (!engine.isOver(a)) engine.apply(a, agentA.choose(a, engine.legalActions(a), engine));
      let b = engine.newMatch(config(seed));
      const agentB = randomAgent(seed);
      while (!engine.isOver(b)) {
        if ((b.chain?.links.length ?? 0) > 0) midChain++;
        b = jsonRoundTrip(b);
        engine.apply(b, agentB.choose(b, engine.legalActions(b), engine));
      }
      expect(renderLog(b)).toEqual(renderLog(a));
      expect(engine.hash(b)).toBe(engine.hash(a));
    }
    expect(midChain).toBeGreaterThan(20);
  });
});
