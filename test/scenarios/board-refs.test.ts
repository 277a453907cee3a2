/**
 * `{ ref: … }` in a scenario's `given`: a property that names a card or a player is written by
 * name, and the runner gives it the entity number the board will have (VERMILION's `base`, the
 * familiar a stacked card is under: VM-AWAKEN-3). Unknown and ambiguous references are failures
 * at their place; the static checker reports an unknown card id before anything runs.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { GameInput } from "../../compiler/core/files/check-files.ts";
import { renderDiagnostic } from "../../compiler/core/text/diagnostics.ts";
import { runScenarioFile, scenarioBoard } from "../../compiler/scenarios/runner.ts";
import { Workspace } from "../../compiler/core/workspace/workspace.ts";
import { readGame } from "../../compiler/node/project.ts";
import type { GameModule } from "../../runtime/index.ts";
import { gameModule } from "../kit/games.ts";

let module: GameModule;
beforeAll(async () => {
  module = await gameModule("vermilion");
});

/** A scenario whose `given.me` is `me` (one line of flow YAML), with `expect` lines. */
function scenario(me: string, ...expect: string[]): string {
  return [
    "scenarios:",
    "  - name: s",
    "    given:",
    `      me: ${me}`,
    "      opponent: { deck: [imp] }",
    ...(expect.length ? ["    expect:", ...expect.map((l) => `      ${l}`)] : []),
    "",
  ].join("\n");
}
const failures = (text: string) => (runScenarioFile(module, "s.yaml", text)[0]?.failures ?? []).map(renderDiagnostic);

describe("given: { ref } values (VM-AWAKEN-3 boards)", () => {
  it("me.<zone>.<card> is the number the board gives that card: players 1 and 2, then cards from 3 in board order", () => {
    const text = scenario(
      "{ deck: [imp], main: [young-dragon, { card: kumonryu-shishin, awakened: 1 }], under: [{ card: kumonryu-shishin, base: { ref: me.main.kumonryu-shishin } }] }",
    );
    const r = scenarioBoard(module, "s.yaml", text, "s");
    if (!("board" in r)) throw new Error(JSON.stringify(r));
    // imp is 3, young-dragon 4, the kumonryu-shishin on the field 5.
    expect(r.board.players[0]?.zones?.["under"]).toEqual([{ card: "kumonryu-shishin", props: { base: 5 } }]);
    expect(
      failures(
        scenario(
          "{ deck: [imp], main: [young-dragon, kumonryu-shishin], under: [{ card: kumonryu-shishin, base: { ref: me.main.kumonryu-shishin } }] }",
          "me.under.kumonryu-shishin.base: kumonryu-shishin",
        ),
      ),
    ).toEqual([]);
  });
  it("the expectation reads the resolved card back (a wrong one fails)", () => {
    expect(
      failures(
        scenario(
          "{ main: [young-dragon, kumonryu-shishin], under: [{ card: imp, base: { ref: me.young-dragon } }] }",
          "me.under.imp.base: kumonryu-shishin",
        ),
      ),
    ).toEqual([
      's.yaml:7:26: error scenario/expect: me.under.imp.base: expected "kumonryu-shishin", got "young-dragon"',
    ]);
  });
  it("an ambiguous reference says how to narrow it; a missing card names the place looked in", () => {
    const two = "{ main: [kumonryu-shishin], under: [{ card: kumonryu-shishin, base: { ref: me.kumonryu-shishin } }] }";
    expect(failures(scenario(two))).toEqual([
      "s.yaml:4:86: error scenario/failed: 2 cards 'kumonryu-shishin' on me's side: say which zone (me.<zone>.kumonryu-shishin)",
    ]);
    expect(failures(scenario("{ under: [{ card: imp, base: { ref: opponent.young-dragon } }] }"))).toEqual([
      "s.yaml:4:47: error scenario/failed: no card 'young-dragon' on opponent's side to refer to",
    ]);
    expect(failures(scenario("{ under: [{ card: imp, base: { ref: me.grave.imp } }] }"))).toEqual([
      "s.yaml:4:47: error scenario/failed: 'me.grave.imp' is not a reference: write me, opponent, <card>, me.<card> or me.<zone>.<card>",
    ]);
  });
  it("the checker reports an unknown card id in a reference at its place", () => {
    const g = readGame("vermilion");
    if ("code" in g) throw new Error(g.message);
    const ws = new Workspace(g as GameInput);
    const path = "cards/vermilion/scenarios/board-refs.yaml";
    ws.setFile(path, scenario("{ under: [{ card: imp, base: { ref: me.main.young-dragn } }] }"));
    expect(ws.diagnosticsOf(path).map((d) => renderDiagnostic(d).replace(`${path}:`, ""))).toEqual([
      "4:47: error scenario/unknown-card: unknown card 'young-dragn'\n  hint: did you mean 'young-dragon'?",
    ]);
  });
});
