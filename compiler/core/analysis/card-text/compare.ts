/**
 * Number by number: a card's written text against the text rendered from its code.
 *
 * Both texts are read by the game's `find` patterns into facts (role, value), e.g. damage 3,
 * school fire, usage 2. Per role, values are compared as sets (a repeated number is said once):
 *  - every value the code gives must be written — else "the effect says 4, the text does not";
 *  - every written value must come from the code, or from the code of a related card (one the
 *    card names, e.g. the status a skill creates, or one naming the card, e.g. the skill a talent
 *    changes) — unless the code's number of that role is unknown (`X`).
 * A bonus role (`adds: damage`) bridges the two ways of saying a conditional number: a written
 * "3 … +2" accounts for rendered 3 and 5, and a rendered 3 and 5 account for a written "+2"; a
 * written "1 more round" added to a related card's 2 rounds accounts for a rendered 3.
 * An `optional` role (a cost the card frame shows) is compared only when the text states it.
 */
import type { Fact } from "./facts.ts";
import { UNKNOWN } from "./facts.ts";
import type { CardTextRules } from "./phrases.ts";

export interface RoleMismatch {
  readonly role: string;
  /** Values the code gives that the text does not state. */
  readonly onlyInEffect: readonly string[];
  /** Values the text states that no code gives. */
  readonly onlyInText: readonly string[];
}

/** A 0 states nothing ("+2 ATK and +0 DEF" changes no DEF): it is not compared. */
function byRole(facts: readonly Fact[]): Map<string, Set<string>> {
  const m = new Map<string, Set<string>>();
  for (const f of facts) {
    if (f.value === "0") continue;
    const s = m.get(f.role) ?? new Set<string>();
    s.add(f.value);
    m.set(f.role, s);
  }
  return m;
}

const nums = (s: ReadonlySet<string> | undefined): number[] =>
  [...(s ?? [])].filter((v) => /^\d+$/.test(v)).map(Number);

export function compareFacts(
  rules: CardTextRules,
  written: readonly Fact[],
  own: readonly Fact[],
  related: readonly Fact[],
): RoleMismatch[] {
  const W = byRole(written);
  const G = byRole(own);
  const R = byRole(related);
  const roles = [...new Set([...W.keys(), ...G.keys()])];
  const out: RoleMismatch[] = [];
  for (const role of roles) {
    const decl = rules.roles.get(role);
    const w = W.get(role) ?? new Set<string>();
    const g = G.get(role) ?? new Set<string>();
    if (decl?.optional && w.size === 0) continue;
    const bonusRoles = [...rules.roles.values()].filter((r) => r.adds === role).map((r) => r.name);
    const writtenSums = new Set<number>();
    for (const b of bonusRoles)
      for (const x of nums(W.get(b))) for (const base of [...nums(w), ...nums(R.get(role))]) writtenSums.add(base + x);
    const onlyInEffect = [...g].filter((v) => v !== UNKNOWN && !w.has(v) && !writtenSums.has(Number(v)));
    const open = g.has(UNKNOWN) || (R.get(role)?.has(UNKNOWN) ?? false);
    const base = decl?.adds ?? null;
    const diffs = new Set<number>();
    if (base) {
      const gs = [...nums(G.get(base)), ...nums(R.get(base))];
      for (const a of gs) for (const b of gs) if (a > b) diffs.add(a - b);
    }
    const onlyInText = open
      ? []
      : [...w].filter((v) => !g.has(v) && !(R.get(role)?.has(v) ?? false) && !diffs.has(Number(v)));
    if (onlyInEffect.length || onlyInText.length) out.push({ role, onlyInEffect, onlyInText });
  }
  return out;
}

/** "damage: the effect says 4, the text says 3" — one clause per role. */
export function describeMismatch(m: readonly RoleMismatch[]): string {
  return m
    .map((r) => {
      const parts: string[] = [];
      if (r.onlyInEffect.length) parts.push(`the effect says ${r.onlyInEffect.join(", ")}`);
      if (r.onlyInText.length) parts.push(`the text says ${r.onlyInText.join(", ")}`);
      return `${r.role}: ${parts.join(", ")}`;
    })
    .join("; ");
}
