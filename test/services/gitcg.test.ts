/** Language services on Genius Invokation TCG files: every service, cursors marked `<|>` in the text. */
import { describe, expect, test } from "vitest";
import { decodeTokens } from "../../compiler/core/services/index.ts";
import { fileText, fixture, labels, ruleTexts } from "../kit/services.ts";

const GAME = "gitcg";
const FIELD = "cards/gitcg/cards/catalyzing-field.yaml";
const BENNETT = "cards/gitcg/cards/bennett.yaml";
const SKILL = "cards/gitcg/cards/bennett-passion-overload.yaml";
const RULES = "cards/gitcg/rules.yaml";
const field = fileText(GAME, FIELD);
const bennett = fileText(GAME, BENNETT);
const lineOf = (text: string, needle: string) => text.split("\n").findIndex((l) => l.includes(needle));

describe("completion (gitcg)", () => {
  test("`event.` in a trigger on `damage`: that event's fields, in the `when:` expression and in `do:`", () => {
    const f = fixture(
      GAME,
      FIELD,
      field
        .replace("when: event.source.owner", "when: event.<|>source.owner")
        .replace("  event.amount += 1", "  event.<|>amount += 1"),
    );
    for (const at of f.cursors) {
      const got = labels(f, at);
      expect(got.sort()).toEqual([
        "amount",
        "attacker",
        "charged",
        "element",
        "plunging",
        "reaction",
        "skill",
        "source",
        "target",
      ]);
    }
  });

  test("a member chain: `event.target.` is a card", () => {
    const f = fixture(GAME, FIELD, field.replace("  event.amount += 1", "  event.target.<|>"));
    const got = labels(f);
    expect(got).toEqual(expect.arrayContaining(["hp", "energy", "element", "owner", "skillType"]));
    expect(got).not.toContain("amount");
    expect(got).not.toContain("dice");
  });

  test("statement start in a skill: the game's procedures with signatures, enum values; no `event` outside a trigger", () => {
    const f = fixture(
      GAME,
      SKILL,
      fileText(GAME, SKILL).replace("  deal-damage(opponent.active", "  <|>\n  deal-damage(opponent.active"),
    );
    const items = f.ls.completion(f.file, f.at).items;
    const got = items.map((i) => i.label);
    expect(got).toEqual(
      expect.arrayContaining(["deal-damage", "consume-usage", "let", "if", "pyro", "cryo", "melt", "self", "bennett"]),
    );
    expect(items.find((i) => i.label === "consume-usage")?.detail).toBe("consume-usage(s: card, n: number)");
    expect(got).not.toContain("amount");
  });

  test("YAML: a card-id list field offers card ids; an enum field its values; top-level keys of the kind", () => {
    const f = fixture(
      GAME,
      BENNETT,
      bennett
        .replace("skills: [bennett-strike-of-fortune", "skills: [<|>bennett-strike-of-fortune")
        .replace("weapon: sword", "weapon: <|>sword")
        .replace("maxEnergy: 2\n", "maxEnergy: 2\n<|>\n"),
    );
    // Cursors are in text order: `weapon:`, the line after `maxEnergy:`, then `skills:`.
    expect(labels(f, f.cursors[0]).sort()).toEqual(["bow", "catalyst", "claymore", "other-weapon", "polearm", "sword"]);
    const ids = labels(f, f.cursors[2]);
    expect(ids).toEqual(expect.arrayContaining(["bennett-passion-overload", "diluc", "catalyzing-field"]));
    expect(ids).not.toContain("pyro");
    const keys = labels(f, f.cursors[1]);
    expect(keys).toContain("on");
    expect(keys).not.toContain("skills");
    expect(keys).not.toContain("maxHp");
  });

  test("YAML in a scenario: a player's zones and properties in `given`, actions in `do`", () => {
    const file = "cards/gitcg/scenarios/bennett-passion-overload.yaml";
    const text = fileText(GAME, file);
    const f = fixture(
      GAME,
      file,
      text
        .replace(
          "\n      opponent:\n        characters: [diluc",
          "\n        <|>\n      opponent:\n        characters: [diluc",
        )
        .replace(
          "\n      - use-skill: bennett-passion-overload\n",
          "\n      - <|>\n      - use-skill: bennett-passion-overload\n",
        ),
    );
    const given = labels(f, f.cursors[0]);
    expect(given).toEqual(expect.arrayContaining(["hand", "dice", "summons", "supports", "manualPay"]));
    // `characters` and `diceFaces` are already there.
    expect(given).not.toContain("characters");
    expect(given).not.toContain("diceFaces");
    expect(labels(f, f.cursors[1])).toEqual(expect.arrayContaining(["use-skill", "play-card", "choose"]));
  });
});

