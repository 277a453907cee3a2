/**
 * The one way text reaches generated code. game.js and game.d.ts are built as text, and every
 * string that did not come from the printer itself — file and folder names, the game and card
 * ids, names, card texts, docs, log texts, prompts, rule and invariant ids, versions, property,
 * zone, event and enum names — goes through a function of this module and nowhere else:
 *
 * - `jsString`: a string literal;
 * - `jsKey`: an object-literal key;
 * - `jsData`: a JSON-like table (objects, arrays, strings, numbers, booleans, null) as a literal;
 * - `jsNumber` / `jsInt`: numbers the printer pastes (refuses NaN, infinities, non-numbers);
 * - `jsIdentifier`: names the printer made itself (checked, never escaped: a bad one is our bug);
 * - `jsonText`: a JSON file (game.js.map), whose strings are escaped as `jsString`'s;
 * - `commentText`: text inside a comment of game.d.ts. game.js has no user text in comments at
 *   all: a function's comment names its YAML file by index into the module's `$F` table.
 *
 * A literal printed here is safe in every place JavaScript text goes: an ES module, a classic
 * script, inline in an HTML `<script>` and inside a `/* … *\/` comment's neighbourhood. Besides
 * JSON's escapes (quote, backslash, C0 controls, lone surrogates) it escapes the characters that
 * end or change a line (U+2028, U+2029), every other control and format character (bidi
 * overrides, zero-width characters, the BOM: nothing invisible in the output), and a `<` before
 * `/` or `!` (no `</script` or `<!--` ever appears). Printer files may not call `JSON.stringify`
 * themselves; test/compiler/escape-scan.test.ts enforces it.
 */

/** Characters nothing printed holds raw: they end or change a line, or do not show. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;
/** …and, in literals, a `<` that could start `</script` or `<!--` (after JSON's own escapes). */
const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]|<(?=[/!])/gu;

/** `\uXXXX` for each UTF-16 unit of one code point. */
function unicodeEscape(ch: string): string {
  let out = "";
  for (let i = 0; i < ch.length; i++) out += `\\u${ch.charCodeAt(i).toString(16).padStart(4, "0")}`;
  return out;
}

function expectString(value: unknown, what: string): string {
  if (typeof value !== "string") throw new TypeError(`internal: ${what} needs a string, got ${typeof value}`);
  return value;
}

/** A double-quoted JavaScript (and JSON) string literal whose value is exactly `value`. */
export function jsString(value: string): string {
  // JSON.stringify escapes `"`, `\`, C0 controls and lone surrogates (well-formed since ES2019);
  // what it leaves raw is outside ASCII or `<`, none of which is part of an escape it wrote.
  return JSON.stringify(expectString(value, "jsString")).replace(UNSAFE, unicodeEscape);
}

/**
 * An object-literal key for `name`. `"__proto__": v` would set the object's prototype instead of
 * a property: that key is printed computed (`["__proto__"]: v`), which defines an own property.
 */
export function jsKey(name: string): string {
  const s = jsString(name);
  return name === "__proto__" ? `[${s}]` : s;
}

/** A finite number as a literal (negative numbers print with their `-`: the caller parenthesises). */
export function jsNumber(n: number): string {
  if (typeof n !== "number" || !Number.isFinite(n))
    throw new TypeError(`internal: jsNumber needs a finite number, got ${String(n)}`);
  return Object.is(n, -0) ? "-0" : String(n);
}

/** A non-negative safe integer the printer pastes: an index, a step, a line or a column. */
export function jsInt(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0)
    throw new TypeError(`internal: jsInt needs a non-negative integer, got ${String(n)}`);
  return String(n);
}

const RESERVED = new Set(
  (
    "await break case catch class const continue debugger default delete do else enum export extends false finally for function if implements import in " +
    "instanceof interface let new null package private protected public return static super switch this throw true try typeof var void while with yield " +
    "arguments eval"
  ).split(" "),
);

