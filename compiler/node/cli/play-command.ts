/** `cardwright play` and `cardwright demo`. */
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { basename, dirname, join, relative, resolve } from "node:path";
import pc from "./colors.ts";
import type {
  AgentSpec,
  AsyncSeatAgent,
  Budget,
  DecisionReport,
  Board,
  MatchConfig,
  Replay,
  SeatAgent,
  State,
  Value,
  RulesData,
} from "../../../runtime/index.ts";
import {
  deckListsOfState,
  Engine,
  InputEnded,
  InputError,
  logLines,
  makeAgent,
  parseReplay,
  recordingRun,
  replayGame,
  playFrom,
  reportLines,
  replayToJSON,
  sanitize,
  specText,
  terminalSession,
  type TerminalIO,
} from "../../../runtime/index.ts";
import { scenarioBoard } from "../../scenarios/runner.ts";
import type { Deck } from "../decks.ts";
import { listGames, loadChecked } from "../project.ts";
import { printDiagnostics } from "./output.ts";
import { printable } from "../../core/text/printable.ts";
import { seatDecks, seatsLegal } from "./seat-decks.ts";
import {
  checkInputFile,
  checkOutputFile,
  parseOptions,
  parseSeats,
  parseSeed,
  parseVersion,
  specsOf,
  UsageError,
  type GameSpecs,
} from "./usage.ts";
import { matchVersion } from "../match-version.ts";
import type { VersionUse } from "../../core/files/versions.ts";

/**
 * The play-by-play: actions, decisions, the rules' own lines and game results; `verbose` adds every
 * change, each with the card or rules line (file:line:col) whose statement made it.
 */
export function readableLog(state: State, verbose: boolean): string[] {
  return logLines(state, verbose);
}

function nameOf(state: State, id: number): string {
  return sanitize(String(state.entities[id]?.props["name"] ?? `player ${id}`));
}

function winnerLine(state: State): string {
  if (!state.match.over) return "The match is unfinished.";
  const w = state.match.winner;
  return w === null ? "The match is a draw." : `Winner: ${nameOf(state, w)}`;
}

const say = (line: string) => process.stdout.write(`${line}\n`);

/** Lines typed by a person: a line queue over a stream; a question after the end rejects with InputEnded. */
function lineReader(input: NodeJS.ReadableStream): TerminalIO & { close(): void } {
  const rl = createInterface({ input, terminal: false });
  const lines: string[] = [];
  let ended = false;
  let waiting: { resolve: (s: string) => void; reject: (e: Error) => void } | null = null;
  rl.on("line", (l) => {
    if (waiting) {
      const w = waiting;
      waiting = null;
      w.resolve(l);
    } else lines.push(l);
  });
  rl.on("close", () => {
    ended = true;
    if (waiting) {
      const w = waiting;
      waiting = null;
      w.reject(new InputEnded());
    }
  });
  return {
    write: (s) => process.stdout.write(s),
    question(prompt) {
      process.stdout.write(prompt);
      const l = lines.shift();
      if (l !== undefined) return Promise.resolve(l);
      if (ended) return Promise.reject(new InputEnded());
      return new Promise((resolve, reject) => (waiting = { resolve, reject }));
    },
    close: () => rl.close(),
  };
}

const AGENT_KINDS = "random, first, human, greedy, mcts[:budget], dmcts[:budget]";

/** An MCTS budget: `1000` (iterations), `1s`, `1.5s` or `250ms` (time per decision). */
function parseBudget(text: string, spec: string, flag: string): Budget {
  const it = /^\d{1,8}$/.exec(text);
  if (it !== null && Number(text) >= 1) return { iterations: Number(text) };
  const t = /^(\d{1,6}(?:\.\d{1,3})?)(s|ms)$/.exec(text);
  if (t !== null) {
    const ms = Math.round(Number(t[1]) * (t[2] === "s" ? 1000 : 1));
    if (ms >= 1 && ms <= 3_600_000) return { ms };
  }
  throw new UsageError(
    `${flag}: '${spec}' has no budget I can read ('${text}'): give iterations (mcts:1000) or a time per decision (mcts:1s, mcts:250ms)`,
  );
}

