/**
 * Scenario language v2, the static checker: every malformed v2 construct is an error with a
 * catalogued code at its place in the file (line:col), before any game runs.
 */
import { describe, expect, it } from "vitest";
import type { GameInput } from "../../compiler/core/files/check-files.ts";
import { renderDiagnostic } from "../../compiler/core/text/diagnostics.ts";
import { Workspace } from "../../compiler/core/workspace/workspace.ts";
import { readGame } from "../../compiler/node/project.ts";

const input = (() => {
  const g = readGame("elementis");
  if ("code" in g) throw new Error(g.message);
  return g as GameInput;
})();
const ws = new Workspace(input);
const path = "cards/elementis/scenarios/v2-check.yaml";

/** The checker's diagnostics of a scenario whose `do:`/`expect:` part is `lines`. */
function check(...lines: string[]): string[] {
  ws.setFile(
    path,
    [
      "scenarios:",
      "  - name: s",
      "    given:",
      "      me: { hand: [fairy] }",
      ...lines.map((l) => `    ${l}`),
      "",
    ].join("\n"),
  );
  return ws.diagnosticsOf(path).map((d) => renderDiagnostic(d).replace(`${path}:`, ""));
}

describe("given", () => {
  it("a seat's zone is a list of card ids", () => {
    ws.setFile(path, ["scenarios:", "  - name: s", "    given:", "      me: { hand: fairy }", ""].join("\n"));
    const got = ws.diagnosticsOf(path).map((d) => renderDiagnostic(d).replace(`${path}:`, ""));
    expect(got).toEqual(["4:19: error scenario/zone-not-list: zone 'hand' must be a list of card ids"]);
  });
});

describe("steps", () => {
  it("a well-formed v2 scenario has no diagnostics", () => {
    expect(
      check(
        "strict: false",
        "do:",
        "  - { play-summon: fairy, refused: one summon per turn }",
        "  - expect: { me.hand: { count: 1 }, decision: { by: me, window: main, offered: [end-turn, play-summon: fairy], can-choose: [opponent] } }",
        "  - { end-turn, by: me }",
        "expect:",
        "  me.field: [{ card: fairy, tapped: false }]",
        "  winners: [me, draw]",
        "  match-winner: none",
      ),
    ).toEqual([]);
  });
  it("'by' names a side", () => {
    expect(check("do:", "  - { end-turn, by: player2 }")).toEqual([
      "6:25: error scenario/bad-step: 'by' must be me or opponent, not \"player2\"",
    ]);
  });
  it("one answer per step", () => {
    expect(check("do:", "  - { end-turn, play-summon: fairy }")).toEqual([
      "6:9: error scenario/bad-step: a step names one action or answer, not 2 (end-turn, play-summon)",
    ]);
    expect(check("do:", "  - { by: me }")).toEqual([
      "6:9: error scenario/bad-step: a step names an action or answer (choose, may), not only 'by'/'refused'",
    ]);
  });
  it("'refused' is a reason or true, never on a yes/no answer, one pick at a time", () => {
    expect(check("do:", "  - { end-turn, refused: 3 }")).toEqual([
      "6:30: error scenario/bad-step: 'refused' is the expected reason (a part of the refusal's text), or true for any reason",
    ]);
    expect(check("do:", "  - { may: yes, refused: true }")).toEqual([
      "6:21: error scenario/bad-step: a yes/no answer cannot be refused: 'refused' goes with an action or a 'choose'",
    ]);
    expect(check("do:", "  - { choose: [fairy, fairy], refused: true }")).toEqual([
      "6:19: error scenario/bad-step: a refused 'choose' tries one pick: give one card",
    ]);
  });
  it("a checkpoint holds only 'expect:', a map", () => {
    expect(check("do:", "  - { expect: { me.life: 3 }, end-turn }")).toEqual([
      "6:11: error scenario/bad-step: a checkpoint step has only 'expect:' (put the answer in a step of its own)",
    ]);
    expect(check("do:", "  - expect: 3")).toEqual([
      "6:17: error scenario/bad-step: a checkpoint's 'expect:' is a map of expectations, as the scenario's own 'expect:'",
    ]);
  });
  it("a checkpoint's paths are checked like the final expect's", () => {
    expect(check("do:", "  - expect: { me.lfie: 3 }")).toEqual([
      "6:22: error scenario/unknown-property: a player has no zone or property 'lfie'\n  hint: did you mean 'life'?",
    ]);
  });
  it("a player's name can be expected, as `given` can set it; 'nmae' cannot", () => {
    expect(check("expect:", "  me.name: Me", "  opponent.name: Opponent")).toEqual([]);
    expect(check("expect:", "  me.nmae: Me")).toEqual([
      "6:10: error scenario/unknown-property: a player has no zone or property 'nmae'\n  hint: did you mean 'name'?",
    ]);
  });
});