describe("hover (gitcg)", () => {
  test("a rule id in a comment of rules.yaml: the rule's line", () => {
    const rules = fileText(GAME, RULES);
    const f = fixture(
      GAME,
      RULES,
      rules.replace(
        "apply-element:                                   # GI-REACT-1",
        "apply-element:                                   # GI-REA<|>CT-1",
      ),
      ruleTexts(GAME),
    );
    const h = f.ls.hover(f.file, f.at);
    expect(h?.contents).toBe(
      "**GI-REACT-1** — An element meeting a different element already applied sets off a reaction; it also happens when the element is applied without damage, and then its damage bonus is dropped.",
    );
    const line = lineOf(rules, "apply-element:  ");
    expect(h?.range).toEqual({ start: { line, character: 53 }, end: { line, character: 63 } });
  });

  test("a card id in a character's `skills:`: the skill's name, kind, stats and text", () => {
    const f = fixture(
      GAME,
      BENNETT,
      bennett.replace(
        "skills: [bennett-strike-of-fortune, bennett-pass",
        "skills: [bennett-strike-of-fortune, bennett-p<|>ass",
      ),
    );
    const h = f.ls.hover(f.file, f.at);
    expect(h?.contents.split("\n").slice(0, 5)).toEqual([
      "**Passion Overload** `bennett-passion-overload` — skill",
      "",
      "skillType: elemental · costElement: pyro · costAligned: 3",
      "",
      "Elemental Skill: deal 3 Pyro DMG.",
    ]);
  });

  test("an event field and a procedure with its comment as doc", () => {
    const f = fixture(
      GAME,
      FIELD,
      field
        .replace("  event.amount += 1", "  event.amou<|>nt += 1")
        .replace("  consume-usage(self", "  consume<|>-usage(self"),
    );
    expect(f.ls.hover(f.file, f.cursors[0]!)?.contents).toContain("(event-field)");
    expect(f.ls.hover(f.file, f.cursors[0]!)?.contents).toContain("amount");
    expect(f.ls.hover(f.file, f.cursors[1]!)?.contents).toBe(
      "```\n(procedure) consume-usage(s: card, n: number)\n```\n\nGI-USAGE",
    );
  });
});

describe("definition and references (gitcg)", () => {
  test("a skill id in `skills:` goes to the skill's card file", () => {
    const f = fixture(GAME, BENNETT, bennett.replace("bennett-passion-overload,", "bennett-passion-<|>overload,"));
    expect(f.ls.definition(f.file, f.at)).toEqual([
      { file: SKILL, range: { start: { line: 0, character: 4 }, end: { line: 0, character: 28 } } },
    ]);
  });

  test("a procedure call goes to rules.yaml; its references include this call", () => {
    const f = fixture(GAME, FIELD, field.replace("  consume-usage(self", "  consume<|>-usage(self"));
    const rules = fileText(GAME, RULES);
    const line = lineOf(rules, "  consume-usage:");
    expect(f.ls.definition(f.file, f.at)).toEqual([
      { file: RULES, range: { start: { line, character: 2 }, end: { line, character: 15 } } },
    ]);
    const refs = f.ls.references(f.file, f.at);
    expect(refs[0]?.file).toBe(RULES);
    const call = lineOf(field, "  consume-usage(self");
    expect(refs).toContainEqual({
      file: FIELD,
      range: { start: { line: call, character: 6 }, end: { line: call, character: 19 } },
    });
  });
});

