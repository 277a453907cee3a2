/** Issue 22: a keyword used as a new name (`let top = …`) is one diagnostic at the keyword, not a syntax cascade. */
import { describe, expect, it } from "vitest";
import { parseEffect } from "../../grammar/index.ts";

const errors = (text: string) =>
  parseEffect(text).errors.map((e) => `${e.span.start}-${e.span.end} ${e.message}${e.hint ? ` (${e.hint})` : ""}`);

describe("a keyword as a name", () => {
  it("`let top = …` is one error at 'top' that names it a keyword", () => {
    expect(errors('let top = first(me.hand)\nmove top to me.board\nlog "{top}"')).toEqual([
      "4-7 'top' is a keyword; choose another name (e.g. 'top-card' or 'my-top')",
    ]);
  });

  it("so is the variable of a loop", () => {
    expect(errors('for each to in me.hand {\n  log "x"\n}')).toEqual([
      "9-11 'to' is a keyword; choose another name (e.g. 'to-card' or 'my-to')",
    ]);
  });

  it("the statements from the keyword on are dropped (they would only give more errors); those before it stay", () => {
    const r = parseEffect('log "a"\nlet top = first(me.hand)\nmove top to me.board');
    expect(r.ast.body.map((s) => s.kind)).toEqual(["log"]);
  });

  it("an earlier, unrelated mistake is still reported before it", () => {
    expect(errors("let x = 1 +\nlet top = 2")).toEqual([
      "12-15 expected an expression after '+'",
      "16-19 'top' is a keyword; choose another name (e.g. 'top-card' or 'my-top')",
    ]);
  });

  it("a keyword after a member dot is a name, and parses", () => {
    expect(errors('let n = count(me.hand)\nlog "{n}"')).toEqual([]);
  });
});
