/**
 * People at a terminal. `terminalAgent` answers one decision from numbered choices;
 * `terminalSession` plays a whole match with human seats the way `cardwright play` does: a board
 * summary before each human decision, the compact log (property-level lines only when verbose),
 * only what the human seat may see (player views), and the commands help, board, log and undo.
 * Everything printed goes through `sanitize`: card names and texts cannot drive the terminal.
 */
import type { AsyncAgent } from "../host/agents.ts";
import { deckListsOfState, type DeckLists } from "../agents/determinize.ts";
import type { DecisionReport } from "../agents/observe.ts";
import { askSeatAsync, type AsyncSeatAgent } from "../agents/seat.ts";
import type { Engine } from "../host/engine.ts";
import { RuntimeFault } from "../state/errors.ts";
import { choiceLabel, groupCards, keyFields, shownProps, zoneShow } from "../host/display.ts";
import { renderLog, renderTracedLog } from "../kernel/log.ts";
import type { Action, Entity, EntityId, LogEntry, State, Value } from "../types.ts";

export interface TerminalIO {
  /** Asks and resolves with the typed line; rejects with InputEnded when there is no more input. */
  question(prompt: string): Promise<string>;
  write(text: string): void;
}

/** The player's input ended (end of file, closed pipe) while a decision was pending. */
export class InputEnded extends Error {
  constructor() {
    super("input ended");
    this.name = "InputEnded";
  }
}

// C0 and C1 control characters (ESC starts terminal sequences: colours, titles, cursor moves), DEL,
// and the bidirectional overrides that reorder what is shown. Newlines and tabs are kept.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Text safe to print to a terminal: control characters shown as `\u{…}` escapes, not obeyed. */
export function sanitize(text: string): string {
  return text.replace(CONTROL, (c) => `\\u{${(c.codePointAt(0) ?? 0).toString(16)}}`);
}

const COMPACT = new Set<LogEntry["kind"]>(["game", "action", "decision", "text", "chain"]);

/** Whether an entry belongs to the compact play-by-play: actions, decisions, the rules' own lines, results. */
export function isCompact(e: LogEntry): boolean {
  // An action taken automatically (the only option, e.g. letting damage through) is noise here.
  return COMPACT.has(e.kind) && !(e.kind === "action" && e.data?.["auto"] === true);
}

/** The log lines from `from` on: the compact play-by-play, or every change when `verbose`. */
export function logLines(state: State, verbose: boolean, from = 0): string[] {
  if (verbose) return renderTracedLog(state, from).map(sanitize);
  const out: string[] = [];
  for (let i = from; i < state.log.length; i++) {
    const e = state.log[i] as LogEntry;
    if (isCompact(e)) out.push(sanitize(e.kind === "game" || e.kind === "text" ? e.text : `  ${e.text}`));
  }
  return out;
}

/** The heading of the pending decision. */
export function decisionHeading(engine: Engine, state: State): string {
  const d = engine.decision(state);
  if (d === null) return "";
  const who = engine.nameOf(state, d.player);
  switch (d.type) {
    case "act":
      return sanitize(`${who}: your action (${d.window})`);
    case "may":
      return sanitize(`${who}: ${d.prompt}`);
    case "choose": {
      const n = d.min === d.max ? `${d.min}` : `${d.min}–${d.max}`;
      return sanitize(`${who}: ${d.prompt} (choose ${n}${d.picked.length > 0 ? `, ${d.picked.length} picked` : ""})`);
    }
  }
}

export function terminalAgent(io: TerminalIO, options?: { readonly showLog?: boolean }): AsyncAgent {
  let seen = 0;
  return {
    async choose(state: State, legal: readonly Action[], engine: Engine): Promise<Action> {
      if (options?.showLog !== false) {
        if (seen > state.log.length) seen = 0;
        for (const line of renderLog(state, seen)) io.write(`  ${sanitize(line)}\n`);
        seen = state.log.length;
      }
      io.write(`${decisionHeading(engine, state)}\n`);
      legal.forEach((a, i) => io.write(`  ${i + 1}) ${sanitize(engine.describe(state, a))}\n`));
      for (;;) {
        const answer = (await io.question(`choice [1-${legal.length}]: `)).trim();
        const n = Number(answer);
        if (Number.isInteger(n) && n >= 1 && n <= legal.length) return legal[n - 1] as Action;
        io.write(`  please type a number from 1 to ${legal.length}\n`);
      }
    },
  };
}

// ── the terminal session ─────────────────────────────────────────────────────

export interface SessionOptions {
  /** Every change in the log (moves, properties, events), not only the play-by-play. */
  readonly verbose?: boolean;
  /** Whether a property holds an entity (shown by name); by default numbers are shown as numbers. */
  readonly isEntityProp?: (prop: string) => boolean;
  /** Stop after this many decisions (a guard against endless games). Default 100 000. */
  readonly maxDecisions?: number;
  /** The decks in play, for observing agents (default: the cards each seat owns at `start`). */
  readonly decks?: DeckLists;
}

