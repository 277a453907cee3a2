/**
 * The rule ids of a game and their one-line meaning, read from docs/rules/<game>.md (lines of the
 * form `- **GI-REACT-1** text`). Pure text in, map out: hover and completion use it in a browser.
 */
const LINE = /^\s*[-*]\s+\*\*([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+)\*\*\s+(.+?)\s*$/;

/** Rule id → its line of text, in file order. */
export function parseRulesDoc(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const m = LINE.exec(line);
    if (m && !out.has(m[1] as string)) out.set(m[1] as string, m[2] as string);
  }
  return out;
}

/** The rule id under offset `at` of a text (a comment, a test name, a YAML value), if any. */
export function ruleIdAt(text: string, at: number): { id: string; start: number; end: number } | undefined {
  const re = /\b[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+\b/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index <= at && at <= m.index + m[0].length) return { id: m[0], start: m.index, end: m.index + m[0].length };
    if (m.index > at) break;
  }
  return undefined;
}
