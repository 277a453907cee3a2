/**
 * Quick fixes carried by diagnostics: `data.replacement` (a did-you-mean, or the new form of what
 * an older language version wrote) replaces the diagnostic's range, or `data.at` when given.
 */
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
      edit: { changes: { [file]: [{ range: d.data?.at ?? d.range, newText: replacement }] } },
    });
  }
  return out;
}
