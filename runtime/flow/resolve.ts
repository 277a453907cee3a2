/**
 * The resolution loop: run the top frame's step function until a decision is pending or the
 * match is over. Detects runaway resolutions and wraps every failure as a RuntimeFault that
 * names the failing handler's YAML source.
 */
import type { Kernel } from "../kernel/kernel.ts";
import { ownTopFrame } from "../kernel/cow.ts";
import { RuntimeFault, errorMessage, statementOf } from "../state/errors.ts";
import { DISPATCH, dispatchStep } from "./events.ts";
import type { Frame, State } from "../types.ts";
import { BUDGETS, framesSize, stateSize } from "../state/budget.ts";

/** Past this many step runs without a decision, a resolution is taken to be runaway. */
export const MAX_STEPS = 200_000;

export function drive(rt: Kernel): void {
  const st = rt.state;
  const frames = st.frames;
  const steps = rt.ix.stepFns;
  const undo = rt.undo;
  const ctx = rt.ctx;
  rt.beginDrive();
  const logFrom = st.log.length;
  let count = 0;
  let f: Frame | undefined;
  try {
    while (st.decision === null && !st.match.over && st.match.between !== true) {
      // The frame about to run is written by its step: its own copy if a fork shares it.
      f = ownTopFrame(rt);
      if (f === undefined) {
        const h = rt.ix.rules.flow.game;
        throw new RuntimeFault(
          h,
          rt.module.sources[h],
          "the game flow finished without a result (it must end with win or draw)",
        );
      }
      if (++count > MAX_STEPS) throw new Error(`runaway resolution: ${MAX_STEPS} steps without a decision`);
      // Only a frame that was on the stack when the answer came needs copying before it runs.
      if (undo.active && frames.length <= undo.floor) undo.frame(f, frames.length - 1);
      const h = f.h;
      if (h.charCodeAt(0) === 36 /* $ */) {
        rt.at = -1; // the runtime's own frame: no handler statement makes its log lines
        if (h === DISPATCH) dispatchStep(rt, f);
        else throw new Error(`unknown runtime frame '${h}'`);
      } else {
        const fn = steps.get(h);
        if (fn === undefined) throw new Error(`no step function '${h}' in the module`);
        fn(ctx, f);
      }
    }
    rt.at = -1; // what is logged until the next drive (actions, decisions) is the runtime's
    checkSize(rt, st, logFrom);
  } catch (e) {
    if (e instanceof RuntimeFault) throw e;
    // A fault inside the runtime's own frames is blamed on the nearest card or rules frame.
    let h = f === undefined ? "?" : f.h;
    if (h.charCodeAt(0) === 36 /* $ */) {
      for (let i = frames.length - 1; i >= 0; i--) {
        const g = (frames[i] as Frame).h;
        if (g.charCodeAt(0) !== 36) {
          h = g;
          break;
        }
      }
    }
    throw new RuntimeFault(h, rt.module.sources[h], errorMessage(e), e, statementOf(rt.module.positions, rt.at, h));
  }
}

/**
 * The state budget, at the end of an answer. The paused effects' locals are measured every time
 * (they are written by generated code directly, and a few locals are quick to measure); the whole
 * state only once BUDGETS.remeasure units were stored into it (values and log lines) since it was
 * last measured, so an ordinary answer costs a few additions.
 */
function checkSize(rt: Kernel, st: State, logFrom: number): void {
  let written = rt.written;
  const log = st.log;
  for (let i = logFrom; i < log.length; i++) written += (log[i] as { text: string }).text.length;
  const links = st.chain?.links;
  const frames = links === undefined || links.length === 0 ? st.frames : [...st.frames, ...links.map((l) => l.frame)];
  if (frames.length !== 0 && framesSize(frames, BUDGETS.state) > BUDGETS.state) {
    let worst = frames[0] as Frame;
    for (const f of frames) if (framesSize([f], BUDGETS.state) > framesSize([worst], BUDGETS.state)) worst = f;
    throw new RuntimeFault(
      worst.h,
      rt.module.sources[worst.h],
      `state budget: the locals of this effect hold more than ${BUDGETS.state} units (items and characters) when it pauses`,
    );
  }
  const pending = (rt.unmeasured.get(st) ?? 0) + written;
  if (pending <= BUDGETS.remeasure) {
    rt.unmeasured.set(st, pending);
    return;
  }
  if (stateSize(st, BUDGETS.state) > BUDGETS.state) {
    const at = rt.bigAt >= 0 ? rt.module.positions?.[rt.bigAt] : undefined;
    const h = at?.h ?? frames[frames.length - 1]?.h ?? rt.ix.rules.flow.game;
    throw new RuntimeFault(
      h,
      rt.module.sources[h],
      `state budget: the state would hold more than ${BUDGETS.state} units (values and characters of texts, its log included) after this answer`,
      undefined,
      at,
    );
  }
  rt.unmeasured.set(st, 0);
}
