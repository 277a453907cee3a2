/**
 * Faults reported once, plainly. A fault of the game (a RuntimeFault that knows the card or rules
 * line it happened at: a budget, a division by zero, a runaway loop) is the card's: printed as
 * `file:line:col: fault: …`, exit 4. Anything else is a bug in Cardwright: "internal error", exit
 * 70. User mistakes never get here (they are diagnostics or usage errors).
 */
import type { RuntimeFault } from "../../../runtime/index.ts";
import pc from "./colors.ts";
import { printable } from "../../core/text/printable.ts";

// The runtime is not imported here (main.ts loads it only for the commands that play): a fault is
// recognised by its name and fields. What it prints goes through printable (control and invisible characters shown).

function isRuntimeFault(e: unknown): e is RuntimeFault {
  return (
    e instanceof Error &&
    e.name === "RuntimeFault" &&
    typeof (e as { reason?: unknown }).reason === "string" &&
    "statement" in e &&
    "source" in e
  );
}

/** Exit code of a fault of the game's cards or rules. */
export const CARD_FAULT = 4;
/** Exit code of an internal error. */
export const INTERNAL_ERROR = 70;

/** `file:line:col` of the statement (or, failing that, the handler) a fault happened at; null when neither is known. */
export function faultPlace(e: RuntimeFault): string | null {
  const at = e.statement ?? e.source;
  if (at === null) return null;
  return `${at.file}:${at.line}${at.col !== undefined ? `:${at.col}` : ""}`;
}

/** Prints a fault and returns its exit code. */
export function reportFault(e: unknown): number {
  const debug = process.env["CARDWRIGHT_DEBUG"];
  const place = isRuntimeFault(e) ? faultPlace(e) : null;
  if (isRuntimeFault(e) && place !== null) {
    const what = e.source !== null ? ` (${e.source.what})` : "";
    process.stderr.write(`${printable(place)}: ${pc.red("fault")}: ${printable(e.reason)}${printable(what)}\n`);
    if (debug) printStack(e);
    return CARD_FAULT;
  }
  const message = e instanceof Error ? e.message : String(e);
  process.stderr.write(`${pc.red("internal error")}: ${printable(message)}\n`);
  if (debug && e instanceof Error) printStack(e);
  else process.stderr.write("(set CARDWRIGHT_DEBUG=1 for details; please report this)\n");
  return INTERNAL_ERROR;
}

function printStack(e: Error): void {
  if (e.stack) process.stderr.write(e.stack + "\n");
  // The error thrown inside the game's code: its stack runs through game.js, which
  // `node --enable-source-maps` shows as the YAML lines of the cards and rules.
  const cause = e.cause;
  if (cause instanceof Error && cause.stack) process.stderr.write(`caused by: ${cause.stack}\n`);
}
