/**
 * Strength runs (issue 18): agent A against agent B on one game, paired seeds (each seed is
 * played twice, seats swapped), one line of JSON per game appended to the output file, so an
 * interrupted run goes on where it stopped with --resume. Prints A's score (win 1, draw ½) with
 * its Wilson 95% interval. Hours of CPU at the acceptance's sizes: run on a quiet machine.
 *
 *   npx tsx bench/strength.ts --game elementis --agents mcts:300,random --games 400 --out es-mcts-random.jsonl [--seed 1] [--resume]
 *
 * `--tune-a '{"depth":4}'` / `--tune-b …`: search settings other than the budget for A's or B's
 * mcts / dmcts (runtime/agents/mcts.ts, SearchOptions), for pilots; the file's head records them.
 *
 * A game is the first game of a match (a match of several games would weigh its later games by
 * who won the first).
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { parseAgents } from "../compiler/node/cli/play-command.ts";
import { readDecks, type Deck } from "../compiler/node/decks.ts";
import { gameDir, loadGame } from "../compiler/node/project.ts";
import {
  askSeat,
  deckListsOfState,
  Engine,
  makeAgent,
  specText,
  type AgentSpec,
  type MatchConfig,
  type SearchTuning,
  type SeatAgent,
} from "../runtime/index.ts";

interface GameLine {
  readonly index: number;
  readonly seed: number;
  /** The seat A played (1 or 2). */
  readonly seatA: number;
  /** "A", "B" or "draw". */
  readonly result: "A" | "B" | "draw";
  readonly decisions: number;
  readonly ms: number;
  /** A's decision times in ms (for p50 / p95). */
  readonly msA: number[];
}

/** Wilson score interval (95%) of a proportion p over n trials. */
export function wilson(p: number, n: number, z = 1.96): [number, number] {
  if (n === 0) return [0, 1];
  const d = 1 + (z * z) / n;
  const c = (p + (z * z) / (2 * n)) / d;
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [Math.max(0, c - h), Math.min(1, c + h)];
}

const { values } = parseArgs({
  options: {
    game: { type: "string" },
    agents: { type: "string" },
    games: { type: "string", default: "20" },
    seed: { type: "string", default: "1" },
    out: { type: "string" },
    resume: { type: "boolean", default: false },
    max: { type: "string", default: "5000" },
    "tune-a": { type: "string", default: "{}" },
    "tune-b": { type: "string", default: "{}" },
  },
});
const fail = (m: string): never => {
  process.stderr.write(`strength: ${m}\n`);
  process.exit(2);
};
if (values.game === undefined || values.agents === undefined || values.out === undefined)
  fail("give --game, --agents A,B and --out <file.jsonl>");
const specs = parseAgents(values.agents as string);
if (specs.length !== 2) fail(`--agents names ${specs.length} agents; a strength run compares two`);
const [specA, specB] = specs as [AgentSpec, AgentSpec];
const games = Number(values.games);
const baseSeed = Number(values.seed);
if (!Number.isInteger(games) || games < 2 || games % 2 !== 0)
  fail("--games must be an even whole number ≥ 2 (seeds are paired)");
const tuning = (flag: "tune-a" | "tune-b"): SearchTuning => {
  try {
    const t = JSON.parse(values[flag] as string) as unknown;
    if (typeof t !== "object" || t === null || Array.isArray(t)) throw new Error("not an object");
    return t as SearchTuning;
  } catch (e) {
    return fail(`--${flag} must be a JSON object of search settings: ${(e as Error).message}`);
  }
};
const tuneA = tuning("tune-a");
const tuneB = tuning("tune-b");
// The head names the agents with their settings when they have any.
const named = (spec: AgentSpec, t: SearchTuning) =>
  Object.keys(t).length === 0 ? specText(spec) : `${specText(spec)}${JSON.stringify(t)}`;
