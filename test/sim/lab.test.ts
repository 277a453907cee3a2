/** The balance lab's matchup matrix (compiler/sim/lab.ts) on real Elementis games between random agents. */
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli } from "../kit/cli.ts";
import { deckRules } from "../../compiler/node/decks.ts";
import { loadChecked } from "../../compiler/node/project.ts";
import { applySwaps, labPlans, matchupCsv, matchups } from "../../compiler/sim/lab.ts";
import type { PlanDeck, SimPlan } from "../../compiler/sim/plan.ts";
import { playGame } from "../../compiler/sim/play.ts";
import type { GameRecord } from "../../compiler/sim/record.ts";
import { wilson } from "../../compiler/sim/stats.ts";
import { parseAgents } from "../../compiler/node/cli/play-command.ts";
import { Engine } from "../../runtime/index.ts";
import { tempDir } from "../kit/temp.ts";

let decks: PlanDeck[] = [];
let plans: SimPlan[] = [];
let records: GameRecord[] = [];

beforeAll(async () => {
  const { module, model } = await loadChecked("elementis");
  if (!module || !model) throw new Error("elementis did not load");
  decks = deckRules(model.decks ?? [], module).decks.map((d) => ({ id: d.id, zones: d.zones }));
  const base: SimPlan = {
    game: module.id,
    inputs: "test",
    agents: ["random", "random"],
    games: 20,
    seed: 7,
    decks: [null, null],
    options: {},
    version: null,
    maxDecisions: 100000,
  };
  plans = labPlans(base, decks);
  const engine = new Engine(module, { log: false });
  const specs = parseAgents(base.agents.join(","));
  for (const p of plans) for (let i = 0; i < p.games; i++) records.push(playGame(engine, p, specs, i));
});
afterAll(() => {
  records = [];
});

describe("the lab's matchups", () => {
  it("every ordered pairing of different decks is a plan, all on the same seed (mirrored deals)", () => {
    expect(decks.map((d) => d.id)).toEqual(["fire", "water", "wind"]);
    expect(plans.map((p) => p.decks.map((d) => d?.id).join("-"))).toEqual([
      "fire-water",
      "fire-wind",
      "water-fire",
      "water-wind",
      "wind-fire",
      "wind-water",
    ]);
    expect(new Set(plans.map((p) => p.seed))).toEqual(new Set([7]));
  });

  it("a cell counts both seat orders; row against column and column against row add up to the games", () => {
    const m = matchups(["fire", "water", "wind"], records);
    expect(m.cells[0]?.[0]).toBeNull();
    for (let r = 0; r < 3; r++)
      for (let c = 0; c < 3; c++) {
        if (r === c) continue;
        const a = m.cells[r]?.[c];
        const b = m.cells[c]?.[r];
        expect((a?.games ?? 0) + (a?.unfinished ?? 0)).toBe(40);
        expect(a?.wins).toBe(b?.losses);
        expect(a?.draws).toBe(b?.draws);
        // Recount the cell from the records by hand.
        const [x, y] = [m.decks[r], m.decks[c]];
        let wins = 0;
        for (const g of records)
          if (
            g.outcome === "win" &&
            ((g.decks[0] === x && g.decks[1] === y && g.winner === 1) ||
              (g.decks[0] === y && g.decks[1] === x && g.winner === 2))
          )
            wins++;
        expect(a?.wins).toBe(wins);
        const iv = wilson((a?.wins ?? 0) + (a?.draws ?? 0) / 2, a?.games ?? 0);
        expect(a?.interval).toEqual(iv);
        expect(a?.verdict).toBe(
          iv === null ? "even" : iv.low > 0.5 ? "favoured" : iv.high < 0.5 ? "unfavoured" : "even",
        );
      }
  });

  it("the CSV has one line per ordered pairing with the JSON's figures", () => {
    const m = matchups(["fire", "water", "wind"], records);
    const lines = matchupCsv(m).trimEnd().split("\n");
    expect(lines[0]).toBe("deck,opponent,games,wins,losses,draws,rate,low,high,verdict,unfinished");
    expect(lines).toHaveLength(7);
    const c = m.cells[0]?.[1];
    expect(lines[1]).toBe(
      `fire,water,${c?.games},${c?.wins},${c?.losses},${c?.draws},${c?.rate},${c?.interval?.low},${c?.interval?.high},${c?.verdict},${c?.unfinished}`,
    );
  });

  it("a verdict only where the interval excludes 50%", () => {
    const rec = (winner: number, i: number): GameRecord => ({
      game: i,
      seed: 0,
      seats: [0, 1],
      decks: ["a", "b"],
      outcome: "win",
      winner,
      decisions: 1,
      matchGames: 1,
    });
    const strong = matchups(
      ["a", "b"],
      Array.from({ length: 30 }, (_, i) => rec(i < 25 ? 1 : 2, i)),
    );
    expect(strong.cells[0]?.[1]?.verdict).toBe("favoured");
    expect(strong.cells[1]?.[0]?.verdict).toBe("unfavoured");
    const close = matchups(
      ["a", "b"],
      Array.from({ length: 30 }, (_, i) => rec(i < 18 ? 1 : 2, i)),
    );
    expect(close.cells[0]?.[1]?.verdict).toBe("even");
  });
});