/**
 * `--agents`: one agent spec per seat, comma separated (the last one fills the remaining seats).
 * Shared by every command that seats agents (play, sim).
 */
export function parseAgents(text: string, flag = "--agents"): AgentSpec[] {
  const out: AgentSpec[] = [];
  for (const raw of text.split(",")) {
    const spec = raw.trim();
    const colon = spec.indexOf(":");
    const kind = colon < 0 ? spec : spec.slice(0, colon);
    if (kind === "mcts" || kind === "dmcts") {
      out.push({ kind, budget: colon < 0 ? { iterations: 1000 } : parseBudget(spec.slice(colon + 1), spec, flag) });
      continue;
    }
    if (kind === "random" || kind === "first" || kind === "human" || kind === "greedy") {
      if (colon >= 0) throw new UsageError(`${flag}: '${spec}': only mcts and dmcts take a budget`);
      out.push({ kind });
      continue;
    }
    throw new UsageError(`unknown agent '${spec}'; agents: ${AGENT_KINDS}`);
  }
  return out;
}

/** `file#scenario`: the board and seed a scenario gives. */
function boardFrom(
  module: Parameters<typeof scenarioBoard>[0],
  spec: string,
): { board: Board; seed: number; version: VersionUse | null } {
  const at = spec.lastIndexOf("#");
  if (at <= 0 || at === spec.length - 1)
    throw new UsageError(`--from expects <scenario-file>#<scenario name>, got '${spec}'`);
  const file = spec.slice(0, at);
  const name = spec.slice(at + 1);
  checkInputFile(file, "--from");
  const r = scenarioBoard(module, relative(process.cwd(), file) || file, readFileSync(file, "utf8"), name);
  if ("missing" in r)
    throw new UsageError(`--from: ${file} has no scenario '${name}'; scenarios: ${r.missing.join(", ")}`);
  if ("diagnostics" in r) {
    printDiagnostics(r.diagnostics);
    throw new UsageError(`--from: the scenario '${name}' in ${file} has errors (above)`);
  }
  return r;
}

/** Writes the replay through a file beside it, renamed into place: a write that fails leaves no half file and is a usage error. */
function saveReplay(path: string, text: string): void {
  const part = join(dirname(resolve(path)), `.${basename(path)}.${process.pid}.part`);
  try {
    writeFileSync(part, text);
    renameSync(part, path);
  } catch (e) {
    rmSync(part, { force: true });
    throw new UsageError(
      `--save-replay: '${path}' cannot be written (${(e as NodeJS.ErrnoException).code ?? String(e)})`,
    );
  }
}

/** The options of `play` and `demo`, as commander parses them (main.ts). */
export interface PlayOptions {
  seed?: string;
  agents: string;
  deck?: string;
  /** The number of seats, within the rules' range (default: the most). */
  players?: string;
  option?: string[];
  seat?: string[];
  saveReplay?: string;
  replay?: string;
  from?: string;
  version?: string;
  quiet?: boolean;
  verbose?: boolean;
  /** The project folder holding cards/ (default: this repository). */
  root?: string;
  input?: NodeJS.ReadableStream;
}

