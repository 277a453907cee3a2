/** The catalogue of diagnostic codes: docs/diagnostics.md is generated from it, and diagnostics keep to it. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkGame } from "../../compiler/core/workspace/workspace.ts";
import { CODES, renderDiagnosticsDoc } from "../../compiler/core/text/diagnostic-codes.ts";
import { dedupeDiagnostics, type Diagnostic } from "../../compiler/core/text/diagnostics.ts";
import { caseInput, caseNames, REPO } from "../kit/corpus.ts";

describe("diagnostic catalogue", () => {
  it("docs/diagnostics.md is up to date (run `npm run docs:diagnostics` after changing the catalogue)", () => {
    expect(readFileSync(join(REPO, "docs", "diagnostics.md"), "utf8")).toBe(renderDiagnosticsDoc());
  });

  it("every entry has a message, a mistake and a fix", () => {
    for (const [code, info] of CODES) {
      expect(code).toMatch(/^(yaml|schema|dsl|check|deck|scenario|version|io)\/[a-z-]+$/);
      expect(info.message.length, code).toBeGreaterThan(5);
      expect(info.mistake.length, code).toBeGreaterThan(0);
      expect(info.fix, code).not.toBe(info.mistake);
    }
  });

  it("every corpus diagnostic has the severity its code has in the catalogue", () => {
    const seen = caseNames().flatMap((n) => checkGame(caseInput(n)).diagnostics);
    expect(seen.length).toBeGreaterThan(47);
    expect(seen.filter((d) => CODES.get(d.code)?.severity !== d.severity).map((d) => d.code)).toEqual([]);
  });

  it("duplicates are removed in one place, and a did-you-mean becomes quick-fix data", () => {
    const d: Diagnostic = {
      file: "a.yaml",
      range: { start: { line: 2, col: 3 }, end: { line: 2, col: 4 } },
      severity: "error",
      code: "check/unknown-name",
      message: "unknown name 's'",
      hint: "did you mean 'me'?",
    };
    const out = dedupeDiagnostics([
      d,
      { ...d },
      { ...d, range: { start: { line: 1, col: 1 }, end: { line: 1, col: 2 } } },
    ]);
    expect(out.map((x) => `${x.range.start.line}:${x.range.start.col}`)).toEqual(["1:1", "2:3"]);
    expect(out[1]?.data).toEqual({ replacement: "me" });
  });
});
