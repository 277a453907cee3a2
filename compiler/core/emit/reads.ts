/**
 * What the value of each computed property can depend on, worked out from the checked code: the
 * property names read by its compute listeners (their `when` and value), by the functions they
 * call and the computed properties they read (followed through), and by the rules'
 * `trigger-order.first` (it orders the listeners). The module carries the result (`computedReads`):
 * the runtime keeps a computed value until a property it depends on is set, or something other
 * than a property changes (a move, a creation, a modifier, a controller).
 *
 * `null` for a property whose inputs the analysis cannot name: a value read as text or by name
 * (through a kind's display template), `responds`, a keyword given by an expression, or code it
 * does not know. The runtime forgets such a value at every change, as it does for every computed
 * value of a module without the table.
 */
import type { CompiledUnit, IrExpr } from "../semantic/ir.ts";
import { walkExpr, walkStmt } from "../semantic/ir-walk.ts";
import { required, type Type } from "../semantic/types.ts";

/**
 * The parts of the rules table this analysis reads. The printer's tables are data it does not
 * trust to have this shape (a test hands it renamed keys): what is missing counts as nothing.
 */
interface RulesShape {
  readonly props?: Readonly<
    Partial<Record<"card" | "player" | "game", Readonly<Record<string, { readonly computed?: unknown } | undefined>>>>
  >;
  readonly order?: { readonly first?: unknown };
}

interface ComputeShape {
  readonly prop?: unknown;
  readonly when?: unknown;
  readonly fn?: unknown;
}

interface CardShape {
  readonly computes?: unknown;
  readonly versions?: unknown;
}

/** Entity facts that only changes other than a property's change alter (or never: owner, kind, card). */
const FACTS = new Set(["owner", "controller", "kind", "card", "zone"]);

/** Whether a value of this type reads as text without the runtime's naming (no entity names, no display template). */
function plainText(ty: Type): boolean {
  const t = required(ty).t;
  return t === "text" || t === "number" || t === "bool" || t === "enum" || t === "cardid" || t === "none";
}

/**
 * Computed property name → the property names its value may depend on (sorted), or null when it
 * may depend on something the analysis does not follow.
 */
export function computedReads(
  rules: RulesShape,
  cards: Readonly<Record<string, CardShape | undefined>>,
  units: readonly CompiledUnit[],
): Record<string, readonly string[] | null> {
  const props = rules.props ?? {};
  const tables = [props.game ?? {}, props.player ?? {}, props.card ?? {}];
  const computed = new Set<string>();
  for (const t of tables) for (const n of Object.keys(t)) if (t[n]?.computed === true) computed.add(n);
  // The units of each computed property's listeners, every version of every card included.
  const first = rules.order?.first;
  const roots = new Map<string, string[]>();
  for (const n of computed) roots.set(n, typeof first === "string" ? [first] : []);
  const addCard = (c: CardShape | undefined): void => {
    if (typeof c !== "object" || c === null) return;
    for (const m of Array.isArray(c.computes) ? (c.computes as ComputeShape[]) : []) {
      const list = typeof m.prop === "string" ? roots.get(m.prop) : undefined;
      if (list === undefined) continue;
      if (typeof m.fn === "string") list.push(m.fn);
      if (typeof m.when === "string") list.push(m.when);
    }
    for (const v of Array.isArray(c.versions) ? (c.versions as { def?: CardShape }[]) : []) addCard(v.def);
  };
  for (const id of Object.keys(cards)) addCard(cards[id]);
  const byId = new Map(units.map((u) => [u.id, u]));

  const out: Record<string, readonly string[] | null> = {};
  for (const q of [...computed].sort()) {
    const names = new Set<string>([q]);
    let open = false;
    const seenUnits = new Set<string>();
    const seenProps = new Set<string>([q]);
    const pending: string[] = [...(roots.get(q) ?? [])];
    const readProp = (name: string): void => {
      names.add(name);
      if (computed.has(name) && !seenProps.has(name)) {
        seenProps.add(name);
        for (const id of roots.get(name) ?? []) pending.push(id);
      }
    };
    const visit = (e: IrExpr): void => {
      switch (e.k) {
        case "prop":
          if (required(e.obj.ty).t === "cardid" || e.fixed === true || FACTS.has(e.name)) return;
          // `.name` reads the entity as the runtime names it (its display template may read anything).
          if (e.name === "name") open = true;
          else readProp(e.name);
          return;
        case "fn":
          pending.push(`fn.${e.name}`);
          return;
        case "builtin":
          if (e.fn === "has") {
            const kw = e.args[1];
            if (kw !== undefined && kw.k === "lit" && typeof kw.v === "string") readProp(kw.v);
            else open = true;
          } else if (e.fn === "name" || e.fn === "responds") open = true;
          return;
        case "text":
          for (const p of e.parts) if (typeof p !== "string" && !plainText(p.ty)) open = true;
          return;
        default:
          return;
      }
    };
    while (pending.length > 0 && !open) {
      const id = pending.pop() as string;
      if (seenUnits.has(id)) continue;
      seenUnits.add(id);
      const u = byId.get(id);
      if (u === undefined || u.kind === "step") {
        open = true;
        break;
      }
      if (u.kind === "pure-expr") walkExpr(u.expr, visit);
      else for (const s of u.body) walkStmt(s, visit);
    }
    out[q] = open ? null : [...names].sort();
  }
  return out;
}
