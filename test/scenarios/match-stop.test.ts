/**
 * Issue 22: a scenario can stop on the board a game ended with (`stop: game-end`) and can start
 * in a later game of a match (`given: match: { results: […] }`); what each refuses, at its place.
 * (The scenarios that use them are in cards/elementis/scenarios/rules-win.yaml.)
 */
import { beforeAll, describe, expect, it } from "vitest";
import { renderDiagnostic } from "../../compiler/core/text/diagnostics.ts";
import { runScenarioFile } from "../../compiler/scenarios/runner.ts";
import { Engine, type GameModule } from "../../runtime/index.ts";
import { gameModule } from "../kit/games.ts";

let module: GameModule;
beforeAll(async () => {
  module = await gameModule("elementis");
});

/** One Elementis scenario (best of three, ES-MATCH-1): `head` goes above `given`, `rest` after it. */
function run(head: string[], match: string | null, rest: string[]): string[] {
  const text = [
    "scenarios:",
    "  - name: s",
    ...head.map((l) => `    ${l}`),
    "    given:",
    ...(match === null ? [] : [`      match: ${match}`]),
    "      options: { life: 1 }",
    "      me: { life: 1, hand: [air-slash, gnome] }",
    "      opponent: { life: 1, hand: [fairy, sylph] }",
    ...rest.map((l) => `    ${l}`),
    "",
  ].join("\n");
  const [r] = runScenarioFile(module, "s.yaml", text);
  return (r?.failures ?? []).map(renderDiagnostic);
}

describe("stop: game-end", () => {
  it("a step after the game ended has nothing to answer, and says why", () => {
    expect(
      run(["stop: game-end"], null, ["do:", "  - play-magia: air-slash", "  - { play-summon: fairy, by: opponent }"]),
    ).toEqual([
      "s.yaml:10:9: error scenario/failed: no decision is pending: game 1 is over, and the scenario stops there (stop: game-end)\n  hint: results: me; automatic moves since the previous step: Me chooses Gnome — Pay 1 for Air Slash (the only choice); Opponent: pass",
    ]);
  });

  it("is the only stop there is", () => {
    expect(run(["stop: turn-end"], null, [])).toEqual([
      "s.yaml:3:11: error scenario/value: 'scenarios.0.stop' must be one of: game-end",
    ]);
  });

  it("an engine that stops between games refuses answers there, and plays on as before otherwise", () => {
    const board = {
      options: { life: 1 },
      players: [
        { props: { life: 1 }, zones: { hand: ["air-slash", "gnome"] } },
        { props: { life: 1 }, zones: { hand: ["fairy", "sylph"] } },
      ],
    };
    const stopping = new Engine(module, { stopBetweenGames: true });
    const st = stopping.fromBoard(board, 1);
    const slash = stopping.legalActions(st).find((a) => a.type === "act" && a.action === "play-magia");
    if (slash === undefined) throw new Error("no play-magia");
    expect(stopping.apply(st, slash)).toEqual({ ok: true });
    expect(st.match).toEqual({ number: 1, results: [1], over: false, winner: null, between: true });
    expect(stopping.decision(st)).toBeNull();
    expect(stopping.legalActions(st)).toEqual([]);
    expect(stopping.apply(st, slash)).toEqual({
      ok: false,
      reason: "game 1 is over and this engine stops between games: the next game has not begun",
    });
    // the same answer with an ordinary engine goes on into game 2
    const plain = new Engine(module);
    const st2 = plain.fromBoard(board, 1);
    expect(plain.apply(st2, slash)).toEqual({ ok: true });
    expect(st2.match).toEqual({ number: 2, results: [1], over: false, winner: null });
    // a board of an embedder says the games already played the same way, and is refused the same way
    expect(plain.fromBoard({ ...board, match: { results: [2] } }, 1).match).toEqual({
      number: 2,
      results: [2],
      over: false,
      winner: null,
    });
    expect(() => plain.fromBoard({ ...board, match: { results: [1, 1] } }, 1)).toThrow(
      "board.match.results: seat 1 has 2 win(s), which end the match (2 needed): a board is a game still to play",
    );
  });
});

describe("given: match: { results }", () => {
  it("names each game's winner by side, or draw; anything else is an error at its place", () => {
    expect(run([], "{ results: [me, someone] }", [])).toEqual([
      "s.yaml:4:30: error scenario/value: 'scenarios.0.given.match.results.1' must be one of: me, opponent, seat3, seat4, seat5, seat6, seat7, seat8, draw",
    ]);
    expect(run([], "{ results: [draw, opponent] }", ["expect:", "  winners: [draw, opponent]"])).toEqual([]);
  });

  it("must leave the match open: two wins of three end it", () => {
    expect(run([], "{ results: [me, me] }", [])).toEqual([
      "s.yaml:4:25: error scenario/failed: me has 2 win(s) here, which end the match (2 needed): the board must be a game still to play",
    ]);
  });
});
