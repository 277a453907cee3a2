/** Finding the legal action a test means, by the card it names. */
import type { Action, Engine, State } from "../../runtime/index.ts";

/** The legal `action` whose argument `c` is a copy of `card` in this state; throws when there is none. */
export function actionOnCard(engine: Engine, st: State, action: string, card: string): Action {
  const a = engine
    .legalActions(st)
    .find((x) => x.type === "act" && x.action === action && st.entities[x.args["c"] as number]?.card === card);
  if (a === undefined) throw new Error(`no legal ${action} of ${card}`);
  return a;
}
