/** Test kit: compiled games (loaded once per worker: test files share their worker, see vitest.config.ts), JSON round trips. */
import type { GameModule, MatchConfig, State } from "../../runtime/index.ts";
import { loadGame } from "../../compiler/node/project.ts";
import { renderDiagnostic } from "../../compiler/core/text/diagnostics.ts";

export async function gameModule(game: string): Promise<GameModule> {
  const { module, diagnostics } = await loadGame(game);
  if (!module) throw new Error(`${game} does not compile:\n${diagnostics.map(renderDiagnostic).join("\n")}`);
  return module;
}

/** Freezes `x` and everything in it. */
export function deepFreeze(x: unknown): void {
  if (x === null || typeof x !== "object" || Object.isFrozen(x)) return;
  Object.freeze(x);
  for (const v of Object.values(x)) deepFreeze(v);
}

/** Log entries that came out of a JSON round trip and are frozen since (they cannot have changed). */
const tripped = new WeakSet<object>();

/**
 * `JSON.parse(JSON.stringify(state))`, linear over a game rather than quadratic: the log only
 * grows, so the entries that already went through a round trip at an earlier decision (the very
 * same objects, deep-frozen since, so a later change in place throws) are kept; everything else
 * (the whole state but those entries, and every entry not so kept) goes through JSON.
 */
export function jsonRoundTrip(state: State): State {
  const log = state.log;
  let kept = 0;
  while (kept < log.length && tripped.has(log[kept] as object)) kept++;
  const copy = JSON.parse(JSON.stringify({ ...state, log: log.slice(kept) })) as State;
  for (const e of copy.log) {
    deepFreeze(e);
    tripped.add(e);
  }
  copy.log = kept === 0 ? copy.log : [...log.slice(0, kept), ...copy.log];
  return copy;
}

/** The same plain value with every object's keys in reverse order (a state's hash must not see key order). */
export function reverseKeys<T>(v: T): T {
  if (Array.isArray(v)) return v.map(reverseKeys) as T;
  if (v === null || typeof v !== "object") return v;
  return Object.fromEntries(
    Object.entries(v)
      .reverse()
      .map(([k, x]) => [k, reverseKeys(x)]),
  ) as T;
}

/** A two-seat match of decks `decks[first]` (P1) and `decks[second]` (P2); throws when either is missing. */
export function deckMatch(
  seed: number,
  decks: readonly { readonly zones: Readonly<Record<string, readonly string[]>> }[],
  first: number,
  second: number,
  options?: MatchConfig["options"],
): MatchConfig {
  const a = decks[first];
  const b = decks[second];
  if (!a || !b) throw new Error(`no decks ${first} and ${second} (${decks.length} decks)`);
  return {
    seed,
    players: [
      { name: "P1", zones: { ...a.zones } },
      { name: "P2", zones: { ...b.zones } },
    ],
    ...(options ? { options } : {}),
  };
}
