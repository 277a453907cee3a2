/** Faults of the rules host: a bug in a game's rules or cards (or in the compiler), not a player error. */
import type { SourceInfo } from "./types.ts";

/** Where a step or pure function comes from, readable: "file:line (what)". */
export function describeSource(id: string, source: SourceInfo | undefined): string {
  return source ? `${source.file}:${source.line} (${source.what})` : id;
}

/**
 * Thrown when a step or pure function fails, a resolution runs away, or generated code breaks
 * the runtime's protocol. The message starts with the YAML source of the failing handler.
 */
export class RuntimeFault extends Error {
  /** The step/pure function id that failed (or the runtime-internal frame id). */
  readonly handler: string;
  readonly source: SourceInfo | null;
  /** The message without the source prefix. */
  readonly reason: string;

  constructor(handler: string, source: SourceInfo | undefined, reason: string, cause?: unknown) {
    super(`${describeSource(handler, source)}: ${reason}`, cause === undefined ? undefined : { cause });
    this.name = "RuntimeFault";
    this.handler = handler;
    this.source = source ?? null;
    this.reason = reason;
  }
}

/** The message of anything thrown. */
export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
