/** Quick fixes carried by diagnostics: `data.replacement` (a did-you-mean) replaces the diagnostic's range. */
import type { CodeAction, LspRange, ServiceDiagnostic } from "./protocol.ts";

const before = (a: { line: number; character: number }, b: { line: number; character: number }) =>
  a.line < b.line || (a.line === b.line && a.character < b.character);
const overlaps = (a: LspRange, b: LspRange) => !before(a.end, b.start) && !before(b.end, a.start);

export function quickFixes(file: string, diagnostics: readonly ServiceDiagnostic[], range: LspRange): CodeAction[] {
  const out: CodeAction[] = [];
  for (const d of diagnostics) {
    const replacement = d.data?.replacement;
    if (replacement === undefined || !overlaps(d.range, range)) continue;
    out.push({
      title: `Change to '${replacement}'`,
      kind: "quickfix",
      diagnostic: d,
      isPreferred: true,
      edit: { changes: { [file]: [{ range: d.range, newText: replacement }] } },
    });
  }
  return out;
}
