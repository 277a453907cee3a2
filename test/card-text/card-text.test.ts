/**
 * Card text rendered from the effect tree and compared with each card's written `text`
 * (compiler/core/analysis/card-text): the whole GI and Elementis pools agree number by number, a planted
 * mismatch is reported at the card's `text` with both texts, and representative cards render
 * exactly.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { cardTexts, readCardTextRules, type CardText } from "../../compiler/core/analysis/card-text/index.ts";
import { compilePatterns, findFacts } from "../../compiler/core/analysis/card-text/facts.ts";
import { checkRules, type GameInput } from "../../compiler/core/files/check-files.ts";
import { renderDiagnostic } from "../../compiler/core/text/diagnostics.ts";
import type { CheckedModel } from "../../compiler/core/workspace/model.ts";
import { Workspace } from "../../compiler/core/workspace/workspace.ts";
import { readGame } from "../../compiler/node/project.ts";
import { cli } from "../kit/cli.ts";
import { GameChecker } from "../../editor/src/check/core.ts";

function input(game: string): GameInput {
  const g = readGame(game);
  if ("code" in g) throw new Error(g.message);
  return g;
}

/**
 * The model with one card file's text replaced (`from` must occur in it), checked incrementally
 * (only that card is checked again); the file is put back afterwards.
 */
function planted(ws: Workspace, game: string, card: string, from: string, to: string): CheckedModel {
  const path = `cards/${game}/cards/${card}.yaml`;
  const text = input(game).cards.find((c) => c.path === path)?.text ?? "";
  expect(text).toContain(from);
  ws.setFile(path, text.replace(from, to));
  const m = ws.model();
  ws.setFile(path, text);
  return m;
}

/** Warnings against a card's own written text (those against its official texts are apart). */
const textWarnings = (m: CheckedModel) =>
  m.diagnostics
    .filter((d) => d.code === "check/card-text" && !d.message.includes("official text"))
    .map(renderDiagnostic);
const officialWarnings = (m: CheckedModel) =>
  m.diagnostics
    .filter(
      (d) => d.code === "check/official-text" || (d.code === "check/card-text" && d.message.includes("official text")),
    )
    .map(renderDiagnostic);

function texts(game: string): { ws: Workspace; model: CheckedModel; all: CardText[] } {
  const g = input(game);
  const ws = new Workspace(g);
  const model = ws.model();
  const all = cardTexts({
    rules: checkRules(g.rules).value,
    enums: model.vocabulary?.enums ?? new Map(),
    cards: model.cards,
    units: model.units,
    ja: true,
  });
  return { ws, model, all };
}

const rendered = (all: readonly CardText[], id: string) => all.find((t) => t.id === id)?.rendered.text;
const renderedJa = (all: readonly CardText[], id: string) => all.find((t) => t.id === id)?.renderedJa;

