/**
 * Names a player cannot tell apart and "trojan source" characters (workspace/names.ts,
 * text/hidden-characters.ts, text/confusables.ts): Elementis with one or two extra card files,
 * checked by the workspace every tool uses. Fireball (cards/elementis/cards/fireball.yaml) is a
 * magia named { en: Fireball, ja: ファイアボール }.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { renderDiagnostic } from "../../compiler/core/text/diagnostics.ts";
import { skeleton } from "../../compiler/core/text/confusables.ts";
import { hiddenCharacterDiagnostics } from "../../compiler/core/text/hidden-characters.ts";
import { Workspace } from "../../compiler/core/workspace/workspace.ts";
import { readGame, ROOT } from "../../compiler/node/project.ts";

const DIR = "cards/elementis/cards";
const FIREBALL = readFileSync(join(ROOT, DIR, "fireball.yaml"), "utf8");
const KELPIE = readFileSync(join(ROOT, DIR, "kelpie.yaml"), "utf8");
const NEW_CODES = new Set([
  "check/confusable-name",
  "check/same-name",
  "check/bidi-control",
  "check/invisible-character",
  "check/unknown-card",
]);

let ws: Workspace;
const added: string[] = [];
beforeAll(() => {
  const input = readGame("elementis", ROOT, ROOT);
  if ("code" in input) throw new Error(renderDiagnostic(input));
  ws = new Workspace(input);
}, 120_000);
afterEach(() => {
  for (const p of added.splice(0)) ws.removeFile(p);
});
const add = (name: string, text: string) => {
  const path = `${DIR}/${name}.yaml`;
  added.push(path);
  ws.setFile(path, text);
};
/** The new codes' diagnostics of the game, rendered. */
const found = () =>
  ws
    .model()
    .diagnostics.filter((d) => NEW_CODES.has(d.code))
    .flatMap((d) => renderDiagnostic(d).split("\n"));
const copyOfFireball = (id: string, name: string) =>
  FIREBALL.replace("id: fireball", `id: ${id}`).replace(
    "name: { en: Fireball, ja: ファイアボール }",
    `name: { en: "${name}", ja: 火の玉 }`,
  );

describe("skeletons", () => {
  test("a Cyrillic letter, a zero-width space, a digit for a letter have the Latin skeleton; other names do not", () => {
    expect(skeleton("Fir\u0435ball")).toBe(skeleton("Fireball"));
    expect(skeleton("Fireball\u200b")).toBe(skeleton("Fireball"));
    expect(skeleton("Firebal1")).toBe(skeleton("Fireball"));
    expect(skeleton("Fire\u00a0ball")).toBe(skeleton("Fire ball"));
    expect(skeleton("Fireball")).not.toBe(skeleton("FireBall"));
    expect(skeleton("Fireball")).not.toBe(skeleton("Firebolt"));
  });
});

