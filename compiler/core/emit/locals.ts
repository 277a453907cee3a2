/**
 * Which locals the printer keeps in JavaScript variables instead of the frame's `L` table.
 *
 * Pure code (conditions, rules functions with statements) never suspends: every local it names
 * is a JavaScript variable, the ones it may read before writing (its parameters, the locals the
 * runtime hands it) starting from `L`. A local of a step function lives in the frame only when a
 * later step can read it; one whose first mention in its step is a plain assignment at the top
 * level of that step, and that no other step (nor a suspension's result) names, is a variable of
 * that step: a paused effect keeps only what it needs, and the undo journal copies less.
 *
 * The variables are named by the printer (`$l0`, `$l1`, …), never after the user's names.
 */
import type { IrExpr, IrStmt, StepBlock, SuspendOp, Terminator } from "../semantic/ir.ts";
import { walkExpr, walkOp } from "../semantic/ir-walk.ts";

/** The locals an expression reads. */
function reads(e: IrExpr, out: Set<string>): void {
  walkExpr(e, (x) => {
    if (x.k === "local") out.add(x.name);
  });
}

/** The locals a suspension's operands read. */
function opReads(op: SuspendOp, out: Set<string>): void {
  walkOp(op, (e) => reads(e, out));
}

/** Every local a statement names, read or written, in the statements inside it too. */
export function mentions(s: IrStmt, out: Set<string>): void {
  switch (s.k) {
    case "setLocal":
      out.add(s.name);
      reads(s.value, out);
      return;
    case "setProp":
    case "modify":
      reads(s.obj, out);
      reads(s.value, out);
      return;
    case "setField":
      reads(s.ev, out);
      reads(s.value, out);
      return;
    case "move":
      reads(s.what, out);
      reads(s.owner, out);
      return;
    case "shuffle":
      reads(s.owner, out);
      return;
    case "create":
      reads(s.card, out);
      reads(s.owner, out);
      if (s.into !== null) out.add(s.into);
      return;
    case "remove":
    case "hide":
      reads(s.what, out);
      return;
    case "reveal":
      reads(s.what, out);
      if (s.to !== null) reads(s.to, out);
      return;
    case "log":
      reads(s.text, out);
      return;
    case "if":
      reads(s.cond, out);
      for (const x of s.then) mentions(x, out);
      for (const x of s.else) mentions(x, out);
      return;
    case "for":
      out.add(s.name);
      reads(s.list, out);
      for (const x of s.body) mentions(x, out);
      return;
    case "while":
      reads(s.cond, out);
      for (const x of s.body) mentions(x, out);
      return;
    case "return":
      if (s.value) reads(s.value, out);
      return;
    case "win":
      reads(s.player, out);
      return;
    case "suspend":
      opReads(s.op, out);
      if (s.into !== null) out.add(s.into);
      return;
    case "use":
    case "break":
    case "draw":
    case "jump":
      return;
  }
}

function termMentions(t: Terminator, out: Set<string>): void {
  if (t.k === "branch") reads(t.cond, out);
  else if (t.k === "suspend") {
    opReads(t.op, out);
    if (t.into !== null) out.add(t.into);
  }
}

/**
 * The locals a list of statements assigns before anything reads them: each one's first mention
 * is a top-level `name = value` (or `create … into`, or a top-level `for` over it) whose own
 * value does not read it. Whatever path runs, such a local holds nothing from before.
 */
export function freshLocals(stmts: readonly IrStmt[]): Set<string> {
  const seen = new Set<string>();
  const fresh = new Set<string>();
  const before = new Set<string>();
  for (const s of stmts) {
    let name: string | null = null;
    before.clear();
    if (s.k === "setLocal" && s.op === "=") {
      name = s.name;
      reads(s.value, before);
    } else if (s.k === "create" && s.into !== null) {
      name = s.into;
      reads(s.card, before);
      reads(s.owner, before);
    } else if (s.k === "for") {
      name = s.name;
      reads(s.list, before);
    }
    if (name !== null && !seen.has(name) && !before.has(name)) fresh.add(name);
    mentions(s, seen);
  }
  return fresh;
}

/** Printer-made variable names for a set of locals, in a fixed order (first mention). */
function nameVariables(order: readonly string[], keep: (n: string) => boolean): Map<string, string> {
  const vars = new Map<string, string>();
  for (const n of order) if (keep(n) && !vars.has(n)) vars.set(n, `$l${vars.size}`);
  return vars;
}

/** The locals of pure code, each a variable; `inputs` are those it may read before writing (they start from `L`). */
export function pureLocals(
  body: readonly IrStmt[],
  result: string | null,
): { readonly vars: ReadonlyMap<string, string>; readonly inputs: ReadonlySet<string> } {
  const all = new Set<string>();
  for (const s of body) mentions(s, all);
  if (result !== null) all.add(result);
  const fresh = freshLocals(body);
  const vars = nameVariables([...all], () => true);
  const inputs = new Set([...all].filter((n) => !fresh.has(n)));
  return { vars, inputs };
}

/**
 * For each step block, the locals that are variables of that step alone: fresh in the block
 * (see `freshLocals`) and named by no other block, its terminator included.
 */
export function stepLocals(blocks: readonly StepBlock[]): ReadonlyMap<number, ReadonlyMap<string, string>> {
  const named = blocks.map((b) => {
    const out = new Set<string>();
    for (const s of b.stmts) mentions(s, out);
    termMentions(b.term, out);
    return out;
  });
  const count = new Map<string, number>();
  for (const set of named) for (const n of set) count.set(n, (count.get(n) ?? 0) + 1);
  // What the runtime writes into the frame (a suspension's result) stays in the frame.
  for (const b of blocks) if (b.term.k === "suspend" && b.term.into !== null) count.set(b.term.into, Infinity);
  const result = new Map<number, ReadonlyMap<string, string>>();
  blocks.forEach((b, i) => {
    const fresh = freshLocals(b.stmts);
    const order = [...(named[i] as Set<string>)];
    result.set(
      b.id,
      nameVariables(order, (n) => fresh.has(n) && count.get(n) === 1),
    );
  });
  return result;
}
