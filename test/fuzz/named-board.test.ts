/**
 * A shrunk board as a scenario writes it: references to cards and players by name (`{ ref:
 * me.main.kumonryu-shishin }`) where a name fits one entity only, else by number; read back by the
 * scenario runner, both give the board the fuzzer replayed (VERMILION's `base`, VM-AWAKEN-3).
 */
import { describe, expect, it } from "vitest";
import { scenarioBoard } from "../../compiler/scenarios/runner.ts";
import { materialize, namedBoard, type FuzzBoard } from "../../compiler/node/fuzz/board.ts";
import { scenarioYaml } from "../../compiler/node/fuzz/scenario-writer.ts";
import { gameModule } from "../kit.ts";

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
    const { board: written, numbered } = namedBoard(board(false));
    expect(numbered).toBe(false);
    expect(written.game).toEqual({ current: { ref: "me" } });
    expect(written.players[0]?.zones?.["under"]).toEqual([
      { card: "kumonryu-shishin", props: { base: { ref: "me.main.kumonryu-shishin" } } },
    ]);
    const text = scenarioYaml(written, { seed: 3, steps: [] }, { name: "s", header: [] });
    expect(text).toContain("under: [{ card: kumonryu-shishin, base: { ref: me.main.kumonryu-shishin } }]");
    const read = scenarioBoard(module, "s.yaml", text, "s");
    if (!("board" in read)) throw new Error(JSON.stringify(read));
    const replayed = materialize(board(false));
    expect(read.board.players.map((p) => p.zones)).toEqual(replayed.players.map((p) => p.zones));
    expect(read.board.game).toEqual(replayed.game);
  });
  it("when the name would fit two cards the number stays, and the file must say how boards number entities", () => {
    const { board: written, numbered } = namedBoard(board(true));
    expect(numbered).toBe(true);
    // me is 1, opponent 2, then the cards from 3: the first kumonryu-shishin on the field is 3.
    expect(written.players[0]?.zones?.["under"]).toEqual([{ card: "kumonryu-shishin", props: { base: 3 } }]);
  });
});
