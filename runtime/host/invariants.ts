/**
 * Invariants: conditions a game's rules file says hold after every action (`invariants:`). The
 * runtime only evaluates them on request (the fuzzer and the scenario runner ask after each
 * answer); `apply` never does, so play costs nothing when no one checks.
 */
import { RuntimeCtx } from "./ctx.ts";
import { ModuleIndex } from "../kernel/module-index.ts";
import type { EntityId, GameModule, State } from "../types.ts";
import { truthy } from "../state/values.ts";

/** A broken invariant: which one, for which player (`me` while it was checked), and its message. */
export interface InvariantViolation {
  readonly id: string;
  /** The rule id the invariant cites, or null. */
  readonly rule: string | null;
  readonly player: EntityId;
  readonly message: string;
}

const contexts = new WeakMap<GameModule, RuntimeCtx>();

function contextOf(module: GameModule): RuntimeCtx {
  let rt = contexts.get(module);
  if (rt === undefined) {
    rt = new RuntimeCtx(new ModuleIndex(module));
    rt.logging = false;
    contexts.set(module, rt);
  }
  return rt;
}

/**
 * The first invariant of the module that does not hold in `state`, checked for each player in
 * seat order, or null. The state is not changed (a draw from the RNG inside a rules function is
 * undone). A fault in an invariant's code is thrown as a RuntimeFault naming its YAML place.
 */
export function invariantViolation(module: GameModule, state: State): InvariantViolation | null {
  const defs = module.rules.invariants;
  if (defs === undefined || defs.length === 0) return null;
  const rt = contextOf(module).bind(state);
  // Its caches are keyed on its own change counters, which its reads never move: the state may
  // have changed since the last check (the engine changed it), so they start afresh.
  rt.invalidate();
  const rng = state.rng.slice();
  try {
    for (const inv of defs) {
      for (let p = 1; p <= (state.seats ?? module.rules.players); p++) {
        if (truthy(rt.pure(inv.check, { me: p, self: null, ev: null, L: {} }))) continue;
        const text = inv.message === null ? null : rt.pure(inv.message, { me: p, self: null, ev: null, L: {} });
        const message = typeof text === "string" ? text : `invariant '${inv.id}' does not hold`;
        return { id: inv.id, rule: inv.rule, player: p, message };
      }
    }
    return null;
  } finally {
    state.rng = rng;
  }
}