describe("cardwright sim --matrix", () => {
  const dir = tempDir("cw-lab-");
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const RUN = ["sim", "elementis", "--agents", "random,random", "--games", "10", "--matrix"];

  it("prints the same JSON for the same inputs, and the CSV holds the JSON's cells", async () => {
    const csv = join(dir, "m.csv");
    const a = await cli([...RUN, "--json", "--csv", csv]);
    const b = await cli([...RUN, "--json"]);
    expect(a.code).toBe(0);
    expect(a.out).toBe(b.out);
    const json = JSON.parse(a.out) as { matchups: ReturnType<typeof matchups> };
    expect(json.matchups.decks).toEqual(["fire", "water", "wind"]);
    expect(json.matchups.cells[0]?.[1]?.games).toBe(20);
    expect(readFileSync(csv, "utf8")).toBe(matchupCsv(json.matchups));
  });

  it("refuses a deck that is not a legal deck of the game, naming the legal ones", async () => {
    const r = await cli([...RUN, "--decks", "fire,earth"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("--decks: 'earth' is not a legal deck of 'elementis' (legal: fire, water, wind)");
  });
});

describe("--swap", () => {
  const fire: PlanDeck = { id: "fire", zones: { hand: ["a", "b", "a"], side: ["c"] } };
  const water: PlanDeck = { id: "water", zones: { hand: ["d"] } };

  it("puts the card in every place of the one it replaces, in the decks that hold it, under a variant's name", () => {
    expect(applySwaps([fire, water], [{ card: "n", replaces: "a" }])).toEqual([
      { id: "fire[n=a]", zones: { hand: ["n", "b", "n"], side: ["c"] } },
      water,
    ]);
    expect(applySwaps([fire, water], [{ card: "n", replaces: "zz" }])).toBe(
      "--swap n=zz: no deck of the run holds 'zz'",
    );
  });

  it("on the command line: the variant is played under its name; an unknown card is refused", async () => {
    const run = ["sim", "elementis", "--agents", "random,random", "--games", "4", "--matrix", "--decks", "fire,wind"];
    const r = await cli([...run, "--json", "--swap", "phoenix=salamander"]);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.out) as { matchups: { decks: string[] } }).matchups.decks).toEqual([
      "fire[phoenix=salamander]",
      "wind",
    ]);
    const bad = await cli([...run, "--swap", "nope=salamander"]);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("--swap nope=salamander: 'nope' is not a card of 'elementis'");
  });
});
