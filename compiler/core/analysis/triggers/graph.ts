/**
 * The trigger graph of a checked game: for every code unit, the events it may emit (directly, or
 * through the procedures it calls and the card effects it runs), and for every card trigger, the
 * event it listens to. Built from the checked model's code units and card tables only.
 */
import type { CardDef } from "../../../../runtime/types.ts";
import { unitStatements, type CompiledUnit, type IrStmt, type SuspendOp } from "../../semantic/ir.ts";
import type { ModelParts } from "../../workspace/model.ts";
import { components } from "./scc.ts";

/** What one unit does directly. */
interface UnitFacts {
  readonly emits: Set<string>;
  readonly calls: Set<string>;
  /** Effect fields of cards it runs (`run c.effect`): any card's such field may run. */
  readonly runs: Set<string>;
  /** Events named by `until` of its modifiers (they end at that event: a listener). */
  readonly until: Set<string>;
  /** It spends a usage of its trigger (`use`). */
  uses: boolean;
}

export interface TriggerNode {
  readonly card: string;
  readonly file: string;
  /** Index in the card's `on:` list. */
  readonly index: number;
  readonly event: string;
  readonly def: CardDef;
  /** Unit ids of its code and its condition. */
  readonly unit: string;
  readonly when: string | null;
  /** A trigger with a `limit`, or a `usage` its code spends, fires a bounded number of times: it cannot drive an endless loop. */
  readonly bounded: boolean;
  /** Events its code may emit (procedures and run effects included). */
  readonly emits: ReadonlySet<string>;
}

export interface TriggerGraph {
  readonly triggers: readonly TriggerNode[];
  /** Every event some code emits (rules and cards). */
  readonly emitted: ReadonlySet<string>;
  /** Event → the units that emit it directly. */
  readonly emitters: ReadonlyMap<string, readonly string[]>;
  /** Events something listens to: triggers, responses, `until`, `limit: per`. */
  readonly heard: ReadonlySet<string>;
  readonly units: ReadonlyMap<string, CompiledUnit>;
}

function suspendOps(u: CompiledUnit): SuspendOp[] {
  const ops: SuspendOp[] = [];
  if (u.kind === "step") for (const b of u.blocks) if (b.term.k === "suspend") ops.push(b.term.op);
  return ops;
}

function eachStmt(list: readonly IrStmt[], f: (s: IrStmt) => void): void {
  for (const s of list) {
    f(s);
    if (s.k === "if") {
      eachStmt(s.then, f);
      eachStmt(s.else, f);
    } else if (s.k === "for" || s.k === "while") eachStmt(s.body, f);
  }
}

function factsOf(u: CompiledUnit): UnitFacts {
  const facts: UnitFacts = { emits: new Set(), calls: new Set(), runs: new Set(), until: new Set(), uses: false };
  for (const op of suspendOps(u)) {
    if (op.op === "emit") facts.emits.add(op.event);
    else if (op.op === "call") facts.calls.add(op.proc);
    else if (op.op === "run") facts.runs.add(op.effect);
  }
  // After lowering a step's statements are in its blocks; pure code keeps its structured body.
  const stmts = u.kind === "step" ? u.blocks.flatMap((b) => b.stmts) : unitStatements(u);
  eachStmt(stmts, (s) => {
    if (s.k === "modify") facts.until.add(s.until);
    if (s.k === "use") facts.uses = true;
  });
  return facts;
}

/** A unit's facts depend on the unit alone: kept while the unit object lives (the workspace keeps a file's units until it is checked again). */
const factsCache = new WeakMap<CompiledUnit, UnitFacts>();
function cachedFacts(u: CompiledUnit): UnitFacts {
  let f = factsCache.get(u);
  if (!f) factsCache.set(u, (f = factsOf(u)));
  return f;
}

export function triggerGraph(model: ModelParts): TriggerGraph {
  const units = new Map(model.units.map((u) => [u.id, u]));
  const facts = new Map(model.units.map((u) => [u.id, cachedFacts(u)]));
  // `run c.<field>` may run that field of any card.
  const byField = new Map<string, string[]>();
  // A card's definitions: its own and those of its other versions (`versions:`), which may have code of their own.
  const defsOf = (def: CardDef): CardDef[] => [def, ...(def.versions ?? []).map((v) => v.def)];
  for (const c of model.cards) {
    for (const [field, e] of defsOf(c.def).flatMap((d) => Object.entries(d.effects))) {
      const list = byField.get(field) ?? [];
      list.push(e.h);
      byField.set(field, list);
    }
  }
  // Events each unit may emit, through calls and runs: a graph of the units and, for each field
  // some code runs, a node standing for "any card's <field>" (an edge to it instead of one to
  // every card's effect). Procedures may recurse: the nodes of one strongly connected component
  // emit the same events; components come callees first.
  const ids = [...facts.keys()];
  const indexOf = new Map(ids.map((id, i) => [id, i]));
  const fieldNode = new Map<string, number>();
  const next: number[][] = ids.map((id) => {
    const f = facts.get(id) as UnitFacts;
    const out: number[] = [];
    for (const p of f.calls) {
      const i = indexOf.get(`proc.${p}`);
      if (i !== undefined) out.push(i);
    }
    for (const r of f.runs) {
      if (!fieldNode.has(r)) fieldNode.set(r, ids.length + fieldNode.size);
      out.push(fieldNode.get(r) as number);
    }
    return out;
  });
  for (const r of fieldNode.keys()) next.push((byField.get(r) ?? []).flatMap((h) => indexOf.get(h) ?? []));
  const closure = new Array<Set<string>>(next.length);
  for (const comp of components(next.length, next)) {
    const out = new Set<string>();
    for (const i of comp)
      if (i < ids.length) for (const e of (facts.get(ids[i] as string) as UnitFacts).emits) out.add(e);
    for (const i of comp) for (const c of next[i] as number[]) for (const e of closure[c] ?? []) out.add(e);
    for (const i of comp) closure[i] = out;
  }
  const reach = (id: string): ReadonlySet<string> => closure[indexOf.get(id) ?? -1] ?? new Set();

  const triggers: TriggerNode[] = [];
  const heard = new Set<string>();
  const seen = new Set<string>();
  for (const c of model.cards) {
    for (const def of defsOf(c.def)) {
      def.triggers.forEach((t, index) => {
        // A version without triggers of its own shares the card's (the same units).
        if (seen.has(t.h)) return;
        seen.add(t.h);
        heard.add(t.event);
        if (t.limit) heard.add(t.limit.per);
        // `usage` bounds a trigger only when its code spends it (`use`); a limit always does, and
        // so does the author's word (`bounded:`, with the reason the analysis cannot see).
        const bounded =
          t.limit !== null || t.bounded !== undefined || (t.usage !== null && (facts.get(t.h)?.uses ?? false));
        triggers.push({
          card: c.id,
          file: c.file,
          index,
          event: t.event,
          def,
          unit: t.h,
          when: t.when,
          bounded,
          emits: reach(t.h),
        });
      });
      for (const e of Object.values(def.effects)) if (e.to) heard.add(e.to);
    }
  }
  const emitted = new Set<string>();
  const emitters = new Map<string, string[]>();
  for (const [id, f] of facts) {
    for (const e of f.emits) {
      emitted.add(e);
      const list = emitters.get(e) ?? [];
      list.push(id);
      emitters.set(e, list);
    }
    for (const e of f.until) heard.add(e);
  }
  return { triggers, emitted, emitters, heard, units };
}
