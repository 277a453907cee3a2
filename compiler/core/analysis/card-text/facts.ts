/**
 * Finding the numbers a text states, with their roles. The same patterns (the game's
 * `card-text.find`) read a card's written text and the text rendered from its code, so both sides
 * are measured by one ruler: "{damage} {school} damage" finds damage 3 and school fire in
 * "deal 3 Fire damage". A rendered number the renderer could not work out is written `X`: it makes
 * its role open (any written number of that role may be it).
 */
import { say, type CardTextRules } from "./phrases.ts";

export interface Fact {
  readonly role: string;
  /** Digits, an enum value, or `X` (an unknown number). */
  readonly value: string;
}

/** The unknown number in rendered text. */
export const UNKNOWN = "X";

export interface Pattern {
  readonly re: RegExp;
  /** The role of each capture group, in order. */
  readonly roles: readonly string[];
  /** For word roles: word (lower case) → enum value. */
  readonly wordValue: ReadonlyMap<string, string>;
  /** Facts a match states by its words alone (`{duration=1}`). */
  readonly fixed: readonly Fact[];
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Compiles the game's patterns; `enums` gives the values of the enums word roles name. */
export function compilePatterns(
  rules: CardTextRules,
  enums: ReadonlyMap<string, readonly string[]>,
  find: readonly string[] = rules.find,
): Pattern[] {
  const out: Pattern[] = [];
  for (const p of find) {
    const roles: string[] = [];
    const wordValue = new Map<string, string>();
    let src = "";
    let last = 0;
    const fixed: Fact[] = [];
    for (const m of p.matchAll(/\{(~?)([A-Za-z0-9_-]+)(?:=([A-Za-z0-9_-]+))?\}/g)) {
      src += escapeRegExp(p.slice(last, m.index)).replace(/\s+/g, "\\s+");
      last = m.index + m[0].length;
      const role = rules.roles.get(m[2] ?? "");
      if (!role) {
        src += escapeRegExp(m[0]);
        continue;
      }
      // `{duration=1}`: the words before it state this value ("This round" is a duration of 1).
      if (m[3] !== undefined) {
        fixed.push({ role: role.name, value: m[3] });
        continue;
      }
      // `{~school}`: a word of the role that the pattern needs but does not record.
      const record = m[1] !== "~";
      if (record) roles.push(role.name);
      const open = record ? "(" : "(?:";
      if (role.words) {
        const alts: string[] = [];
        for (const v of enums.get(role.words) ?? []) {
          const w = rules.words.get(v);
          const word = w ? say(w, "en") : v;
          wordValue.set(word.toLowerCase(), v);
          alts.push(escapeRegExp(word));
        }
        alts.sort((a, b) => b.length - a.length);
        alts.push(UNKNOWN);
        src += `${open}${alts.join("|")})`;
      } else {
        src += `${open}\\d+|${UNKNOWN})`;
      }
    }
    src += escapeRegExp(p.slice(last)).replace(/\s+/g, "\\s+");
    out.push({ re: new RegExp(`(?<![\\w])${src}(?![\\w])`, "gi"), roles, wordValue, fixed });
  }
  return out;
}

/** The facts a text states: patterns in order, each match taken out of the text before the next pattern. */
export function findFacts(text: string, patterns: readonly Pattern[]): Fact[] {
  const facts: Fact[] = [];
  let rest = text;
  for (const p of patterns) {
    rest = rest.replace(p.re, (whole: string, ...groups: unknown[]) => {
      p.roles.forEach((role, i) => {
        const g = String(groups[i]);
        const value =
          p.wordValue.size && !/^\d+$/.test(g) && g !== UNKNOWN ? (p.wordValue.get(g.toLowerCase()) ?? g) : g;
        facts.push({ role, value });
      });
      for (const f of p.fixed) facts.push(f);
      return " ".repeat(whole.length);
    });
  }
  return facts;
}
