/**
 * The author's comment about a name written at a span of a YAML file: the comment after it on its
 * line (`draw-two:   # XX-DRAW-1: two cards, then shuffle`), else the comment lines just above it,
 * indented like it. The files phase reads it once into the declaration's doc (semantic/symbols.ts).
 */
export function commentAt(text: string, start: number, end: number): string | undefined {
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  const nl = text.indexOf("\n", end);
  const after = text.slice(end, nl < 0 ? text.length : nl);
  // A comment starts at a '#' after a space, outside quotes.
  const trailing = /^[^"'#]*\s#\s?(.*)$/.exec(after)?.[1]?.trim();
  if (trailing) return trailing;
  const indent = /^\s*/.exec(text.slice(lineStart, start))?.[0] ?? "";
  const above: string[] = [];
  for (let stop = lineStart - 1; stop > 0; ) {
    const from = text.lastIndexOf("\n", stop - 1) + 1;
    const line = text.slice(from, stop);
    const m = /^(\s*)#\s?(.*)$/.exec(line);
    if (!m || m[1] !== indent) break;
    above.unshift((m[2] as string).trim());
    stop = from - 1;
  }
  return above.length ? above.join(" ") : undefined;
}