export interface SessionResult {
  readonly state: State;
  readonly actions: Action[];
  /** "over": the match ended; "input-ended": a human's input ended first. */
  readonly end: "over" | "input-ended";
}

/** The values a card or player shows on one line: its key fields, then its main properties (rules `show:`), not lists. */
function shownLine(engine: Engine, view: State, x: Entity, isEntity: (p: string) => boolean): string {
  const parts: string[] = [];
  const text = (k: string, v: Value) => (typeof v === "number" && isEntity(k) ? engine.nameOf(view, v) : String(v));
  for (const [k, v] of keyFields(engine, x)) if (!Array.isArray(v)) parts.push(v === true ? k : `${k} ${text(k, v)}`);
  for (const [k, v] of shownProps(engine, x, "main")) {
    if (v === null || v === false || Array.isArray(v)) continue;
    parts.push(v === true ? k : `${k} ${text(k, v)}`);
  }
  return parts.join(", ");
}

/**
 * The board as `seat` sees it: each player's properties and zones (hidden zones by their size
 * only), as the rules declare it: zones and properties `show: hidden` left out, detail ones too
 * (the terminal has no "when selected"), grouped zones (resources) as counts by how their cards read.
 */
export function boardSummary(engine: Engine, view: State, seat: EntityId, options?: SessionOptions): string[] {
  const isEntity = options?.isEntityProp ?? (() => false);
  const rules = engine.module.rules;
  const out: string[] = [];
  // The zones of one owner (the game's shared ones under "game"), each with its cards or a count.
  const zonesOf = (owner: EntityId): void => {
    for (const zone of Object.keys(rules.zones)) {
      if (zoneShow(engine, zone) !== "main") continue;
      const ids = view.zones[`${owner}:${zone}`];
      if (ids === undefined || ids.length === 0) continue;
      const cards = ids.map((id) => view.entities[id] as Entity);
      if (cards.every((c) => c.card === null)) {
        out.push(`  ${zone}: ${ids.length} card${ids.length === 1 ? "" : "s"}`);
        continue;
      }
      if (rules.zones[zone]?.group === true) {
        const groups = groupCards(engine, view, ids).map((g) => `${g.name} ×${g.ids.length}`);
        out.push(`  ${zone} (${ids.length}): ${groups.join(", ")}`);
        continue;
      }
      const names = cards.map((c) => {
        if (c.card === null) return "(hidden)";
        const props = shownLine(engine, view, c, isEntity);
        return props === "" ? engine.nameOf(view, c.id) : `${engine.nameOf(view, c.id)} [${props}]`;
      });
      out.push(`  ${zone} (${ids.length}): ${names.join(", ")}`);
    }
  };
  const game = view.entities[0];
  if (game !== undefined) {
    const g = shownLine(engine, view, game, isEntity);
    if (g !== "") out.push(`game: ${g}`);
    else if (Object.values(rules.zones).some((z) => z.of === "game")) out.push("game:");
    zonesOf(0);
  }
  for (let p = 1; p <= (view.seats ?? rules.players); p++) {
    const pl = view.entities[p];
    if (pl === undefined) continue;
    const props = shownLine(engine, view, pl, isEntity);
    out.push(`${engine.nameOf(view, p)}${p === seat ? " (you)" : ""}${props === "" ? "" : `: ${props}`}`);
    zonesOf(p);
  }
  return out.map(sanitize);
}

/**
 * An agent's decision at `state` (the full state it decided at, before its answer) as a person may
 * read it: what it chose, how long it thought, and the alternatives it weighed with their visit
 * counts. With `reader` (a seat, 0 for a spectator) each answer is worded as `Engine.describeFor`
 * words it for that seat, naming no card hidden from it; without, as `Engine.describe` does.
 */
export function reportLines(
  engine: Engine,
  state: State,
  seat: EntityId,
  report: DecisionReport,
  reader?: EntityId,
): string[] {
  const describe = (a: Action) =>
    sanitize(reader === undefined ? engine.describe(state, a) : engine.describeFor(state, a, reader));
  const who = sanitize(engine.nameOf(state, seat));
  const how =
    report.iterations > 0
      ? `${report.iterations} iteration${report.iterations === 1 ? "" : "s"}, ${Math.round(report.ms)} ms`
      : `${Math.round(report.ms)} ms`;
  const out = [`${who} (${sanitize(report.agent)}, ${how}): ${describe(report.action)}`];
  if (report.alternatives.length > 1) {
    const worth = (a: DecisionReport["alternatives"][number]) =>
      report.measure === "search"
        ? `${a.visits} visit${a.visits === 1 ? "" : "s"}, ${a.value.toFixed(2)}`
        : a.value === Infinity
          ? "wins"
          : a.value === -Infinity
            ? "loses"
            : `evaluation ${a.value}`;
    const alts = report.alternatives.map((a) => `${describe(a.action)} — ${worth(a)}`);
    out.push(`  weighed: ${alts.join(" | ")}`);
  }
  return out;
}

