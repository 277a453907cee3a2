import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { KEYWORDS, parseBinding, parseEffect, parseExpression } from "../../grammar/index.ts";
import { allSpans } from "../kit/grammar.ts";
import { cstTypesSource } from "../../grammar/cst-gen.ts";
import { readFileSync } from "node:fs";

const pieces = [
  ...KEYWORDS,
  "x",
  "me",
  "c.power",
  "hp-1",
  "f(",
  ")",
  "(",
  "[",
  "]",
  "{",
  "}",
  ",",
  ";",
  "\n",
  " ",
  "+",
  "-",
  "==",
  "=",
  "+=",
  '"',
  '"a {x} b"',
  "{",
  "}",
  ":",
  ".",
  "3",
  "#",
  "!",
  "@",
  "'",
  "\\",
  "\r\n",
  "\t",
  "é",
];
const effectText = fc.array(fc.constantFrom(...pieces), { maxLength: 40 }).map((xs) => xs.join(""));

/** Spans must lie inside the text, start <= end. */
function checkSpans(text: string, tree: unknown, errors: readonly { span: { start: number; end: number } }[]): void {
  for (const s of [...allSpans(tree), ...errors.map((e) => e.span)]) {
    expect(Number.isInteger(s.start) && Number.isInteger(s.end)).toBe(true);
    expect(0 <= s.start && s.start <= s.end && s.end <= text.length).toBe(true);
  }
}

describe("never throws, spans stay inside the text", () => {
  test("random token soup", () => {
    fc.assert(
      fc.property(effectText, (text) => {
        const e = parseEffect(text);
        checkSpans(text, e.ast, e.errors);
        const x = parseExpression(text);
        checkSpans(text, x.ast, x.errors);
        const b = parseBinding(text);
        checkSpans(text, b.ast, b.errors);
        for (const err of [...e.errors, ...x.errors, ...b.errors])
          expect(err.code === "dsl/lex" || err.code === "dsl/syntax").toBe(true);
      }),
      { numRuns: 1500, seed: 20240601 },
    );
  });

  test("random strings", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        const e = parseEffect(text);
        checkSpans(text, e.ast, e.errors);
      }),
      { numRuns: 1000, seed: 7 },
    );
  });

  test("a valid effect gives no errors after garbage was parsed with the same parser", () => {
    parseEffect("if ((( { ] } emit { , , choose up");
    expect(parseEffect("draw\nuse").errors).toEqual([]);
  });

  test("absurd nesting is one issue at the first bracket past the limit, not a crash, however warm the parser is", () => {
    const tooDeep = (at: number) => [
      {
        span: { start: at, end: at + 1 },
        code: "dsl/too-deep",
        message: "brackets are nested more than 256 deep here",
        hint: "split it into several statements with let",
      },
    ];
    // "x = " is 4 characters: the 257th bracket is at offset 4 + 256.
    expect(parseEffect(`x = ${"(".repeat(3000)}1${")".repeat(3000)}`).errors).toEqual(tooDeep(260));
    expect(parseEffect(`x = ${"[".repeat(257)}1${"]".repeat(257)}`).errors).toEqual(tooDeep(260));
    expect(parseEffect(`x = ${"(".repeat(256)}1${")".repeat(256)}`).errors).toEqual([]);
    // Closed brackets do not add up: 300 pairs side by side are fine.
    expect(parseEffect(`x = [${"(1), ".repeat(300)}(1)]`).errors).toEqual([]);
  });

  test("spans of a valid effect lie inside the text", () => {
    const text = 'let t = choose one of me.hand where it.x > 1 as "pick {n}"\nif t != none { move t to me.grave top }';
    const r = parseEffect(text);
    expect(r.errors).toEqual([]);
    checkSpans(text, r.ast, r.errors);
  });
});

describe("generated files", () => {
  test("cst.generated.ts is up to date with the grammar (npx tsx grammar/cst-gen.ts)", () => {
    const current = readFileSync(new URL("../../grammar/cst.generated.ts", import.meta.url), "utf8");
    expect(current).toBe(cstTypesSource());
  });
});
