/** `cardwright play` and `cardwright demo`. */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createInterface } from "node:readline/promises";
import pc from "picocolors";
import type { Agent, AsyncAgent, MatchConfig, Replay, State, Value } from "../../../runtime/index.ts";
import { Engine, firstLegalAgent, parseReplay, playMatchAsync, randomAgent, recordingRun, renderTracedLog, replay, replayToJSON, terminalAgent } from "../../../runtime/index.ts";
import { readDecks, type Deck } from "../decks.ts";
import { gameDir, listGames, loadGame } from "../project.ts";
import type { PlayOptions } from "./main.ts";
import { printDiagnostics } from "./output.ts";

function usageError(message: string): number {
  process.stderr.write(`${pc.red("error")}: ${message}\n`);
  return 2;
}

function parseOptions(kvs: readonly string[] | undefined, known: readonly string[]): Record<string, Value> | string {
  const out: Record<string, Value> = {};
  for (const kv of kvs ?? []) {
    const m = /^([^=]+)=(.*)$/.exec(kv);
    if (!m) return `--option expects name=value, got '${kv}'`;
    const [, k = "", v = ""] = m;
    if (!known.includes(k)) return `unknown option '${k}'; options: ${known.join(", ")}`;
    out[k] = /^-?\d+$/.test(v) ? Number(v) : v === "true" ? true : v === "false" ? false : v;
  }
  return out;
}

/**
 * The play-by-play: actions, decisions, the rules' own lines and game results; `verbose` adds every
 * change, each with the card or rules line (file:line:col) whose statement made it.
 */
export function readableLog(state: State, verbose: boolean): string[] {
  if (verbose) return renderTracedLog(state);
  const shown = new Set(["game", "action", "decision", "text"]);
  // An action taken automatically (the only option, e.g. letting damage through) is noise here.
  return state.log.filter((e) => shown.has(e.kind) && !(e.kind === "action" && e.data?.["auto"] === true)).map((e) => (e.kind === "game" || e.kind === "text" ? e.text : `  ${e.text}`));
}

function winnerLine(state: State): string {
  const w = state.match.winner;
  const name = (id: number) => String(state.entities[id]?.props["name"] ?? `player ${id}`);
  return w === null ? "The match is a draw." : `Winner: ${name(w)}`;
}

