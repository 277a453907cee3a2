/** matchEnd: the one test of whether a match's results end it (the runtime's end of a game, boards, scenarios). */
import { describe, expect, it } from "vitest";
import { matchEnd } from "../../runtime/index.ts";

const bestOfThree = { games: 3, winsNeeded: 2 };

describe("matchEnd", () => {
  it("goes on while no seat has the wins needed and games are left", () => {
    expect(matchEnd([], bestOfThree)).toBeNull();
    expect(matchEnd([1], bestOfThree)).toBeNull();
    expect(matchEnd([1, 2], bestOfThree)).toBeNull();
    expect(matchEnd([null, 2], bestOfThree)).toBeNull();
  });

  it("ends with the seat that reached the wins needed, and its wins", () => {
    expect(matchEnd([2, 2], bestOfThree)).toEqual({ by: "wins", seat: 2, wins: 2 });
    expect(matchEnd([1, null, 1], bestOfThree)).toEqual({ by: "wins", seat: 1, wins: 2 });
  });

  it("ends when every game was played, draws included; a deciding win in the last game is named as the win", () => {
    expect(matchEnd([1, 2, null], bestOfThree)).toEqual({ by: "games", played: 3 });
    expect(matchEnd([null, null, null], bestOfThree)).toEqual({ by: "games", played: 3 });
    expect(matchEnd([1, 2, 2], bestOfThree)).toEqual({ by: "wins", seat: 2, wins: 2 });
  });

  it("counts seats beyond two", () => {
    expect(matchEnd([3, 1, 3], { games: 5, winsNeeded: 2 })).toEqual({ by: "wins", seat: 3, wins: 2 });
    expect(matchEnd([3, 1, 2], { games: 5, winsNeeded: 2 })).toBeNull();
  });
});
