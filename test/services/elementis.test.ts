/** Language services on Elementis files: every service, cursors marked `<|>` in the text. */
import { describe, expect, test } from "vitest";
import { decodeTokens } from "../../compiler/core/services/index.ts";
import { fileText, fixture, labels, ruleTexts } from "../kit/services.ts";

const GAME = "elementis";
const FIREBALL = "cards/elementis/cards/fireball.yaml";
const RULES = "cards/elementis/rules.yaml";
const fireball = fileText(GAME, FIREBALL);
/** Fireball with its effect's last line replaced by `code`. */
const withEffect = (code: string) =>
  fireball.replace("  deal-damage(t, 1, self)\n", `  deal-damage(t, 1, self)\n${code}\n`);
/** 0-based line of the first line of `text` that contains `needle`. */
const lineOf = (text: string, needle: string) => text.split("\n").findIndex((l) => l.includes(needle));

describe("completion (elementis)", () => {
  test("after `me.`: the player's zones and properties, not a card's", () => {
    const got = labels(fixture(GAME, FIREBALL, withEffect("  me.<|>")));
    expect(got).toEqual(expect.arrayContaining(["hand", "field", "costZone", "coolZone", "life", "name"]));
    expect(got).not.toContain("power");
    expect(got).not.toContain("let");
  });

  test("after `self.`: card properties and fields; after `t.` (an entity: a player or a card): both, but no zones", () => {
    const f = fixture(GAME, FIREBALL, withEffect("  self.<|>\n  t.<|>"));
    const card = labels(f, f.cursors[0]);
    expect(card).toEqual(expect.arrayContaining(["power", "tapped", "element", "cost", "owner", "kind"]));
    expect(card).not.toContain("life");
    expect(card).not.toContain("hand");
    const entity = labels(f, f.cursors[1]);
    expect(entity).toEqual(expect.arrayContaining(["power", "life", "owner"]));
    expect(entity).not.toContain("hand");
  });

  test("at the start of a statement: statement keywords, procedures with signatures, locals, context names, card ids", () => {
    const f = fixture(GAME, FIREBALL, withEffect("  <|>"));
    const list = f.ls.completion(f.file, f.at);
    const got = list.items.map((i) => i.label);
    expect(got).toEqual(
      expect.arrayContaining([
        "let",
        "if",
        "for",
        "move",
        "emit",
        "log",
        "deal-damage",
        "t",
        "me",
        "opponent",
        "self",
        "event",
        "fireball",
        "fire",
        "summon",
      ]),
    );
    // `to`, `of`, `where` cannot start a statement; `it` exists only inside `where`.
    for (const wrong of ["to", "of", "where", "it"]) expect(got).not.toContain(wrong);
    expect(list.items.find((i) => i.label === "deal-damage")?.detail).toBe(
      "deal-damage(target: entity, amount: number, source: card)",
    );
    expect(list.items.find((i) => i.label === "t")).toMatchObject({ kind: "variable", detail: "t: entity?" }); // choose one: an entity, or none;
    // The word being typed is replaced: an empty range at the cursor.
    expect(list.range).toEqual({ start: f.at, end: f.at });
  });

  test("after `emit`: the events; inside its braces: that event's fields", () => {
    const f = fixture(GAME, FIREBALL, withEffect("  emit <|>\n  emit damage { amount: 1, <|>"));
    const events = labels(f, f.cursors[0]);
    expect(events.sort()).toEqual([
      "attack",
      "battle-end",
      "damage",
      "destroyed",
      "summon-damaged",
      "turn-end",
      "turn-start",
    ]);
    const fields = f.ls.completion(f.file, f.cursors[1]!).items;
    expect(fields.map((i) => i.label)).toEqual(["target", "source"]);
    expect(fields[0]).toMatchObject({ kind: "field", detail: "target: entity", insertText: "target: " });
  });

  test("inside a text's `{…}` interpolation: code completion; in the text itself: none", () => {
    const f = fixture(GAME, FIREBALL, withEffect('  log "hit {t.<|>}"\n  log "hi<|>t"'));
    expect(labels(f, f.cursors[0])).toContain("power");
    expect(labels(f, f.cursors[1])).toEqual([]);
  });

  test("a partly typed word: the range covers it", () => {
    const f = fixture(GAME, FIREBALL, withEffect("  deal-da<|>"));
    const list = f.ls.completion(f.file, f.at);
    expect(list.range).toEqual({ start: { line: f.at.line, character: 2 }, end: f.at });
    expect(list.items.map((i) => i.label)).toContain("deal-damage");
  });

  test("YAML: the value of an enum field, and the keys the card's kind still lacks", () => {
    const f = fixture(
      GAME,
      FIREBALL,
      fireball.replace("element: fire", "element: <|>").replace("cost: 2\n", "cost: 2\n<|>\n"),
    );
    expect(labels(f, f.cursors[0]).sort()).toEqual(["earth", "fire", "water", "wind"]);
    const keys = f.ls.completion(f.file, f.cursors[1]!).items;
    expect(keys.map((k) => k.label)).toEqual(expect.arrayContaining(["keywords", "on", "modifiers"]));
    for (const present of ["id", "kind", "cost", "element", "effect"])
      expect(keys.map((k) => k.label)).not.toContain(present);
    expect(keys.find((k) => k.label === "on")?.insertText).toBe("on: ");
  });

  test("YAML: a trigger's keys, its event's values, and card ids in a deck", () => {
    const f = fixture(GAME, FIREBALL, fireball + "on:\n  - event: <|>\n    <|>\n");
    expect(labels(f, f.cursors[0])).toEqual(expect.arrayContaining(["turn-start", "damage", "attack"]));
    expect(labels(f, f.cursors[1]).sort()).toEqual(["bounded", "do", "in", "limit", "stage", "usage", "when"]);
    const deck = fixture(
      GAME,
      "cards/elementis/decks/fire.yaml",
      fileText(GAME, "cards/elementis/decks/fire.yaml").replace("hand: [will-o-wisp,", "hand: [will-o-wisp, <|>"),
    );
    const ids = labels(deck);
    expect(ids).toEqual(expect.arrayContaining(["fireball", "phoenix", "undine"]));
    expect(ids).not.toContain("fire");
  });
});