describe("card names", () => {
  test("the same name on two cards of one kind: a warning at the later card's name", () => {
    add("fireball-copy", FIREBALL.replace("id: fireball", "id: fireball-copy"));
    expect(found()).toEqual([
      `${DIR}/fireball-copy.yaml:4:13: warning check/same-name: card name 'Fireball' is also the name of card 'fireball' (${DIR}/fireball.yaml), of the same kind 'magia'`,
      "  hint: give each card of a kind its own name, or say `sameNameAs: fireball` when this card is a variant that shows the same name",
      `${DIR}/fireball-copy.yaml:4:27: warning check/same-name: card name 'ファイアボール' is also the name of card 'fireball' (${DIR}/fireball.yaml), of the same kind 'magia'`,
      "  hint: give each card of a kind its own name, or say `sameNameAs: fireball` when this card is a variant that shows the same name",
    ]);
  });

  test("the same name on cards of different kinds is fine, and so is a variant that says sameNameAs", () => {
    add(
      "kelpie-fireball",
      KELPIE.replace("id: kelpie", "id: kelpie-fireball").replace(
        "name: { en: Kelpie, ja: ケルピー }",
        "name: { en: Fireball, ja: ファイアボール }",
      ),
    );
    add("fireball-upgraded", `${FIREBALL.replace("id: fireball", "id: fireball-upgraded")}sameNameAs: fireball\n`);
    expect(found()).toEqual([]);
  });

  test("sameNameAs names a card of the game", () => {
    add("fireball-upgraded", `${FIREBALL.replace("id: fireball", "id: fireball-upgraded")}sameNameAs: firebal\n`);
    expect(found()).toEqual([
      `${DIR}/fireball-upgraded.yaml:4:13: warning check/same-name: card name 'Fireball' is also the name of card 'fireball' (${DIR}/fireball.yaml), of the same kind 'magia'`,
      "  hint: give each card of a kind its own name, or say `sameNameAs: fireball` when this card is a variant that shows the same name",
      `${DIR}/fireball-upgraded.yaml:4:27: warning check/same-name: card name 'ファイアボール' is also the name of card 'fireball' (${DIR}/fireball.yaml), of the same kind 'magia'`,
      "  hint: give each card of a kind its own name, or say `sameNameAs: fireball` when this card is a variant that shows the same name",
      `${DIR}/fireball-upgraded.yaml:11:13: error check/unknown-card: unknown card 'firebal' in sameNameAs`,
      "  hint: name the card of this game whose name this one shares",
    ]);
  });

  test("a name with a Cyrillic letter: confusable, on both cards, whatever their kinds", () => {
    add(
      "fake",
      KELPIE.replace("id: kelpie", "id: fake").replace(
        "name: { en: Kelpie, ja: ケルピー }",
        'name: { en: "Fir\\u0435ball", ja: 偽物 }',
      ),
    );
    const hint =
      "  hint: players cannot tell these names apart: write both in one script without invisible characters, or rename one";
    expect(found()).toEqual([
      `${DIR}/fake.yaml:4:13: warning check/confusable-name: card name 'Fir\u0435ball' of 'fake' looks the same as 'Fireball' of card 'fireball' (${DIR}/fireball.yaml) but is another text: '\u0435' U+0435 here; 'e' U+0065 there`,
      hint,
      `${DIR}/fireball.yaml:4:13: warning check/confusable-name: card name 'Fireball' of 'fireball' looks the same as 'Fir\u0435ball' of card 'fake' (${DIR}/fake.yaml) but is another text: 'e' U+0065 here; '\u0435' U+0435 there`,
      hint,
    ]);
  });

  test("a name with a trailing zero-width space: confusable, and an invisible character at its place", () => {
    add("fireball-zw", copyOfFireball("fireball-zw", "Fireball\\u200b"));
    expect(found()).toEqual([
      `${DIR}/fireball-zw.yaml:4:13: warning check/confusable-name: card name 'Fireball\\u{200b}' of 'fireball-zw' looks the same as 'Fireball' of card 'fireball' (${DIR}/fireball.yaml) but is another text: U+200B ZERO WIDTH SPACE here`,
      "  hint: players cannot tell these names apart: write both in one script without invisible characters, or rename one",
      `${DIR}/fireball.yaml:4:13: warning check/confusable-name: card name 'Fireball' of 'fireball' looks the same as 'Fireball\\u{200b}' of card 'fireball-zw' (${DIR}/fireball-zw.yaml) but is another text: U+200B ZERO WIDTH SPACE there`,
      "  hint: players cannot tell these names apart: write both in one script without invisible characters, or rename one",
    ]);
    // Written as the character itself (not a YAML escape), it is also an invisible character in the file.
    ws.setFile(`${DIR}/fireball-zw.yaml`, copyOfFireball("fireball-zw", "Fireball\u200b"));
    expect(found().filter((l) => l.includes("check/invisible-character"))).toEqual([
      `${DIR}/fireball-zw.yaml:4:22: warning check/invisible-character: invisible character U+200B ZERO WIDTH SPACE: it shows as nothing, so this text looks like one without it`,
    ]);
  });
});