const HELP = [
  "type the number of a choice, or:",
  "  board  the board as you see it",
  "  log    the play-by-play so far",
  "  undo   take back your last decision (and what followed it)",
  "  help   this list",
];

/**
 * Plays from `start` to the end. `agents[i]` answers for seat i+1; `null` marks a human seat, who
 * answers through `io` and sees only its player view. `start` is not changed.
 */
export async function terminalSession(
  engine: Engine,
  start: State,
  agents: readonly (AsyncSeatAgent | null)[],
  io: TerminalIO,
  options?: SessionOptions,
): Promise<SessionResult> {
  const verbose = options?.verbose === true;
  const max = options?.maxDecisions ?? 100_000;
  let state = engine.clone(start);
  const actions: Action[] = [];
  /** The number of actions taken before each human decision that was answered (for undo). */
  const humanTurns: number[] = [];
  /** Per human seat: how much of the log it has been shown. */
  const shown = new Map<EntityId, number>();
  const write = (line: string) => io.write(`${line}\n`);
  const decks = options?.decks ?? deckListsOfState(start, start.seats ?? engine.module.rules.players);
  // Agents' reports are read by the people at the terminal: worded as their view shows the board.
  const humans = agents.map((a, i) => (a === null ? i + 1 : 0)).filter((s) => s > 0);
  const reader = humans.length === 1 ? (humans[0] as EntityId) : 0;

  while (!engine.isOver(state)) {
    if (actions.length >= max) throw new Error(`the match did not end within ${max} decisions`);
    const seat = engine.toMove(state) as EntityId;
    const legal = engine.legalActions(state);
    const agent = agents[seat - 1] ?? null;
    if (agent !== null) {
      const a = await askSeatAsync(engine, state, seat, agent, decks, state, legal, (s, r) => {
        // The play-by-play up to this decision first, so the report reads in its place.
        if (reader !== 0) {
          const before = engine.view(state, reader);
          for (const line of logLines(before, verbose, Math.min(shown.get(reader) ?? 0, before.log.length)))
            write(line);
          shown.set(reader, before.log.length);
        }
        for (const line of reportLines(engine, state, s, r, reader)) write(line);
      });
      const r = engine.apply(state, a);
      if (!r.ok)
        throw new Error(`the agent of seat ${seat} answered '${JSON.stringify(a)}', which was rejected: ${r.reason}`);
      actions.push(a);
      continue;
    }
    const view = engine.view(state, seat);
    const from = Math.min(shown.get(seat) ?? 0, view.log.length);
    for (const line of logLines(view, verbose, from)) write(line);
    shown.set(seat, view.log.length);
    write("");
    for (const line of boardSummary(engine, view, seat, options)) write(line);
    write(decisionHeading(engine, view));
    legal.forEach((a, i) => write(`  ${i + 1}) ${sanitize(choiceLabel(engine, view, a))}`));
    let answered = false;
    while (!answered) {
      let typed: string;
      try {
        typed = (await io.question(`choice [1-${legal.length}, help]: `)).trim();
      } catch (e) {
        if (e instanceof InputEnded) return { state, actions, end: "input-ended" };
        throw e;
      }
      const n = Number(typed);
      if (typed !== "" && Number.isInteger(n) && n >= 1 && n <= legal.length) {
        const before = actions.length;
        try {
          const r = engine.apply(state, legal[n - 1] as Action);
          if (!r.ok) {
            write(`  not possible: ${sanitize(r.reason)}`);
            continue;
          }
        } catch (e) {
          // A faulting card: the state is as it was (apply is all or nothing), so another choice can be made.
          if (!(e instanceof RuntimeFault)) throw e;
          write(`  that choice failed in the game's code, the board is unchanged: ${sanitize(e.message)}`);
          continue;
        }
        humanTurns.push(before);
        actions.push(legal[n - 1] as Action);
        answered = true;
      } else if (typed === "help" || typed === "?") {
        for (const line of HELP) write(line);
      } else if (typed === "board") {
        for (const line of boardSummary(engine, view, seat, options)) write(line);
      } else if (typed === "log") {
        for (const line of logLines(view, verbose)) write(line);
      } else if (typed === "undo") {
        const back = humanTurns.pop();
        if (back === undefined) {
          write("  nothing to undo: you have made no decision yet");
          continue;
        }
        actions.length = back;
        state = engine.clone(start);
        for (const a of actions) engine.apply(state, a);
        for (const [s, n2] of shown) shown.set(s, Math.min(n2, state.log.length));
        write(`  undone: back to your decision ${humanTurns.length + 1}`);
        answered = true; // show the board again at the restored decision
      } else {
        write(`  type a number from 1 to ${legal.length}, or help, board, log, undo`);
      }
    }
  }
  return { state, actions, end: "over" };
}
