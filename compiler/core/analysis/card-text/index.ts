/**
 * Card text: every card's behaviour rendered from its checked code with the game's phrases
 * (render.ts), and compared number by number with the card's written `text` (compare.ts).
 * `check` reports each difference as `check/card-text` at the card's `text`; `cardwright text`
 * prints the rendered texts.
 */
import type { CompiledUnit } from "../../semantic/ir.ts";
import type { CardModel } from "../../workspace/model.ts";
import { compareFacts, describeMismatch, type RoleMismatch } from "./compare.ts";
import { compilePatterns, findFacts, type Fact, type Pattern } from "./facts.ts";
import { readCardTextRules, type CardTextRules } from "./phrases.ts";
import { renderCard, type Rendered } from "./render.ts";
import { inVersionRange } from "../../../../runtime/kernel/versions.ts";
import type { OfficialText } from "../../files/official-text.ts";

export { readCardTextRules } from "./phrases.ts";
export type { CardTextRules } from "./phrases.ts";

export interface CardText {
  readonly id: string;
  readonly file: string;
  /** The card's written English text, when it has one. */
  readonly written: string | undefined;
  readonly rendered: Rendered;
  /** The rendered text in Japanese (phrases without `ja` read in English); "" unless asked for. */
  readonly renderedJa: string;
  /** True when there was something to compare: a written text and a rendered one. */
  readonly compared: boolean;
  readonly mismatches: readonly RoleMismatch[];
  /** How many numbers (and words of a role) each text states; both 0: nothing was measured. */
  readonly facts: { readonly written: number; readonly rendered: number };
  /** The card at its other versions (`versions:` entries), each compared with its own text. */
  readonly versions: readonly CardVersionText[];
  /** Each official text (`officialText:`) against the card's code at the versions it covers. */
  readonly official: readonly OfficialComparison[];
  /** The card's versions without an official text, as ranges ("3.3–4.1"), when the rules ask for one. */
  readonly officialMissing: readonly string[];
}

/** One official text against the card's definition at the versions both cover. */
export interface OfficialComparison {
  /** The text's place in the card's `officialText:` list. */
  readonly index: number;
  /** The versions compared ("4.4–4.6"): where the text and this definition both hold. */
  readonly at: string;
  readonly written: string;
  readonly rendered: Rendered;
  readonly mismatches: readonly RoleMismatch[];
}

export interface CardVersionText {
  readonly since: string | null;
  readonly until: string | null;
  readonly written: string | undefined;
  readonly rendered: Rendered;
  readonly mismatches: readonly RoleMismatch[];
}

export interface CardTextInput {
  /** The rules file's value (its `card-text:` section is read). */
  readonly rules: Record<string, unknown> | null;
  readonly enums: ReadonlyMap<string, readonly string[]>;
  readonly cards: readonly CardModel[];
  readonly units: readonly CompiledUnit[];
  /** Render Japanese too (the CLI); `check` needs only English. */
  readonly ja?: boolean;
  /** The versions the game declares, oldest first (official texts are compared per version). */
  readonly versions?: readonly string[];
}

/** Rendered texts and comparisons of every card; empty when the game has no `card-text:` section. */
export function cardTexts(input: CardTextInput, cache?: CardTextCache): CardText[] {
  // Japanese is rendered for the CLI only, once: it is never cached.
  const kept = cache && !input.ja ? cache.for(input.rules, input.enums) : null;
  const rules = kept ? kept.rules : readCardTextRules(input.rules);
  if (!rules) return [];
  const official = kept?.official ?? officialPatterns(rules, input.enums);
  return new CardTextRun(rules, kept?.patterns ?? compilePatterns(rules, input.enums), official, input, kept).all();
}

/** The patterns read on official texts: the official wording's, then the game's own. */
function officialPatterns(rules: CardTextRules, enums: ReadonlyMap<string, readonly string[]>): Pattern[] {
  return rules.official ? compilePatterns(rules, enums, [...rules.official.find, ...rules.find]) : [];
}

