/**
 * Focused checker tests on the corpus base game (in memory): `where` and `it`, action bindings,
 * decisions' types, emit fields, list joins, texts, and positions with CRLF line ends.
 */
import { describe, expect, it } from "vitest";
import { checkGame } from "../../compiler/core/workspace/workspace.ts";
import { Workspace } from "../../compiler/core/workspace/workspace.ts";
import { renderDiagnostic } from "../../compiler/core/text/diagnostics.ts";
import { gameFiles, toInput } from "../kit/corpus.ts";

const BASE_RULES = gameFiles().get("rules.yaml") ?? "";

/** A spell whose effect is `body`: its first line is line 6 of cards/probe.yaml, at column 3. */
function probe(body: string): string {
  return `id: probe\nkind: spell\nname: { en: Probe }\ncost: 1\neffect: |\n${body
    .split("\n")
    .map((l) => `  ${l}`)
    .join("\n")}\n`;
}

function check(overlay: Record<string, string>): string[] {
  return checkGame(toInput(gameFiles(new Map(Object.entries(overlay))))).diagnostics.map(renderDiagnostic);
}

const effect = (...lines: string[]) => check({ "cards/probe.yaml": probe(lines.join("\n")) });

/** The base rules with one more action, first in `actions:` (its name is on line 73 of rules.yaml). */
function withAction(action: string): string[] {
  const rules = BASE_RULES.replace("actions:\n", `actions:\n${action}\n`);
  expect(rules.split("\n")[72]).toBe(action.split("\n")[0]);
  return check({ "rules.yaml": rules });
}

describe("where and it", () => {
  it("filters with `it`, also nested (the inner `it` is the inner element)", () => {
    expect(
      effect(
        "let a = me.field where it.tapped",
        "let b = me.hand where (it.owner.field where it.tapped) == []",
        'log "{a} {b}"',
      ),
    ).toEqual([]);
  });

  it("reports a condition that is not a bool, a filter of a non-list, and `it` outside `where`", () => {
    expect(
      effect("let a = me.field where it", "let b = me.score where it > 1", "let c = it", 'log "{a} {b} {c}"'),
    ).toEqual([
      "cards/probe.yaml:6:26: error check/type: the condition after 'where' must be true or false (found card)",
      "cards/probe.yaml:7:11: error check/type: expected a list here, but this is number",
      "cards/probe.yaml:8:11: error check/it: 'it' is only defined inside a 'where' condition",
    ]);
  });
});

describe("action `for:` bindings", () => {
  it("the variable and `it` both name the element inside `where`; the variable also in when, label and do", () => {
    expect(
      withAction(
        [
          "  probe:",
          "    window: main",
          "    for: c in me.hand where c.kind == unit and not it.tapped and c.owner == it.owner",
          "    when: c.tapped == false and count(me.hand where it != c) > 0",
          '    label: "probe {c} ({c.power})"',
          "    do: |",
          "      c.tapped = true",
          '      log "{it}"',
        ].join("\n"),
      ),
    ).toEqual(["rules.yaml:80:13: error check/it: 'it' is only defined inside a 'where' condition"]);
  });

  it("needs a list after `in`", () => {
    expect(
      withAction(["  probe:", "    window: main", "    for: c in me.score", '    do: log "x"'].join("\n")),
    ).toEqual(["rules.yaml:75:15: error check/type: 'for' needs a list after 'in' (found number)"]);
  });

  it("`it` is the element only inside the binding's own `where`, not in `when` or the label", () => {
    expect(
      withAction(
        [
          "  probe:",
          "    window: main",
          "    for: c in me.hand where it",
          "    when: it.tapped",
          '    label: "{d}"',
          "    do: c.tapped = true",
        ].join("\n"),
      ),
    ).toEqual([
      "rules.yaml:75:29: error check/type: the condition after 'where' must be true or false (found card)",
      "rules.yaml:76:11: error check/it: 'it' is only defined inside a 'where' condition",
      "rules.yaml:77:14: error check/unknown-name: unknown name 'd'\n  hint: did you mean 'c'?",
    ]);
  });
});

describe("decisions", () => {
  it("`choose one` gives an element or none (of nothing), `choose N` a list, `may` a bool", () => {
    expect(
      effect(
        "let t = choose one of me.hand",
        "t.tapped = true",
        "let ts = choose 2 of me.hand",
        "move ts to me.discard",
        'let ok = may "sure?"',
        "if ok { ts.tapped = true }",
      ),
    ).toEqual([
      "cards/probe.yaml:7:3: error check/maybe-none: 't' may be none here (card?): changing '.tapped' of none faults\n  hint: test it first: if t != none { … }",
      "cards/probe.yaml:11:14: error check/unknown-member: a list has no 'tapped'\n  hint: filter it with 'where', or pick one with first(list)",
    ]);
  });

  it("checks the list, the count and the deciding player", () => {
    expect(
      effect(
        "let u = choose one of 3",
        'let v = choose "2" of me.hand',
        "let w = choose up to 1 of me.hand by 3",
        'let ok = may "sure?" by self',
        'log "{u}{v}{w}{ok}"',
      ),
    ).toEqual([
      "cards/probe.yaml:6:25: error check/type: expected a list here, but this is number",
      "cards/probe.yaml:7:18: error check/type: how many to choose must be a number (found text)",
      "cards/probe.yaml:8:40: error check/type: 'by' needs a player (found number)",
      "cards/probe.yaml:9:27: error check/type: 'by' needs a player (found card)",
    ]);
  });
});

