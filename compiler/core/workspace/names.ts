/**
 * Card names that a player cannot tell apart. Two cards of one game whose display names (in the
 * same language) have the same confusable skeleton (text/confusables.ts) but are not the same
 * text — a Cyrillic letter for a Latin one, a trailing zero-width space — are
 * `check/confusable-name`, on both cards. The same name on two cards of the same kind is
 * `check/same-name`, on the later card; cards of different kinds may share a name (a card and the
 * status it puts on a character), and a card that says `sameNameAs: <id>` shares that card's name
 * on purpose (a variant: the same status, upgraded by a talent). Names of a card file with errors
 * are compared too: the warning is about what a player would read.
 */
import type { Diagnostic, Range } from "../text/diagnostics.ts";
import { describeCodePoint } from "../text/hidden-characters.ts";
import { skeleton } from "../text/confusables.ts";

/** One display name of a card, in one language (`name: X` is language `en`). */
export interface CardName {
  readonly file: string;
  readonly id: string;
  readonly kind: string;
  readonly lang: string;
  readonly text: string;
  readonly range: Range;
  /** The card whose name this card shares on purpose (`sameNameAs:`). */
  readonly sameNameAs?: string;
}

/** The names of a card as its `name:` gives them: a text, or a text per language. */
export function cardNames(
  value: unknown,
  pick: { file: string; id: string; kind: string; sameNameAs?: unknown; rangeAt(path: (string | number)[]): Range },
): CardName[] {
  const same = typeof pick.sameNameAs === "string" ? { sameNameAs: pick.sameNameAs } : {};
  const named = (lang: string, text: unknown, path: string[]): CardName[] =>
    typeof text === "string" && text.length > 0
      ? [{ file: pick.file, id: pick.id, kind: pick.kind, lang, text, range: pick.rangeAt(path), ...same }]
      : [];
  if (typeof value === "string") return named("en", value, ["name"]);
  if (!value || typeof value !== "object" || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([lang, text]) => named(lang, text, ["name", lang]));
}

/** Code points that one text has more of than the other (what tells them apart), at most `max`. */
function difference(a: string, b: string, max = 3): string[] {
  const count = new Map<string, number>();
  for (const c of b) count.set(c, (count.get(c) ?? 0) + 1);
  const extra: string[] = [];
  for (const c of a) {
    const n = count.get(c) ?? 0;
    if (n > 0) count.set(c, n - 1);
    else if (!extra.includes(c)) extra.push(c);
  }
  return extra.slice(0, max);
}

const shown = (c: string) =>
  /^[\p{L}\p{N}\p{P}\p{S}]$/u.test(c) ? `'${c}' ${describeCodePoint(c)}` : describeCodePoint(c);

/** What sets `a` apart from `b`, for the message: "'е' U+0435 here, 'e' U+0065 there". */
function howTheyDiffer(a: string, b: string): string {
  const here = difference(a, b).map(shown);
  const there = difference(b, a).map(shown);
  return [here.length ? `${here.join(", ")} here` : "", there.length ? `${there.join(", ")} there` : ""]
    .filter(Boolean)
    .join("; ");
}

/** The warnings of a game's card names; `names` in file order. `skeletonOf` may cache skeleton(). */
export function nameDiagnostics(
  names: readonly CardName[],
  skeletonOf: (text: string) => string = skeleton,
): Diagnostic[] {
  const groups = new Map<string, CardName[]>();
  for (const n of names) {
    const key = `${n.lang}\u0000${skeletonOf(n.text)}`;
    const g = groups.get(key);
    if (g) g.push(n);
    else groups.set(key, [n]);
  }
  const out: Diagnostic[] = [];
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    for (const [i, n] of group.entries()) {
      const others = group.filter((o) => o.file !== n.file);
      const lookalike = others.filter((o) => o.text !== n.text).slice(0, 3);
      if (lookalike.length) {
        const first = lookalike[0] as CardName;
        const also = lookalike.slice(1).map((o) => `'${o.id}'`);
        out.push({
          file: n.file,
          range: n.range,
          severity: "warning",
          code: "check/confusable-name",
          message: `card name '${n.text}' of '${n.id}' looks the same as '${first.text}' of card '${first.id}' (${first.file}) but is another text: ${howTheyDiffer(n.text, first.text)}${also.length ? ` (also like card${also.length > 1 ? "s" : ""} ${also.join(", ")})` : ""}`,
          hint: "players cannot tell these names apart: write both in one script without invisible characters, or rename one",
        });
      }
      const meant = (o: CardName) => o.sameNameAs === n.id || n.sameNameAs === o.id;
      const earlier = group
        .slice(0, i)
        .find((o) => o.file !== n.file && o.text === n.text && o.kind === n.kind && !meant(o));
      if (earlier) {
        out.push({
          file: n.file,
          range: n.range,
          severity: "warning",
          code: "check/same-name",
          message: `card name '${n.text}' is also the name of card '${earlier.id}' (${earlier.file}), of the same kind '${n.kind}'`,
          hint: `give each card of a kind its own name, or say \`sameNameAs: ${earlier.id}\` when this card is a variant that shows the same name`,
        });
      }
    }
  }
  return out;
}