describe("zone matchers", () => {
  it("an unknown matcher, with a did-you-mean", () => {
    expect(check("expect:", "  me.hand: { size: 2 }")).toEqual([
      "6:18: error scenario/bad-matcher: unknown zone matcher 'size' (count, contains, excludes, ordered, unordered)",
    ]);
    expect(check("expect:", "  me.hand: { contain: [fairy] }")).toEqual([
      "6:18: error scenario/bad-matcher: unknown zone matcher 'contain' (count, contains, excludes, ordered, unordered)\n  hint: did you mean 'contains'?",
    ]);
  });
  it("count is a whole number; ordered/unordered are lists; an empty matcher checks nothing", () => {
    expect(check("expect:", "  me.hand: { count: two }")).toEqual([
      "6:25: error scenario/bad-matcher: 'count' is a whole number of cards, not \"two\"",
    ]);
    expect(check("expect:", "  me.hand: { unordered: fairy }")).toEqual([
      "6:29: error scenario/bad-matcher: 'unordered' is a list of cards",
    ]);
    expect(check("expect:", "  me.hand: {}")).toEqual([
      "6:16: error scenario/bad-matcher: an empty matcher checks nothing: use count, contains, excludes, ordered or unordered",
    ]);
  });
  it("items: card ids, or { card, <property> } as in given; unknown ones at their place", () => {
    expect(check("expect:", "  me.hand: { contains: [fariy] }")).toEqual([
      "6:29: error scenario/unknown-card: unknown card 'fariy'\n  hint: did you mean 'fairy'?",
    ]);
    expect(check("expect:", "  me.field: [{ card: fairy, usage: 1 }]")).toEqual([
      "6:33: error scenario/unknown-property: a card has no property 'usage'",
    ]);
    expect(check("expect:", "  me.field: [{ tapped: true }]")).toEqual([
      "6:18: error scenario/bad-matcher: a card with properties needs 'card: <id>' (as in given)",
    ]);
    expect(check("expect:", "  me.field: [3]")).toEqual([
      "6:18: error scenario/bad-matcher: a card in a zone is its id or { card: <id>, <property>: value }, not 3",
    ]);
  });
  it("a matcher on a property, or a scalar for a zone", () => {
    expect(check("expect:", "  me.life: { count: 3 }")).toEqual([
      "6:16: error scenario/bad-matcher: 'me.life' is a property: its expected value is a number, text, bool or list; matchers (count, contains, …) apply to zones",
    ]);
    expect(check("expect:", "  me.hand: fairy")).toEqual([
      "6:16: error scenario/bad-matcher: zone 'hand' is checked with a list of cards or a matcher (count, contains, excludes, ordered, unordered), not \"fairy\"",
    ]);
  });
});

describe("decision and winners", () => {
  it("unknown checks, sides, types and windows", () => {
    expect(check("expect:", "  decision: { who: me, by: both, type: pick, window: mian }")).toEqual([
      "6:19: error scenario/bad-decision: 'decision' has no check 'who' (by, type, window, prompt, offered, not-offered, can-choose, cannot-choose)",
      "6:32: error scenario/bad-decision: 'by' is me or opponent, not \"both\"",
      "6:44: error scenario/bad-decision: 'type' is act, choose or may, not \"pick\"",
      "6:58: error scenario/bad-decision: unknown action window 'mian'\n  hint: did you mean 'main'?",
    ]);
    expect(check("expect:", "  decision: 3")).toEqual([
      "6:17: error scenario/bad-decision: 'decision' is a map (by, type, window, prompt, offered, not-offered, can-choose, cannot-choose) or 'none'",
    ]);
  });
  it("offered actions and choices name known actions and cards", () => {
    expect(check("expect:", "  decision: { offered: [{ atack: fairy }], can-choose: [opponent.fairyy] }")).toEqual([
      "6:31: error scenario/unknown-action: unknown action 'atack'\n  hint: did you mean 'attack'?",
      "6:70: error scenario/unknown-card: unknown card 'fairyy'\n  hint: did you mean 'fairy'?",
    ]);
  });
  it("winners are me, opponent, draw or none", () => {
    expect(check("expect:", "  match-winner: player1", "  winners: [me, nobody]", "  winner: [me]")).toEqual([
      "6:21: error scenario/bad-winner: 'match-winner' is me, opponent, draw or none, not \"player1\"",
      '7:21: error scenario/bad-winner: a game\'s winner is me, opponent, draw or none, not "nobody"',
      "8:15: error scenario/bad-winner: 'winner' is me, opponent, draw or none, not [\"me\"]",
    ]);
  });
});