describe("emit", () => {
  it("checks each field: given twice, unknown, of the wrong type; the result is an event of that kind", () => {
    expect(
      effect(
        "emit hit { target: me, amount: 1, source: self, amount: 2 }",
        "let ev = emit hit { target: me, amount: 1, source: self }",
        'log "{ev.amount} {ev.player}"',
        "emit nothing { x: 1 }",
        "emit played { card: me }",
      ),
    ).toEqual([
      "cards/probe.yaml:6:51: error check/duplicate-field: field 'amount' is given twice",
      "cards/probe.yaml:8:24: error check/unknown-member: event 'hit' has no field 'player'\n  hint: its fields: target, amount, source",
      "cards/probe.yaml:9:8: error check/unknown-event: unknown event 'nothing'\n  hint: events: round-end, hit, played",
      "cards/probe.yaml:10:23: error check/type: field 'card' of 'played' must be card (found player)",
    ]);
  });
});

describe("lists", () => {
  it("joins lists with +; card and player lists join to entities; [] joins anything", () => {
    expect(
      effect(
        "let a = me.hand + me.field",
        "let b = me.hand + [me]",
        "let c = [] + me.hand",
        "let n = [1, 2, 3]",
        "move a + c to me.discard",
        'log "{b} {n}"',
      ),
    ).toEqual([]);
  });

  it("reports lists that cannot join and list literals that cannot hold their items", () => {
    expect(
      effect(
        "let c = me.hand + [1]",
        "let d = [1, me]",
        "let e = me.hand + 1",
        "let f = [none, 1]",
        'log "{c}{d}{e}{f}"',
      ),
    ).toEqual([
      "cards/probe.yaml:6:19: error check/type: cannot join list<card> and list<number>",
      "cards/probe.yaml:7:15: error check/type: a list cannot hold both number and player",
      "cards/probe.yaml:8:19: error check/type: cannot join list<card> and number",
      "cards/probe.yaml:9:18: error check/type: a list cannot hold both none and number",
    ]);
  });

  it("a list of cards moves; a list of numbers does not", () => {
    expect(effect("move me.hand + me.field to me.discard", "move [1] to me.discard")).toEqual([
      "cards/probe.yaml:7:8: error check/type: only cards move (found list<number>)",
    ]);
  });
});

describe("texts", () => {
  it("interpolates any type; + with a text gives a text", () => {
    expect(
      effect(
        'let t = "{me.hand} {none} {true} {red} {1 + 2} {foes(me)}"',
        'let s = "a" + me',
        'let u = 1 + "x"',
        'log "{t + s + u}"',
      ),
    ).toEqual([]);
  });

  it("a text is not a number, interpolated or not", () => {
    expect(effect('me.score = "n {1}"', 'let s = "a" + me', "me.score = s", 'me.score += "1"')).toEqual([
      "cards/probe.yaml:6:14: error check/type: expected number (found text)",
      "cards/probe.yaml:8:14: error check/type: expected number (found text)",
      "cards/probe.yaml:9:15: error check/type: '+=' needs a number (found text)",
    ]);
  });
});

describe("positions", () => {
  it("CRLF line ends give the same diagnostics as LF", () => {
    const lf = probe('let t = self\nt.taped = true\nlog "{t.pwer}"');
    const expected = [
      "cards/probe.yaml:7:5: error check/unknown-member: a card has no property 'taped'\n  hint: did you mean 'tapped'?",
      "cards/probe.yaml:8:11: error check/unknown-member: a card has no property 'pwer'\n  hint: did you mean 'power'?",
    ];
    expect(check({ "cards/probe.yaml": lf })).toEqual(expected);
    expect(check({ "cards/probe.yaml": lf.replace(/\n/g, "\r\n") })).toEqual(expected);
  });

  it("the workspace (the editor's path) re-checks one changed card and reports what checkGame reports", () => {
    const text = probe("move self to me.graveyard\nlet x = 1");
    const checked = checkGame(toInput(gameFiles(new Map([["cards/probe.yaml", text]]))));
    const ws = new Workspace(toInput(gameFiles(new Map([["cards/probe.yaml", probe('let y = 2\nlog "{y}"')]]))));
    expect(ws.model().diagnostics.map(renderDiagnostic)).toEqual([]);
    ws.setFile("cards/probe.yaml", text);
    // Same id as before: only this file is checked again.
    expect(ws.lastChecked).toEqual(["cards/probe.yaml"]);
    const alone = ws.diagnosticsOf("cards/probe.yaml").map(renderDiagnostic);
    expect(alone).toEqual(checked.diagnostics.map(renderDiagnostic));
    expect(alone).toEqual([
      "cards/probe.yaml:6:19: error check/unknown-zone: unknown zone 'graveyard'\n  hint: zones: hand, field, discard, deck",
      "cards/probe.yaml:7:7: warning check/unused: 'x' is never used\n  hint: remove it, or name it '_x' to keep it",
    ]);
  });
});

describe("names of the object prototype", () => {
  it("`constructor(1)` is an unknown function, not a crash of the checker (BUILTINS is looked up by own keys)", () => {
    expect(effect("let n = constructor(1)", 'log "{n}"')).toEqual([
      "cards/probe.yaml:6:11: error check/unknown-function: unknown function 'constructor'",
    ]);
  });
});