describe("GI (gitcg): card text", () => {
  let gi: { ws: Workspace; model: CheckedModel; all: CardText[] };
  // Checking the whole GI pool takes seconds on a loaded machine.
  beforeAll(() => {
    gi = texts("gitcg");
  }, 120_000);

  it("the whole pool: 0 text mismatches, and every card with code is compared with its text", () => {
    expect(textWarnings(gi.model)).toEqual([]);
    const withCode = gi.all.filter((t) => gi.model.units.some((u) => u.id.startsWith(`card.${t.id}.`)));
    expect(withCode.length).toBeGreaterThan(240);
    expect(withCode.filter((t) => !t.compared).map((t) => t.id)).toEqual([]);
  });

  // Official texts (officialText:, read from genshin-db; cards/gitcg/AUDIT.md): each version's code
  // against the text of that version.
  it("official texts: every pool card has one, and every version's code agrees with it (cards/gitcg/AUDIT.md: nothing open)", () => {
    const official = officialWarnings(gi.model);
    expect(official).toEqual([]);
    // Each card with code is compared with an official text at some version (the check measured something).
    const compared = gi.all.filter((t) => t.official.length > 0).map((t) => t.id);
    expect(compared.length).toBeGreaterThan(290);
    // Rules-test fixtures (cards/gitcg/fixtures/) are cards of the game, not of the pool: no official text asked.
    expect(gi.model.cards.filter((c) => c.file.includes("/fixtures/")).map((c) => c.id)).toHaveLength(8);
    expect(gi.model.diagnostics.filter((d) => d.file.includes("/fixtures/"))).toEqual([]);
  });

  it("official texts: a planted mismatch in a version entry is a warning at that version's official text", () => {
    const m = planted(
      gi.ws,
      "gitcg",
      "beidou-stormbreaker",
      "deal-damage(opponent.active, 3, electro, self)",
      "deal-damage(opponent.active, 4, electro, self)",
    );
    expect(officialWarnings(m).filter((l) => l.includes("beidou-stormbreaker"))).toEqual([
      "cards/gitcg/cards/beidou-stormbreaker.yaml:24:9: warning check/card-text: the card's effect at versions 3.4–3.7 and its official text differ (damage: the effect says 4, the text says 3): official text \"Deals 3 Electro DMG, creates 1 Thunderbeast's Targe.\", effect \"Elemental Burst: Deal 4 Electro DMG to the opponent's active character; create Thunderbeast's Targe.\"\n  hint: correct the effect at these versions (a `versions:` entry), or the official text if it was misread",
    ]);
  });

  it("official texts: a number that is the skill's official number plus a talent's official bonus agrees (3 + 2); another does not", () => {
    // Enigmatic Feint's text says 3 Anemo DMG; A Cold Blade Like a Shadow's says "+2 DMG": the code's 5 is their sum.
    expect(officialWarnings(gi.model).filter((l) => l.includes("lynette-enigmatic-feint"))).toEqual([]);
    const m = planted(
      gi.ws,
      "gitcg",
      "lynette-enigmatic-feint",
      "deal-damage(opponent.active, 5, anemo, self)",
      "deal-damage(opponent.active, 6, anemo, self)",
    );
    expect(
      officialWarnings(m)
        .filter((l) => l.includes("lynette-enigmatic-feint"))
        .map((l) => l.split(": official text")[0]),
    ).toEqual([
      "cards/gitcg/cards/lynette-enigmatic-feint.yaml:23:9: warning check/card-text: the card's effect at versions 4.3–5.3 and its official text differ (damage: the effect says 6)",
    ]);
  });

  it("official texts: Usage a card takes away is compared when the text states it (Send Off's 2)", () => {
    const m = planted(gi.ws, "gitcg", "send-off", "consume-usage(self.target, 2)", "consume-usage(self.target, 3)");
    expect(
      officialWarnings(m)
        .filter((l) => l.includes("send-off"))
        .map((l) => l.split(": official text")[0]),
    ).toEqual([
      "cards/gitcg/cards/send-off.yaml:25:9: warning check/card-text: the card's effect at versions 3.7–5.3 and its official text differ (less-usage: the effect says 3, the text says 2)",
    ]);
  });

  it("official texts: a card without one is a warning at its id, naming the versions", () => {
    const path = "cards/gitcg/cards/liyue-harbor-wharf.yaml";
    const text = input("gitcg").cards.find((c) => c.path === path)?.text ?? "";
    expect(text).toContain("officialText:");
    gi.ws.setFile(path, text.slice(0, text.indexOf("officialText:")));
    const m = gi.ws.model();
    gi.ws.setFile(path, text);
    expect(officialWarnings(m).filter((l) => l.includes("liyue-harbor-wharf"))).toEqual([
      "cards/gitcg/cards/liyue-harbor-wharf.yaml:1:5: warning check/official-text: the card has no official text at versions 3.3–5.3 (the game's card-text section asks for one per version)\n  hint: add an officialText: entry for these versions with its source, or officialText: { none: <why> }",
    ]);
    expect(officialWarnings(gi.ws.model()).filter((l) => l.includes("liyue-harbor-wharf"))).toEqual([]);
  });

  it("a planted mismatch (the effect's damage changed, its text not) is a warning at the card's text, with both texts", () => {
    const m = planted(gi.ws, "gitcg", "diluc-searing-onslaught", "let n = 3", "let n = 4");
    expect(textWarnings(m)).toEqual([
      'cards/gitcg/cards/diluc-searing-onslaught.yaml:5:13: warning check/card-text: the card\'s text and its effect differ (bonus: the text says 2; damage: the effect says 4, the text says 3): text "Elemental Skill: deal 3 Pyro DMG. The third use in a round deals +2 DMG.", effect "Elemental Skill: Deal 4 Pyro DMG to the opponent\'s active character; if uses in the round is 3: deal 5 Pyro DMG to the opponent\'s active character."\n  hint: correct the number in the effect or in the text (`cardwright text` shows the rendered text)',
    ]);
  });

  it("a planted mismatch of a status's usage and of an element is reported by role", () => {
    const usage = planted(gi.ws, "gitcg", "catalyzing-field", "usage: 2", "usage: 3");
    expect(textWarnings(usage).map((l) => l.split(": text ")[0])).toEqual([
      "cards/gitcg/cards/catalyzing-field.yaml:5:13: warning check/card-text: the card's text and its effect differ (usage: the effect says 3, the text says 2)",
    ]);
    const element = planted(
      gi.ws,
      "gitcg",
      "diluc-dawn",
      "deal-damage(opponent.active, 8, pyro, self)",
      "deal-damage(opponent.active, 8, cryo, self)",
    );
    expect(textWarnings(element).map((l) => l.split(": text ")[0])).toEqual([
      "cards/gitcg/cards/diluc-dawn.yaml:5:13: warning check/card-text: the card's text and its effect differ (element: the effect says cryo, the text says pyro)",
    ]);
  });

  it("a card's other version is compared with its own text: a planted mismatch is reported at the entry's text", () => {
    const m = planted(
      gi.ws,
      "gitcg",
      "rainbow-bladework",
      "deal-damage(opponent.active, 2, hydro, self)",
      "deal-damage(opponent.active, 3, hydro, self)",
    );
    expect(textWarnings(m).map((l) => l.split(": text ")[0])).toEqual([
      "cards/gitcg/cards/rainbow-bladework.yaml:17:17: warning check/card-text: the card's text and its effect differ at versions 3.3–3.5 (damage: the effect says 3)",
    ]);
  });

  // The workspace keeps each card's rendering and comparison between builds (CardTextCache): an
  // edit must still be seen, and undoing it must take the warning away again.
  it("an edit of a skill's damage in its effect, not its text, warns after the incremental re-check; undoing the edit removes the warning", () => {
    const path = "cards/gitcg/cards/diluc-searing-onslaught.yaml";
    const text = input("gitcg").cards.find((c) => c.path === path)?.text ?? "";
    expect(text).toContain("let n = 3");
    expect(gi.ws.diagnosticsOf(path)).toEqual([]);
    gi.ws.setFile(path, text.replace("let n = 3", "let n = 4"));
    expect(gi.ws.lastChecked).toEqual([path]);
    expect(textWarnings(gi.ws.model())).toEqual([
      'cards/gitcg/cards/diluc-searing-onslaught.yaml:5:13: warning check/card-text: the card\'s text and its effect differ (bonus: the text says 2; damage: the effect says 4, the text says 3): text "Elemental Skill: deal 3 Pyro DMG. The third use in a round deals +2 DMG.", effect "Elemental Skill: Deal 4 Pyro DMG to the opponent\'s active character; if uses in the round is 3: deal 5 Pyro DMG to the opponent\'s active character."\n  hint: correct the number in the effect or in the text (`cardwright text` shows the rendered text)',
    ]);
    gi.ws.setFile(path, text);
    expect(gi.ws.lastChecked).toEqual([path]);
    expect(gi.ws.diagnosticsOf(path)).toEqual([]);
  });

  it("an edit of a status re-compares the unchanged skill whose text states the status's number (a related card)", () => {
    const path = "cards/gitcg/cards/tidecaller-surf-embrace.yaml";
    const text = input("gitcg").cards.find((c) => c.path === path)?.text ?? "";
    expect(text).toContain("usage: 2");
    gi.ws.setFile(path, text.replace("usage: 2", "usage: 3"));
    // Only the status's file is checked again; Tidecaller's text says "a 2-point shield" of it.
    expect(gi.ws.lastChecked).toEqual([path]);
    expect(textWarnings(gi.ws.model()).map((l) => l.split(": text ")[0])).toEqual([
      "cards/gitcg/cards/beidou-tidecaller.yaml:5:13: warning check/card-text: the card's text and its effect differ (usage: the text says 2)",
      "cards/gitcg/cards/tidecaller-surf-embrace.yaml:5:13: warning check/card-text: the card's text and its effect differ (usage: the effect says 3, the text says 2)",
    ]);
    gi.ws.setFile(path, text);
    expect(textWarnings(gi.ws.model())).toEqual([]);
  });

  it("renders skills, statuses and conditional numbers exactly (GI-REACT-TABLE Catalyzing Field)", () => {
    expect(rendered(gi.all, "diluc-searing-onslaught")).toBe(
      "Elemental Skill: Deal 3 Pyro DMG to the opponent's active character; if uses in the round is 3: deal 5 Pyro DMG to the opponent's active character.",
    );
    expect(rendered(gi.all, "diluc-pyro-infusion")).toBe(
      "When DMG's element is decided, if the attacker is the character and the DMG's element is Physical: the DMG becomes Pyro DMG. Duration 2 rounds.",
    );
    expect(rendered(gi.all, "catalyzing-field")).toBe(
      "When DMG is dealt, if the dealing side is you and the target is the opponent's active character and the DMG's element is Electro or the DMG's element is Dendro: +1 DMG; spend 1 of this card's usage. Usage 2.",
    );
    expect(renderedJa(gi.all, "diluc-dawn")).toBe(
      // Cards are named by their `ja` names in Japanese text.
      "元素爆発： 相手の出戦キャラに炎ダメージ8点、このキャラに炎元素付与を付与。",
    );
  });
});

