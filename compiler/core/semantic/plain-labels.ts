/**
 * Which action labels read nothing but the player and the action's arguments. Such a label is
 * worded the same for every viewer who sees the arguments; any other label might name a card a
 * viewer cannot see, so views word it with the names of such cards taken out (runtime/host/view.ts).
 */
import type { CompiledUnit, IrExpr } from "./ir.ts";

/** The unit ids (`action.<name>.label`) of the plain labels among `units`. */
export function plainLabels(units: readonly CompiledUnit[]): Set<string> {
  const out = new Set<string>();
  for (const u of units)
    if (u.kind === "pure-expr" && /^action\.[^.]+\.label$/.test(u.id) && readsOnlyPlayerAndArgs(u.expr)) out.add(u.id);
  return out;
}

/** Fixed text, the player (`me`, and other players: every view shows them), the arguments (locals), their names. */
function readsOnlyPlayerAndArgs(e: IrExpr): boolean {
  switch (e.k) {
    case "lit":
    case "me":
    case "local":
      return true;
    case "text":
      return e.parts.every((p) => typeof p === "string" || readsOnlyPlayerAndArgs(p));
    case "opponent":
      return readsOnlyPlayerAndArgs(e.of);
    case "builtin":
      return e.fn === "name" && e.args.every(readsOnlyPlayerAndArgs);
    default:
      return false;
  }
}
