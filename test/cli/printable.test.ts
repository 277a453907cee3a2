/**
 * Hidden characters in printed diagnostics and paths (compiler/core/text/printable.ts): a file
 * name with a newline must not forge a diagnostic line, and zero-width space, BOM, no-break space
 * and U+2028 show as `\u{…}` — on the terminal (`check`) and in the messages of the language
 * services (LSP and editor), whose ranges and data keep the raw text.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { renderDiagnostic } from "../../compiler/core/text/diagnostics.ts";
import { LanguageService } from "../../compiler/core/services/index.ts";
import { printable } from "../../compiler/core/text/printable.ts";
import { Workspace } from "../../compiler/core/workspace/workspace.ts";
import { readGame, ROOT } from "../../compiler/node/project.ts";
import { cli } from "../kit/cli.ts";
import { tempDir } from "../kit/temp.ts";

let root: string;
const FORGED = "x\nfireball.yaml:1:1: error forged: gotcha\n";
const HIDDEN = "fire\u200bball\ufeff\u00a0\u2028";

beforeAll(() => {
  root = tempDir("cardwright-printable-");
  cpSync(join(ROOT, "cards", "elementis"), join(root, "cards", "elementis"), { recursive: true });
  const cards = join(root, "cards", "elementis", "cards");
  const fireball = readFileSync(join(cards, "fireball.yaml"), "utf8");
  // Valid cards whose only finding is a warning (the file is not named after the id): exit 0.
  writeFileSync(
    join(cards, `${FORGED}.yaml`),
    fireball
      .replace("id: fireball", "id: fireball-two")
      .replace("name: { en: Fireball, ja: ファイアボール }", "name: { en: Fireball Two, ja: 火球二 }"),
  );
  writeFileSync(
    join(cards, `${HIDDEN}.yaml`),
    fireball
      .replace("id: fireball", "id: fireball-three")
      .replace("name: { en: Fireball, ja: ファイアボール }", "name: { en: Fireball Three, ja: 火球三 }"),
  );
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

test("printable escapes controls, format characters, separators and non-ASCII spaces, and nothing else", () => {
  expect(printable("a\nb\tc\u001b[31m\u007f\u0085")).toBe("a\\u{a}b\\u{9}c\\u{1b}[31m\\u{7f}\\u{85}");
  expect(printable(HIDDEN)).toBe("fire\\u{200b}ball\\u{feff}\\u{a0}\\u{2028}");
  expect(printable("\u202eevil\u2066\u200d\u00ad\u3164\ud800")).toBe(
    "\\u{202e}evil\\u{2066}\\u{200d}\\u{ad}\\u{3164}\\u{d800}",
  );
  expect(printable("Fireball ファイアボール Ωmega ü 😀 a\\b")).toBe("Fireball ファイアボール Ωmega ü 😀 a\\b");
});

test("check: a file name with a newline forges no diagnostic line; hidden characters in a name print as escapes", async () => {
  const r = await cli(["check", "--root", root, "elementis"]);
  expect(r.code).toBe(0);
  const dir = relative(process.cwd(), join(root, "cards", "elementis", "cards"));
  expect(r.err.split("\n")).toEqual([
    `${dir}/fire\\u{200b}ball\\u{feff}\\u{a0}\\u{2028}.yaml:1:5: warning check/file-name: card 'fireball-three' is in a file named 'fire\\u{200b}ball\\u{feff}\\u{a0}\\u{2028}'`,
    "  hint: rename the file to fireball-three.yaml",
    `${dir}/x\\u{a}fireball.yaml:1:1: error forged: gotcha\\u{a}.yaml:1:5: warning check/file-name: card 'fireball-two' is in a file named 'x\\u{a}fireball.yaml:1:1: error forged: gotcha\\u{a}'`,
    "  hint: rename the file to fireball-two.yaml",
    "",
  ]);
  expect(r.out).toBe("✓ elementis: 34 card file(s), 0 error(s), 2 warning(s)\n");
});

test("language services: messages show the escapes, the diagnostic keeps the raw file", () => {
  const input = readGame("elementis", root, root);
  if ("code" in input) throw new Error(renderDiagnostic(input));
  const ls = new LanguageService(new Workspace(input), new Map());
  const path = `cards/elementis/cards/${HIDDEN}.yaml`;
  expect(ls.diagnostics(path).map((d) => d.message)).toEqual([
    `card 'fireball-three' is in a file named 'fire\\u{200b}ball\\u{feff}\\u{a0}\\u{2028}'`,
  ]);
});
