/**
 * The step debugger, on the runtime's observation API (`Engine.trace`, runtime/host/trace.ts).
 * Answering a decision is traced once: every statement it runs, with the locals and event fields
 * it starts with. Pausing at statement k runs the answer again on a copy and stops at the point
 * before statement k (`stopAt: k`): the board shown is the board at that moment, with everything
 * the statements before it did (step past a damage and the new HP is on the board). The real
 * state moves on only when the run is finished (the sandbox applies the answer then).
 */
import type { Action, Engine, State, StatementSource, Value } from "../../../runtime/index.ts";

export interface TraceStep {
  readonly index: number;
  readonly src: StatementSource;
  /** What the handler is (from the module's sources), e.g. "Fireball: effect". */
  readonly what: string;
  readonly locals: Readonly<Record<string, Value>>;
  readonly event: { readonly name: string; readonly fields: Readonly<Record<string, Value>> } | null;
}

const copy = (v: Readonly<Record<string, Value>>): Record<string, Value> =>
  JSON.parse(JSON.stringify(v)) as Record<string, Value>;

/** Every statement the answer runs, in order (at most `limit`); a refused answer runs none. */
export function traceAction(engine: Engine, before: State, action: Action, limit = 20_000): TraceStep[] {
  const out: TraceStep[] = [];
  engine.trace(before, action, {
    stopAt: limit,
    onStatement: (p) => {
      if (p.next === null) return;
      const f = p.frame;
      const ev = f !== null && f.ev !== null ? p.state.events[f.ev] : undefined;
      out.push({
        index: p.index,
        src: p.next,
        what: engine.module.sources[p.next.h]?.what ?? p.next.h,
        locals: f === null ? {} : copy(f.L),
        event: ev ? { name: ev.name, fields: copy(ev.fields) } : null,
      });
    },
  });
  return out;
}

/** The last board `stateAt` made: the sandbox asks for the same one several times per render. */
let last: { engine: Engine; before: State; action: Action; k: number; state: State } | null = null;

/** The state just before statement `k` of the answer runs (a copy; `before` is untouched). */
export function stateAt(engine: Engine, before: State, action: Action, k: number): State {
  if (last !== null && last.engine === engine && last.before === before && last.action === action && last.k === k)
    return last.state;
  const state = engine.trace(before, action, { stopAt: k }).state;
  last = { engine, before, action, k, state };
  return state;
}

/** The first statement at or after `from` on a breakpoint line ("file:line"), or -1. */
export function nextBreak(trace: readonly TraceStep[], breakpoints: ReadonlySet<string>, from: number): number {
  for (let i = from; i < trace.length; i++) {
    const s = (trace[i] as TraceStep).src;
    if (breakpoints.has(`${s.file}:${s.line}`)) return i;
  }
  return -1;
}
