/** `cardwright play` and `cardwright demo`. */
import { readFileSync, writeFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { relative } from "node:path";
import pc from "./colors.ts";
import type { Agent, AsyncAgent, Board, MatchConfig, Replay, State, Value } from "../../../runtime/index.ts";
import {
  Engine,
  firstLegalAgent,
  InputEnded,
  logLines,
  parseReplay,
  randomAgent,
  recordingRun,
  replayToJSON,
  sanitize,
  terminalSession,
  type TerminalIO,
} from "../../../runtime/index.ts";
import { scenarioBoard } from "../../scenarios/runner.ts";
import { deckRules, type Deck } from "../decks.ts";
import { listGames, loadChecked } from "../project.ts";
import type { PlayOptions } from "./main.ts";
import { printDiagnostics } from "./output.ts";
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

export async function playCommand(game: string, opts: PlayOptions): Promise<number> {
  // Every command-line value is checked before anything is compiled or played.
  const seed = parseSeed(opts.seed ?? "1");
  if (opts.saveReplay !== undefined) checkOutputFile(opts.saveReplay, "--save-replay");
  if (opts.replay !== undefined) checkInputFile(opts.replay, "--replay");
  if (opts.replay !== undefined && opts.from !== undefined)
    throw new UsageError("--replay and --from cannot be used together");
  if (opts.quiet && opts.verbose) throw new UsageError("--quiet and --verbose cannot be used together");
  const kinds = opts.agents.split(",").map((k) => k.trim());
  for (const k of kinds)
    if (!["random", "first", "human"].includes(k))
      throw new UsageError(`unknown agent '${k}'; agents: random, first, human`);
  const { module, model, diagnostics } = await loadChecked(game);
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
    try {
      r = parseReplay(readFileSync(opts.replay, "utf8"));
    } catch (e) {
      throw new UsageError(`${opts.replay}: not a replay file: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (r.game !== module.id) throw new UsageError(`${opts.replay} is a replay of '${r.game}', not '${module.id}'`);
    const state = r.board !== undefined ? engine.fromBoard(r.board, r.config.seed) : engine.newMatch(r.config);
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
  const seats = module.rules.players;
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
    // The decks as the checker read them (card ids and zones resolved), then the rules' deck-building rules.
    const { decks, diagnostics: ruleDiags } = deckRules(model?.decks ?? [], module);
    const deckDiags = [
      ...(model?.diagnostics ?? []).filter((d) => model?.files.get(d.file)?.role === "deck"),
      ...ruleDiags,
    ];
    printDiagnostics(deckDiags);
    if (deckDiags.some((d) => d.severity === "error")) return 1;
    const wanted = opts.deck ? opts.deck.split(",") : decks.map((d) => d.id);
    if (opts.deck && wanted.length > seats)
      throw new UsageError(`--deck names ${wanted.length} decks for ${seats} seats`);
    for (let i = 0; i < seats; i++) {
      const id = wanted[i % Math.max(1, wanted.length)];
      const deck = decks.find((d) => d.id === id);
      if (id !== undefined && !deck)
        throw new UsageError(`no deck '${id}'; decks: ${decks.map((d) => d.id).join(", ") || "(none)"}`);
      chosen.push(deck);
    }
    // One match, one version: --version, and the version each chosen deck is built for, must agree.
    const v = matchVersion(asked, chosen, null);
    if ("diagnostics" in v) {
      printDiagnostics(v.diagnostics);
      return 1;
    }
    config = {
      seed,
      players: chosen.map((d, i) => ({ name: `P${i + 1}`, zones: d ? { ...d.zones } : {}, props: seatProps[i] ?? {} })),
      options,
      ...(v.version !== undefined ? { version: v.version } : {}),
    };
    // Deck-building rules of the game, before anything is played.
    const problems = engine.deckErrors(config);
    const illegal = problems.flatMap((list, i) => list.map((m) => `P${i + 1} (${chosen[i]?.file ?? "no deck"}): ${m}`));
    if (illegal.length) {
      for (const line of illegal) process.stderr.write(`${sanitize(line)}\n`);
      return 1;
    }
    start = engine.newMatch(config);
  }
  const kindOf = (i: number) => kinds[i] ?? kinds[kinds.length - 1] ?? "random";
  const agentSeed = seed * 7919 + 1;
  const agents: (Agent | null)[] = [];
  for (let i = 0; i < seats; i++) {
    const k = kindOf(i);
    agents.push(k === "random" ? randomAgent(agentSeed + i) : k === "first" ? firstLegalAgent() : null);
  }
  const humans = agents.filter((a) => a === null).length;

  if (!opts.quiet) {
    const at = board?.version ?? config.version;
    say(
      `${sanitize(module.name)}, seed ${config.seed}${at !== undefined ? `, version ${at}` : ""}${opts.from !== undefined ? `, from ${sanitize(opts.from)}` : ""}`,
    );
    for (let i = 0; i < seats; i++)
      say(
        `P${i + 1}: ${chosen[i] ? `${sanitize(chosen[i]?.name ?? "")} (${chosen[i]?.file})` : opts.from !== undefined ? "scenario board" : "no deck"}, ${kindOf(i)} agent`,
      );
  }
  let state: State;
  let rep: Replay;
  if (humans > 0) {
    const io = lineReader(opts.input ?? process.stdin);
    const entityTypes = new Set(["player", "card", "entity"]);
    const isEntityProp = (p: string) =>
      entityTypes.has(specs.card.get(p)?.type ?? specs.player.get(p)?.type ?? specs.options.get(p)?.type ?? "");
    const async: (AsyncAgent | null)[] = agents;
    const verbose = opts.verbose === true;
    const played = await terminalSession(engine, start, async, io, { verbose, isEntityProp });
    io.close();
    state = played.state;
    rep = { game: module.id, config, actions: played.actions, ...(board !== undefined ? { board } : {}) };
    // What a human seat may see: its own view (a spectator's with several humans at one terminal).
    const seatOf = agents.findIndex((a) => a === null) + 1;
    const seen = engine.view(state, humans === 1 ? seatOf : 0);
    if (played.end === "input-ended") {
      process.stdout.write("\n");
      if (opts.saveReplay !== undefined) writeFileSync(opts.saveReplay, replayToJSON(rep));
      process.stderr.write(
        `input ended before the match was over (after ${played.actions.length} decision(s)); the match is unfinished${opts.saveReplay !== undefined ? `; the replay so far is in ${opts.saveReplay}` : ""}\n`,
      );
      return 3;
    }
    if (!opts.quiet) say("");
    say(winnerLine(seen));
  } else {
    if (board !== undefined) {
      const { playFrom } = await import("../../../runtime/index.ts");
      state = start;
      const played = playFrom(engine, state, agents as Agent[], undefined, { checkViews: true });
      rep = { game: module.id, config, board, actions: played.actions };
    } else {
      // No seat is a person, so nothing builds a view: build them all as a check.
      const run = recordingRun(engine, config, agents as Agent[], { checkViews: true });
      state = run.state;
      rep = run.replay;
    }
    print(state);
  }
  if (opts.saveReplay !== undefined) {
    writeFileSync(opts.saveReplay, replayToJSON(rep));
    if (!opts.quiet) say(`replay saved to ${sanitize(opts.saveReplay)}`);
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
