/**
 * compiler/core/emit/escape.ts, the one way text reaches generated code: what each function
 * prints for the characters that matter, and that its output means the exact input to a real
 * JavaScript engine.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  commentText,
  jsData,
  jsIdentifier,
  jsInt,
  jsKey,
  jsNumber,
  jsonText,
  jsString,
} from "../../compiler/core/emit/escape.ts";
import { hostile } from "../kit/hostile-names.ts";

/** The value of a JavaScript expression, evaluated by the engine. */
const evaluate = (code: string): unknown => new Function(`"use strict"; return (${code});`)();

describe("emit/escape.ts", () => {
  it("jsString escapes line ends, invisible characters, lone surrogates, NUL and </script", () => {
    expect(jsString("a\u2028b\u2029c")).toBe('"a\\u2028b\\u2029c"');
    expect(jsString("\0\x07\x7f\u0085")).toBe('"\\u0000\\u0007\\u007f\\u0085"');
    expect(jsString("\u202e\u200b\ufeff")).toBe('"\\u202e\\u200b\\ufeff"');
    expect(jsString("\ud800x\udfff")).toBe('"\\ud800x\\udfff"');
    expect(jsString("</script><!-- a < b -->")).toBe('"\\u003c/script>\\u003c!-- a < b -->"');
    expect(jsString('*/ "q" \\ ` ${x}')).toBe('"*/ \\"q\\" \\\\ ` ${x}"');
    // Letters of any script and paired surrogates stay as they are.
    expect(jsString("日本語 😀")).toBe('"日本語 😀"');
  });

  it("jsString prints only visible ASCII or letters, and means its input exactly", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          hostile,
          fc.string({ unit: "binary" }),
          fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) }),
        ),
        (s) => {
          const lit = jsString(s);
          expect(lit).not.toMatch(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u);
          expect(lit).not.toMatch(/<[/!]/);
          expect(evaluate(lit)).toBe(s);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("jsData lays a table out as JSON.stringify(v, null, 2) does, and __proto__ is an own key", () => {
    const table = { a: [1, "x", true, null, { b: [] }], c: {}, "d e": -2.5, skipped: undefined };
    expect(jsData(table)).toBe(JSON.stringify(table, null, 2));
    expect(jsData(table, "  ")).toBe(JSON.stringify(table, null, 2).replace(/\n/g, "\n  "));
    expect(jsData([Infinity, NaN])).toBe("[\n  null,\n  null\n]");
    const proto = JSON.parse('{ "__proto__": { "polluted": 1 }, "x": 1 }') as Record<string, unknown>;
    expect(jsData(proto)).toBe('{\n  ["__proto__"]: {\n    "polluted": 1\n  },\n  "x": 1\n}');
    const back = evaluate(jsData(proto)) as Record<string, unknown>;
    expect(Object.hasOwn(back, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    expect(() => jsData(new Map())).toThrow("internal: jsData cannot print a Map");
    expect(() => jsData({ f: () => 1 })).toThrow("internal: jsData cannot print a function");
  });

  it("jsData means its input exactly, at any depth without recursion", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(evaluate(jsData(v))).toEqual(JSON.parse(JSON.stringify(v)));
      }),
      { numRuns: 200 },
    );
    // 12,000 levels, deeper than a recursive printer's stack goes: a line opens each level and
    // one closes it.
    let deep: unknown = 1;
    for (let i = 0; i < 12_000; i++) deep = [deep];
    const text = jsData(deep);
    expect(text.endsWith("\n]")).toBe(true);
    expect(text.split("\n")).toHaveLength(2 * 12_000 + 1);
  });

  it("jsKey, jsNumber, jsInt and jsIdentifier", () => {
    expect(jsKey("a")).toBe('"a"');
    expect(jsKey("__proto__")).toBe('["__proto__"]');
    expect(jsNumber(-0)).toBe("-0");
    expect(jsNumber(1e21)).toBe("1e+21");
    expect(() => jsNumber(Infinity)).toThrow("internal: jsNumber needs a finite number, got Infinity");
    expect(() => jsNumber("1" as unknown as number)).toThrow("internal: jsNumber needs a finite number, got 1");
    expect(jsInt(7)).toBe("7");
    expect(() => jsInt(-1)).toThrow("internal: jsInt needs a non-negative integer, got -1");
    expect(() => jsInt(1.5)).toThrow("internal: jsInt needs a non-negative integer, got 1.5");
    expect(jsIdentifier("card_zap_effect")).toBe("card_zap_effect");
    expect(() => jsIdentifier("a*/b")).toThrow("internal: 'a*/b' is not a plain JavaScript identifier");
    expect(() => jsIdentifier("delete")).toThrow("internal: 'delete' is not a plain JavaScript identifier");
  });

  it("jsonText escapes as jsString does and is JSON", () => {
    const v = { s: "a\u2028</script>\0", n: [1, 2] };
    expect(jsonText(v)).toBe('{"s":"a\\u2028\\u003c/script>\\u0000","n":[1,2]}');
    expect(JSON.parse(jsonText(v))).toEqual(v);
  });

  it("commentText cannot end a comment or its line", () => {
    expect(commentText("a */ b\nc\u2028d\u202e")).toBe("a *\\/ b\\u000ac\\u2028d\\u202e");
    fc.assert(
      fc.property(hostile, (s) => {
        const c = commentText(s);
        expect(c).not.toContain("*/");
        expect(c).not.toMatch(/[\n\r\u2028\u2029]/);
        // As the body of a line comment and of a block comment, it leaves the code after it alone.
        expect(evaluate(`// ${c}\n1`)).toBe(1);
        expect(evaluate(`/* ${c} */ 2`)).toBe(2);
      }),
      { numRuns: 200 },
    );
  });
});
