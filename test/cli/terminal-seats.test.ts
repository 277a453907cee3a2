/**
 * Issue 22 item 4 in the terminal: `cardwright play --players n` seats n players of a game for a
 * range of them (Coup, `players: { min: 2, max: 6 }`, whose rules deal: CP-SETUP-1 / CP-SETUP-2),
 * with a person at seat 1 and random agents at the others, played to the end for 2, 3 and 6 seats.
 */
import { describe, expect, it } from "vitest";
import { cli } from "../kit/cli.ts";

describe("cardwright play --players: every count of seats a game allows", () => {
  for (const seats of [2, 3, 6])
    it(`Coup with ${seats} seats: every seat on the board, the game's deck under 'game', played to a winner`, async () => {
      const agents = ["human", ...Array.from({ length: seats - 1 }, () => "random")].join(",");
      // The person always answers with the first option (income, no challenge, no block…).
      const r = await cli(
        ["play", "coup", "--players", String(seats), "--seed", "3", "--agents", agents],
        Array.from({ length: 300 }, () => "1"),
      );
      expect(r.err).toBe("");
      expect(r.code).toBe(0);
      const names = Array.from({ length: seats }, (_, i) => `P${i + 1}`);
      expect(r.out).toContain(`Game 1 begins: ${names.join(" vs ")}\n`);
      // The first board: the court deck is the game's (15 cards less two per seat); P1 reads its
      // own two cards, every other seat shows two hidden ones and its two coins.
      const others = names
        .slice(1)
        .map((p) => `${p}: coins 2\n  hand: 2 cards\n`)
        .join("");
      expect(r.out).toMatch(
        new RegExp(
          `game: current P\\d, turn 1\\n  deck: ${15 - 2 * seats} cards\\nP1 \\(you\\): coins 2\\n  hand \\(2\\): \\w+, \\w+\\n${others}`,
        ),
      );
      expect(r.out).not.toContain(`P${seats + 1}`);
      // CP-WIN-1: the last player with influence wins.
      expect(r.out).toMatch(new RegExp(`\\nWinner: P[1-${seats}]\\n$`));
    }, 120_000);
});
