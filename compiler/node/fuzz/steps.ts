/**
 * Scenario steps as the fuzzer plays them (the codec's steps, compiler/core/scenario/codec-steps.ts):
 * the answers a scenario's `do:` can write, replayed with the scenario runner's rules (compiler/scenarios/runner.ts): a card is named as
 * the codec's refOf names it (`me.<id>`, `seat3.hand.<id>`), the first matching choice is taken, and a `choose:` step picks its cards then
 * finishes the choice if it is still open. Playing in these terms, everything the shrinker keeps
 * can be written as a scenario and replays the same.
 */
import type { Action, EntityId, Engine, State, Value } from "../../../runtime/index.ts";
import { refOf, type Step } from "../../core/scenario/codec.ts";
import { ScenarioNames } from "../../core/scenario/names.ts";

export type { Step } from "../../core/scenario/codec.ts";
/** The scenario runner's resolution (its ScenarioNames): the first candidate a reference names, or undefined. */
function resolve(engine: Engine, st: State, ref: string, candidates: readonly Value[]): Value | undefined {
  if (ref === "none") return null;
  const names = new ScenarioNames(
    () => st,
    () => engine.module.rules.zones,
  );
  return candidates.find((c) => names.matches(c, ref));
}

/** The act steps offered now, one per distinct way a scenario can write them (in option order). */
export function actSteps(st: State, by: EntityId, options: readonly Action[]): Step[] {
  const out: Step[] = [];
  const keys = new Set<string>();
  for (const o of options) {
    if (o.type !== "act") continue;
    const vals = Object.values(o.args);
    const ref = vals.length === 0 ? null : refOf(st, vals[0] as Value);
    if (vals.length > 0 && ref === null) continue;
    const key = `${o.action} ${ref ?? ""}`;
    if (keys.has(key)) continue;
    keys.add(key);
    out.push({ t: "act", by, action: o.action, ref });
  }
  return out;
}

export type StepOutcome = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/**
 * Plays one step as the scenario runner would. A refusal (the step does not fit the decision) is
 * returned; a fault of the game is thrown (Engine.apply's RuntimeFault).
 */
export function playStep(engine: Engine, st: State, s: Step): StepOutcome {
  const d = engine.decision(st);
  if (d === null) return { ok: false, reason: "the game is over" };
  if (d.player !== s.by) return { ok: false, reason: "another player decides" };
  const apply = (a: Action): StepOutcome => {
    const r = engine.apply(st, a);
    return r.ok ? r : { ok: false, reason: r.reason };
  };
  if (s.t === "may")
    return d.type === "may" ? apply({ type: s.yes ? "yes" : "no" }) : { ok: false, reason: "not a yes/no question" };
  if (s.t === "choose") {
    if (d.type !== "choose") return { ok: false, reason: "not a choice" };
    for (const ref of s.refs) {
      const cur = st.decision;
      if (cur === null || cur.type !== "choose" || cur !== d) return { ok: false, reason: "the choice ended early" };
      const v = resolve(
        engine,
        st,
        ref,
        cur.candidates.filter((c) => !cur.picked.includes(c)),
      );
      if (v === undefined) return { ok: false, reason: `'${ref}' is not among the choices` };
      const r = apply({ type: "pick", value: v });
      if (!r.ok) return r;
    }
    return st.decision === d ? apply({ type: "done" }) : { ok: true };
  }
  if (d.type !== "act") return { ok: false, reason: "not an action window" };
  const named = d.options.filter((o) => o.action === s.action);
  if (named.length === 0) return { ok: false, reason: `'${s.action}' is not offered` };
  if (s.ref === null) return apply(named[0] as Action);
  const values = named.map((o) => Object.values(o.args)[0] ?? null);
  const v = resolve(engine, st, s.ref, values);
  if (v === undefined) return { ok: false, reason: `'${s.ref}' is not among the choices` };
  return apply(named[values.indexOf(v)] as Action);
}
