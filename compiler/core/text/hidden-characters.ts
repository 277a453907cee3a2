/**
 * "Trojan source" in a game's files: characters that change how a text is shown without
 * showing themselves. Bidirectional embeddings, overrides and isolates make code or a name
 * display in an order other than the one it is read in (a comment that seems to end, a string
 * that seems to hold something else); zero-width and other invisible characters make two names
 * that look alike different, or hide inside an id or a keyword. Compilers warn on both; so does
 * the checker, wherever they are in a file (ids, names, texts, code, comments).
 *
 * Not reported: a BOM at the very start of a file (editors write it), and the joiner and
 * variation selectors inside emoji sequences (👨‍👩‍👧, ❤️), where they are how the emoji is written.
 */
import type { Diagnostic, Range } from "./diagnostics.ts";
import { escapeCodePoint } from "./printable.ts";

/** Embeddings, overrides, isolates and their pops: the ones that reorder runs of text. */
const BIDI = /[\u202a-\u202e\u2066-\u2069]/u;
/** Controls (but tab and line ends), format characters and other default-ignorable code points. */
const HIDDEN = /[\u202a-\u202e\u2066-\u2069]|[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
const EMOJI = /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}/u;

const NAMES: Readonly<Record<number, string>> = {
  0x202a: "LEFT-TO-RIGHT EMBEDDING",
  0x202b: "RIGHT-TO-LEFT EMBEDDING",
  0x202c: "POP DIRECTIONAL FORMATTING",
  0x202d: "LEFT-TO-RIGHT OVERRIDE",
  0x202e: "RIGHT-TO-LEFT OVERRIDE",
  0x2066: "LEFT-TO-RIGHT ISOLATE",
  0x2067: "RIGHT-TO-LEFT ISOLATE",
  0x2068: "FIRST STRONG ISOLATE",
  0x2069: "POP DIRECTIONAL ISOLATE",
  0x061c: "ARABIC LETTER MARK",
  0x200e: "LEFT-TO-RIGHT MARK",
  0x200f: "RIGHT-TO-LEFT MARK",
  0x00ad: "SOFT HYPHEN",
  0x034f: "COMBINING GRAPHEME JOINER",
  0x180e: "MONGOLIAN VOWEL SEPARATOR",
  0x200b: "ZERO WIDTH SPACE",
  0x200c: "ZERO WIDTH NON-JOINER",
  0x200d: "ZERO WIDTH JOINER",
  0x2060: "WORD JOINER",
  0x2061: "FUNCTION APPLICATION",
  0x2062: "INVISIBLE TIMES",
  0x2063: "INVISIBLE SEPARATOR",
  0x2064: "INVISIBLE PLUS",
  0x115f: "HANGUL CHOSEONG FILLER",
  0x1160: "HANGUL JUNGSEONG FILLER",
  0x3164: "HANGUL FILLER",
  0xffa0: "HALFWIDTH HANGUL FILLER",
  0xfeff: "ZERO WIDTH NO-BREAK SPACE (BOM)",
};

/** `U+202E RIGHT-TO-LEFT OVERRIDE`: the code point and, for the usual suspects, its name. */
export function describeCodePoint(char: string): string {
  const cp = char.codePointAt(0) ?? 0;
  const hex = cp.toString(16).toUpperCase().padStart(4, "0");
  const name = NAMES[cp];
  return name ? `U+${hex} ${name}` : `U+${hex}`;
}

/** The code point that ends just before offset `i`, as a string ("" at the start). */
function charBefore(text: string, i: number): string {
  if (i <= 0) return "";
  const low = text.charCodeAt(i - 1);
  const from = low >= 0xdc00 && low <= 0xdfff && i >= 2 ? i - 2 : i - 1;
  return String.fromCodePoint(text.codePointAt(from) ?? 0);
}

/** Whether the hidden character `c` at `i` belongs to an emoji sequence: a joiner between emoji, a variation selector or a tag after one (👨‍👩‍👧, ❤️, 1️⃣, 🏴 flags). */
function inEmoji(text: string, i: number, c: string): boolean {
  const cp = c.codePointAt(0) ?? 0;
  const joiner = cp === 0x200d;
  const selector = cp === 0xfe0e || cp === 0xfe0f;
  const tag = cp >= 0xe0020 && cp <= 0xe007f;
  if (!joiner && !selector && !tag) return false;
  const before = charBefore(text, i);
  if (selector) return EMOJI.test(before) || /^[#*0-9]$/.test(before);
  // Tags and joiners may follow another selector or tag of the same sequence.
  const inSequence = EMOJI.test(before) || /^[\ufe0f\u{e0020}-\u{e007f}]$/u.test(before);
  if (tag) return inSequence;
  return inSequence && EMOJI.test(String.fromCodePoint(text.codePointAt(i + c.length) ?? 0));
}

/** The most warnings one file gets: past them, one more says how many were left out. */
export const MAX_PER_FILE = 50;

/**
 * Warnings for the bidi controls (`check/bidi-control`) and the invisible characters
 * (`check/invisible-character`) of a file's text: one per run of them on a line.
 */
export function hiddenCharacterDiagnostics(file: string, text: string): Diagnostic[] {
  HIDDEN.lastIndex = 0;
  if (!HIDDEN.test(text)) return [];
  const out: Diagnostic[] = [];
  let line = 1;
  let lineStart = 0;
  let scanned = 0;
  const at = (offset: number) => {
    for (; scanned < offset; scanned++) {
      if (text.charCodeAt(scanned) === 10) {
        line++;
        lineStart = scanned + 1;
      }
    }
    return { line, col: offset - lineStart + 1 };
  };
  let run: { start: number; end: number; chars: string[]; bidi: boolean } | null = null;
  let left = 0;
  const flush = () => {
    if (!run) return;
    const r = run;
    run = null;
    if (out.length >= MAX_PER_FILE) {
      left++;
      return;
    }
    const start = at(r.start);
    const range: Range = { start, end: { line: start.line, col: start.col + (r.end - r.start) } };
    const shown = [...new Set(r.chars)].slice(0, 3).map(describeCodePoint).join(", ");
    out.push(
      r.bidi
        ? {
            file,
            range,
            severity: "warning",
            code: "check/bidi-control",
            message: `bidirectional control character ${shown}: the text around it may show in an order other than the one it is read in`,
            hint: "remove it; write right-to-left text in reading order, without controls",
          }
        : {
            file,
            range,
            severity: "warning",
            code: "check/invisible-character",
            message: `invisible character ${shown}: it shows as nothing, so this text looks like one without it`,
            hint: `remove it, or write the character another way (${r.chars.map(escapeCodePoint)[0]} is the one here)`,
          },
    );
  };
  HIDDEN.lastIndex = 0;
  for (let m = HIDDEN.exec(text); m !== null; m = HIDDEN.exec(text)) {
    const c = m[0];
    const i = m.index;
    if (c === "\t" || c === "\n" || c === "\r" || (i === 0 && c === "\ufeff") || inEmoji(text, i, c)) continue;
    const bidi = BIDI.test(c);
    if (run && run.end === i && run.bidi === bidi) {
      run.end = i + c.length;
      run.chars.push(c);
      continue;
    }
    flush();
    run = { start: i, end: i + c.length, chars: [c], bidi };
  }
  flush();
  if (left > 0 && out.length > 0) {
    const last = out[out.length - 1] as Diagnostic;
    out[out.length - 1] = { ...last, message: `${last.message} (and ${left} more in this file)` };
  }
  return out;
}