describe("Elementis: card text", () => {
  let es: { ws: Workspace; model: CheckedModel; all: CardText[] };
  beforeAll(() => {
    es = texts("elementis");
  });

  it("the whole pool: 0 text mismatches; every card is compared", () => {
    expect(textWarnings(es.model)).toEqual([]);
    expect(es.all.filter((t) => !t.compared).map((t) => t.id)).toEqual([]);
  });

  it("renders magia, resists, triggers, modifiers and keywords exactly", () => {
    expect(rendered(es.all, "explosia")).toBe(
      "Magia (fire, cost 5). Choose the opponent or a summon on either field; deal 5 damage to it.",
    );
    expect(rendered(es.all, "stone-guard")).toBe(
      "Resist (earth, cost 1). When damage is dealt, if the damaged one is you: reduce it by 3.",
    );
    expect(rendered(es.all, "gargoyle")).toBe(
      "Summon (earth, cost 2, power 2). When damage would be taken, if the damaged one is you: reduce it by 1.",
    );
    expect(rendered(es.all, "dragon")).toBe(
      "Summon (fire, cost 4, power 5). If the card is this card and the player whose turn it is is you: the card gets +2 power.",
    );
    expect(rendered(es.all, "kraken")).toBe("Summon (water, cost 4, power 4). The opponent's magia cannot target it.");
    expect(renderedJa(es.all, "fireball")).toBe(
      "マギア（火、コスト2）。選ぶ： 相手かどちらかの場のサモン、それに1ダメージを与える。",
    );
  });

  it("a written number the effect does not give is reported (the text changed, the effect not)", () => {
    const m = planted(es.ws, "elementis", "fireball", "Deal 1 damage", "Deal 2 damage");
    expect(textWarnings(m).map((l) => l.split(": text ")[0])).toEqual([
      "cards/elementis/cards/fireball.yaml:5:13: warning check/card-text: the card's text and its effect differ (damage: the effect says 1, the text says 2)",
    ]);
  });
});