describe("hover (elementis)", () => {
  test("a procedure: its signature and its author's comment", () => {
    const f = fixture(GAME, FIREBALL, fireball.replace("  deal-damage(t", "  deal-d<|>amage(t"));
    const h = f.ls.hover(f.file, f.at);
    expect(h?.contents).toBe(
      "```\n(procedure) deal-damage(target: entity, amount: number, source: card)\n```\n\none card deals damage to a player or a summon",
    );
    expect(h?.range).toEqual({ start: { line: 9, character: 2 }, end: { line: 9, character: 13 } });
  });

  test("a card id in a deck: the card's name, kind, stats and text", () => {
    const deck = "cards/elementis/decks/fire.yaml";
    const f = fixture(GAME, deck, fileText(GAME, deck).replace("dragon, fireball,", "dragon, fire<|>ball,"));
    const h = f.ls.hover(f.file, f.at);
    expect(h?.contents).toContain("**Fireball** `fireball` — magia");
    expect(h?.contents).toContain("number: 6 · element: fire · cost: 2");
    expect(h?.contents).toContain("Deal 1 damage to the opponent or to a summon on either field.");
  });

  test("a rule id in a scenario name: the rule's line from docs/rules/elementis.md", () => {
    const file = "cards/elementis/scenarios/fireball.yaml";
    const f = fixture(GAME, file, fileText(GAME, file).replace('"ES-ZONE-1 /', '"ES-ZO<|>NE-1 /'), ruleTexts(GAME));
    const h = f.ls.hover(f.file, f.at);
    expect(h?.contents).toBe(
      "**ES-ZONE-1** — Each player has a hand, a field for summons in play, a cost zone for face-down payment cards and a cool zone for spent cards (defeated summons, used magia and resists).",
    );
    expect(h?.range).toEqual({ start: { line: 1, character: 11 }, end: { line: 1, character: 20 } });
  });

  test("a member: its type", () => {
    const f = fixture(GAME, FIREBALL, withEffect('  log "{t.pow<|>er}"'));
    expect(f.ls.hover(f.file, f.at)?.contents).toContain("card.power: number");
  });
});

