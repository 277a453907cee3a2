/** The match log: structured entries, each with its readable line. */
import { boundedLine } from "../state/budget.ts";
import { ownLog } from "../state/clone.ts";
import type { LogEntry, State, StatementSource, Value } from "../types.ts";

export type LogKind = LogEntry["kind"];

/**
 * An entry a handler statement made. `by` (handler id and file:line:col) is a getter over a private
 * field, so it stays out of JSON and state hashes: it is provenance, not game state, and as an own
 * property it would make a saved log half again as large. A replay recreates it.
 */
class HandlerEntry implements LogEntry {
  readonly #by: StatementSource;
  readonly data?: Readonly<Record<string, Value>>;

  constructor(
    readonly kind: LogKind,
    readonly text: string,
    data: Readonly<Record<string, Value>> | undefined,
    by: StatementSource,
  ) {
    if (data !== undefined) this.data = data;
    this.#by = by;
  }

  get by(): StatementSource {
    return this.#by;
  }
}

/** Appends an entry; `by`: the handler statement that made it, when a handler made it. */
export function pushLog(
  state: State,
  kind: LogKind,
  line: string,
  data?: Readonly<Record<string, Value>>,
  by?: StatementSource,
): void {
  const text = boundedLine(line);
  const log = ownLog(state);
  if (by === undefined) log.push(data === undefined ? { kind, text } : { kind, text, data });
  else log.push(new HandlerEntry(kind, text, data, by));
}

/** A host's own line (an edit of the board outside the rules, say): a text entry no handler made. */
export function logNote(state: State, text: string): void {
  pushLog(state, "text", text);
}

/** "file:line:col" of a statement. */
export function statementPlace(s: StatementSource): string {
  return `${s.file}:${s.line}:${s.col}`;
}

/** The readable lines of the log (optionally from an index on, e.g. what is new since last look). */
export function renderLog(state: State, from = 0): string[] {
  const out: string[] = [];
  const log = state.log;
  for (let i = from; i < log.length; i++) out.push((log[i] as LogEntry).text);
  return out;
}

/** The log lines with the card line that made each, for `--verbose`: "text  [file:line:col]". */
export function renderTracedLog(state: State, from = 0): string[] {
  const out: string[] = [];
  const log = state.log;
  for (let i = from; i < log.length; i++) {
    const e = log[i] as LogEntry;
    out.push(e.by === undefined ? e.text : `${e.text}  [${statementPlace(e.by)}]`);
  }
  return out;
}