describe("the number-by-number reading", () => {
  it("finds numbers by role with the game's patterns, in order, each match taken out", () => {
    const head = checkRules(input("gitcg").rules);
    const rules = readCardTextRules(head.value);
    if (!rules || !head.vocabulary) throw new Error("gitcg has no card-text section");
    const patterns = compilePatterns(rules, head.vocabulary.enums);
    expect(findFacts("Deal 3 Pyro DMG, +2 DMG. Usage 2. Duration 2 rounds. Spend 1 Cryo Die less.", patterns)).toEqual([
      { role: "bonus", value: "2" },
      { role: "damage", value: "3" },
      { role: "element", value: "pyro" },
      { role: "usage", value: "2" },
      { role: "duration", value: "2" },
      { role: "discount", value: "1" },
    ]);
    expect(findFacts("deal X Electro DMG", patterns)).toEqual([
      { role: "damage", value: "X" },
      { role: "element", value: "electro" },
    ]);
  });
});

describe("cardwright text", () => {
  it("prints a card's written and rendered text and the pool's figures", async () => {
    const r = await cli(["text", "elementis", "fireball"]);
    expect(r.code).toBe(0);
    expect(r.out).toBe(
      "fireball (cards/elementis/cards/fireball.yaml)\n  text:     Deal 1 damage to the opponent or to a summon on either field.\n  rendered: Magia (fire, cost 2). Choose the opponent or a summon on either field; deal 1 damage to it.\nelementis: 32 card(s); 32 compared with their text (28 of 28 with code), 27 of them stating numbers; 0 other version(s) compared; 0 text mismatch(es); 0 with code shown as code\n",
    );
  });

  it("an unknown card is a usage error", async () => {
    const r = await cli(["text", "elementis", "fireblal"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("no card 'fireblal' in elementis");
  });
});

describe("the editor's card preview", () => {
  it("the check worker gives a card's rendered text, and says when it differs after an edit", () => {
    const g = input("elementis");
    const checker = new GameChecker();
    checker.load(g);
    expect(checker.call("cardText", ["fireball"])).toEqual({
      rendered: "Magia (fire, cost 2). Choose the opponent or a summon on either field; deal 1 damage to it.",
      differs: false,
    });
    const path = "cards/elementis/cards/fireball.yaml";
    const text = g.cards.find((c) => c.path === path)?.text ?? "";
    checker.edit(path, text.replace("deal-damage(t, 1, self)", "deal-damage(t, 2, self)"));
    expect(checker.call("cardText", ["fireball"])).toEqual({
      rendered: "Magia (fire, cost 2). Choose the opponent or a summon on either field; deal 2 damage to it.",
      differs: true,
    });
    expect(checker.call("cardText", ["no-such-card"])).toBeNull();
  });
});

describe("a card whose code has errors", () => {
  it("is not compared: only its error is reported", () => {
    const g = input("elementis");
    const ws = new Workspace(g);
    ws.model();
    const m = planted(ws, "elementis", "fireball", "deal-damage(t, 1, self)", "deal-damge(t, 1, self)");
    expect(m.diagnostics.filter((d) => d.file.endsWith("fireball.yaml")).map((d) => d.code)).toEqual([
      "check/unknown-function",
    ]);
  });
});
