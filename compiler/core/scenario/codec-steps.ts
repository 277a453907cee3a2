/**
 * The scenario codec, steps: the answers of a played game ⇄ a scenario's `do:` steps. A card is
 * named by its side (`me.<id>`, `seat3.hand.<id>`: refOf), a player `me`, `opponent`, `seat3` …; the picks of one choice are one
 * `choose:` step. The runner (compiler/scenarios/runner.ts) plays steps back by the same names: the
 * first matching choice is taken, and a `choose:` step finishes its choice when it is still open.
 */
import type { Action, Decision, EntityId, State, Value } from "../../../runtime/index.ts";
import { sideName } from "./names.ts";

/** A step as the codec holds it (one `do:` item). */
export type Step =
  | { readonly t: "act"; readonly by: EntityId; readonly action: string; readonly ref: string | null }
  | { readonly t: "may"; readonly by: EntityId; readonly yes: boolean }
  | { readonly t: "choose"; readonly by: EntityId; readonly refs: readonly string[] };

/** What the codec needs of an engine to replay answers (runtime/engine.ts Engine has it). */
export interface StepPlayer {
  decision(state: State): Decision | null;
  apply(state: State, action: Action): { readonly ok: boolean };
}

/**
 * How a scenario names a value among choices, or null when it cannot (a number, a text, a list):
 * a player `me`, `opponent`, `seat3` …; a card by the seat that owns it (`opponent.imp`), or, for
 * a card the game owns (dealt from a shared deck), by the side and zone holding it
 * (`seat3.hand.duke`, `game.deck.duke`).
 */
export function refOf(st: State, v: Value): string | null {
  if (v === null) return "none";
  if (typeof v !== "number") return null;
  const e = st.entities[v];
  if (e === undefined) return null;
  if (e.card === null) return v === 0 ? null : sideName(v);
  if (e.owner !== 0) return `${sideName(e.owner)}.${e.card}`;
  const side = e.holder ?? 0;
  return e.zone === "" ? null : `${side === 0 ? "game" : sideName(side)}.${e.zone}.${e.card}`;
}

/**
 * The answers of a played game (from the state `st` they start at) as scenario steps: the picks
 * of one choice are one step. `null` when an answer cannot be written (a value a scenario cannot
 * name) or does not apply. Replays the answers on `st` (which it changes); an answer that faults
 * ends the list with its step written (the fuzzer's failing step).
 */
export function answersToSteps(engine: StepPlayer, st: State, actions: readonly Action[]): Step[] | null {
  const out: Step[] = [];
  let open: { d: unknown; by: EntityId; refs: string[] } | null = null;
  const close = () => {
    if (open !== null) out.push({ t: "choose", by: open.by, refs: open.refs });
    open = null;
  };
  for (const a of actions) {
    const d = engine.decision(st);
    if (d === null) return null;
    if (open !== null && open.d !== d) close();
    if (a.type === "pick") {
      const ref = refOf(st, a.value);
      if (ref === null || ref === "none") return null;
      if (open === null) open = { d, by: d.player, refs: [] };
      open.refs.push(ref);
    } else if (a.type === "done") {
      if (open === null) open = { d, by: d.player, refs: [] };
      close();
    } else if (a.type === "yes" || a.type === "no") {
      close();
      out.push({ t: "may", by: d.player, yes: a.type === "yes" });
    } else {
      close();
      const vals = Object.values(a.args);
      const ref = vals.length === 0 ? null : refOf(st, vals[0] as Value);
      if (vals.length > 0 && ref === null) return null;
      out.push({ t: "act", by: d.player, action: a.action, ref });
    }
    try {
      if (!engine.apply(st, a).ok) return null;
    } catch {
      close();
      return out;
    }
  }
  close();
  return out;
}

/** A step as a file writes it: `{ by: me, play: me.imp }`, `{ by: me, may: yes }`, `{ by: me, choose: [me.imp] }`. */
export function stepToForm(s: Step): Record<string, unknown> {
  const by = sideName(s.by);
  if (s.t === "act") return { by, [s.action]: s.ref };
  if (s.t === "may") return { by, may: s.yes };
  return { by, choose: s.refs.length === 0 ? "none" : s.refs };
}
