/**
 * The balance lab's A/B test, at a size npm test cannot afford:
 * 1. a planted change — one card's damage +1 in a copy of each shipped game, in a temp folder —
 *    must show as a move of the matchup holding that card, in the right direction;
 * 2. calibration — A against A on disjoint seed sets, `LAB_REPS` times (default 40): the share of
 *    matchups reported as moved (uncorrected per test, and per run after Holm) should be near α = 5%.
 * `npx tsx bench/lab-ab.ts` (`LAB_AGENTS`, default random,random; `LAB_GAMES` per ordered pairing).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseAgents } from "../compiler/node/cli/play-command.ts";
import { deckRules } from "../compiler/node/decks.ts";
import { loadChecked, ROOT } from "../compiler/node/project.ts";
import { compareLab } from "../compiler/sim/lab/compare.ts";
import type { SimPlan } from "../compiler/sim/plan.ts";

const agents = process.env["LAB_AGENTS"] ?? "random,random";
const games = Number(process.env["LAB_GAMES"] ?? "100");
const reps = Number(process.env["LAB_REPS"] ?? "40");

/** game, card file, the text replaced and its +1, the deck holding the card, the opponent deck. */
const PLANTED = [
  ["elementis", "air-slash.yaml", "deal-damage(opponent, 1, self)", "deal-damage(opponent, 2, self)", "wind", "water"],
  ["vermilion", "wolf-pack.yaml", "hit: 1", "hit: 2", "beast-demon", "human-god"],
  [
    "gitcg",
    "diluc-tempered-sword.yaml",
    "deal-damage(opponent.active, 2, physical, self)",
    "deal-damage(opponent.active, 3, physical, self)",
    "diluc-bennett-xingqiu",
    "kaeya-ganyu-mona",
  ],
] as const;

const plan = (game: string, seed: number): SimPlan => ({
  game,
  inputs: "bench",
  agents: agents.split(","),
  games,
  seed,
  decks: [null, null],
  options: {},
  version: null,
  maxDecisions: 100000,
});

const tmp = mkdtempSync(join(tmpdir(), "cardwright-lab-ab-"));
try {
  for (const [game, file, from, to, holder, other] of PLANTED) {
    cpSync(join(ROOT, "cards", game), join(tmp, "cards", game), { recursive: true });
    const path = join(tmp, "cards", game, "cards", file);
    const text = readFileSync(path, "utf8");
    if (!text.includes(from)) throw new Error(`${file} no longer has '${from}'`);
    writeFileSync(path, text.replace(from, to));
    const A = await loadChecked(game);
    const B = await loadChecked(game, tmp);
    const pick = (x: typeof A) =>
      deckRules(x.model?.decks ?? [], x.module as NonNullable<typeof x.module>)
        .decks.filter((d) => d.id === holder || d.id === other)
        .map((d) => ({ id: d.id, zones: d.zones }));
    const t0 = performance.now();
    const c = compareLab({
      a: A.module as NonNullable<typeof A.module>,
      b: B.module as NonNullable<typeof B.module>,
      base: plan(game, 1),
      decksA: pick(A),
      decksB: pick(B),
      agents: parseAgents(agents),
    });
    for (const x of c.changes) {
      const up = x.row === holder ? "up" : "down";
      console.log(
        `${game}: ${file} ${from} → ${to}: ${x.row} vs ${x.column} ${((x.a ?? 0) * 100).toFixed(1)}% → ${((x.b ?? 0) * 100).toFixed(1)}%, ${(100 * (x.diff?.diff ?? 0)).toFixed(1)} points (${(100 * (x.diff?.low ?? 0)).toFixed(1)} to ${(100 * (x.diff?.high ?? 0)).toFixed(1)}), adjusted p ${x.adjusted.toPrecision(3)}: ${x.verdict}${x.verdict === up ? " (right)" : " (MISSED)"} — ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
    }
  }

  // Calibration: elementis, all three decks, A against A on disjoint seeds.
  const E = await loadChecked("elementis");
  const decks = deckRules(E.model?.decks ?? [], E.module as NonNullable<typeof E.module>).decks.map((d) => ({
    id: d.id,
    zones: d.zones,
  }));
  let tests = 0;
  let raw = 0;
  let runsWithMove = 0;
  for (let r = 0; r < reps; r++) {
    const c = compareLab({
      a: E.module as NonNullable<typeof E.module>,
      b: E.module as NonNullable<typeof E.module>,
      base: plan("elementis", 1000 + 2 * r),
      seedB: 1001 + 2 * r,
      decksA: decks,
      decksB: decks,
      agents: parseAgents(agents),
    });
    tests += c.changes.length;
    raw += c.changes.filter((x) => x.p < 0.05).length;
    if (c.changes.some((x) => x.verdict !== "same")) runsWithMove++;
  }
  console.log(
    `calibration (elementis, ${agents}, ${games} games per ordered pairing, ${reps} A-against-A runs on disjoint seeds): ` +
      `false moves ${raw} of ${tests} matchup tests (${((100 * raw) / tests).toFixed(1)}%, α = 5%); ` +
      `runs with any move after Holm ${runsWithMove} of ${reps} (${((100 * runsWithMove) / reps).toFixed(1)}%)`,
  );
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