export async function playCommand(game: string, opts: PlayOptions): Promise<number> {
  if (!/^\d+$/.test(opts.seed)) return usageError(`--seed must be a whole number, got '${opts.seed}'`);
  const { module, diagnostics } = await loadGame(game);
  if (!module) {
    printDiagnostics(diagnostics);
    return 1;
  }
  const engine = new Engine(module);
  const print = (state: State) => {
    if (!opts.quiet) for (const line of readableLog(state, opts.verbose === true)) process.stdout.write(line + "\n");
    process.stdout.write(winnerLine(state) + "\n");
  };

  if (opts.replay) {
    if (!existsSync(opts.replay)) return usageError(`no replay file '${opts.replay}'`);
    let r: Replay;
    try {
      r = parseReplay(readFileSync(opts.replay, "utf8"));
    } catch (e) {
      return usageError(`${opts.replay}: not a replay file: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (r.game !== module.id) return usageError(`${opts.replay} is a replay of '${r.game}', not '${module.id}'`);
    print(replay(engine, r));
    return 0;
  }

  const { decks, diagnostics: deckDiags } = readDecks(gameDir(game), module);
  printDiagnostics(deckDiags);
  if (deckDiags.some((d) => d.severity === "error")) return 1;
  const seats = module.rules.players;
  const wanted = opts.deck ? opts.deck.split(",") : decks.map((d) => d.id);
  const chosen: (Deck | undefined)[] = [];
  for (let i = 0; i < seats; i++) {
    const id = wanted[i % Math.max(1, wanted.length)];
    const deck = decks.find((d) => d.id === id);
    if (id !== undefined && !deck) return usageError(`no deck '${id}'; decks: ${decks.map((d) => d.id).join(", ") || "(none)"}`);
    chosen.push(deck);
  }
  const options = parseOptions(opts.option, Object.keys(module.rules.props.game));
  if (typeof options === "string") return usageError(options);
  const seatProps: Record<string, Value>[] = chosen.map(() => ({}));
  for (const spec of opts.seat ?? []) {
    const m = /^(\d+):([^=]+)=(.*)$/.exec(spec);
    const seat = m ? Number(m[1]) : NaN;
    if (!m || !(seat >= 1 && seat <= seats)) return usageError(`--seat expects seat:name=value with a seat from 1 to ${seats}, got '${spec}'`);
    const [, , k = "", v = ""] = m;
    if (!(k in module.rules.props.player)) return usageError(`unknown player property '${k}'; properties: ${Object.keys(module.rules.props.player).join(", ")}`);
    (seatProps[seat - 1] as Record<string, Value>)[k] = /^-?\d+$/.test(v) ? Number(v) : v === "true" ? true : v === "false" ? false : v;
  }
  const config: MatchConfig = {
    seed: Number(opts.seed),
    players: chosen.map((d, i) => ({ name: `P${i + 1}`, zones: d ? { ...d.zones } : {}, props: seatProps[i] ?? {} })),
    options,
  };
  // Deck-building rules of the game, before anything is played.
  const problems = engine.deckErrors(config);
  const illegal = problems.flatMap((list, i) => list.map((m) => `P${i + 1} (${chosen[i]?.file ?? "no deck"}): ${m}`));
  if (illegal.length) {
    for (const line of illegal) process.stderr.write(`${line}\n`);
    return 1;
  }
  const kinds = opts.agents.split(",");
  const agentSeed = Number(opts.seed) * 7919 + 1;
  const agents: Agent[] = [];
  let humans = false;
  for (let i = 0; i < seats; i++) {
    const k = kinds[i] ?? kinds[kinds.length - 1] ?? "random";
    if (k === "random") agents.push(randomAgent(agentSeed + i));
    else if (k === "first") agents.push(firstLegalAgent());
    else if (k === "human") {
      humans = true;
      agents.push(firstLegalAgent());
    } else return usageError(`unknown agent '${k}'; agents: random, first, human`);
  }

  if (!opts.quiet) {
    process.stdout.write(`${module.name}, seed ${config.seed}\n`);
    chosen.forEach((d, i) => process.stdout.write(`P${i + 1}: ${d ? `${d.name} (${d.file})` : "no deck"}, ${kinds[i] ?? kinds[kinds.length - 1] ?? "random"} agent\n`));
  }
  let state: State;
  let rep: Replay;
  if (humans) {
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    const human = terminalAgent({ write: (s: string) => process.stdout.write(s), question: (q: string) => rl.question(q) });
    const asyncAgents: AsyncAgent[] = kinds.slice(0, seats).map((k, i) => (k === "human" ? human : { choose: async (s, l, e) => (agents[i] as Agent).choose(s, l, e) }));
    const played = await playMatchAsync(engine, config, asyncAgents);
    rl.close();
    state = played.state;
    rep = { game: module.id, config, actions: played.actions } as Replay;
  } else {
    const run = recordingRun(engine, config, agents);
    state = run.state;
    rep = run.replay;
  }
  print(state);
  if (opts.saveReplay) {
    writeFileSync(opts.saveReplay, replayToJSON(rep));
    if (!opts.quiet) process.stdout.write(`replay saved to ${opts.saveReplay}\n`);
  }
  return 0;
}

export async function demoCommand(opts: { seed: string }): Promise<number> {
  let failed = false;
  for (const game of listGames()) {
    process.stdout.write(pc.bold(`\n══ ${game} ══\n`));
    const code = await playCommand(game, { seed: opts.seed, agents: "random,random" });
    if (code !== 0) failed = true;
  }
  return failed ? 1 : 0;
}
