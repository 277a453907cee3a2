/**
 * The trigger-graph warnings (compiler/core/analysis/triggers: check/trigger-loop, check/dead-trigger) are
 * part of the checked model, so the language service (the LSP server's and the editor's) shows
 * them at their place, and an edit that breaks the loop takes them away. (`cardwright check`
 * shows the same, test/analyze/analyze.test.ts.)
 */
import { describe, expect, test } from "vitest";
import { fileText, fixture } from "../kit/services.ts";

const GAME = "elementis";
const GARGOYLE = "cards/elementis/cards/gargoyle.yaml";
const gargoyle = fileText(GAME, GARGOYLE);
/** Gargoyle with a second trigger: on damage, deal damage (deal-damage emits `damage`: a loop of one trigger). */
const looping = gargoyle + "  - event: damage\n    do: deal-damage(opponent, 1, self)\n";
const warnings = (diags: readonly { code: string; range: unknown; message: string; hint?: string }[]) =>
  diags
    .filter((d) => d.code === "check/trigger-loop" || d.code === "check/dead-trigger")
    .map((d) => [d.code, d.range, d.message, d.hint]);

describe("trigger-graph warnings in the language service (elementis)", () => {
  test("a trigger that emits its own event: check/trigger-loop at its `event:` value (0-based LSP range), with the cycle in the hint", () => {
    const f = fixture(GAME, GARGOYLE, looping);
    const line = looping.split("\n").findIndex((l, i) => i > 9 && l === "  - event: damage");
    expect(line).toBe(13);
    expect(warnings(f.ls.diagnostics(f.file))).toEqual([
      [
        "check/trigger-loop",
        { start: { line: 13, character: 11 }, end: { line: 13, character: 17 } },
        "possible endless trigger loop: gargoyle (on damage) emits damage → gargoyle (on damage)",
        "the cycle: cards/elementis/cards/gargoyle.yaml:14:12; give one trigger a 'usage', a 'limit' or a 'when' that stops it, or, if it ends for a reason the analysis cannot see, say so with 'bounded: <reason>'",
      ],
    ]);
    // The unchanged Gargoyle has none.
    expect(warnings(fixture(GAME, GARGOYLE, gargoyle).ls.diagnostics(GARGOYLE))).toEqual([]);
  });

  test("a `limit` bounds the trigger: the edit takes the loop warning away (the workspace finds the warnings again)", () => {
    const f = fixture(GAME, GARGOYLE, looping);
    expect(warnings(f.ls.diagnostics(f.file)).map((w) => w[0])).toEqual(["check/trigger-loop"]);
    f.ws.setFile(
      GARGOYLE,
      looping.replace(
        "  - event: damage\n    do: deal-damage",
        "  - event: damage\n    limit: { count: 1, per: turn-end }\n    do: deal-damage",
      ),
    );
    // No error either (errors would stop the analysis): the limit is valid and bounds the trigger.
    expect(f.ls.diagnostics(f.file).filter((d) => d.severity === "error")).toEqual([]);
    expect(warnings(f.ls.diagnostics(f.file))).toEqual([]);
  });

  test("`bounded: <reason>` is the author's word that the trigger stops: no loop warning; an empty reason is a schema error", () => {
    const f = fixture(GAME, GARGOYLE, looping);
    f.ws.setFile(
      GARGOYLE,
      looping.replace(
        "  - event: damage\n    do: deal-damage",
        '  - event: damage\n    bounded: "the damage kills it first"\n    do: deal-damage',
      ),
    );
    expect(f.ls.diagnostics(f.file).filter((d) => d.severity === "error")).toEqual([]);
    expect(warnings(f.ls.diagnostics(f.file))).toEqual([]);
    f.ws.setFile(
      GARGOYLE,
      looping.replace(
        "  - event: damage\n    do: deal-damage",
        '  - event: damage\n    bounded: ""\n    do: deal-damage',
      ),
    );
    expect(
      f.ls
        .diagnostics(f.file)
        .filter((d) => d.severity === "error")
        .map((d) => [d.code, d.range.start.line, d.message]),
    ).toEqual([["schema/invalid", 14, "'on.1.bounded' must NOT have fewer than 1 characters"]]);
  });
});