/** Sorted versions as ranges, both ends included: ["3.3", "3.4", "4.0"] of [3.3 … 4.0] → "3.3–4.0". */
function ranges(all: readonly string[], picked: ReadonlySet<string>): string[] {
  const out: string[] = [];
  let start: string | null = null;
  let last: string | null = null;
  for (const v of [...all, null]) {
    if (v !== null && picked.has(v)) {
      start ??= v;
      last = v;
      continue;
    }
    if (start !== null && last !== null) out.push(start === last ? start : `${start}–${last}`);
    start = last = null;
  }
  return out;
}

/** A card's renderings (its own and its versions') and what they read besides the card and its code. */
interface Renders {
  readonly own: readonly CompiledUnit[];
  /** Units of its versions (`card.<id>@<since>..<until>.…`). */
  readonly versioned: readonly CompiledUnit[];
  /** Every card id the renderings looked up, with the name it had (undefined: no such card). */
  readonly names: ReadonlyMap<string, string | undefined>;
  readonly rendered: Rendered;
  readonly versions: readonly Rendered[];
  /** The facts of `rendered.text`, found when first asked for. */
  facts: Fact[] | null;
}

/** A card's comparison and the related cards' rendered texts it was made with. */
interface Compared {
  readonly renders: Renders;
  readonly related: readonly (readonly [string, string])[];
  readonly text: CardText;
}

/**
 * What one run of `cardTexts` leaves for the next (the editor's workspace re-checks after every
 * edit). A card's rendering is kept while its checked card (a new object whenever its file is
 * checked again), its code units and the names of the cards it names are the same; its comparison
 * while its rendering and the rendered texts of its related cards are. The rules file's value or
 * the enums changing empties it.
 */
export class CardTextCache {
  private rulesValue: Record<string, unknown> | null | undefined = undefined;
  private enums: ReadonlyMap<string, readonly string[]> | null = null;
  private kept: Kept | null = null;

  /** The entries for these rules and enums (emptied when either is not the one of the last run). */
  for(rules: Record<string, unknown> | null, enums: ReadonlyMap<string, readonly string[]>): Kept {
    if (!this.kept || rules !== this.rulesValue || enums !== this.enums) {
      this.rulesValue = rules;
      this.enums = enums;
      const r = readCardTextRules(rules);
      this.kept = {
        rules: r,
        patterns: r ? compilePatterns(r, enums) : [],
        official: r ? officialPatterns(r, enums) : [],
        renders: new WeakMap(),
        compared: new WeakMap(),
      };
    }
    return this.kept;
  }
}

interface Kept {
  readonly rules: CardTextRules | null;
  readonly patterns: Pattern[];
  readonly official: Pattern[];
  readonly renders: WeakMap<CardModel, Renders>;
  readonly compared: WeakMap<CardModel, Compared>;
}

const sameList = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x, i) => x === b[i]);

class CardTextRun {
  private readonly byId = new Map<string, CardModel>();
  private readonly unitsOf = new Map<string, CompiledUnit[]>();
  private readonly versionUnitsOf = new Map<string, CompiledUnit[]>();
  private readonly renders = new Map<string, Renders>();
  /** Card id → the cards whose code or fields name it. */
  private readonly namedBy = new Map<string, Set<string>>();

  constructor(
    private readonly rules: CardTextRules,
    private readonly patterns: readonly Pattern[],
    private readonly officialFind: readonly Pattern[],
    private readonly input: CardTextInput,
    private readonly kept: Kept | null,
  ) {
    for (const c of input.cards) this.byId.set(c.id, c);
    for (const u of input.units) {
      const m = /^card\.([^.]+)\./.exec(u.id);
      const id = m?.[1];
      if (id) {
        const list = this.unitsOf.get(id) ?? [];
        list.push(u);
        this.unitsOf.set(id, list);
      }
      // A version's units: `card.<id>@<since>..<until>.…` (card ids have no '.' nor '@').
      const v = /^card\.([^.@]+)@/.exec(u.id)?.[1];
      if (v) {
        const list = this.versionUnitsOf.get(v) ?? [];
        list.push(u);
        this.versionUnitsOf.set(v, list);
      }
    }
  }