export async function playCommand(game: string, opts: PlayOptions): Promise<number> {
  // Every command-line value is checked before anything is compiled or played.
  const seed = parseSeed(opts.seed ?? "1");
  if (opts.saveReplay !== undefined) checkOutputFile(opts.saveReplay, "--save-replay");
  if (opts.replay !== undefined) checkInputFile(opts.replay, "--replay");
  if (opts.replay !== undefined && opts.from !== undefined)
    throw new UsageError("--replay and --from cannot be used together");
  if (opts.quiet && opts.verbose) throw new UsageError("--quiet and --verbose cannot be used together");
  const kinds = parseAgents(opts.agents);
  const { module, model, diagnostics } = await loadChecked(game, opts.root);
  if (!module || !model?.vocabulary) {
    printDiagnostics(diagnostics);
    return 1;
  }
  const specs: GameSpecs = specsOf(model.vocabulary);
  const options = parseOptions(opts.option, specs);
  const asked = opts.version !== undefined ? parseVersion(opts.version, specs, game) : undefined;
  const seatProps = parseSeats(opts.seat, specs);
  const engine = new Engine(module);
  const print = (state: State) => {
    if (!opts.quiet) for (const line of readableLog(state, opts.verbose === true)) say(line);
    say(winnerLine(state));
  };

  if (opts.replay !== undefined) {
    let r: Replay;
    const text = readFileSync(opts.replay, "utf8");
    try {
      r = parseReplay(text);
    } catch (e) {
      const other = replayGame(text);
      if (other !== null && other !== module.id)
        throw new UsageError(`${printable(opts.replay)} is a replay of '${sanitize(other)}', not '${module.id}'`);
      throw new UsageError(`${opts.replay}: not a replay file: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (r.game !== module.id)
      throw new UsageError(`${printable(opts.replay)} is a replay of '${sanitize(r.game)}', not '${module.id}'`);
    let state: State;
    try {
      state = r.board !== undefined ? engine.fromBoard(r.board, r.config.seed) : engine.newMatch(r.config);
    } catch (e) {
      // The replay does not fit the game (players, zones, cards, options, version): the file's mistake.
      if (e instanceof InputError) throw new UsageError(`${opts.replay}: does not fit '${module.id}': ${e.message}`);
      throw e;
    }
    for (let i = 0; i < r.actions.length; i++) {
      const res = engine.apply(state, r.actions[i] as Replay["actions"][number]);
      if (!res.ok) throw new UsageError(`${opts.replay}: action ${i + 1} does not apply to this game: ${res.reason}`);
    }
    print(state);
    if (!state.match.over) say(`The replay ends after ${r.actions.length} action(s), before the match was over.`);
    return 0;
  }

  let start: State;
  let config: MatchConfig;
  let board: Board | undefined;
  const seats = seatCountOf(module.rules, opts.players);
  const chosen: (Deck | undefined)[] = [];
  if (opts.from !== undefined) {
    const b = boardFrom(module, opts.from);
    const v = matchVersion(asked, [], b.version);
    if ("diagnostics" in v) {
      printDiagnostics(v.diagnostics);
      return 1;
    }
    board = v.version !== undefined ? { ...b.board, version: v.version } : b.board;
    config = {
      seed: opts.seed === undefined ? b.seed : seed,
      players: b.board.players.map((p, i) => ({ name: p.name ?? `P${i + 1}`, zones: {} })),
    };
    start = engine.fromBoard(board, config.seed);
  } else {
    const v = seatDecks(model, module, opts.deck || undefined, "--deck", asked, seats);
    if (v === null) return 1;
    for (const c of v.chosen) chosen.push(c);
    config = {
      seed,
      players: chosen.map((d, i) => ({ name: `P${i + 1}`, zones: d ? { ...d.zones } : {}, props: seatProps[i] ?? {} })),
      options,
      ...(v.version !== undefined ? { version: v.version } : {}),
    };
    // Deck-building rules of the game, before anything is played.
    if (!seatsLegal(engine, config, chosen)) return 1;
    start = engine.newMatch(config);
  }
  const kindOf = (i: number): AgentSpec => kinds[i] ?? kinds[kinds.length - 1] ?? { kind: "random" };
  const agentSeed = seed * 7919 + 1;
  const agents: (SeatAgent | null)[] = [];
  for (let i = 0; i < seats; i++) agents.push(makeAgent(kindOf(i), agentSeed + i));
  // The decks in play, which the observing agents deal the cards they cannot see from.
  const decks = deckListsOfState(start, seats);
  const humans = agents.filter((a) => a === null).length;

  if (!opts.quiet) {
    const at = board?.version ?? config.version;
    say(
      `${sanitize(module.name)}, seed ${config.seed}${at !== undefined ? `, version ${at}` : ""}${opts.from !== undefined ? `, from ${sanitize(opts.from)}` : ""}`,
    );
    for (let i = 0; i < seats; i++)
      say(
        `P${i + 1}: ${chosen[i] ? `${sanitize(chosen[i]?.name ?? "")} (${chosen[i]?.file})` : opts.from !== undefined ? "scenario board" : "no deck"}, ${specText(kindOf(i))} agent`,
      );
  }
  let state: State;
  let rep: Replay;
  if (humans > 0) {
    const io = lineReader(opts.input ?? process.stdin);
    const entityTypes = new Set(["player", "card", "entity"]);
    const isEntityProp = (p: string) =>
      entityTypes.has(specs.card.get(p)?.type ?? specs.player.get(p)?.type ?? specs.options.get(p)?.type ?? "");
    const async: (AsyncSeatAgent | null)[] = agents;
    const verbose = opts.verbose === true;
    const played = await terminalSession(engine, start, async, io, { verbose, isEntityProp, decks });
    io.close();
    state = played.state;
    rep = { game: module.id, config, actions: played.actions, ...(board !== undefined ? { board } : {}) };
    // What a human seat may see: its own view (a spectator's with several humans at one terminal).
    const seatOf = agents.findIndex((a) => a === null) + 1;
    const seen = engine.view(state, humans === 1 ? seatOf : 0);
    if (played.end === "input-ended") {
      process.stdout.write("\n");
      if (opts.saveReplay !== undefined) saveReplay(opts.saveReplay, replayToJSON(rep));
      process.stderr.write(
        `input ended before the match was over (after ${played.actions.length} decision(s)); the match is unfinished${opts.saveReplay !== undefined ? `; the replay so far is in ${printable(opts.saveReplay)}` : ""}\n`,
      );
      return 3;
    }
    if (!opts.quiet) say("");
    say(winnerLine(seen));
  } else {
    // Each observing agent's decision (what it chose, what else it weighed); the log printed here shows every card anyway.
    const reports: string[] = [];
    const onDecision = (s: number, r: DecisionReport) => {
      for (const line of reportLines(engine, start, s, r)) reports.push(line);
    };
    state = start;
    const played = playFrom(engine, start, agents as SeatAgent[], undefined, {
      decks,
      checkViews: true,
      ...(opts.quiet ? {} : { onDecision }),
    });
    rep = { game: module.id, config, actions: played.actions, ...(board !== undefined ? { board } : {}) };
    print(state);
    if (reports.length > 0) {
      say("");
      say("Agents' decisions:");
      for (const line of reports) say(`  ${line}`);
    }
  }
  if (opts.saveReplay !== undefined) {
    saveReplay(opts.saveReplay, replayToJSON(rep));
    if (!opts.quiet) say(`replay saved to ${printable(opts.saveReplay)}`);
  }
  return 0;
}

export async function demoCommand(opts: { seed: string }): Promise<number> {
  parseSeed(opts.seed);
  let failed = false;
  for (const game of listGames()) {
    say(pc.bold(`\n══ ${game} ══`));
    const code = await playCommand(game, { seed: opts.seed, agents: "random,random" });
    if (code !== 0) failed = true;
  }
  return failed ? 1 : 0;
}

/** `--players n`: a number of seats the rules allow (default: the most they allow). */
export function seatCountOf(rules: RulesData, text: string | undefined): number {
  if (text === undefined) return rules.players;
  const min = rules.minPlayers ?? rules.players;
  const n = Number(text);
  if (!/^[0-9]+$/.test(text) || n < min || n > rules.players)
    throw new UsageError(
      `--players expects ${min === rules.players ? `${min}` : `a number from ${min} to ${rules.players}`}, got '${text}'`,
    );
  return n;
}
