/** "Did you mean …?" for misspelt statement keywords. */

const STATEMENT_KEYWORDS: readonly string[] = [
  "let",
  "if",
  "for",
  "while",
  "break",
  "return",
  "move",
  "shuffle",
  "create",
  "remove",
  "reveal",
  "hide",
  "modify",
  "run",
  "win",
  "draw",
  "log",
  "use",
  "choose",
  "may",
  "act",
  "emit",
];

/** A statement keyword close to `word` (a likely typo), if any: one edit for words up to 4 letters, two beyond. */
export function suggestKeyword(word: string): string | undefined {
  if (word.length < 2) return undefined;
  const lower = word.toLowerCase();
  if (STATEMENT_KEYWORDS.includes(lower) && lower !== word) return lower;
  const limit = word.length <= 4 ? 1 : 2;
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const k of STATEMENT_KEYWORDS) {
    if (Math.abs(k.length - lower.length) > limit) continue;
    const d = distance(lower, k);
    if (d < bestDistance) {
      best = k;
      bestDistance = d;
    }
  }
  return best;
}

/** Optimal-string-alignment distance (insertions, deletions, substitutions, adjacent swaps). */
function distance(a: string, b: string): number {
  const cols = b.length + 1;
  const d: number[] = new Array<number>((a.length + 1) * cols).fill(0);
  for (let i = 0; i <= a.length; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[(i - 1) * cols + j]! + 1, d[i * cols + j - 1]! + 1, d[(i - 1) * cols + j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, d[(i - 2) * cols + j - 2]! + 1);
      d[i * cols + j] = v;
    }
  }
  return d[a.length * cols + b.length]!;
}
