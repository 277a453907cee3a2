/**
 * Issue 18 item 3: `evaluate:` in rules.yaml: pure code returning a number from `me`'s point of
 * view, checked like a function (names, the type of every return, no call that changes the
 * game), compiled into the module and read through Engine.evaluate. A game without one gets null.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkGame } from "../../compiler/core/workspace/workspace.ts";
import { renderDiagnostic } from "../../compiler/core/text/diagnostics.ts";
import { scenarioBoard } from "../../compiler/scenarios/runner.ts";
import { gameDir } from "../../compiler/node/project.ts";
import { Engine } from "../../runtime/index.ts";
import { gameModule } from "../kit/games.ts";

const DIR = gameDir("elementis");
const rules = readFileSync(join(DIR, "rules.yaml"), "utf8");
const cards = readdirSync(join(DIR, "cards")).map((f) => ({
  path: `cards/elementis/cards/${f}`,
  text: readFileSync(join(DIR, "cards", f), "utf8"),
}));
/** The Elementis rules with another `evaluate:` block (or none). */
const withEvaluate = (block: string | null) =>
  rules.replace(/\nevaluate: \|\n(?: {2}.*\n)+/, block === null ? "\n" : `\nevaluate: |\n${block}\n`);
const diagnose = (block: string) => {
  const text = withEvaluate(block);
  const line = text.split("\n").indexOf("evaluate: |") + 1;
  return {
    line,
    diags: checkGame({ rules: { path: "cards/elementis/rules.yaml", text }, cards })
      .diagnostics.filter((d) => d.severity === "error")
      .map(renderDiagnostic),
  };
};

describe("evaluate: in rules.yaml", () => {
  it("a draw from the RNG, a text returned and an unknown name are errors at their place", () => {
    const { line, diags } = diagnose(
      ["  let luck = random(3)", '  if luck == 0 { return "bad" }', "  return me.lief"].join("\n"),
    );
    expect(diags).toEqual([
      `cards/elementis/rules.yaml:${line + 1}:14: error check/evaluate-changes: the evaluation calls 'random', which changes the game it evaluates\n  hint: an evaluation only reads the state: drop the call`,
      `cards/elementis/rules.yaml:${line + 2}:25: error check/type: wrong type of result (found text)`,
      `cards/elementis/rules.yaml:${line + 3}:13: error check/unknown-member: a player has no property or zone 'lief'\n  hint: did you mean 'life'?`,
    ]);
  });

  it("may not change the game: a property set is refused as impure", () => {
    const { line, diags } = diagnose(["  me.life = 0", "  return 0"].join("\n"));
    expect(diags).toHaveLength(1);
    expect(diags[0]).toMatch(new RegExp(`^cards/elementis/rules\\.yaml:${line + 1}:3: error check/impure: `));
  });

  it("Elementis's evaluation of the won-in-one board, from each side: life even, one card more held, one power more on the field", async () => {
    const module = await gameModule("elementis");
    expect(module.rules.evaluate).toBe("evaluate");
    expect(module.sources["evaluate"]).toMatchObject({
      file: "cards/elementis/rules.yaml",
      what: "evaluate: how good the state is for me",
    });
    const r = scenarioBoard(
      module,
      "agents.yaml",
      readFileSync(join(DIR, "scenarios", "agents.yaml"), "utf8"),
      "won in one: Griffon cannot be blocked (ES-BLOCK-1) and deals 3 to a player at 3 life (ES-DAMAGE-1, ES-WIN-1)",
    );
    if (!("board" in r)) throw new Error("no board");
    const engine = new Engine(module);
    const state = engine.fromBoard(r.board, r.seed);
    const before = engine.hash(state);
    // life 60 × 0 / 3; held 3 × (3 − 2); power 2 × (3 + 1 − 3)
    expect(engine.evaluate(state, 1)).toBe(5);
    expect(engine.evaluate(state, 2)).toBe(-5);
    expect(engine.hash(state)).toBe(before);
  });

  it("a game without evaluate: compiles to no evaluation, and Engine.evaluate is null", async () => {
    const checked = checkGame({ rules: { path: "cards/elementis/rules.yaml", text: withEvaluate(null) }, cards });
    expect(checked.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(checked.rules?.data.evaluate).toBeNull();
  });
});
