/** The resolution stack: pushing frames, returning from them, and the events they own. */
import type { Kernel } from "../kernel/kernel.ts";
import { ownEventTable, ownTopFrame } from "../kernel/cow.ts";
import type { EntityId, EventId, Frame, Locals, State, Value } from "../types.ts";

/** Past this many nested frames, a resolution is taken to be runaway recursion. */
export const MAX_DEPTH = 2_000;

export function pushFrame(
  state: State,
  h: string,
  L: Locals,
  into: string | null,
  trigger: Frame["trigger"],
  me: EntityId,
  self: EntityId | null,
  ev: EventId | null,
): Frame {
  const f: Frame = { h, step: 0, L, into, trigger, owned: [], me, self, ev };
  if (state.frames.push(f) > MAX_DEPTH) {
    throw new Error(
      `runaway resolution: more than ${MAX_DEPTH} nested effects (a trigger or procedure keeps calling itself?)`,
    );
  }
  return f;
}

/**
 * Finishes the top frame `f`: frees the events it created (an event id it returns passes to the
 * parent instead) and writes `value` into the parent's local `f.into`.
 */
export function ret(rt: Kernel, f: Frame, value: Value): void {
  const st = rt.state;
  const frames = st.frames;
  if (frames[frames.length - 1] !== f) throw new Error("ret: only the running (top) frame can return");
  const undo = rt.undo.active ? rt.undo : null;
  undo?.popping(frames, frames.length - 1);
  frames.pop();
  // The parent is written below (its result, the events passed to it): its own copy if a fork shares it.
  const parent = ownTopFrame(rt);
  if (parent !== undefined) undo?.frame(parent, frames.length - 1);
  const owned = f.owned;
  for (let i = 0; i < owned.length; i++) {
    const id = owned[i] as EventId;
    if (id === value && parent !== undefined) parent.owned.push(id);
    else {
      const table = ownEventTable(rt);
      if (rt.undo.active) rt.undo.eventDrop(table, id);
      delete table[id];
    }
  }
  if (parent !== undefined && f.into !== null) parent.L[f.into] = value;
}
