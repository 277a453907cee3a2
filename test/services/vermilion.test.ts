/** Language services on VERMILION files: every service, cursors marked `<|>` in the text. */
import { describe, expect, test } from "vitest";
import { decodeTokens } from "../../compiler/core/services/index.ts";
import { fileText, fixture, labels, ruleTexts } from "../kit/services.ts";

const GAME = "vermilion";
const UKIYO = "cards/vermilion/cards/ukiyo-no-ichigeki.yaml";
const RULES = "cards/vermilion/rules.yaml";
const ukiyo = fileText(GAME, UKIYO);
const rules = fileText(GAME, RULES);
/** 0-based line of the first line of `text` that contains `needle`. */
const lineOf = (text: string, needle: string) => text.split("\n").findIndex((l) => l.includes(needle));
const CALL = "  damage-familiar(t, 4, self)";

describe("completion (vermilion)", () => {
  test("at the start of a statement in an art: procedures with signatures, the local, card ids; no `it`", () => {
    const f = fixture(GAME, UKIYO, ukiyo.replace(`${CALL}\n`, `${CALL}\n  <|>\n`));
    const list = f.ls.completion(f.file, f.at);
    const got = list.items.map((i) => i.label);
    expect(got).toEqual(
      expect.arrayContaining([
        "let",
        "if",
        "damage-familiar",
        "t",
        "me",
        "self",
        "kumonryu-shishin",
        "ukiyo-no-ichigeki",
      ]),
    );
    expect(got).not.toContain("it");
    expect(list.items.find((i) => i.label === "t")).toMatchObject({ kind: "variable", detail: "t: card?" }); // choose one: a card, or none;
  });

  test("YAML: the art's timing values, as the rules declare the enum", () => {
    const f = fixture(GAME, UKIYO, ukiyo.replace("timing: quick", "timing: <|>"));
    expect(labels(f).sort()).toEqual(["main", "never", "quick"]);
  });
});

describe("hover (vermilion)", () => {
  test("a procedure: its signature", () => {
    const f = fixture(GAME, UKIYO, ukiyo.replace(CALL, "  damage-fa<|>miliar(t, 4, self)"));
    const h = f.ls.hover(f.file, f.at);
    expect(h?.contents).toMatch(/^```\n\(procedure\) damage-familiar\(/);
    expect(h?.range).toEqual({
      start: { line: lineOf(ukiyo, CALL), character: 2 },
      end: { line: lineOf(ukiyo, CALL), character: 17 },
    });
  });

  test("a rule id in a comment of rules.yaml: the rule's line from docs/rules/vermilion.md", () => {
    const f = fixture(GAME, RULES, rules.replace("(VM-CUT-1)", "(VM-CU<|>T-1)"), ruleTexts(GAME));
    expect(f.ls.hover(f.file, f.at)?.contents).toBe(
      "**VM-CUT-1** — Either player may cut in on a card being played and on 【起動】 and 【召喚】 effects; 【自動】 and 【死滅】 effects resolve at once, with no cut-in.",
    );
  });
});

describe("definition, references and rename (vermilion)", () => {
  test("a procedure call goes to its declaration in rules.yaml", () => {
    const f = fixture(GAME, UKIYO, ukiyo.replace(CALL, "  damage<|>-familiar(t, 4, self)"));
    const line = lineOf(rules, "  damage-familiar:");
    expect(f.ls.definition(f.file, f.at)).toEqual([
      { file: RULES, range: { start: { line, character: 2 }, end: { line, character: 17 } } },
    ]);
  });

  test("references of a card: its id, the decks and the scenarios naming it; rename edits them all", () => {
    const f = fixture(GAME, UKIYO, ukiyo.replace("id: ukiyo-no-ichigeki", "id: ukiyo<|>-no-ichigeki"));
    const files = new Set(f.ls.references(f.file, f.at).map((r) => r.file));
    for (const file of [
      UKIYO,
      "cards/vermilion/decks/dragon-human.yaml",
      "cards/vermilion/decks/human-god.yaml",
      "cards/vermilion/scenarios/rules-resolve.yaml",
    ])
      expect(files).toContain(file);
    const edit = f.ls.rename(f.file, f.at, "floating-strike");
    if ("error" in edit) throw new Error(edit.error);
    expect(new Set(Object.keys(edit.changes))).toEqual(files);
    expect(edit.renames).toEqual([{ from: UKIYO, to: "cards/vermilion/cards/floating-strike.yaml" }]);
  });
});

describe("document symbols, semantic tokens and quick fixes (vermilion)", () => {
  test("a card file: the card, then its keys", () => {
    const [card] = fixture(GAME, UKIYO, ukiyo).ls.documentSymbols(UKIYO);
    expect(card).toMatchObject({ name: "ukiyo-no-ichigeki", detail: "art · Ukiyo no Ichigeki", kind: "card" });
    expect(card?.children.map((c) => c.name)).toEqual([
      "id",
      "kind",
      "name",
      "text",
      "race",
      "mana",
      "cost",
      "timing",
      "modifiers",
      "effect",
    ]);
  });

  test("the effect's procedure call is a function token, its local a variable", () => {
    const f = fixture(GAME, UKIYO, ukiyo);
    const lines = ukiyo.split("\n");
    const line = lineOf(ukiyo, CALL);
    const at = decodeTokens(f.ls.semanticTokens(f.file).data)
      .filter((t) => t.line === line)
      .map((t) => [lines[line]!.slice(t.character, t.character + t.length), t.type]);
    expect(at.slice(0, 3)).toEqual([
      ["damage-familiar", "function"],
      ["(", "operator"],
      ["t", "variable"],
    ]);
  });

  test("a misspelt procedure: the diagnostic and the quick fix that replaces it", () => {
    const f = fixture(GAME, UKIYO, ukiyo.replace(CALL, "  damage-familar(t, 4, self)"));
    const diags = f.ls.diagnostics(f.file);
    expect(diags.map((d) => [d.code, d.range.start.line, d.range.start.character, d.message])).toEqual([
      ["check/unknown-function", lineOf(ukiyo, CALL), 2, "unknown function 'damage-familar'"],
    ]);
    const fixes = f.ls.codeActions(f.file, diags[0]!.range);
    expect(fixes.map((a) => [a.title, a.edit.changes[UKIYO]])).toEqual([
      ["Change to 'damage-familiar'", [{ range: diags[0]!.range, newText: "damage-familiar" }]],
    ]);
  });
});
