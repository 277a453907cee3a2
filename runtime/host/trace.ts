/**
 * Statement-by-statement observation of one answer (`Engine.trace`). Generated code marks each
 * step statement before it runs (`ctx.at = i`, an index into the module's `positions`). A
 * `TracingCtx` is a `RuntimeCtx` whose `at` is an accessor: each mark is a boundary between two
 * statements, reported with the live state. Only a tracing context has the accessor; the Engine's
 * own context keeps `at` a plain field, so play, search and simulation pay nothing for tracing.
 *
 * The answer runs on a copy with no undo journal: stopping at a boundary (`stopAt`) leaves the
 * copy as it is at that moment, which is what a debugger shows.
 */
import type { Frame, State, StatementSource } from "../types.ts";
import type { ModuleIndex } from "../kernel/module-index.ts";
import { RuntimeCtx } from "./ctx.ts";

/** A boundary between two statements of a traced answer. */
export interface TracePoint {
  /** How many statements ran before this point (0 at the first point). */
  readonly index: number;
  /** The statement that just ran, with its source position (null at the first point). */
  readonly ran: StatementSource | null;
  /** The statement about to run (null at the last point: the answer has resolved). */
  readonly next: StatementSource | null;
  /**
   * The live state: as it is after `ran` (and before `next`). Read it during the call only and do
   * not change it; clone it (`Engine.clone`) to keep it.
   */
  readonly state: State;
  /** The frame that runs `next`, its locals as they are now (null at the last point). */
  readonly frame: Frame | null;
}

export interface TraceOptions {
  /** Called at every point: once before the first statement, after each statement, and at the end. */
  readonly onStatement?: (point: TracePoint) => void;
  /** Stop at the point with this index (after that many statements): the result's state is as it is there. */
  readonly stopAt?: number;
}

export type TraceResult =
  | {
      readonly ok: true;
      /** The copy the answer ran on: resolved to the next decision, or as it was at `stopAt`. */
      readonly state: State;
      /** Statements run. */
      readonly statements: number;
      /** Whether the run stopped at `stopAt` before the answer resolved. */
      readonly stopped: boolean;
    }
  | {
      readonly ok: false;
      /** Why the action was refused (as `Engine.check` says), or the fault's message. */
      readonly reason: string;
      /** The fault, when a card or the rules faulted (the copy is left as it was then); null for a refusal. */
      readonly fault: Error | null;
      readonly state: State;
      readonly statements: number;
    };

/**
 * Thrown through generated code at `stopAt`, or when `onStatement` threw (kept in `hookError`);
 * the drive wraps it in a RuntimeFault whose cause it is.
 */
export const STOP = new Error("trace stopped");

export class TracingCtx extends RuntimeCtx {
  /** Statements run so far in this trace. */
  statements = 0;
  /** What `onStatement` threw, rethrown by `Engine.trace` as it is. */
  hookError: { readonly error: unknown } | null = null;
  private last: StatementSource | null = null;

  constructor(ix: ModuleIndex, options: TraceOptions) {
    super(ix);
    const onStatement = options.onStatement;
    const stopAt = options.stopAt;
    let at = -1;
    // An own accessor (the base class defines `at` as an own field): each mark the generated code
    // writes is a point; the runtime's own -1 (its frames, the end of a drive) is none.
    Object.defineProperty(this, "at", {
      configurable: true,
      enumerable: true,
      get: () => at,
      set: (x: number) => {
        at = x;
        const src = x >= 0 ? this.module.positions?.[x] : undefined;
        if (src === undefined) return;
        this.point(src, this.state.frames[this.state.frames.length - 1] ?? null, onStatement, stopAt);
        this.last = src;
        this.statements++;
      },
    });
  }

  /** Reports a point (the statement `next` about to run, or the end) and stops there if asked. */
  point(
    next: StatementSource | null,
    frame: Frame | null,
    onStatement: TraceOptions["onStatement"],
    stopAt: number | undefined,
  ): void {
    if (onStatement !== undefined) {
      try {
        onStatement({ index: this.statements, ran: this.last, next, state: this.state, frame });
      } catch (error) {
        this.hookError = { error };
        throw STOP;
      }
    }
    if (stopAt === this.statements && next !== null) throw STOP;
  }
}
