/**
 * User strings made visible before they are printed. A file name, card id or message may carry
 * characters that a terminal or an editor obeys or hides: a newline starts a line that looks
 * like another diagnostic (`file:1:1: error …`), ESC drives the terminal, bidi controls reorder
 * what is shown, and zero-width spaces, a BOM or a no-break space look like nothing or like a
 * plain space. `printable` replaces each of them by a `\u{…}` escape (hex code point) and leaves
 * every other character as it is, so names in any script still read as written.
 *
 * Escaped: controls (Cc: C0, DEL, C1 — newline and tab too), format characters (Cf: bidi
 * controls, zero-width space/joiners, BOM, soft hyphen…), line and paragraph separators (Zl,
 * Zp), every space but U+0020 (Zs: no-break space, em space, ideographic space…), lone
 * surrogates (Cs), and the other default-ignorable code points (Hangul fillers, variation
 * selectors…), which render as nothing. A backslash is not escaped: `\u{…}` in the output is
 * either an escape or a name that spells one, and the escapes are meant for reading.
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Default_Ignorable_Code_Point}]|(?! )\p{Zs}/gu;

/** The code point as the escape `printable` prints, e.g. `\u{200b}`. */
export function escapeCodePoint(c: string): string {
  return `\\u{${(c.codePointAt(0) ?? 0).toString(16)}}`;
}

/** `text` with every control, format, invisible or non-ASCII space character shown as `\u{…}`. */
export function printable(text: string): string {
  HIDDEN.lastIndex = 0;
  return HIDDEN.test(text) ? text.replace(HIDDEN, escapeCodePoint) : text;
}
