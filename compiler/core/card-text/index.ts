/**
 * Card text: every card's behaviour rendered from its checked code with the game's phrases
 * (render.ts), and compared number by number with the card's written `text` (compare.ts).
 * `check` reports each difference as `check/card-text` at the card's `text`; `cardwright text`
 * prints the rendered texts.
 */
import type { CompiledUnit } from "../ir.ts";
import type { CardModel } from "../model.ts";
import { compareFacts, describeMismatch, type RoleMismatch } from "./compare.ts";
import { compilePatterns, findFacts, type Fact } from "./facts.ts";
import { readCardTextRules, type CardTextRules } from "./phrases.ts";
import { renderCard, type Rendered } from "./render.ts";

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
}

export interface CardTextInput {
  /** The rules file's value (its `card-text:` section is read). */
  readonly rules: Record<string, unknown> | null;
  readonly enums: ReadonlyMap<string, readonly string[]>;
  readonly cards: readonly CardModel[];
  readonly units: readonly CompiledUnit[];
  /** Render Japanese too (the CLI); `check` needs only English. */
  readonly ja?: boolean;
}

/** Rendered texts and comparisons of every card; empty when the game has no `card-text:` section. */
export function cardTexts(input: CardTextInput): CardText[] {
  const rules = readCardTextRules(input.rules);
  if (!rules) return [];
  return new CardTextRun(rules, input).all();
}

class CardTextRun {
  private readonly byId = new Map<string, CardModel>();
  private readonly unitsOf = new Map<string, CompiledUnit[]>();
  private readonly rendered = new Map<string, Rendered>();
  private readonly facts = new Map<string, Fact[]>();
  /** Card id → the cards whose code or fields name it. */
  private readonly namedBy = new Map<string, Set<string>>();
  private readonly patterns;
  private readonly name = (id: string) => this.byId.get(id)?.name;

  constructor(
    private readonly rules: CardTextRules,
    private readonly input: CardTextInput,
  ) {
    for (const c of input.cards) this.byId.set(c.id, c);
    for (const u of input.units) {
      const m = /^card\.([^.]+)\./.exec(u.id);
      const id = m?.[1];
      if (!id) continue;
      const list = this.unitsOf.get(id) ?? [];
      list.push(u);
      this.unitsOf.set(id, list);
    }
    this.patterns = compilePatterns(rules, input.enums);
  }

  private render(id: string): Rendered | undefined {
    const hit = this.rendered.get(id);
    if (hit) return hit;
    const c = this.byId.get(id);
    if (!c) return undefined;
    const r = renderCard({ id, kind: c.kind, def: c.def, units: this.unitsOf.get(id) ?? [] }, this.rules, "en", this.name);
    const named = { ...r, names: r.names.filter((n) => this.byId.has(n)) };
    this.rendered.set(id, named);
    return named;
  }

  private factsOf(id: string): Fact[] {
    const hit = this.facts.get(id);
    if (hit) return hit;
    const f = findFacts(this.render(id)?.text ?? "", this.patterns);
    this.facts.set(id, f);
    return f;
  }

  /** Cards this one names (up to four steps: a skill's status, the skill it prepares, the next status and skill) and cards naming it. */
  private related(id: string): string[] {
    const out = new Set<string>();
    let step = [id];
    for (let depth = 0; depth < 4; depth++) {
      const next: string[] = [];
      for (const a of step) for (const b of this.render(a)?.names ?? []) if (!out.has(b)) (out.add(b), next.push(b));
      step = next;
    }
    for (const n of this.namedBy.get(id) ?? []) out.add(n);
    out.delete(id);
    return [...out];
  }

  all(): CardText[] {
    for (const c of this.input.cards) {
      for (const n of this.render(c.id)?.names ?? []) {
        const s = this.namedBy.get(n) ?? new Set<string>();
        s.add(c.id);
        this.namedBy.set(n, s);
      }
    }
    return this.input.cards.map((c) => {
      const rendered = this.render(c.id) as Rendered;
      const written = c.text;
      const compared = written !== undefined && rendered.text !== "";
      const writtenFacts = written === undefined ? [] : findFacts(written, this.patterns);
      const mismatches = compared ? compareFacts(this.rules, writtenFacts, this.factsOf(c.id), this.related(c.id).flatMap((r) => this.factsOf(r))) : [];
      const ja = !this.input.ja ? "" : renderCard({ id: c.id, kind: c.kind, def: c.def, units: this.unitsOf.get(c.id) ?? [] }, this.rules, "ja", (id) => this.byId.get(id)?.name).text;
      return { id: c.id, file: c.file, written, rendered, renderedJa: ja, compared, mismatches, facts: { written: writtenFacts.length, rendered: this.factsOf(c.id).length } };
    });
  }
}

/** The warning's message: the differing numbers and both texts. */
export function mismatchMessage(t: CardText): string {
  return `the card's text and its effect differ (${describeMismatch(t.mismatches)}): text "${t.written ?? ""}", effect "${t.rendered.text}"`;
}
