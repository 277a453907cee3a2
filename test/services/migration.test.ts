/**
 * Quick fixes for what issue 22 changed in the language, so a designer's own game is told how to
 * change and the editor makes the change (CHANGELOG.md, "Unreleased"): `opponent` in a game for
 * more than two (→ `next(me)`), a zone of the game named as a player's (`me.deck` → `game.deck`),
 * a list compared with or set to none (lists are never none: `count(xs) == 0`, `[]`), the text
 * "none" compared with a player (`default: none` is the none value now: `none`), and `players:`
 * written as a range some other way (`2-6` → `{ min: 2, max: 6 }`). Each: the diagnostic's text
 * and position, the edit its quick fix makes, and the fixed file checks clean. On Coup's rules.
 */
import { describe, expect, it } from "vitest";
import type { LspRange } from "../../compiler/core/services/index.ts";
import { fileText, fixture } from "../kit/services.ts";

const GAME = "coup";
const RULES = "cards/coup/rules.yaml";
const rules = fileText(GAME, RULES);

/** Coup's rules with the income action doing `code` (one line, at a known place). */
function withIncome(code: string): string {
  const out = rules.replace("    do: me.coins += 1\n", `    do: |\n      ${code}\n`);
  expect(out).not.toBe(rules);
  return out;
}

/** The text with one edit applied (LSP positions, 0-based). */
function applyEdit(text: string, range: LspRange, newText: string): string {
  const lines = text.split("\n");
  const offset = (p: { line: number; character: number }) =>
    lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  return text.slice(0, offset(range.start)) + newText + text.slice(offset(range.end));
}

/** The position of the first `needle` in `text` (0-based line and character). */
function at(text: string, needle: string): { line: number; character: number } {
  const i = text.indexOf(needle);
  expect(i).toBeGreaterThanOrEqual(0);
  const before = text.slice(0, i).split("\n");
  return { line: before.length - 1, character: (before[before.length - 1] as string).length };
}

/** The one diagnostic of the file, its one quick fix, and the file that fix makes. */
function fixOf(text: string) {
  const f = fixture(GAME, RULES, text);
  const diags = f.ls.diagnostics(RULES);
  expect(diags).toHaveLength(1);
  const d = diags[0]!;
  const fixes = f.ls.codeActions(RULES, d.range);
  expect(fixes).toHaveLength(1);
  const edits = fixes[0]!.edit.changes[RULES] ?? [];
  expect(edits).toHaveLength(1);
  const e = edits[0]!;
  const fixed = applyEdit(text, e.range, e.newText);
  const after = fixture(GAME, RULES, fixed).ls.diagnostics(RULES);
  return { d, title: fixes[0]!.title, edit: e, fixed, after };
}

describe("quick fixes for what the player model changed (Coup)", () => {
  it("opponent in a game for 2 to 6 players: the quick fix writes next(me)", () => {
    const text = withIncome("opponent.coins += 1");
    const r = fixOf(text);
    const p = at(text, "opponent.coins");
    expect([r.d.code, r.d.message, r.d.hint, r.d.range.start]).toEqual([
      "check/opponent",
      "'opponent' is only defined for two-player games",
      "did you mean 'next(me)'?",
      p,
    ]);
    expect(r.title).toBe("Change to 'next(me)'");
    expect(r.edit).toEqual({ range: { start: p, end: { ...p, character: p.character + 8 } }, newText: "next(me)" });
    expect(r.fixed).toContain("      next(me).coins += 1\n");
    expect(r.after).toEqual([]);
  });

  it("me.deck for the game's deck: reported at 'deck', the quick fix rewrites the whole member as game.deck", () => {
    const text = withIncome("move take(me.deck, 1) to me.hand");
    const r = fixOf(text);
    const take = at(text, "take(me.deck");
    const me = { ...take, character: take.character + 5 };
    expect([r.d.code, r.d.message, r.d.hint, r.d.range.start]).toEqual([
      "check/unknown-member",
      "'deck' is a zone of the game, not of a player",
      "game.deck",
      { ...me, character: me.character + 3 },
    ]);
    expect(r.edit).toEqual({ range: { start: me, end: { ...me, character: me.character + 7 } }, newText: "game.deck" });
    expect(r.fixed).toContain("      move take(game.deck, 1) to me.hand\n");
    expect(r.after).toEqual([]);
  });

  it("a list compared with none: reported at the operator, the quick fix rewrites the comparison with count", () => {
    const text = withIncome("if rivals(me) == none { me.coins += 1 }");
    const r = fixOf(text);
    const cmp = at(text, "rivals(me) == none");
    expect([r.d.code, r.d.message, r.d.hint, r.d.range.start]).toEqual([
      "check/type",
      "a list is never none: compare how many it holds",
      "count(rivals(me)) == 0",
      { ...cmp, character: cmp.character + 11 },
    ]);
    expect(r.edit).toEqual({
      range: { start: cmp, end: { ...cmp, character: cmp.character + 18 } },
      newText: "count(rivals(me)) == 0",
    });
    expect(r.fixed).toContain("      if count(rivals(me)) == 0 { me.coins += 1 }\n");
    expect(r.after).toEqual([]);
    // `!=` becomes "holds some".
    expect(fixOf(withIncome("if rivals(me) != none { me.coins += 1 }")).edit.newText).toBe("count(rivals(me)) > 0");
  });

  it('the text "none" compared with a player (what default: none used to store): the quick fix writes none', () => {
    const text = withIncome('if game.current == "none" { me.coins += 1 }');
    const r = fixOf(text);
    const word = at(text, '"none"');
    expect([r.d.code, r.d.message, r.d.hint, r.d.range.start]).toEqual([
      "check/type",
      'cannot compare player? with the text "none": the none value is written none',
      "did you mean 'none'?",
      word,
    ]);
    expect(r.edit).toEqual({
      range: { start: word, end: { ...word, character: word.character + 6 } },
      newText: "none",
    });
    expect(r.fixed).toContain("      if game.current == none { me.coins += 1 }\n");
    expect(r.after).toEqual([]);
  });

  for (const written of ["2-6", "2..6", "2 to 6", "[2, 6]", "[6, 2]"])
    it(`players: ${written} (a range written another way): the quick fix writes { min: 2, max: 6 }`, () => {
      const text = rules.replace("players: { min: 2, max: 6 }", `players: ${written}`);
      expect(text).not.toBe(rules);
      const r = fixOf(text);
      const value = at(text, `players: ${written}`);
      expect(r.d.range.start).toEqual({ ...value, character: value.character + 9 });
      expect(r.d.message).toBe("'players' must be a number of seats or a range { min, max }");
      expect(r.d.hint).toBe("a range of seats is written players: { min: 2, max: 6 }");
      expect(r.edit.newText).toBe("{ min: 2, max: 6 }");
      expect(r.edit.range).toEqual({
        start: { ...value, character: value.character + 9 },
        end: { ...value, character: value.character + 9 + written.length },
      });
      expect(r.fixed).toContain("players: { min: 2, max: 6 }");
      expect(r.after).toEqual([]);
    });
});
