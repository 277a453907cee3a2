/** Faults of the rules host: a bug in a game's rules or cards (or in the compiler), not a player error. */
import type { SourceInfo, StatementSource } from "./types.ts";

/** Where a step or pure function comes from, readable: "file:line:col (what)"; `at`: the statement that ran. */
export function describeSource(id: string, source: SourceInfo | undefined, at?: StatementSource): string {
  if (at !== undefined) return `${at.file}:${at.line}:${at.col}${source ? ` (${source.what})` : ""}`;
  if (!source) return id;
  return `${source.file}:${source.line}${source.col !== undefined ? `:${source.col}` : ""} (${source.what})`;
}

/**
 * Thrown when a step or pure function fails, a resolution runs away, or generated code breaks
 * the runtime's protocol. The message starts with the YAML place of the statement that failed
 * (or, when no statement is known, of the failing handler).
 */
export class RuntimeFault extends Error {
  /** The step/pure function id that failed (or the runtime-internal frame id). */
  readonly handler: string;
  readonly source: SourceInfo | null;
  /** The statement that was running, when the module traces statements. */
  readonly statement: StatementSource | null;
  /** The message without the source prefix. */
  readonly reason: string;

  constructor(
    handler: string,
    source: SourceInfo | undefined,
    reason: string,
    cause?: unknown,
    statement?: StatementSource,
  ) {
    super(`${describeSource(handler, source, statement)}: ${reason}`, cause === undefined ? undefined : { cause });
    this.name = "RuntimeFault";
    this.handler = handler;
    this.source = source ?? null;
    this.statement = statement ?? null;
    this.reason = reason;
  }
}

/** The statement `index` of `positions`, if it belongs to handler `h` (else the index is stale). */
export function statementOf(
  positions: readonly StatementSource[] | undefined,
  index: number,
  h: string,
): StatementSource | undefined {
  if (positions === undefined || index < 0) return undefined;
  const s = positions[index];
  return s !== undefined && s.h === h ? s : undefined;
}

/** The message of anything thrown. */
export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * Input the runtime was given that it cannot use: a replay, a saved state, a match configuration
 * or a board that does not fit the schema (schema.ts) or the game. Not a fault of the game and not
 * a bug: the message says what is wrong and where, and nothing was changed.
 */
export class InputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InputError";
  }
}

/**
 * Building a player's view failed: a bug of the rules host (views are built from any state the
 * rules can reach), reported with the seat so a fuzzed game or a scenario names it.
 */
export class ViewFault extends Error {
  readonly seat: number;

  constructor(seat: number, cause: unknown) {
    super(`the view of ${seat === 0 ? "the spectator" : `seat ${seat}`} cannot be built: ${errorMessage(cause)}`, {
      cause,
    });
    this.name = "ViewFault";
    this.seat = seat;
  }
}