  /** The renderings of a card: kept ones when nothing they read changed. */
  private render(id: string): Renders | undefined {
    const hit = this.renders.get(id);
    if (hit) return hit;
    const c = this.byId.get(id);
    if (!c) return undefined;
    const own = this.unitsOf.get(id) ?? [];
    const versioned = this.versionUnitsOf.get(id) ?? [];
    const old = this.kept?.renders.get(c);
    if (
      old &&
      sameList(old.own, own) &&
      sameList(old.versioned, versioned) &&
      [...old.names].every(([n, name]) => this.byId.get(n)?.name === name)
    ) {
      this.renders.set(id, old);
      return old;
    }
    const names = new Map<string, string | undefined>();
    const name = (n: string) => {
      const v = this.byId.get(n)?.name;
      names.set(n, v);
      return v;
    };
    const r = renderCard({ id, kind: c.kind, def: c.def, units: own }, this.rules, "en", name);
    const rendered = { ...r, names: r.names.filter((n) => name(n) !== undefined) };
    const versions = (c.def.versions ?? []).map((v) => {
      const key = `card.${id}@${v.since ?? ""}..${v.until ?? ""}.`;
      const units = new Map(own.map((u) => [u.id, u]));
      for (const u of versioned)
        if (u.id.startsWith(key))
          units.set(`card.${id}.${u.id.slice(key.length)}`, { ...u, id: `card.${id}.${u.id.slice(key.length)}` });
      return renderCard({ id, kind: c.kind, def: v.def, units: [...units.values()] }, this.rules, "en", name);
    });
    const made: Renders = { own, versioned, names, rendered, versions, facts: null };
    this.kept?.renders.set(c, made);
    this.renders.set(id, made);
    return made;
  }

  /**
   * A card's facts at the given versions: the `versions:` entry covering each one, else its own
   * definition (each definition once).
   */
  private factsAt(id: string, vs: ReadonlySet<string>): Fact[] {
    const c = this.byId.get(id);
    const r = this.render(id);
    if (!c || !r) return this.factsOf(id);
    const entries = c.def.versions ?? [];
    const defs = new Set<number>();
    for (const v of vs) defs.add(v === "" ? -1 : entries.findIndex((e) => inVersionRange(v, e.since, e.until)));
    return [...defs].flatMap((d) => {
      const at = d < 0 ? undefined : r.versions[d];
      return at ? findFacts(at.text, this.patterns) : this.factsOf(id);
    });
  }

  private factsOf(id: string): Fact[] {
    const r = this.render(id);
    if (!r) return findFacts("", this.patterns);
    if (!r.facts) r.facts = findFacts(r.rendered.text, this.patterns);
    return r.facts;
  }

  /** Cards this one names (up to four steps: a skill's status, the skill it prepares, the next status and skill) and cards naming it. */
  private related(id: string): string[] {
    const out = new Set<string>();
    let step = [id];
    for (let depth = 0; depth < 4; depth++) {
      const next: string[] = [];
      for (const a of step)
        for (const b of this.render(a)?.rendered.names ?? []) if (!out.has(b)) out.add(b), next.push(b);
      step = next;
    }
    for (const n of this.namedBy.get(id) ?? []) out.add(n);
    out.delete(id);
    return [...out];
  }

