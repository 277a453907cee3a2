/**
 * Issue 9, classes 4 and 5: hostile or broken input files give positioned diagnostics with a code
 * (or one line naming an unreadable file), never an internal error, a stack overflow or a number
 * that silently changes.
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkGame } from "../../compiler/core/workspace/workspace.ts";
import { renderDiagnostic, type Diagnostic } from "../../compiler/core/text/diagnostics.ts";
import { readGame, ROOT } from "../../compiler/node/project.ts";
import { tempDir } from "../kit/temp.ts";

const rules = {
  path: "cards/elementis/rules.yaml",
  text: readFileSync(join(ROOT, "cards/elementis/rules.yaml"), "utf8"),
};
const FILE = "cards/elementis/cards/fireball.yaml";
const base = readFileSync(join(ROOT, FILE), "utf8");
const withCode = (code: string) => base.replace("deal-damage(t, 1, self)", code);

function errorsOf(text: string): string[] {
  const r = checkGame({ rules, cards: [{ path: FILE, text }] });
  return r.diagnostics.filter((d) => d.severity === "error").map((d) => renderDiagnostic(d).split("\n")[0] as string);
}

const CASES: readonly (readonly [string, string, string])[] = [
  [
    "an undefined alias",
    base.replace("cost: 2", "cost: *one"),
    `${FILE}:7:7: error yaml/alias: no anchor '&one' before this alias '*one'`,
  ],
  [
    "an alias bomb",
    "a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: [*c,*c,*c,*c,*c,*c,*c,*c,*c]\n" +
      base,
    `${FILE}:2:8: error yaml/alias-bomb: aliases here expand to too much data (more than 100 aliases in the expanded value)`,
  ],
  [
    "a 5,000-term + chain",
    withCode("let x = " + Array(5000).fill("1").join(" + ")),
    `${FILE}:10:16015: error dsl/too-deep: this is nested more than 1000 levels deep (each operator of a chain, each call, each block counts)`,
  ],
  [
    "a 5,000-list join",
    withCode("let x = " + Array(5000).fill("[1]").join(" + ")),
    `${FILE}:10:24024: error dsl/too-deep: this is nested more than 1000 levels deep (each operator of a chain, each call, each block counts)`,
  ],
  [
    "5,000 nested brackets in code",
    withCode("let x = " + "(".repeat(5000) + "1" + ")".repeat(5000)),
    `${FILE}:10:267: error dsl/too-deep: brackets are nested more than 256 deep here`,
  ],
  [
    "YAML nested 10,000 deep",
    base + "x: " + "[".repeat(10000) + "]".repeat(10000) + "\n",
    `${FILE}:11:104: error yaml/too-deep: the YAML here is nested more than 100 levels deep`,
  ],
  [
    "cost: 1e400",
    base.replace("cost: 2", "cost: 1e400"),
    `${FILE}:7:7: error yaml/number: the number 1e400 is out of range: it would not keep its value`,
  ],
  [
    "a 400-digit cost",
    base.replace("cost: 2", "cost: " + "9".repeat(400)),
    `${FILE}:7:7: error yaml/number: the number 999999999999…(400 characters) is out of range: it would not keep its value`,
  ],
  [
    "a 400-digit literal in code",
    withCode("let x = " + "9".repeat(400)),
    `${FILE}:10:11: error dsl/number: the number 999999999999…(400 digits) is too large: numbers are whole numbers up to 9007199254740991`,
  ],
];

describe("hostile compiler inputs (issue 9, classes 4 and 5)", () => {
  for (const [what, text, expected] of CASES) {
    it(`${what}: ${expected.split(": error ")[1]?.split(":")[0]}`, () => {
      expect(errorsOf(text)).toEqual([expected]);
    });
  }

  it("a 999-term chain is within the limit and compiles", () => {
    expect(errorsOf(withCode("let x = " + Array(999).fill("1").join(" + ") + '\n  log "{x}"'))).toEqual([]);
  });

  it("CR-only line endings read as line breaks (YAML 1.2), the same as LF", () => {
    const r = checkGame({ rules, cards: [{ path: FILE, text: base.replace(/\n/g, "\r") }] });
    const lf = checkGame({ rules, cards: [{ path: FILE, text: base }] });
    expect(r.diagnostics).toEqual(lf.diagnostics);
    expect(r.cards.map((c) => c.id)).toEqual(["fireball"]);
  });
});

describe("unreadable input files: one diagnostic naming the file", () => {
  const game = (setup: (dir: string) => void): Diagnostic | "ok" => {
    const root = tempDir("cw-inputs-");
    const dir = join(root, "cards", "g");
    mkdirSync(join(dir, "cards"), { recursive: true });
    setup(dir);
    const r = readGame("g", root, root);
    return "code" in r ? r : "ok";
  };

  it("rules.yaml that is a folder", () => {
    expect(game((d) => mkdirSync(join(d, "rules.yaml")))).toEqual({
      file: "cards/g/rules.yaml",
      range: { start: { line: 1, col: 1 }, end: { line: 1, col: 1 } },
      severity: "error",
      code: "io/unreadable",
      message: "the file is a folder, not a file",
    });
  });

  it("a symbolic link loop among the cards", () => {
    const d = game((dir) => {
      writeFileSync(join(dir, "rules.yaml"), "game: g\n");
      symlinkSync(join(dir, "cards"), join(dir, "cards", "again"));
    });
    expect(d).toMatchObject({
      file: "cards/g/cards/again",
      code: "io/unreadable",
      message: "the file a symbolic link loop: this folder contains itself",
    });
  });

  it("a link to itself", () => {
    const d = game((dir) => {
      writeFileSync(join(dir, "rules.yaml"), "game: g\n");
      symlinkSync(join(dir, "cards", "self.yaml"), join(dir, "cards", "self.yaml"));
    });
    expect(d).toMatchObject({
      file: "cards/g/cards/self.yaml",
      code: "io/unreadable",
      message: "the file a symbolic link loop: the link points back at itself",
    });
  });

  it("invalid UTF-8, at the bad byte", () => {
    const d = game((dir) => {
      writeFileSync(join(dir, "rules.yaml"), "game: g\n");
      writeFileSync(
        join(dir, "cards", "bad.yaml"),
        Buffer.concat([Buffer.from("id: bad\nname: Dr"), Buffer.from([0xff, 0xfe]), Buffer.from("gon\n")]),
      );
    });
    expect(d).toEqual({
      file: "cards/g/cards/bad.yaml",
      range: { start: { line: 2, col: 9 }, end: { line: 2, col: 10 } },
      severity: "error",
      code: "io/encoding",
      message: "the file is not valid UTF-8 (byte 0xff at offset 16); save it as UTF-8",
    });
  });
});
