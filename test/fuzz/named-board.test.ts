/**
 * A shrunk board as a scenario writes it: references to cards and players by name (`{ ref:
 * me.main.kumonryu-shishin }`) where a name fits one entity only, else by number; read back by the
 * scenario runner, both give the board the fuzzer replayed (VERMILION's `base`, VM-AWAKEN-3).
 */
import { describe, expect, it } from "vitest";
import { scenarioBoard } from "../../compiler/scenarios/runner.ts";
import { refBoard, runtimeBoard, type FuzzBoard } from "../../compiler/node/fuzz/board.ts";
import { boardToGiven, scenarioFileText } from "../../compiler/core/scenario/codec.ts";
import { gameModule } from "../kit/games.ts";

const card = (
  from: number,
  id: string,
  props: FuzzBoard["players"][number]["zones"][string][number]["props"] = {},
) => ({ from, card: id, props });

/** Two kumonryu-shishin on `me`'s field would make `me.main.kumonryu-shishin` ambiguous: `twins` adds one. */
function board(twins: boolean): FuzzBoard {
  return {
    game: { current: { entity: 2 } },
    players: [
      {
        seat: 2,
        props: {},
        zones: {
          main: [card(40, "kumonryu-shishin"), ...(twins ? [card(41, "kumonryu-shishin")] : [])],
          under: [card(42, "kumonryu-shishin", { base: { entity: 40 } })],
        },
      },
      { seat: 1, props: {}, zones: { deck: [card(50, "imp")] } },
    ],
  };
}

describe("fuzz boards written with names (VM-AWAKEN-3)", () => {
  it("a reference that one name fits is written by name, and the runner reads back the numbers the fuzzer replayed", async () => {
    const module = await gameModule("vermilion");
    const { given, numbered } = boardToGiven(refBoard(board(false)));
    expect(numbered).toBe(false);
    expect(given["game"]).toEqual({ current: { ref: "me" } });
    expect((given["me"] as Record<string, unknown>)["under"]).toEqual([
      { card: "kumonryu-shishin", base: { ref: "me.main.kumonryu-shishin" } },
    ]);
    const text = scenarioFileText([{ name: "s", seed: 3, given }]);
    expect(text).toContain("under: [{ card: kumonryu-shishin, base: { ref: me.main.kumonryu-shishin } }]");
    const read = scenarioBoard(module, "s.yaml", text, "s");
    if (!("board" in read)) throw new Error(JSON.stringify(read));
    const replayed = runtimeBoard(board(false));
    expect(read.board.players.map((p) => p.zones)).toEqual(replayed.players.map((p) => p.zones));
    expect(read.board.game).toEqual(replayed.game);
  });
  it("when the name would fit two cards the number stays, and the file must say how boards number entities", () => {
    const { given, numbered } = boardToGiven(refBoard(board(true)));
    expect(numbered).toBe(true);
    // me is 1, opponent 2, then the cards from 3: the first kumonryu-shishin on the field is 3.
    expect((given["me"] as Record<string, unknown>)["under"]).toEqual([{ card: "kumonryu-shishin", base: 3 }]);
  });
});
