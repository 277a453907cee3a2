/** The result of `cardwright sim` from game records (compiler/sim/aggregate.ts), and one game's record when the rules fault (play.ts). */
import { describe, expect, it } from "vitest";
import { aggregate } from "../../compiler/sim/aggregate.ts";
import { slot, type SimPlan } from "../../compiler/sim/plan.ts";
import { playGame } from "../../compiler/sim/play.ts";
import type { GameRecord } from "../../compiler/sim/record.ts";
import { wilson } from "../../compiler/sim/stats.ts";
import type { Engine, State } from "../../runtime/index.ts";

const plan: SimPlan = {
  game: "g",
  inputs: "0",
  agents: ["random", "first"],
  games: 6,
  seed: 3,
  decks: [null, null],
  options: {},
  version: null,
  maxDecisions: 100,
};

function rec(game: number, outcome: GameRecord["outcome"], winner: number | null, decisions: number): GameRecord {
  const s = slot(plan, game);
  return {
    game,
    seed: s.seed,
    seats: s.seatAgents,
    decks: [null, null],
    outcome,
    winner,
    decisions,
    matchGames: 1,
    ...(outcome === "fault" ? { fault: `boom ${game}` } : {}),
  };
}

describe("aggregate", () => {
  it("wins, losses and draws per agent and seat; a draw scores ½; timeouts and faults are counted apart and score nothing", () => {
    // Games 0, 2, 4 seat A1 in P1; games 1, 3, 5 seat A2 in P1.
    const records = [
      rec(0, "win", 1, 10),
      rec(1, "win", 1, 20),
      rec(2, "draw", null, 30),
      rec(3, "win", 2, 40),
      rec(4, "timeout", null, 100),
      rec(5, "fault", null, 5),
    ];
    const r = aggregate(plan, records);
    const [a1, a2] = r.agents;
    // A1: won game 0 (P1) and game 3 (in P2, P2 won), lost game 1 (in P2), drew game 2.
    expect(a1).toMatchObject({
      agent: "A1",
      name: "random",
      games: 4,
      wins: 2,
      losses: 1,
      draws: 1,
      score: 2.5,
      rate: 0.625,
      timeouts: 1,
      faults: 1,
    });
    expect(a2).toMatchObject({
      agent: "A2",
      name: "first",
      games: 4,
      wins: 1,
      losses: 2,
      draws: 1,
      score: 1.5,
      rate: 0.375,
      timeouts: 1,
      faults: 1,
    });
    const iv = wilson(2.5, 4);
    expect(a1?.interval).toEqual({
      low: Math.round((iv?.low ?? 0) * 1e6) / 1e6,
      high: Math.round((iv?.high ?? 0) * 1e6) / 1e6,
    });
    expect(a1?.seats).toEqual([
      expect.objectContaining({ seat: 1, games: 2, wins: 1, losses: 0, draws: 1 }),
      expect.objectContaining({ seat: 2, games: 2, wins: 1, losses: 1, draws: 0 }),
    ]);
    // P1 won games 0 and 1, lost game 3, drew game 2: 2.5 of 4, an advantage of 0.125 over ½.
    expect(r.seats[0]).toMatchObject({ seat: 1, games: 4, wins: 2, losses: 1, draws: 1, score: 2.5 });
    expect(r.firstSeat).toMatchObject({ rate: 0.625, advantage: 0.125, sameDecks: true });
    expect(r).toMatchObject({ games: 6, timeouts: 1, faults: 1, faultList: [{ game: 5, message: "boom 5" }] });
    expect(r.length.decisions).toEqual({ min: 5, median: 25, mean: 34.167, max: 100 });
  });

  it("with different decks in the seats, seat 1's score is its seat and deck together: no advantage is claimed", async () => {
    const { renderResult } = await import("../../compiler/sim/render.ts");
    const deck = (id: string) => ({ id, zones: { deck: ["x"] } });
    const mixed: SimPlan = { ...plan, games: 4, decks: [deck("healers"), deck("burners")] };
    // P1 (healers) won game 0 only: 1 of 4. Agents rotate, the decks stay: this is no first-seat figure.
    const records = [rec(0, "win", 1, 10), rec(1, "win", 2, 10), rec(2, "win", 2, 10), rec(3, "win", 2, 10)].map(
      (r) => ({ ...r, decks: ["healers", "burners"] }),
    );
    const r = aggregate(mixed, records);
    expect(r.firstSeat).toMatchObject({ rate: 0.25, advantage: null, sameDecks: false });
    expect(renderResult(r).find((l) => l.startsWith("first seat"))).toBe(
      "first seat (P1, deck healers): scores 25.0% (95% 4.6% – 69.9%): its seat and its deck together, as the seats hold different decks; the same deck in every seat measures the seat alone (--matrix plays both orders)",
    );
    // The same deck in both seats: the seat alone, and its advantage.
    const same = aggregate({ ...mixed, decks: [deck("healers"), deck("healers")] }, records);
    expect(same.firstSeat).toMatchObject({ rate: 0.25, advantage: -0.25, sameDecks: true });
  });

  it("records out of game order are an internal error, not a silently different result", () => {
    expect(() => aggregate(plan, [rec(1, "win", 1, 1), rec(0, "win", 1, 1)])).toThrow("aggregate: record 0 is game 1");
  });
});

describe("playGame", () => {
  it("a fault of the rules is the game's record: outcome fault, the decision it happened at and the message", () => {
    const state = { match: { over: false, winner: null, results: [], number: 1 } } as unknown as State;
    let applied = 0;
    const engine = {
      newMatch: () => state,
      toMove: () => 1,
      legalActions: () => [{ type: "pass" }],
      apply: () => {
        if (++applied === 3) throw new Error("division by zero at cards/x.yaml:4:7");
        return { ok: true };
      },
    } as unknown as Engine;
    const r = playGame(engine, plan, [{ kind: "first" }, { kind: "random" }], 0);
    expect(r).toEqual({
      game: 0,
      seed: slot(plan, 0).seed,
      seats: [0, 1],
      decks: [null, null],
      outcome: "fault",
      winner: null,
      decisions: 2,
      matchGames: 0,
      fault: "decision 3: division by zero at cards/x.yaml:4:7",
    });
  });
});

describe("renderResult", () => {
  it("percentages to one decimal, intervals as low – high, the first seat's advantage in points, faults listed", async () => {
    const { renderResult } = await import("../../compiler/sim/render.ts");
    const records = [
      rec(0, "win", 1, 10),
      rec(1, "win", 1, 20),
      rec(2, "draw", null, 30),
      rec(3, "win", 2, 40),
      rec(4, "timeout", null, 100),
      rec(5, "fault", null, 5),
    ];
    // The intervals: wilson(2.5, 4) = 0.2194–0.9081 and wilson(1.5, 4) = 0.0919–0.7806 (the closed form in Python).
    const lines = renderResult(aggregate(plan, records));
    expect(lines.slice(2, 5)).toEqual([
      "agent      games  wins  losses  draws  score   95% interval  timeouts  faults",
      "A1 random      4     2       1      1  62.5%  21.9% – 90.8%         1       1",
      "A2 first       4     1       2      1  37.5%   9.2% – 78.1%         1       1",
    ]);
    expect(lines.slice(-4)).toEqual([
      "first seat (P1): scores 62.5% (95% 21.9% – 90.8%), an advantage of +12.5 points over 50.0%",
      "length: 5 / 25 / 34.167 / 100 decisions (min / median / mean / max)",
      "timeouts: 1 (no end within 100 decisions), faults: 1",
      "  game 5: boom 5",
    ]);
  });
});
