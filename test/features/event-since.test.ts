import { describe, expect, it } from "vitest";
import { renderDiagnostic } from "../../compiler/core/text/diagnostics.ts";
import { Engine, renderLog } from "../../runtime/index.ts";
import { loadToyGame } from "../kit/toy-game.ts";

const rules = (since: string) => `
game: since
name: Since
players: 2
match: { games: 1, wins: 1 }
zones:
  board: { visibility: public }
kinds:
  token:
    active-in: [board]
    fields: {}
events:
  begin: { fields: { by: player } }
  done:
    fields: { by: player, start: event<begin> }
    ${since}
  plain: { fields: { by: player } }
windows: [main]
actions:
  stop:
    window: main
flow:
  game: |
    create old in me.board
    let b = emit begin { by: me }
    create young in me.board
    emit done { by: me, start: b }
    emit plain { by: me }
    act main by me
    win me
`;
const token = (id: string) => `
id: ${id}
kind: token
name: ${id}
on:
  - event: done
    do: log "${id} hears done"
  - event: plain
    do: log "${id} hears plain"
`;

async function compile(since: string) {
  return loadToyGame("since", {
    "rules.yaml": rules(since),
    "cards/old.yaml": token("old"),
    "cards/young.yaml": token("young"),
  });
}

describe("events with `since`", () => {
  it("a card created after the `start` event does not hear the event; other events reach it", async () => {
    const { module, diagnostics } = await compile("since: start");
    if (!module) throw new Error(diagnostics.map(renderDiagnostic).join("\n"));
    const engine = new Engine(module);
    const st = engine.newMatch({
      seed: 1,
      players: [
        { name: "A", zones: {} },
        { name: "B", zones: {} },
      ],
    });
    const heard = renderLog(st).filter((l) => l.includes(" hears "));
    expect(heard).toEqual(["old hears done", "old hears plain", "young hears plain"]);
  });

  it("without `since` both cards hear it", async () => {
    const { module } = await compile("");
    if (!module) throw new Error("no module");
    const st = new Engine(module).newMatch({
      seed: 1,
      players: [
        { name: "A", zones: {} },
        { name: "B", zones: {} },
      ],
    });
    expect(renderLog(st).filter((l) => l.includes("hears done"))).toEqual(["old hears done", "young hears done"]);
  });

  it("`since` must name an event-typed field of the event", async () => {
    const { module, diagnostics } = await compile("since: by");
    expect(module).toBeNull();
    expect(diagnostics.map((d) => renderDiagnostic(d).slice(renderDiagnostic(d).indexOf("cards/since/")))).toEqual([
      "cards/since/rules.yaml:16:12: error check/bad-since: 'since' must name a field of 'done' whose type is an event\n  hint: 'by' is not an event",
    ]);
  });
});
