/** The match log: structured entries, each with its readable line. */
import type { LogEntry, State, Value } from "./types.ts";

export type LogKind = LogEntry["kind"];

/** Appends an entry. */
export function pushLog(state: State, kind: LogKind, text: string, data?: Readonly<Record<string, Value>>): void {
  state.log.push(data === undefined ? { kind, text } : { kind, text, data });
}

/** The readable lines of the log (optionally from an index on, e.g. what is new since last look). */
export function renderLog(state: State, from = 0): string[] {
  const out: string[] = [];
  const log = state.log;
  for (let i = from; i < log.length; i++) out.push((log[i] as LogEntry).text);
  return out;
}
