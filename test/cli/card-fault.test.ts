import { join, relative } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { CARD_FAULT, INTERNAL_ERROR, reportFault } from "../../compiler/node/cli/fault.ts";
import { RuntimeFault } from "../../runtime/index.ts";
import { cli } from "../kit/cli.ts";
import { writeGame } from "../kit/toy-game.ts";

const RULES = `game: bomb
name: Bomb
players: 2
match: { games: 1, wins: 1 }
zones:
  hand: { visibility: owner }
kinds:
  widget: {}
windows: [main]
actions:
  stop:
    window: main
flow:
  game: |
    let _a = act main by me
    let xs = [1]
    while true {
      xs = xs + xs
    }
`;

describe("a card's fault is the card's (issue 16)", () => {
  const root = writeGame({ "rules.yaml": RULES, "cards/gear.yaml": "id: gear\nkind: widget\nname: Gear\n" }, "bomb");

  it("play: file:line:col: fault: <reason> (<what>), exit 4, no 'internal error'", async () => {
    const r = await cli(["play", "bomb", "--root", root, "--quiet"]);
    const rules = relative(process.cwd(), join(root, "cards", "bomb", "rules.yaml"));
    expect(r.err).toBe(
      `${rules}:18:7: fault: limit: a list of 131072 items is longer than the limit of 100000 (flow: each game)\n`,
    );
    expect(r.code).toBe(4);
  });

  it("an error that is not a positioned fault of the game stays an internal error (exit 70)", () => {
    const written: string[] = [];
    const spy = vi.spyOn(process.stderr, "write").mockImplementation((s) => (written.push(String(s)), true));
    try {
      expect(reportFault(new RuntimeFault("apply", undefined, "broken"))).toBe(INTERNAL_ERROR);
      expect(reportFault(new TypeError("x is undefined"))).toBe(INTERNAL_ERROR);
      expect(
        reportFault(new RuntimeFault("h", { file: "a.yaml", line: 3, col: 2, what: "A: effect" }, "division by\nzero")),
      ).toBe(CARD_FAULT);
    } finally {
      spy.mockRestore();
    }
    expect(written).toEqual([
      "internal error: apply: broken\n",
      "(set CARDWRIGHT_DEBUG=1 for details; please report this)\n",
      "internal error: x is undefined\n",
      "(set CARDWRIGHT_DEBUG=1 for details; please report this)\n",
      "a.yaml:3:2: fault: division by\\u{a}zero (A: effect)\n",
    ]);
  });
});