describe("definition and references (elementis)", () => {
  test("a procedure call goes to its declaration in rules.yaml", () => {
    const f = fixture(GAME, FIREBALL, fireball.replace("  deal-damage(t", "  deal<|>-damage(t"));
    const rules = fileText(GAME, RULES);
    expect(f.ls.definition(f.file, f.at)).toEqual([
      {
        file: RULES,
        range: {
          start: { line: lineOf(rules, "  deal-damage:"), character: 2 },
          end: { line: lineOf(rules, "  deal-damage:"), character: 13 },
        },
      },
    ]);
  });

  test("a card id in a deck goes to the card's `id:`", () => {
    const deck = "cards/elementis/decks/fire.yaml";
    const f = fixture(GAME, deck, fileText(GAME, deck).replace("dragon, fireball,", "dragon, <|>fireball,"));
    expect(f.ls.definition(f.file, f.at)).toEqual([
      { file: FIREBALL, range: { start: { line: 0, character: 4 }, end: { line: 0, character: 12 } } },
    ]);
  });

  test("references of a card: its id, the deck and every scenario naming it", () => {
    const f = fixture(GAME, FIREBALL, fireball.replace("id: fireball", "id: fire<|>ball"));
    const refs = f.ls.references(f.file, f.at);
    const files = new Set(refs.map((r) => r.file));
    expect(refs[0]).toEqual({
      file: FIREBALL,
      range: { start: { line: 0, character: 4 }, end: { line: 0, character: 12 } },
    });
    expect(files).toEqual(
      new Set([
        FIREBALL,
        "cards/elementis/decks/fire.yaml",
        ...[
          "undine",
          "recovery-spell",
          "siren",
          "fireball",
          "rules-match",
          "rules-turn",
          "will-o-wisp",
          "rules-open-questions",
          "gnome",
          "liquid-veil",
          "sylph",
          "v2-legality-and-decisions",
        ].map((s) => `cards/elementis/scenarios/${s}.yaml`),
      ]),
    );
    const deckRef = refs.find((r) => r.file === "cards/elementis/decks/fire.yaml");
    const deckLine = lineOf(fileText(GAME, "cards/elementis/decks/fire.yaml"), "fireball");
    const col = fileText(GAME, "cards/elementis/decks/fire.yaml").split("\n")[deckLine]!.indexOf("fireball");
    expect(deckRef?.range).toEqual({
      start: { line: deckLine, character: col },
      end: { line: deckLine, character: col + 8 },
    });
    expect(f.ls.references(f.file, f.at, false).length).toBe(refs.length - 1);
  });
});