describe("bidi controls and invisible characters in the files", () => {
  test("in a comment, in a string of the code and in a name: one warning each, at the character", () => {
    const text = FIREBALL.replace("id: fireball", "id: fireball\u2066")
      .replace("effect: |", "effect: | # ends here \u202e } \u2066 if true {")
      .replace('"Target of Fireball (1 damage)"', '"Target \u2067of\u2069 Fireball"');
    const lines = text.split("\n");
    const col = (line: number, ch: string) => (lines[line - 1] as string).indexOf(ch) + 1;
    expect(hiddenCharacterDiagnostics("f.yaml", text).flatMap((d) => renderDiagnostic(d).split("\n"))).toEqual([
      `f.yaml:1:${col(1, "\u2066")}: warning check/bidi-control: bidirectional control character U+2066 LEFT-TO-RIGHT ISOLATE: the text around it may show in an order other than the one it is read in`,
      "  hint: remove it; write right-to-left text in reading order, without controls",
      `f.yaml:8:${col(8, "\u202e")}: warning check/bidi-control: bidirectional control character U+202E RIGHT-TO-LEFT OVERRIDE: the text around it may show in an order other than the one it is read in`,
      "  hint: remove it; write right-to-left text in reading order, without controls",
      `f.yaml:8:${col(8, "\u2066")}: warning check/bidi-control: bidirectional control character U+2066 LEFT-TO-RIGHT ISOLATE: the text around it may show in an order other than the one it is read in`,
      "  hint: remove it; write right-to-left text in reading order, without controls",
      `f.yaml:9:${col(9, "\u2067")}: warning check/bidi-control: bidirectional control character U+2067 RIGHT-TO-LEFT ISOLATE: the text around it may show in an order other than the one it is read in`,
      "  hint: remove it; write right-to-left text in reading order, without controls",
      `f.yaml:9:${col(9, "\u2069")}: warning check/bidi-control: bidirectional control character U+2069 POP DIRECTIONAL ISOLATE: the text around it may show in an order other than the one it is read in`,
      "  hint: remove it; write right-to-left text in reading order, without controls",
    ]);
  });

  test("the workspace reports them in the card file; a BOM at the start and emoji sequences are not reported", () => {
    add(
      "fireball-bidi",
      `\ufeff${copyOfFireball("fireball-bidi", "Fire \u2764\ufe0f \ud83d\udc68\u200d\ud83d\udc69\u200d\ud83d\udc67 \u0031\ufe0f\u20e3").replace("effect: |", "effect: | # \u202e")}`,
    );
    expect(found()).toEqual([
      `${DIR}/fireball-bidi.yaml:8:13: warning check/bidi-control: bidirectional control character U+202E RIGHT-TO-LEFT OVERRIDE: the text around it may show in an order other than the one it is read in`,
      "  hint: remove it; write right-to-left text in reading order, without controls",
    ]);
  });

  test("a zero-width joiner between letters, a soft hyphen, a BOM inside a file are invisible characters", () => {
    expect(
      hiddenCharacterDiagnostics("f.yaml", "name: Fi\u200dre\u00adball\nx: \ufeff").map((d) => [
        d.code,
        d.range.start,
        d.message.split(":")[0],
      ]),
    ).toEqual([
      ["check/invisible-character", { line: 1, col: 9 }, "invisible character U+200D ZERO WIDTH JOINER"],
      ["check/invisible-character", { line: 1, col: 12 }, "invisible character U+00AD SOFT HYPHEN"],
      ["check/invisible-character", { line: 2, col: 4 }, "invisible character U+FEFF ZERO WIDTH NO-BREAK SPACE (BOM)"],
    ]);
  });
});
