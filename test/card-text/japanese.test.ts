/**
 * The Japanese card text rendered from code uses Japanese terms only (issue 21, item 6): in every
 * shipped game, no card's Japanese rendering holds a Latin word, except the names of cards whose
 * file gives no `ja` name (the data's gap, counted below) and the terms a game's own Japanese
 * phrases write in Latin letters (GI's "HP", VERMILION's "ATK") and the unknown number `X`.
 */
import { describe, expect, it } from "vitest";
import { cardTexts, readCardTextRules } from "../../compiler/core/analysis/card-text/index.ts";
import { checkRules } from "../../compiler/core/files/check-files.ts";
import { checkGame } from "../../compiler/core/workspace/workspace.ts";
import { readGame } from "../../compiler/node/project.ts";

const seen = new Map<string, ReturnType<typeof renderJapanese>>();
const japanese = (game: string) =>
  seen.get(game) ?? (seen.set(game, renderJapanese(game)).get(game) as ReturnType<typeof renderJapanese>);

function renderJapanese(game: string) {
  const inp = readGame(game);
  if ("code" in inp) throw new Error(inp.message);
  const model = checkGame(inp);
  const rules = checkRules(inp.rules).value;
  const texts = cardTexts({
    rules,
    enums: model.vocabulary?.enums ?? new Map(),
    cards: model.cards,
    units: model.units,
    ja: true,
  });
  const phrases = readCardTextRules(rules);
  // Latin words a game's own Japanese phrases use (HP, ATK): Japanese card text writes them so.
  const latin = new Set<string>(["X"]);
  for (const table of phrases ? Object.values(phrases) : [])
    if (table instanceof Map)
      for (const p of table.values()) for (const w of String(p.ja ?? "").match(/[A-Za-z]+/g) ?? []) latin.add(w);
  const unnamed = model.cards.filter((c) => !c.names?.["ja"]).map((c) => c.name);
  const leaks = texts.flatMap((t) => {
    let s = t.renderedJa;
    for (const n of [...unnamed].sort((a, b) => b.length - a.length)) s = s.split(n).join("");
    const words = (s.match(/[A-Za-z][A-Za-z0-9'-]*/g) ?? []).filter((w) => !latin.has(w.replace(/[-\d]+$/, "")));
    return words.length ? [`${t.id}: ${words.join(" ")} — ${t.renderedJa}`] : [];
  });
  return { leaks, cards: texts.length, unnamed: unnamed.length, texts };
}

describe("Japanese card text from code", () => {
  for (const game of ["elementis", "gitcg", "vermilion"]) {
    it(`${game}: no English term in any card's Japanese rendering`, () => {
      const r = japanese(game);
      expect(r.cards).toBeGreaterThan(30);
      expect(r.leaks).toEqual([]);
    });
  }

  it("a GI heal reads 対象 and それ, never the code's parameter or loop names", () => {
    const r = japanese("gitcg");
    const all = r.texts.map((t) => t.renderedJa).join("\n");
    expect(all).not.toMatch(/\b(target|subject|for each)\b/);
    expect(r.texts.find((t) => t.id === "diluc-searing-onslaught")?.renderedJa).toBe(
      "元素スキル： 相手の出戦キャラに炎ダメージ3点、もし このラウンドの使用回数 が 3: 相手の出戦キャラに炎ダメージ5点。",
    );
  });
});
