/**
 * The size limit of an input file (rules, card, deck or scenario). What the checker spends grows
 * with a file's size — the model, the code units, the generated module — so a file past the limit
 * is refused before it is parsed, at the first character past it (docs/security.md, "Input
 * limits"). The limit is far above any file of the shipped games: the largest, a shipped game's rules file,
 * is 78 KB.
 */

/** The largest input file the compiler reads: 512 KiB of UTF-8. */
export const MAX_FILE_BYTES = 512 * 1024;

/** `n` with thousands separators, for messages. */
const grouped = (n: number): string => String(n).replace(/\B(?=(\d{3})+$)/g, ",");

/** The message of a file past the limit. */
export const TOO_LARGE_MESSAGE = `the file is larger than ${grouped(MAX_FILE_BYTES)} bytes (512 KiB), the limit of an input file: it is not read past here`;

/**
 * The offset of the first character of `text` whose UTF-8 bytes end past `limit`, or -1 when the
 * whole text fits. A character is counted as UTF-8 encodes it: 1 to 3 bytes per UTF-16 unit, 4
 * for a surrogate pair (a lone surrogate as the 3 bytes of U+FFFD).
 */
export function offsetPastLimit(text: string, limit = MAX_FILE_BYTES): number {
  // Every UTF-16 unit is at most 3 bytes: a short text fits without counting.
  if (text.length * 3 <= limit) return -1;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const start = i;
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c < 0xdc00 && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
    if (bytes > limit) return start;
  }
  return -1;
}