const agentsText = `${named(specA, tuneA)},${named(specB, tuneB)}`;
const out = values.out as string;
if (existsSync(out) && !values.resume) fail(`${out} exists: pass --resume to go on with it, or another --out`);

const done = new Map<number, GameLine>();
if (existsSync(out)) {
  const lines = readFileSync(out, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "");
  const head = JSON.parse(lines[0] ?? "{}") as { game?: string; agents?: string; seed?: number };
  if (head.game !== values.game || head.agents !== agentsText || head.seed !== baseSeed)
    fail(`${out} is a run of ${head.game} ${head.agents} seed ${head.seed}, not of these options`);
  for (const l of lines.slice(1)) {
    const g = JSON.parse(l) as GameLine;
    done.set(g.index, g);
  }
} else writeFileSync(out, `${JSON.stringify({ game: values.game, agents: agentsText, seed: baseSeed })}\n`);

const { module } = await loadGame(values.game as string);
if (!module) fail(`${values.game} does not compile`);
const engine = new Engine(module as NonNullable<typeof module>, { log: false });
const { decks } = readDecks(gameDir(values.game as string), engine.module);
if (decks.length === 0) fail(`${values.game} has no legal deck`);

for (let index = 0; index < games; index++) {
  if (done.has(index)) continue;
  // Games 2k and 2k+1 share a seed (the same decks and shuffles) with the seats swapped.
  const seed = baseSeed + Math.floor(index / 2);
  const seatA = index % 2 === 0 ? 1 : 2;
  const config: MatchConfig = {
    seed,
    players: [0, 1].map((i) => ({ name: `P${i + 1}`, zones: (decks[(seed + i) % decks.length] as Deck).zones })),
  };
  const a = makeAgent(specA, seed * 2 + 1, tuneA) as SeatAgent;
  const b = makeAgent(specB, seed * 2 + 2, tuneB) as SeatAgent;
  const seats = seatA === 1 ? [a, b] : [b, a];
  const state = engine.newMatch(config);
  const dl = deckListsOfState(state, config.players.length);
  const msA: number[] = [];
  const t0 = performance.now();
  let decisions = 0;
  while (!state.match.over && state.match.results.length === 0 && decisions < Number(values.max)) {
    const seat = engine.toMove(state) as number;
    const legal = engine.legalActions(state);
    const action = askSeat(
      engine,
      state,
      seat,
      seats[seat - 1] as SeatAgent,
      dl,
      state,
      legal,
      (s, r) => void (s === seatA && msA.push(Math.round(r.ms * 10) / 10)),
    );
    const r = engine.apply(state, action);
    if (!r.ok) fail(`game ${index}: seat ${seat} answered an illegal action: ${r.reason}`);
    decisions++;
  }
  const w = state.match.results[0] ?? null;
  const line: GameLine = {
    index,
    seed,
    seatA,
    result: w === null ? "draw" : w === seatA ? "A" : "B",
    decisions,
    ms: Math.round(performance.now() - t0),
    msA,
  };
  appendFileSync(out, `${JSON.stringify(line)}\n`);
  done.set(index, line);
  process.stderr.write(`\r${done.size}/${games} games`);
}
process.stderr.write("\n");

const all = [...done.values()];
const wins = all.filter((g) => g.result === "A").length;
const draws = all.filter((g) => g.result === "draw").length;
const score = (wins + draws / 2) / all.length;
const [lo, hi] = wilson(score, all.length);
const times = all.flatMap((g) => g.msA).sort((x, y) => x - y);
const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? NaN;
process.stdout.write(
  `${values.game}: ${named(specA, tuneA)} against ${named(specB, tuneB)}: ${all.length} games, ${wins} wins, ${draws} draws, ${all.length - wins - draws} losses; score ${(score * 100).toFixed(1)}% (Wilson 95%: ${(lo * 100).toFixed(1)}–${(hi * 100).toFixed(1)}%); ${specText(specA)} decision time p50 ${q(0.5)} ms, p95 ${q(0.95)} ms\n`,
);
