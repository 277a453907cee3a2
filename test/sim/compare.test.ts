/**
 * A/B (compiler/sim/lab/compare.ts): the paired test of a matchup on hand-made records, and
 * `sim --matrix --compare-dir` on a planted change — Air Slash (wind only) deals 2 damage instead
 * of 1 in a temp copy of Elementis — which must show as water vs wind moving down for water.
 * The heavier runs (every shipped game, calibration of A against A) are bench/lab-ab.ts.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { matchupChange } from "../../compiler/sim/lab/compare.ts";
import type { GameRecord } from "../../compiler/sim/record.ts";
import { twoSidedP, Z95 } from "../../compiler/sim/stats.ts";
import { ROOT } from "../../compiler/node/project.ts";
import { run } from "../../compiler/node/cli/main.ts";
import { tempDir } from "../kit/temp.ts";

const rec = (decks: [string, string], winner: 1 | 2 | null): GameRecord => ({
  game: 0,
  seed: 0,
  seats: [0, 1],
  decks,
  outcome: winner === null ? "draw" : "win",
  winner,
  decisions: 1,
  matchGames: 1,
});

describe("the paired test of a matchup", () => {
  it("pairs game i of A with game i of B and tests the mean of B − A for the row deck", () => {
    // Row deck a: A scores 1,0,0,½ ; B scores 1,1,0,1 (a sits in P2 in the last two games) → d = 0,1,0,½.
    const A = [rec(["a", "b"], 1), rec(["a", "b"], 2), rec(["b", "a"], 1), rec(["b", "a"], null)];
    const B = [rec(["a", "b"], 1), rec(["a", "b"], 1), rec(["b", "a"], 1), rec(["b", "a"], 2)];
    const c = matchupChange("a", "b", A, B);
    const mean = 0.375;
    const sd = Math.sqrt((0.375 ** 2 * 2 + 0.625 ** 2 + 0.125 ** 2) / 3);
    const se = sd / 2;
    expect([c.pairs, c.a, c.b]).toEqual([4, 0.375, 0.75]);
    expect(c.diff?.diff).toBeCloseTo(mean, 12);
    expect(c.diff?.low).toBeCloseTo(mean - Z95 * se, 12);
    expect(c.p).toBeCloseTo(twoSidedP(mean / se), 12);
    // From the column's side it is the same change, signed the other way.
    expect(matchupChange("b", "a", A, B).diff?.diff).toBeCloseTo(-mean, 12);
  });

  it("games without a result on either side are left out of the pairs", () => {
    const A = [rec(["a", "b"], 1), { ...rec(["a", "b"], null), outcome: "timeout" as const }];
    const B = [rec(["a", "b"], 2), rec(["a", "b"], 1)];
    const c = matchupChange("a", "b", A, B);
    expect([c.pairs, c.a, c.b, c.p]).toEqual([1, 1, 0, 0]);
  });
});

describe("sim --matrix --compare-dir", () => {
  let tmp = "";
  beforeAll(() => {
    tmp = tempDir("cardwright-compare-");
    cpSync(join(ROOT, "cards", "elementis"), join(tmp, "cards", "elementis"), { recursive: true });
    const card = join(tmp, "cards", "elementis", "cards", "air-slash.yaml");
    const text = readFileSync(card, "utf8");
    expect(text).toContain("deal-damage(opponent, 1, self)");
    writeFileSync(card, text.replace("deal-damage(opponent, 1, self)", "deal-damage(opponent, 2, self)"));
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  const sim = async (args: string[]) => {
    let out = "";
    const write = process.stdout.write.bind(process.stdout);
    // The lab prints to stdout; collect it.
    process.stdout.write = ((s: string) => {
      out += s;
      return true;
    }) as typeof process.stdout.write;
    try {
      let err = "";
      const code = await run(args, { out: (s) => void (out += s), err: (s) => void (err += s) });
      return { code, out, err };
    } finally {
      process.stdout.write = write;
    }
  };

  it("finds the planted change: water vs wind moves down for water, with the right sign", async () => {
    const r = await sim([
      "sim",
      "elementis",
      "--agents",
      "random,random",
      "--games",
      "100",
      "--decks",
      "water,wind",
      "--matrix",
      "--json",
      "--compare-dir",
      join(tmp, "cards", "elementis"),
    ]);
    expect(r.code).toBe(0);
    const c = JSON.parse(r.out) as {
      changes: { row: string; column: string; verdict: string; diff: { high: number } }[];
    };
    expect(c.changes.map((x) => [x.row, x.column, x.verdict])).toEqual([["water", "wind", "down"]]);
    expect(c.changes[0]?.diff.high).toBeLessThan(0);
  });

  it("the same game against itself on the same seeds moves nothing", async () => {
    const r = await sim([
      "sim",
      "elementis",
      "--agents",
      "random,random",
      "--games",
      "20",
      "--matrix",
      "--json",
      "--compare-dir",
      join(ROOT, "cards", "elementis"),
    ]);
    const c = JSON.parse(r.out) as { changes: { verdict: string; diff: { diff: number } }[] };
    expect(c.changes.map((x) => [x.verdict, x.diff.diff])).toEqual([
      ["same", 0],
      ["same", 0],
      ["same", 0],
    ]);
  });

  it("--report from the command line: the page embeds exactly the JSON printed, and two runs write the same bytes", async () => {
    const files = [join(tmp, "a.html"), join(tmp, "b.html")];
    const outs: string[] = [];
    for (const f of files) {
      const r = await sim([
        "sim",
        "elementis",
        "--agents",
        "random,random",
        "--games",
        "4",
        "--matrix",
        "--json",
        "--report",
        f,
      ]);
      expect(r.code).toBe(0);
      outs.push(r.out);
    }
    const [a, b] = files.map((f) => readFileSync(f, "utf8")) as [string, string];
    expect(a).toBe(b);
    const embedded = /<script type="application\/json" id="lab-data">(.*?)<\/script>/s.exec(a)?.[1] ?? "";
    expect(JSON.parse(embedded)).toEqual(JSON.parse(outs[0] as string));
  });

  it("refuses a folder that is not a game folder inside cards/, saying why", async () => {
    const r = await sim([
      "sim",
      "elementis",
      "--agents",
      "random,random",
      "--games",
      "2",
      "--matrix",
      "--compare-dir",
      tmp,
    ]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`--compare-dir: '${tmp}' is not a game folder (it has no rules.yaml)`);
  });
});
