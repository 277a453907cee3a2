/**
 * The server's open documents (compiler/node/lsp/lazy-document.ts) give the same text as the
 * LSP library's TextDocument for any sequence of changes: incremental edits anywhere in the text
 * (past the end of a line, reversed ranges, line breaks of every kind in the text and in the
 * edits) and full texts, read in between or not at all. Lines past the end of the text are left
 * out: clients never send them, and TextDocument's own line table goes wrong on them.
 */
import fc from "fast-check";
import { expect, test } from "vitest";
import { TextDocument } from "vscode-languageserver-textdocument";
import { LazyDocument } from "../../compiler/node/lsp/lazy-document.ts";

const piece = fc
  .array(fc.constantFrom("a", "b", "é", "😀", " ", "\n", "\r", "\r\n"), { maxLength: 8 })
  .map((xs) => xs.join(""));
const pos = fc.record({ line: fc.nat({ max: 1000 }), character: fc.nat({ max: 1000 }) });
type Pos = { line: number; character: number };
const change = fc.oneof(
  { weight: 9, arbitrary: fc.record({ range: fc.record({ start: pos, end: pos }), text: piece }) },
  { weight: 1, arbitrary: fc.record({ text: piece }) },
);

/** A generated position made one of the document's lines (the character may be past the line's end). */
const inside = (doc: TextDocument, p: Pos): Pos => {
  const line = p.line % doc.lineCount;
  const length = doc
    .getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } })
    .replace(/\r?\n$|\r$/, "").length;
  return { line, character: p.character % (length + 3) };
};

test("LazyDocument reads as TextDocument after any changes", () => {
  fc.assert(
    fc.property(
      piece,
      fc.array(fc.array(change, { minLength: 1, maxLength: 6 }), { maxLength: 8 }),
      fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
      (start, batches, reads) => {
        let ref = TextDocument.create("file:///a.yaml", "yaml", 1, start);
        const lazy = new LazyDocument("file:///a.yaml", "yaml", 1, start);
        batches.forEach((batch, i) => {
          // Positions are resolved against the text each change applies to; the batch goes to the lazy document in one update.
          const resolved = batch.map((c) => {
            const r =
              "range" in c
                ? { range: { start: inside(ref, c.range.start), end: inside(ref, c.range.end) }, text: c.text }
                : c;
            ref = TextDocument.update(ref, [r], i + 2);
            return r;
          });
          lazy.update(resolved, i + 2);
          if (reads[i]) expect(lazy.getText()).toBe(ref.getText());
        });
        expect(lazy.getText()).toBe(ref.getText());
        expect(lazy.version).toBe(ref.version);
      },
    ),
    { numRuns: 3000 },
  );
});

test("a typing burst: 2,000 one-character edits on a 2,000-line text", () => {
  const text = Array.from({ length: 2000 }, (_, i) => `line ${i}`).join("\n");
  let ref = TextDocument.create("file:///a.yaml", "yaml", 1, text);
  const lazy = new LazyDocument("file:///a.yaml", "yaml", 1, text);
  for (let k = 0; k < 2000; k++) {
    const at = { line: 1000, character: 9 + k };
    const c = [{ range: { start: at, end: at }, text: "x" }];
    ref = TextDocument.update(ref, c, k + 2);
    lazy.update(c, k + 2);
  }
  expect(lazy.getText()).toBe(ref.getText());
  expect(lazy.getText().split("\n")[1000]).toBe(`line 1000${"x".repeat(2000)}`);
});