  all(): CardText[] {
    for (const c of this.input.cards) {
      for (const n of this.render(c.id)?.rendered.names ?? []) {
        const s = this.namedBy.get(n) ?? new Set<string>();
        s.add(c.id);
        this.namedBy.set(n, s);
      }
    }
    return this.input.cards.map((c) => {
      const renders = this.render(c.id) as Renders;
      // The related cards' rendered texts: what the comparison reads of other cards.
      const related = this.related(c.id).map((r) => [r, this.render(r)?.rendered.text ?? ""] as const);
      const old = this.kept?.compared.get(c);
      if (
        old &&
        old.renders === renders &&
        old.related.length === related.length &&
        old.related.every(([r, t], i) => related[i]?.[0] === r && related[i]?.[1] === t)
      )
        return old.text;
      const text = this.compare(
        c,
        renders,
        related.map(([r]) => r),
      );
      this.kept?.compared.set(c, { renders, related, text });
      return text;
    });
  }

  private compare(c: CardModel, renders: Renders, related: readonly string[]): CardText {
    const rendered = renders.rendered;
    const written = c.text;
    const compared = written !== undefined && rendered.text !== "";
    const writtenFacts = written === undefined ? [] : findFacts(written, this.patterns);
    const relatedFacts = () => related.flatMap((r) => this.factsOf(r));
    const mismatches = compared ? compareFacts(this.rules, writtenFacts, this.factsOf(c.id), relatedFacts()) : [];
    const ja = !this.input.ja
      ? ""
      : renderCard({ id: c.id, kind: c.kind, def: c.def, units: renders.own }, this.rules, "ja", (id) => {
          const c = this.byId.get(id);
          return c?.names?.["ja"] ?? c?.name;
        }).text;
    return {
      id: c.id,
      file: c.file,
      written,
      rendered,
      renderedJa: ja,
      compared,
      mismatches,
      facts: { written: writtenFacts.length, rendered: this.factsOf(c.id).length },
      versions: this.versions(c, renders, relatedFacts),
      ...this.official(c, renders, relatedFacts, related),
    };
  }