describe("rename (elementis)", () => {
  test("a card id is renamed in the card, the deck and the scenarios; the game still checks clean", () => {
    const f = fixture(GAME, FIREBALL, fireball.replace("id: fireball", "id: fire<|>ball"));
    expect(f.ls.prepareRename(f.file, f.at)).toEqual({
      range: { start: { line: 0, character: 4 }, end: { line: 0, character: 12 } },
      placeholder: "fireball",
    });
    const edit = f.ls.rename(f.file, f.at, "fire-ball");
    if ("error" in edit) throw new Error(edit.error);
    expect(Object.keys(edit.changes)).toContain("cards/elementis/decks/fire.yaml");
    // The card's file follows its id.
    expect(edit.renames).toEqual([{ from: FIREBALL, to: "cards/elementis/cards/fire-ball.yaml" }]);
    const before = f.ws.model().diagnostics.length;
    for (const [file, edits] of Object.entries(edit.changes)) {
      let text = f.ws.model().files.get(file)!.text;
      const lines = text.split("\n");
      // Apply from the end so earlier ranges stay valid (every edit is on one line).
      for (const e of [...edits].sort(
        (a, b) => b.range.start.line - a.range.start.line || b.range.start.character - a.range.start.character,
      )) {
        const l = lines[e.range.start.line]!;
        expect(l.slice(e.range.start.character, e.range.end.character)).toBe("fireball");
        lines[e.range.start.line] = l.slice(0, e.range.start.character) + e.newText + l.slice(e.range.end.character);
      }
      text = lines.join("\n");
      f.ws.setFile(file, text);
    }
    const renamed = f.ws.model().files.get(FIREBALL)!.text;
    f.ws.removeFile(FIREBALL);
    f.ws.setFile("cards/elementis/cards/fire-ball.yaml", renamed);
    // No new diagnostic at all (not even check/file-name's warning).
    expect(f.ws.model().diagnostics.length).toBe(before);
    expect(f.ws.model().cards.some((c) => c.id === "fire-ball")).toBe(true);
    // Put the files back for the next tests.
    f.ws.removeFile("cards/elementis/cards/fire-ball.yaml");
    for (const file of Object.keys(edit.changes)) f.ws.setFile(file, fileText(GAME, file));
  });

  test("a bad or taken name is refused; a procedure is not renamed from here", () => {
    const f = fixture(
      GAME,
      FIREBALL,
      fireball.replace("id: fireball", "id: fire<|>ball").replace("  deal-damage(t", "  deal<|>-damage(t"),
    );
    expect(f.ls.rename(f.file, f.at, "Fire Ball")).toEqual({
      error: "'Fire Ball' is not a card id: use lower-case letters, digits and inner hyphens",
    });
    expect(f.ls.rename(f.file, f.at, "phoenix")).toEqual({ error: "'phoenix' is already a name of the game" });
    expect(f.ls.prepareRename(f.file, f.cursors[1]!)).toBeUndefined();
  });
});

describe("document symbols (elementis)", () => {
  test("a card file: the card, then its keys", () => {
    const f = fixture(GAME, FIREBALL, fireball);
    const [card] = f.ls.documentSymbols(f.file);
    expect(card).toMatchObject({ name: "fireball", detail: "magia · Fireball", kind: "card" });
    expect(card?.children.map((c) => c.name)).toEqual([
      "id",
      "kind",
      "number",
      "name",
      "text",
      "element",
      "cost",
      "effect",
    ]);
    expect(card?.children.find((c) => c.name === "cost")).toMatchObject({
      detail: "2",
      selectionRange: { start: { line: 6, character: 0 }, end: { line: 6, character: 4 } },
    });
  });

  test("the rules file: its sections and their entries", () => {
    const f = fixture(GAME, RULES, fileText(GAME, RULES));
    const symbols = f.ls.documentSymbols(f.file);
    const procs = symbols.find((s) => s.name === "procedures");
    expect(procs?.kind).toBe("section");
    expect(procs?.children.map((c) => c.name)).toEqual(
      expect.arrayContaining(["deal-damage", "offer-resists", "apply-damage"]),
    );
    expect(symbols.find((s) => s.name === "events")?.children.map((c) => c.name)).toEqual([
      "turn-start",
      "turn-end",
      "damage",
      "destroyed",
      "summon-damaged",
      "battle-end",
      "attack",
    ]);
  });
});

