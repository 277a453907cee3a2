/**
 * Can a condition ever hold? A small abstract evaluation of a checked `when:` expression: literals,
 * the card's own fixed fields (a card's `cost: 3` is 3 whatever happens) and the logic between
 * them. Anything else is unknown. `false` means: given the declared values, it never holds.
 */
import type { CardDef } from "../../../../runtime/types.ts";
import type { IrExpr } from "../../semantic/ir.ts";

type Known = { readonly v: number | string | boolean | null } | undefined;

function known(e: IrExpr, card: CardDef | null): Known {
  if (e.k === "lit") return { v: e.v };
  if (e.k === "prop" && e.fixed === true && e.obj.k === "self" && card) {
    const v = card.fields[e.name];
    if (v === undefined || v === null || typeof v === "number" || typeof v === "string" || typeof v === "boolean")
      return { v: v ?? null };
    return undefined;
  }
  if (e.k === "not") {
    const x = known(e.e, card);
    return x && typeof x.v === "boolean" ? { v: !x.v } : undefined;
  }
  if (e.k === "neg") {
    const x = known(e.e, card);
    return x && typeof x.v === "number" ? { v: -x.v } : undefined;
  }
  if (e.k !== "bin") return undefined;
  const l = known(e.l, card);
  if (e.op === "and" || e.op === "or") {
    const r = known(e.r, card);
    const stop = e.op === "and" ? false : true;
    // One side settles it (false and …, true or …), known or not on the other side.
    if (l?.v === stop || r?.v === stop) return { v: stop };
    return l && r ? { v: !stop } : undefined;
  }
  const r = known(e.r, card);
  if (!l || !r) return undefined;
  switch (e.op) {
    case "==":
      return { v: l.v === r.v };
    case "!=":
      return { v: l.v !== r.v };
    case "<":
    case "<=":
    case ">":
    case ">=": {
      if (typeof l.v !== "number" || typeof r.v !== "number") return undefined;
      const a = l.v;
      const b = r.v;
      return { v: e.op === "<" ? a < b : e.op === "<=" ? a <= b : e.op === ">" ? a > b : a >= b };
    }
    default:
      return undefined;
  }
}

/** False when the condition can never hold for this card (`card`: the card whose code it is). */
export function canHold(cond: IrExpr, card: CardDef | null): boolean {
  return known(cond, card)?.v !== false;
}