  /**
   * Each official text against the card's code at every version it covers: the card's own
   * definition, or the `versions:` entry that covers the version. A definition no official text
   * covers at any of its versions is missing one (when the rules ask).
   */
  private official(
    c: CardModel,
    renders: Renders,
    relatedFacts: () => Fact[],
    related: readonly string[],
  ): { official: OfficialComparison[]; officialMissing: string[] } {
    const rules = this.rules.official;
    if (!rules || (c.official && "none" in c.official)) return { official: [], officialMissing: [] };
    const texts = c.official && "texts" in c.official ? c.official.texts : [];
    const known = this.input.versions?.length ? this.input.versions : [""];
    const entries = c.def.versions ?? [];
    // Each version's definition: -1 the card's own, else the index of the entry covering it.
    const defAt = (v: string) => (v === "" ? -1 : entries.findIndex((e) => inVersionRange(v, e.since, e.until)));
    const inText = (v: string, t: OfficialText) => v === "" || inVersionRange(v, t.since, t.until);
    // A number the code gives may be stated by a related card's official text (a talent that
    // changes a skill says the new number, not the skill).
    let excused: Map<string, Set<string>> | null = null;
    const relatedOfficial = () => {
      if (excused) return excused;
      excused = new Map();
      for (const r of related) {
        const o = this.byId.get(r)?.official;
        if (!o || !("texts" in o)) continue;
        for (const t of o.texts)
          for (const f of findFacts(t.en, this.officialFind)) {
            const set = excused.get(f.role) ?? new Set<string>();
            set.add(f.value);
            excused.set(f.role, set);
          }
      }
      return excused;
    };
    // A number the code gives may also be a sum the texts state in two places: a value of the
    // role (this text's, or a related card's official text's) plus a bonus a related card's
    // official text states for that role (a talent's "+2 DMG" to a skill's 3; "+1" round to a
    // status's 2 rounds).
    const summed = (role: string, v: string, written: readonly Fact[]): boolean => {
      const n = Number(v);
      if (!/^\d+$/.test(v)) return false;
      const bonuses = [...this.rules.roles.values()].filter((r) => r.adds === role).map((r) => r.name);
      const bases = new Set<number>();
      for (const f of written) if (f.role === role && /^\d+$/.test(f.value)) bases.add(Number(f.value));
      for (const x of relatedOfficial().get(role) ?? []) if (/^\d+$/.test(x)) bases.add(Number(x));
      return bonuses.some((b) =>
        [...(relatedOfficial().get(b) ?? [])].some((x) => /^\d+$/.test(x) && bases.has(n - Number(x))),
      );
    };
    const official: OfficialComparison[] = [];
    for (const t of texts) {
      const writtenFacts = findFacts(t.en, this.officialFind);
      const byDef = new Map<number, Set<string>>();
      for (const v of known) {
        if (!inText(v, t)) continue;
        const d = defAt(v);
        const set = byDef.get(d) ?? new Set<string>();
        set.add(v);
        byDef.set(d, set);
      }
      for (const [d, vs] of byDef) {
        const rendered = d < 0 ? renders.rendered : (renders.versions[d] as Rendered);
        const mismatches =
          rendered.text === ""
            ? []
            : compareFacts(
                this.rules,
                writtenFacts,
                findFacts(rendered.text, this.patterns),
                // The related cards as they are at these versions (a status a `versions:` entry changes).
                related.flatMap((r) => this.factsAt(r, vs)),
              );
        const left = mismatches
          .map((m) => ({
            ...m,
            onlyInEffect: m.onlyInEffect.filter(
              (v) => !relatedOfficial().get(m.role)?.has(v) && !summed(m.role, v, writtenFacts),
            ),
          }))
          .filter((m) => m.onlyInEffect.length || m.onlyInText.length);
        official.push({ index: t.index, at: ranges(known, vs).join(", "), written: t.en, rendered, mismatches: left });
      }
    }
    const uncovered = new Set<string>();
    if (rules.required && !rules.except.includes(c.kind)) {
      // Per definition: missing when no official text covers any of its versions.
      const defs = new Map<number, string[]>();
      for (const v of known) defs.set(defAt(v), [...(defs.get(defAt(v)) ?? []), v]);
      for (const vs of defs.values())
        if (!vs.some((v) => texts.some((t) => inText(v, t)))) for (const v of vs) uncovered.add(v);
    }
    const missing = known[0] === "" ? (uncovered.size ? ["every version"] : []) : ranges(known, uncovered);
    return { official, officialMissing: missing };
  }

  /** Each version entry: its rendering (the card's units with the entry's own put over them), compared with its text (the entry's or the card's). */
  private versions(c: CardModel, renders: Renders, relatedFacts: () => Fact[]): CardVersionText[] {
    return (c.def.versions ?? []).map((v, i) => {
      const rendered = renders.versions[i] as Rendered;
      const t = v.def.fields["text"];
      const written = typeof t === "string" ? t : c.text;
      const mismatches =
        written !== undefined && rendered.text !== ""
          ? compareFacts(
              this.rules,
              findFacts(written, this.patterns),
              findFacts(rendered.text, this.patterns),
              relatedFacts(),
            )
          : [];
      return { since: v.since, until: v.until, written, rendered, mismatches };
    });
  }
}

/** The warning's message for an official text: the versions, the differing numbers and both texts. */
export function officialMismatchMessage(t: OfficialComparison): string {
  return `the card's effect at versions ${t.at} and its official text differ (${describeMismatch(t.mismatches)}): official text "${t.written.replace(/\n/g, " ")}", effect "${t.rendered.text}"`;
}

/** The warning's message: the differing numbers and both texts (of the card, or of one of its versions). */
export function mismatchMessage(t: CardText | CardVersionText): string {
  const at = "since" in t ? ` at versions ${t.since ?? "…"}–${t.until ?? "…"}` : "";
  return `the card's text and its effect differ${at} (${describeMismatch(t.mismatches)}): text "${t.written ?? ""}", effect "${t.rendered.text}"`;
}
