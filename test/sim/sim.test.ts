/**
 * `cardwright sim` (issue 18 item 5), in process: the same seed gives byte-identical JSON with one
 * worker thread or two; the result follows from the games' records; a run cut off mid-line resumes
 * to the same result and file as one that was not; bad input is one line and exit 2.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { listGames } from "../../compiler/node/project.ts";
import type { SimResult } from "../../compiler/sim/aggregate.ts";
import type { GameRecord } from "../../compiler/sim/record.ts";
import { wilson } from "../../compiler/sim/stats.ts";
import { cli } from "../kit/cli.ts";
import { tempDir } from "../kit/temp.ts";

const dir = tempDir("cw-sim-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const RUN = ["sim", "elementis", "--agents", "random,random", "--games", "40", "--seed", "5", "--json"];

/** The uninterrupted run with two workers and its out file, shared by the tests below (run once, by the first that asks). */
let fullRun: Promise<{ code: number; out: string; err: string; file: string }> | null = null;
const full = () =>
  (fullRun ??= (async () => {
    const path = join(dir, "full.jsonl");
    const r = await cli([...RUN, "--workers", "2", "--out", path]);
    return { ...r, file: readFileSync(path, "utf8") };
  })());

const recordsOf = (file: string): GameRecord[] =>
  file
    .trim()
    .split("\n")
    .slice(1)
    .map((l) => JSON.parse(l) as GameRecord);

