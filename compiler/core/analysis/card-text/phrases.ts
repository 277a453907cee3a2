/**
 * A game's `card-text:` section (rules.yaml), read into lookup tables. The section is the game's
 * own vocabulary for card text: the compiler knows no game words, it fills these phrases from a
 * card's checked code. Every table is keyed by a name of the rules (a procedure, an event, a
 * property, a field, an enum value) or by a code form (`opponent.active`).
 */

/** A phrase per language; `en` is always there. */
export type Phrase = Readonly<Record<string, string>> & { readonly en: string };

/** A kind of number (or word) compared between a card's written text and its rendered text. */
export interface Role {
  readonly name: string;
  /** An enum whose values' words this role finds (a school of magic…); absent: a number. */
  readonly words: string | null;
  /** A bonus role: its value may also be the difference of two values of this role. */
  readonly adds: string | null;
  /** The written text may leave this role out (a cost the card's frame shows). */
  readonly optional: boolean;
}

export interface CardTextRules {
  readonly words: ReadonlyMap<string, Phrase>;
  readonly roles: ReadonlyMap<string, Role>;
  /** Patterns such as `{damage} {school} damage`, tried in order on a text. */
  readonly find: readonly string[];
  readonly kinds: ReadonlyMap<string, Phrase>;
  readonly fields: ReadonlyMap<string, Phrase>;
  readonly calls: ReadonlyMap<string, Phrase>;
  readonly sets: ReadonlyMap<string, Phrase>;
  readonly triggers: ReadonlyMap<string, Phrase>;
  readonly limits: ReadonlyMap<string, Phrase>;
  readonly keywords: ReadonlyMap<string, Phrase>;
  /** `official:` — cards are compared with their official texts (`officialText:`); null: not asked. */
  readonly official: OfficialRules | null;
}

export interface OfficialRules {
  /** A card without an official text at one of its versions is a warning. */
  readonly required: boolean;
  /** Kinds whose cards have no official text (never warned). */
  readonly except: readonly string[];
  /** Patterns for the official wording, tried before `find` on an official text. */
  readonly find: readonly string[];
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});

function phrase(v: unknown): Phrase | null {
  if (typeof v === "string") return { en: v };
  const o = obj(v);
  if (typeof o["en"] !== "string") return null;
  const out: Record<string, string> = {};
  for (const [k, x] of Object.entries(o)) if (typeof x === "string") out[k] = x;
  return out as Phrase;
}

function table(v: unknown): Map<string, Phrase> {
  const m = new Map<string, Phrase>();
  for (const [k, x] of Object.entries(obj(v))) {
    const p = phrase(x);
    if (p) m.set(k, p);
  }
  return m;
}

/** Reads the section (already checked by the rules schema); null when the game has none. */
export function readCardTextRules(rules: Obj | null): CardTextRules | null {
  const section = rules?.["card-text"];
  if (section === undefined || section === null) return null;
  const s = obj(section);
  const roles = new Map<string, Role>();
  for (const [name, r] of Object.entries(obj(s["roles"]))) {
    const o = obj(r);
    roles.set(name, {
      name,
      words: typeof o["words"] === "string" ? o["words"] : null,
      adds: typeof o["adds"] === "string" ? o["adds"] : null,
      optional: o["optional"] === true,
    });
  }
  return {
    words: table(s["words"]),
    roles,
    find: Array.isArray(s["find"]) ? s["find"].filter((x): x is string => typeof x === "string") : [],
    kinds: table(s["kinds"]),
    fields: table(s["fields"]),
    calls: table(s["calls"]),
    sets: table(s["sets"]),
    triggers: table(s["triggers"]),
    limits: table(s["limits"]),
    keywords: table(s["keywords"]),
    official: official(s["official"]),
  };
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

function official(v: unknown): OfficialRules | null {
  if (v === undefined || v === null) return null;
  const o = obj(v);
  return { required: o["required"] === true, except: strings(o["except"]), find: strings(o["find"]) };
}

/** The phrase in `lang`, falling back to English. */
export function say(p: Phrase, lang: string): string {
  return p[lang] ?? p.en;
}