/**
 * A name the printer made (a unit's function name, a helper): returned as it is after checking it
 * is a plain identifier. It is never escaped: a name that fails is a bug of the compiler.
 */
export function jsIdentifier(name: string): string {
  if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(expectString(name, "jsIdentifier")) || RESERVED.has(name))
    throw new Error(`internal: '${name}' is not a plain JavaScript identifier`);
  return name;
}

/** JSON-like data: what the tables hold (YAML values after checking). */
export type Data = null | boolean | number | string | readonly Data[] | { readonly [key: string]: Data | undefined };

/**
 * `value` as a JavaScript literal, laid out as `JSON.stringify(value, null, 2)` would, with every
 * string through `jsString` and every key through `jsKey`. `indent` is put before each line but
 * the first. As in JSON, a property whose value is `undefined` is left out, `-0` is `0`, and a
 * non-finite number (YAML's `.inf`, `.nan`) is `null`. Anything else (a function, a Map, a class instance)
 * is a bug of the caller and throws.
 */
export function jsData(value: unknown, indent = ""): string {
  const parts: string[] = [];
  // An explicit stack, not recursion: a table's depth is bounded by the YAML limit, but the
  // printer must not depend on it.
  type Frame = {
    readonly items: readonly [string | null, unknown][];
    i: number;
    readonly close: string;
    readonly pad: string;
  };
  const stack: Frame[] = [];
  const open = (v: unknown, pad: string): void => {
    if (v === null || v === undefined) parts.push("null");
    else if (typeof v === "boolean") parts.push(v ? "true" : "false");
    else if (typeof v === "number") parts.push(Number.isFinite(v) ? jsNumber(v === 0 ? 0 : v) : "null");
    else if (typeof v === "string") parts.push(jsString(v));
    else if (Array.isArray(v)) {
      if (v.length === 0) parts.push("[]");
      else {
        parts.push("[");
        const items: [null, unknown][] = [];
        for (const x of v as unknown[]) items.push([null, x]);
        stack.push({ items, i: 0, close: "]", pad });
      }
    } else if (
      typeof v === "object" &&
      (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null)
    ) {
      const items: [string, unknown][] = [];
      for (const k of Object.keys(v)) {
        const x = (v as Record<string, unknown>)[k];
        if (x !== undefined) items.push([k, x]);
      }
      if (items.length === 0) parts.push("{}");
      else {
        parts.push("{");
        stack.push({ items, i: 0, close: "}", pad });
      }
    } else
      throw new TypeError(
        `internal: jsData cannot print a ${typeof v === "object" ? (v.constructor?.name ?? "object") : typeof v}`,
      );
  };
  open(value, indent);
  for (let top = stack[stack.length - 1]; top !== undefined; top = stack[stack.length - 1]) {
    if (top.i === top.items.length) {
      parts.push(`\n${top.pad}${top.close}`);
      stack.pop();
      continue;
    }
    const [key, v] = top.items[top.i] as [string | null, unknown];
    parts.push(`${top.i === 0 ? "" : ","}\n${top.pad}  ${key === null ? "" : `${jsKey(key)}: `}`);
    top.i++;
    open(v, `${top.pad}  `);
  }
  return parts.join("");
}

/**
 * Text for a comment of generated TypeScript (game.d.ts's JSDoc): `*\/` cannot end the comment
 * and no character ends its line (line breaks, U+2028/2029) or hides (controls, format
 * characters): those are written as `\uXXXX`.
 */
export function commentText(text: string): string {
  return expectString(text, "commentText").replace(INVISIBLE, unicodeEscape).replace(/\*\//g, "*\\/");
}

/** The text of a JSON file (no indentation), with strings and keys as `jsString` prints them. */
export function jsonText(value: unknown): string {
  // JSON has no `__proto__` problem: JSON.parse defines it as an own property.
  return JSON.stringify(value).replace(UNSAFE, unicodeEscape);
}
