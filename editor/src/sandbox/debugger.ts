/**
 * The step debugger. Generated code marks each statement it runs (`ctx.at = i`, an index into the
 * module's `positions`: handler, file, line, col). Answering a decision is recorded once with a
 * hook on that mark: every statement with the locals and event fields it starts with. Pausing at
 * statement k replays the answer on a copy of the state and stops it there, so the board shown is
 * the board at that moment. The real state moves on only when the run is finished.
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

class Pause extends Error {}

/** Runs `run` with a hook called before each traced statement (the generated `ctx.at = i`). */
function hooked<T>(engine: Engine, onStatement: (at: number) => void, run: () => T): T {
  // The Engine's RuntimeCtx is the `ctx` generated code writes `at` to.
  const rt = (engine as unknown as { rt: { at: number } }).rt;
  let value = rt.at;
  Object.defineProperty(rt, "at", {
    configurable: true,
    enumerable: true,
    get: () => value,
    set: (x: number) => {
      value = x;
      if (x >= 0) onStatement(x);
    },
  });
  try {
    return run();
  } finally {
    Object.defineProperty(rt, "at", { value, writable: true, configurable: true, enumerable: true });
  }
}

const copy = (v: Readonly<Record<string, Value>>): Record<string, Value> =>
  JSON.parse(JSON.stringify(v)) as Record<string, Value>;

/** Every statement the answer runs, in order (at most `limit`). */
export function traceAction(engine: Engine, before: State, action: Action, limit = 20_000): TraceStep[] {
  const st = engine.clone(before);
  const out: TraceStep[] = [];
  const positions = engine.module.positions ?? [];
  hooked(
    engine,
    (at) => {
      const src = positions[at];
      if (!src || out.length >= limit) return;
      const f = st.frames[st.frames.length - 1];
      const ev = f && f.ev !== null ? st.events[f.ev] : undefined;
      out.push({
        index: out.length,
        src,
        what: engine.module.sources[src.h]?.what ?? src.h,
        locals: f ? copy(f.L) : {},
        event: ev ? { name: ev.name, fields: copy(ev.fields) } : null,
      });
    },
    () => engine.apply(st, action),
  );
  return out;
}

/** The state just before statement `k` of the answer runs (a copy; `before` is untouched). */
export function stateAt(engine: Engine, before: State, action: Action, k: number): State {
  const st = engine.clone(before);
  let n = 0;
  const positions = engine.module.positions ?? [];
  try {
    hooked(
      engine,
      (at) => {
        if (!positions[at]) return;
        if (n++ === k) throw new Pause("paused");
      },
      () => engine.apply(st, action),
    );
  } catch {
    // Stopped at the statement (the runtime wraps the pause as a fault): the copy is as it was then.
  }
  return st;
}

/** The first statement at or after `from` on a breakpoint line ("file:line"), or -1. */
export function nextBreak(trace: readonly TraceStep[], breakpoints: ReadonlySet<string>, from: number): number {
  for (let i = from; i < trace.length; i++) {
    const s = (trace[i] as TraceStep).src;
    if (breakpoints.has(`${s.file}:${s.line}`)) return i;
  }
  return -1;
}