describe("semantic tokens (elementis)", () => {
  test("Fireball's effect: keywords, a local, a function, a text, a procedure, a number, self", () => {
    const f = fixture(GAME, FIREBALL, fireball);
    const tokens = decodeTokens(f.ls.semanticTokens(f.file).data);
    const lines = fireball.split("\n");
    const word = (t: { line: number; character: number; length: number }) =>
      lines[t.line]!.slice(t.character, t.character + t.length);
    expect(tokens.map((t) => [t.line, word(t), t.type, t.modifiers.join(",")])).toEqual([
      [8, "let", "keyword", ""],
      [8, "t", "variable", "declaration"],
      [8, "=", "operator", ""],
      [8, "choose", "keyword", ""],
      [8, "one", "keyword", ""],
      [8, "of", "keyword", ""],
      [8, "magia-targets", "function", ""],
      [8, "(", "operator", ""],
      [8, "self", "variable", "readonly,defaultLibrary"],
      [8, ")", "operator", ""],
      [8, "as", "keyword", ""],
      [8, '"Target of Fireball (1 damage)"', "string", ""],
      [9, "deal-damage", "function", ""],
      [9, "(", "operator", ""],
      [9, "t", "variable", ""],
      [9, ",", "operator", ""],
      [9, "1", "number", ""],
      [9, ",", "operator", ""],
      [9, "self", "variable", "readonly,defaultLibrary"],
      [9, ")", "operator", ""],
    ]);
  });

  test("a comment and an interpolation inside a text", () => {
    const f = fixture(GAME, FIREBALL, withEffect('  log "hit {t.power}" # why'));
    const tokens = decodeTokens(f.ls.semanticTokens(f.file).data).filter((t) => t.line === 10);
    const line = withEffect('  log "hit {t.power}" # why').split("\n")[10]!;
    expect(tokens.map((t) => [line.slice(t.character, t.character + t.length), t.type])).toEqual([
      ["log", "keyword"],
      ['"hit {', "string"],
      ["t", "variable"],
      [".", "operator"],
      ["power", "property"],
      ['}"', "string"],
      ["# why", "comment"],
    ]);
  });
});

describe("diagnostics and quick fixes (elementis)", () => {
  test("a misspelt procedure: the model's diagnostic, and a quick fix that replaces it", () => {
    const f = fixture(GAME, FIREBALL, fireball.replace("  deal-damage(t", "  deal-damge(t"));
    const diags = f.ls.diagnostics(f.file);
    expect(diags.map((d) => [d.code, d.range.start.line, d.range.start.character, d.message])).toEqual([
      ["check/unknown-function", 9, 2, "unknown function 'deal-damge'"],
    ]);
    const fixes = f.ls.codeActions(f.file, diags[0]!.range);
    expect(fixes.map((a) => [a.title, a.edit.changes[FIREBALL]])).toEqual([
      ["Change to 'deal-damage'", [{ range: diags[0]!.range, newText: "deal-damage" }]],
    ]);
  });
});

describe("broken files (elementis)", () => {
  // Half-typed YAML and code: an unclosed flow map, an unterminated text, a dangling operator,
  // a tab, an unknown kind. Every service answers at every position without throwing.
  const broken = [
    'id: fireball\nkind: magia\nname: { en: Fireball\nelement: fi\neffect: |\n  let t = choose one of\n  log "oops {t.\n  me.hand +\n\tcost: 2\n',
    "id: x\nkind: nothing\neffect: |\n  emit damage { target: , amount: 1\n  for each c in me. {\non:\n  - event: \n    do: |\n      if {\n",
    'scenarios:\n  - name: "x\n    given: { me: { hand: [fire',
  ];
  test.each(broken.map((text, i) => [i, text] as const))("text %i: every service at every position", (_i, text) => {
    const file = _i === 2 ? "cards/elementis/scenarios/broken.yaml" : FIREBALL;
    const f = fixture(GAME, file, text);
    const lines = text.split("\n");
    expect(f.ls.diagnostics(file).length).toBeGreaterThan(0);
    f.ls.documentSymbols(file);
    f.ls.semanticTokens(file);
    lines.forEach((l, line) => {
      for (let character = 0; character <= l.length; character++) {
        const p = { line, character };
        f.ls.completion(file, p);
        f.ls.hover(file, p);
        f.ls.definition(file, p);
        f.ls.references(file, p);
        f.ls.prepareRename(file, p);
        f.ls.codeActions(file, { start: p, end: p });
      }
    });
  });
});
