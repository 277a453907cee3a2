/** Finding the legal action a test means, by the card it names. */
import { expect } from "vitest";
import { type Action, type Engine, RuntimeFault, type State } from "../../runtime/index.ts";

/** The legal `action` whose argument `c` is a copy of `card` in this state; throws when there is none. */
export function actionOnCard(engine: Engine, st: State, action: string, card: string): Action {
  const a = engine
    .legalActions(st)
    .find((x) => x.type === "act" && x.action === action && st.entities[x.args["c"] as number]?.card === card);
  if (a === undefined) throw new Error(`no legal ${action} of ${card}`);
  return a;
}

/** Applying `action` faults (a RuntimeFault whose message matches `pattern`) and leaves the state as it was: same JSON, same hash. */
export function expectFaultLeavesState(engine: Engine, st: State, action: Action, pattern: RegExp): void {
  const before = JSON.stringify(st);
  const hash = engine.hash(st);
  let fault: unknown = null;
  try {
    engine.apply(st, action);
  } catch (e) {
    fault = e;
  }
  expect(fault).toBeInstanceOf(RuntimeFault);
  expect((fault as RuntimeFault).message).toMatch(pattern);
  expect(JSON.stringify(st)).toBe(before);
  expect(engine.hash(st)).toBe(hash);
}
