/**
 * The lab's per-card figures: the tracker (compiler/sim/lab/tracker.ts) against an independent
 * count from the runtime's move log on every shipped game, and the table's arithmetic
 * (lab/cards.ts) on hand-made records.
 */
import { describe, expect, it } from "vitest";
import { gameModule } from "../kit/games.ts";
import { Engine, makeAgent, type GameModule, type State } from "../../runtime/index.ts";
import { cardTable } from "../../compiler/sim/lab/cards.ts";
import { CardTracker, zoneRoles } from "../../compiler/sim/lab/tracker.ts";
import type { GameRecord } from "../../compiler/sim/record.ts";
import { holm, newcombe, twoProportionP } from "../../compiler/sim/stats.ts";
import { loadChecked } from "../../compiler/node/project.ts";
import { deckRules } from "../../compiler/node/decks.ts";

/** Drawn and played per seat, recounted from the log's move entries (keys "owner:zone"). */
function fromLog(module: GameModule, start: State, end: State): { drawn: string[][]; played: string[][] } {
  const roles = zoneRoles(module);
  const seats = module.rules.players;
  const drawn = Array.from({ length: seats }, () => new Set<string>());
  const played = Array.from({ length: seats }, () => new Set<string>());
  for (const x of Object.values(start.entities))
    if (x.card !== null && roles.hand.has(x.zone) && x.holder === undefined) drawn[x.owner - 1]?.add(x.card);
  for (const e of end.log) {
    if (e.kind !== "move" || e.data === undefined) continue;
    const { entity, from, to } = e.data as { entity: number; from: string; to?: string };
    if (typeof to !== "string" || e.data["full"] === true) continue;
    const x = end.entities[entity];
    if (x === undefined || x.card === null) continue;
    const zone = (key: string) => key.slice(key.indexOf(":") + 1);
    if (roles.deck.has(zone(from)) && roles.hand.has(zone(to))) drawn[x.owner - 1]?.add(x.card);
    else if (roles.hand.has(zone(from)) && roles.play.has(zone(to))) played[x.owner - 1]?.add(x.card);
  }
  return { drawn: drawn.map((s) => [...s].sort()), played: played.map((s) => [...s].sort()) };
}

describe("the card tracker (zone roles from rules.yaml)", () => {
  it("each shipped game declares its deck, hand and play zones", async () => {
    const roles = await Promise.all(
      ["elementis", "gitcg", "vermilion"].map(async (g) => {
        const r = zoneRoles(await gameModule(g));
        return [r.source, [...r.deck], [...r.hand], [...r.play]];
      }),
    );
    expect(roles).toEqual([
      ["declared", ["side", "pool"], ["hand"], ["stack"]],
      ["declared", ["deck"], ["hand"], ["played"]],
      ["declared", ["deck"], ["hand"], ["main", "cut"]],
    ]);
  });

  for (const game of ["elementis", "gitcg", "vermilion"])
    it(`${game}: what it counts equals a recount from the move log, in 2 random games`, async () => {
      const module = await gameModule(game);
      const { model } = await loadChecked(game);
      const decks = deckRules(model?.decks ?? [], module).decks;
      const tracker = new CardTracker(zoneRoles(module), 2);
      const engine = new Engine(module, { log: true, onMove: tracker.onMove });
      let plays = 0;
      for (let g = 0; g < 2; g++) {
        const config = {
          seed: 100 + g,
          players: [0, 1].map((i) => ({
            name: `P${i + 1}`,
            zones: { ...(decks[(g + i) % decks.length]?.zones ?? {}) },
          })),
        };
        tracker.start();
        const st = engine.newMatch(config);
        tracker.bind(st);
        const start = engine.clone(st);
        const agents = [makeAgent({ kind: "random" }, g * 2 + 1), makeAgent({ kind: "random" }, g * 2 + 2)];
        for (let n = 0; n < 3000 && !st.match.over; n++) {
          const seat = engine.toMove(st) as number;
          const legal = engine.legalActions(st);
          const a = agents[seat - 1];
          if (a === null || a === undefined || !("choose" in a)) throw new Error("a random agent chooses");
          expect(engine.apply(st, a.choose(engine.view(st, seat), legal, engine)).ok).toBe(true);
        }
        const got = tracker.finish();
        const want = fromLog(module, start, st);
        expect(got).toEqual(want);
        plays += got.played.flat().length;
      }
      // The check is not empty: cards were played.
      expect(plays).toBeGreaterThan(0);
    });
});

/** A lab record: deck a in P1 against b in P2, P1's cards drawn/played. */
function rec(winner: 1 | 2 | null, drawn: string[], played: string[]): GameRecord {
  return {
    game: 0,
    seed: 0,
    seats: [0, 1],
    decks: ["a", "b"],
    outcome: winner === null ? "draw" : "win",
    winner,
    decisions: 10,
    matchGames: 1,
    cards: { drawn: [drawn, []], played: [played, []] },
  };
}

describe("the per-card table", () => {
  // Deck a: 10 games, 6 won. x drawn in 8 (won 6), played in 4 (won 4); y drawn in all 10; z in none.
  const records: GameRecord[] = [
    ...Array.from({ length: 4 }, () => rec(1, ["x", "y"], ["x"])),
    ...Array.from({ length: 2 }, () => rec(1, ["x", "y"], [])),
    ...Array.from({ length: 2 }, () => rec(2, ["x", "y"], [])),
    ...Array.from({ length: 2 }, () => rec(2, ["y"], [])),
  ];
  const t = cardTable(["a", "b"], new Map([["a", ["x", "y", "z"]]]), records, "declared");

  it("counts games and the deck's score with each card, and the deck's average", () => {
    expect(t.decks[0]).toEqual({ deck: "a", games: 10, score: 6, rate: 0.6 });
    const x = t.rows.find((r) => r.card === "x");
    expect([x?.drawn.games, x?.drawn.score, x?.played.games, x?.played.score]).toEqual([8, 6, 4, 4]);
  });

  it("a difference from the average is (1 − f) × (with − without), its interval Newcombe's scaled the same", () => {
    const x = t.rows.find((r) => r.card === "x");
    // played: 4/4 with, 2/6 without; f = 0.4: 0.6 × (1 − 1/3) = 0.4 = 1 − 0.6.
    const n = newcombe(4, 4, 2, 6);
    expect(x?.played.diff?.diff).toBeCloseTo(0.4, 12);
    expect(x?.played.diff?.low).toBeCloseTo(0.6 * (n?.low ?? Number.NaN), 12);
    expect(x?.played.diff?.high).toBeCloseTo(0.6 * (n?.high ?? Number.NaN), 12);
    expect(x?.played.p).toBeCloseTo(twoProportionP(4, 4, 2, 6), 12);
  });

  it("a card in every game, or in none, is not tested; Holm adjusts over the tested figures only", () => {
    const y = t.rows.find((r) => r.card === "y");
    const z = t.rows.find((r) => r.card === "z");
    expect([y?.drawn.diff, y?.drawn.p, y?.drawn.adjusted, y?.drawn.flag]).toEqual([null, null, null, null]);
    expect([z?.drawn.games, z?.drawn.p, z?.played.p]).toEqual([0, null, null]);
    expect(t.tested).toBe(2); // x drawn and x played; y is played in no game: no figure either
    const x = t.rows.find((r) => r.card === "x");
    const ps = [x?.drawn.p, x?.played.p] as number[];
    expect([x?.drawn.adjusted, x?.played.adjusted]).toEqual(holm(ps));
  });
});