describe("rename (gitcg)", () => {
  test("a skill id: its card, the character's `skills:` and the scenarios", () => {
    const f = fixture(
      GAME,
      SKILL,
      fileText(GAME, SKILL).replace("id: bennett-passion-overload", "id: <|>bennett-passion-overload"),
    );
    const edit = f.ls.rename(f.file, f.at, "bennett-passion-overdrive");
    if ("error" in edit) throw new Error(edit.error);
    // Every file that names the skill, and no other.
    const naming = [...f.ws.model().files.values()]
      .filter((m) => m.text.includes("bennett-passion-overload"))
      .map((m) => m.file);
    expect(Object.keys(edit.changes).sort()).toEqual(naming.sort());
    expect(naming.length).toBe(8);
    expect(edit.renames).toEqual([{ from: SKILL, to: "cards/gitcg/cards/bennett-passion-overdrive.yaml" }]);
    const line = lineOf(bennett, "skills:");
    const col = bennett.split("\n")[line]!.indexOf("bennett-passion-overload");
    expect(edit.changes[BENNETT]).toEqual([
      {
        range: { start: { line, character: col }, end: { line, character: col + 24 } },
        newText: "bennett-passion-overdrive",
      },
    ]);
    // Applied, the game checks as before and no file names the old id.
    const errors = () => f.ws.model().diagnostics.filter((d) => d.severity === "error").length;
    const before = errors();
    for (const [file, edits] of Object.entries(edit.changes)) {
      const lines = f.ws.model().files.get(file)!.text.split("\n");
      for (const e of [...edits].sort(
        (a, b) => b.range.start.line - a.range.start.line || b.range.start.character - a.range.start.character,
      )) {
        const l = lines[e.range.start.line]!;
        lines[e.range.start.line] = l.slice(0, e.range.start.character) + e.newText + l.slice(e.range.end.character);
      }
      f.ws.setFile(file, lines.join("\n"));
    }
    expect(errors()).toBe(before);
    // Only scenario titles (prose) still mention the old id.
    const left = [...f.ws.model().files.values()].flatMap((m) =>
      m.text.split("\n").filter((l) => /bennett-passion-overload\b/.test(l)),
    );
    expect(left.length).toBeGreaterThan(0);
    expect(left.filter((l) => !/^\s*- name: "/.test(l))).toEqual([]);
    for (const file of Object.keys(edit.changes)) f.ws.setFile(file, fileText(GAME, file));
  });
});

describe("document symbols (gitcg)", () => {
  test("a card with a trigger: the trigger is named by its event and stage", () => {
    const f = fixture(GAME, FIELD, field);
    const [card] = f.ls.documentSymbols(f.file);
    expect(card).toMatchObject({ name: "catalyzing-field", detail: "combat-status · Catalyzing Field" });
    const on = card?.children.find((c) => c.name === "on");
    expect(on?.children.map((c) => [c.name, c.kind])).toEqual([["damage (add)", "trigger"]]);
  });

  test("a deck: its zones", () => {
    const file = "cards/gitcg/decks/diluc-bennett-xingqiu.yaml";
    const f = fixture(GAME, file, fileText(GAME, file));
    const [deck] = f.ls.documentSymbols(f.file);
    expect(deck).toMatchObject({ name: "diluc-bennett-xingqiu", kind: "deck" });
    expect(deck?.children.find((c) => c.name === "zones")?.children.map((c) => [c.name, c.detail])).toEqual([
      ["characters", "3 items"],
      ["deck", "30 items"],
    ]);
  });
});

describe("semantic tokens (gitcg)", () => {
  test("a `when:` expression (a plain scalar) and a `do:` block: event fields are properties, enum values enum members", () => {
    const f = fixture(GAME, FIELD, field);
    const lines = field.split("\n");
    const tokens = decodeTokens(f.ls.semanticTokens(f.file).data);
    const when = lineOf(field, "when: event.source");
    const doLine = lineOf(field, "  consume-usage(self");
    const at = (line: number) =>
      tokens
        .filter((t) => t.line === line)
        .map((t) => [lines[line]!.slice(t.character, t.character + t.length), t.type]);
    expect(at(when).slice(0, 7)).toEqual([
      ["event", "variable"],
      [".", "operator"],
      ["source", "property"],
      [".", "operator"],
      ["owner", "property"],
      ["==", "operator"],
      ["me", "variable"],
    ]);
    expect(at(when)).toContainEqual(["electro", "enumMember"]);
    expect(at(when)).toContainEqual(["and", "keyword"]);
    expect(at(doLine)).toEqual([
      ["consume-usage", "function"],
      ["(", "operator"],
      ["self", "variable"],
      [",", "operator"],
      ["1", "number"],
      [")", "operator"],
    ]);
    // No token outside the code: keys and the card's text are YAML's to colour.
    expect(tokens.every((t) => t.line >= when)).toBe(true);
  });
});

describe("diagnostics and quick fixes (gitcg)", () => {
  test("a misspelt skill id in `skills:`: an error at its place, with a quick fix", () => {
    const f = fixture(GAME, BENNETT, bennett.replace("bennett-passion-overload,", "bennett-pasion-overload,"));
    const diags = f.ls.diagnostics(f.file);
    const line = lineOf(bennett, "skills:");
    const col = bennett.split("\n")[line]!.indexOf("bennett-passion-overload");
    expect(diags.map((d) => [d.code, d.range, d.data?.replacement])).toEqual([
      [
        "check/unknown-card",
        { start: { line, character: col }, end: { line, character: col + 23 } },
        "bennett-passion-overload",
      ],
    ]);
    const [fix] = f.ls.codeActions(f.file, { start: { line, character: col + 3 }, end: { line, character: col + 3 } });
    expect(fix?.edit.changes[BENNETT]).toEqual([{ range: diags[0]!.range, newText: "bennett-passion-overload" }]);
  });
});

describe("more (gitcg)", () => {
  test("YAML: a trigger's `stage:` offers the stages of its own event (none for an event without stages)", () => {
    const f = fixture(
      GAME,
      FIELD,
      field.replace("    stage: add", "    stage: <|>") +
        '  - event: damaged\n    stage: <|>\n    do: |\n      log "x"\n',
    );
    expect(labels(f, f.cursors[0])).toEqual(["add", "multiply", "reduce"]);
    expect(labels(f, f.cursors[1])).toEqual([]);
  });

  test("YAML in rules.yaml: a procedure's keys from the rules schema", () => {
    const rules = fileText(GAME, RULES);
    const f = fixture(GAME, RULES, rules.replace("\nprocedures:\n", "\nprocedures:\n  my-step:\n    <|>\n"));
    expect(labels(f).sort()).toEqual(["do", "doc", "params", "returns"]);
  });

  test("hover on a trigger's event: the event and its fields", () => {
    const f = fixture(GAME, FIELD, field.replace("  - event: damage", "  - event: dam<|>age"));
    const h = f.ls.hover(f.file, f.at);
    expect(h?.contents.split("\n")[1]).toMatch(/^\(event\) /);
    expect(h?.contents).toContain("amount: number");
  });
});