describe("cardwright sim", () => {
  it("40 Elementis games between random agents: the same JSON, byte for byte, with 1 worker and with 2", async () => {
    const two = await full();
    const one = await cli([...RUN, "--workers", "1"]);
    expect(two.err).toBe("");
    expect(one.code).toBe(0);
    expect(two.code).toBe(0);
    expect(one.out).toBe(two.out);
  });

  it("the result is the tally of the out file's records: seats rotate over paired deals, Wilson intervals of the scores", async () => {
    const { out, file } = await full();
    const result = JSON.parse(out) as SimResult;
    const records = recordsOf(file);
    expect(records.map((r) => r.game)).toEqual([...Array(40).keys()]);
    // Paired seeds: the two games of a deal share its seed and swap the agents' seats.
    for (let i = 0; i < 40; i += 2) {
      expect(records[i + 1]?.seed).toBe(records[i]?.seed);
      expect(records[i]?.seats).toEqual([0, 1]);
      expect(records[i + 1]?.seats).toEqual([1, 0]);
      expect(records[i]?.decks).toEqual(["fire", "water"]);
    }
    expect(new Set(records.map((r) => r.seed)).size).toBe(20);
    expect(result.games).toBe(40);
    for (const a of [0, 1]) {
      const played = records.filter((r) => r.outcome === "win" || r.outcome === "draw");
      const wins = played.filter((r) => r.outcome === "win" && r.seats[(r.winner as number) - 1] === a).length;
      const draws = played.filter((r) => r.outcome === "draw").length;
      const ag = result.agents[a];
      expect(ag?.agent).toBe(`A${a + 1}`);
      expect(ag?.wins).toBe(wins);
      expect(ag?.draws).toBe(draws);
      expect(ag?.losses).toBe(played.length - wins - draws);
      expect(ag?.score).toBe(wins + draws / 2);
      const iv = wilson(wins + draws / 2, played.length);
      expect(ag?.interval?.low).toBeCloseTo(iv?.low ?? NaN, 6);
      expect(ag?.interval?.high).toBeCloseTo(iv?.high ?? NaN, 6);
      expect(ag?.seats.map((s) => s.games)).toEqual([20, 20]);
    }
    // Seat 1's score is that of whoever sat there; with Elementis's two decks (fire in P1, water
    // in P2) it is the seat's and the deck's together, so no first-seat advantage is claimed.
    const p1 =
      records.filter((r) => r.outcome === "win" && r.winner === 1).length +
      records.filter((r) => r.outcome === "draw").length / 2;
    expect(result.seats[0]?.score).toBe(p1);
    expect(result.plan.decks).toEqual(["fire", "water"]);
    expect(result.firstSeat.rate).toBeCloseTo(p1 / 40, 6);
    expect(result.firstSeat).toMatchObject({ sameDecks: false, advantage: null });
    expect(result.length.decisions?.max).toBe(Math.max(...records.map((r) => r.decisions)));
    expect(result.timeouts + result.faults).toBe(
      records.filter((r) => r.outcome === "timeout" || r.outcome === "fault").length,
    );
  });

  it("--resume after an out file cut off mid-line: the same JSON and the same file as the run that was not cut off", async () => {
    const whole = await full();
    const lines = whole.file.split("\n");
    const cut = join(dir, "cut.jsonl");
    // The header, 13 games and half of the 14th: as a run killed while writing leaves it.
    writeFileSync(cut, `${lines.slice(0, 14).join("\n")}\n${(lines[14] ?? "").slice(0, 20)}`);
    const r = await cli([...RUN, "--workers", "2", "--out", cut, "--resume"]);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    expect(r.out).toBe(whole.out);
    expect(readFileSync(cut, "utf8")).toBe(whole.file);
    // A finished run resumed plays nothing and prints the same result.
    const again = await cli([...RUN, "--out", cut, "--resume"]);
    expect(again.out).toBe(whole.out);
    expect(readFileSync(cut, "utf8")).toBe(whole.file);
    // The kept games are read, not played again: a changed record changes the result.
    const flipped = join(dir, "flipped.jsonl");
    const first = JSON.parse(lines[1] ?? "") as GameRecord;
    const swapped: GameRecord =
      first.outcome === "win"
        ? { ...first, winner: first.winner === 1 ? 2 : 1 }
        : { ...first, outcome: "win", winner: 1 };
    writeFileSync(flipped, [lines[0], JSON.stringify(swapped), ...lines.slice(2, 10)].join("\n") + "\n");
    const changed = await cli([...RUN, "--workers", "1", "--out", flipped, "--resume"]);
    expect(changed.code).toBe(0);
    expect((JSON.parse(changed.out) as SimResult).agents[0]?.wins).not.toBe(
      (JSON.parse(whole.out) as SimResult).agents[0]?.wins,
    );
  });

  it("--resume refuses an out file of other inputs, naming what differs, and leaves it as it was", async () => {
    const whole = await full();
    const other = join(dir, "other.jsonl");
    writeFileSync(other, whole.file);
    const seed = await cli([
      "sim",
      "elementis",
      "--agents",
      "random,random",
      "--games",
      "40",
      "--seed",
      "6",
      "--out",
      other,
      "--resume",
    ]);
    expect(seed.code).toBe(2);
    expect(seed.err).toBe(
      `error: --resume: ${other} holds a run with other inputs: --seed (5 in the file, 6 now); give the same options to continue it, or another --out\n`,
    );
    const agents = await cli([
      "sim",
      "elementis",
      "--agents",
      "random,first",
      "--games",
      "40",
      "--seed",
      "5",
      "--out",
      other,
      "--resume",
    ]);
    expect(agents.err).toBe(
      `error: --resume: ${other} holds a run with other inputs: --agents (random,random in the file, random,first now); give the same options to continue it, or another --out\n`,
    );
    // A game rebuilt from other rules or cards has another inputs hash.
    const [head = "", ...rest] = whole.file.split("\n");
    const stale = head.replace(/"inputs":"[0-9a-f]+"/, '"inputs":"0000000000000000"');
    expect(stale).not.toBe(head);
    writeFileSync(other, [stale, ...rest].join("\n"));
    const inputs = await cli([...RUN, "--out", other, "--resume"]);
    expect(inputs.code).toBe(2);
    expect(inputs.err).toBe(
      `error: --resume: ${other} holds a run with other inputs: the game's inputs hash (its rules, cards or the compiler changed); give the same options to continue it, or another --out\n`,
    );
    expect(readFileSync(other, "utf8")).toBe([stale, ...rest].join("\n"));
    // A broken record in the middle is named by its line.
    writeFileSync(other, [head, rest[0], "{not json", ...rest.slice(2)].join("\n"));
    const broken = await cli([...RUN, "--out", other, "--resume"]);
    expect(broken.err).toBe(`error: --resume: ${other}:3: not JSON\n`);
  });

  it("the text table; a game without an end within --max-decisions is a timeout, which scores nothing", async () => {
    const r = await cli([
      "sim",
      "elementis",
      "--agents",
      "random,first",
      "--games",
      "2",
      "--workers",
      "1",
      "--max-decisions",
      "5",
      "--decks",
      "wind",
    ]);
    expect(r.code).toBe(0);
    expect(r.out).toBe(
      [
        "elementis: 2 game(s) (1 deal(s) × 2 seat rotations), seed 1, P1 wind, P2 wind",
        "",
        "agent      games  wins  losses  draws  score  95% interval  timeouts  faults",
        "A1 random      0     0       0      0      –             –         2       0",
        "A2 first       0     0       0      0      –             –         2       0",
        "",
        "agent / seat     games  wins  losses  draws  score  95% interval",
        "A1 random in P1      0     0       0      0      –             –",
        "A1 random in P2      0     0       0      0      –             –",
        "A2 first in P1       0     0       0      0      –             –",
        "A2 first in P2       0     0       0      0      –             –",
        "anyone in P1         0     0       0      0      –             –",
        "anyone in P2         0     0       0      0      –             –",
        "",
        "first seat (P1): scores – (95% –), an advantage of – over 50.0%",
        "length: 5 / 5 / 5 / 5 decisions (min / median / mean / max)",
        "timeouts: 2 (no end within 5 decisions), faults: 0",
        "",
      ].join("\n"),
    );
  });

  it("Coup with three agents seats three (the agents say how many, within the rules' 2 to 6), and the observing agents deal the shared court deck", async () => {
    // The court deck is the game's own (created at setup, owned by no seat): greedy's worlds must
    // deal it from the cards the game created, not from the seats' (empty) deck lists.
    const r = await cli([
      "sim",
      "coup",
      "--agents",
      "greedy,random,random",
      "--games",
      "3",
      "--workers",
      "1",
      "--json",
    ]);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    const result = JSON.parse(r.out) as SimResult;
    expect(result.plan.agents).toEqual(["greedy", "random", "random"]);
    expect(result.plan.decks).toEqual([null, null, null]);
    expect(result.games).toBe(3);
    expect(result.faults).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(result.agents.map((a) => a.wins + a.losses + a.draws)).toEqual([3, 3, 3]);
    expect(result.agents.reduce((n, a) => n + a.wins, 0)).toBe(3);
  });

  const out = join(dir, "never.jsonl");
  const exists = join(dir, "exists.jsonl");
  writeFileSync(exists, "");
  const S = ["sim", "elementis"];
  const MISTAKES: readonly (readonly [readonly string[], string])[] = [
    [
      ["sim", "nope", "--agents", "random,random", "--games", "2"],
      `error: no game 'nope' under cards/ (games: ${listGames().join(", ")})`,
    ],
    [
      [...S, "--agents", "random,clever", "--games", "2"],
      "error: unknown agent 'clever'; agents: random, first, human, greedy, mcts[:budget], dmcts[:budget]",
    ],
    [
      [...S, "--agents", "random,human", "--games", "2"],
      "error: --agents: 'human' needs a person at the terminal; sim plays automatic agents only",
    ],
    [
      [...S, "--agents", "random,random", "--games", "0"],
      "error: --games must be a whole number from 1 to 1000000000, got '0'",
    ],
    [
      [...S, "--agents", "random,random", "--games", "-4"],
      "error: --games must be a whole number from 1 to 1000000000, got '-4'",
    ],
    [
      [...S, "--agents", "random,random,random", "--games", "6", "--out", out],
      "error: --agents names 3 agent(s) for the 2 seats of 'elementis': give one agent per seat",
    ],
    [
      [...S, "--agents", "random", "--games", "2"],
      "error: --agents names 1 agent(s) for the 2 seats of 'elementis': give one agent per seat",
    ],
    [
      [...S, "--agents", "random,first", "--games", "3"],
      "error: --games must be a multiple of 2 (the seats of 'elementis'), so that every agent plays every seat of each deal; got 3",
    ],
    [
      [...S, "--agents", "random,first", "--games", "2", "--workers", "0"],
      "error: --workers must be a whole number from 1 to 1000000000, got '0'",
    ],
    [
      [...S, "--agents", "random,first", "--games", "2", "--workers", "1000"],
      "error: --workers must be at most 256, got 1000",
    ],
    [
      [...S, "--agents", "random,first", "--games", "2", "--decks", "fire,lava"],
      "error: no deck 'lava'; decks: fire, water, wind",
    ],
    [
      [...S, "--agents", "random,first", "--games", "2", "--resume"],
      "error: --resume continues the run of an --out file: give --out <file>",
    ],
    [
      [...S, "--agents", "random,first", "--games", "2", "--out", exists],
      `error: --out: '${exists}' exists: give --resume to continue the run it holds, or another file`,
    ],
    [
      ["sim", "coup", "--agents", "random,random,random,random,random,random,random", "--games", "7"],
      "error: --agents names 7 agent(s); 'coup' seats 2 to 6 players: give one agent per seat",
    ],
    [[...S, "--games", "2"], "error: required option '--agents <list>' not specified (see cardwright --help)"],
  ];
  for (const [args, message] of MISTAKES) {
    it(`${args.slice(2).join(" ")} → ${message}`, async () => {
      const r = await cli(args);
      expect(r.code).toBe(2);
      expect(r.err).toBe(`${message}\n`);
      expect(r.out).toBe("");
      expect(existsSync(out)).toBe(false);
    });
  }
});
