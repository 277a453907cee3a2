/**
 * One game's result as the out file keeps it (a JSON line), and the out file itself: a first line
 * holding the plan, then one line per game in game order. Each line is written in one canonical
 * form (fixed key order, no spaces), so the same games give the same bytes, and a run that was
 * cut off can be read back and continued (`--resume`).
 */
import type { Value } from "../../runtime/index.ts";
import type { CardUse } from "./lab/tracker.ts";
import { slot, type SimPlan } from "./plan.ts";

/** How a game ended: a seat won, a draw, stopped at the decision limit, or a fault (an error of the game or an agent). */
export type Outcome = "win" | "draw" | "timeout" | "fault";

export interface GameRecord {
  /** Its index in the plan (0-based), and its deal seed. */
  readonly game: number;
  readonly seed: number;
  /** seats[s]: the agent (index into plan.agents) in seat s + 1. */
  readonly seats: readonly number[];
  /** decks[s]: seat s + 1's deck id (null: no deck), so results can be split by deck pairing. */
  readonly decks: readonly (string | null)[];
  readonly outcome: Outcome;
  /** The winning seat (1-based) when outcome is "win", else null. */
  readonly winner: number | null;
  /** Decisions answered, and games played within the match (a best-of-three has two or three). */
  readonly decisions: number;
  readonly matchGames: number;
  /** What went wrong, when outcome is "fault". */
  readonly fault?: string;
  /** The lab's runs only: the cards each seat drew and played (lab/tracker.ts). */
  readonly cards?: CardUse;
}

/** The record's line (no newline), keys in one order. */
export function recordLine(r: GameRecord): string {
  const canonical: GameRecord = {
    game: r.game,
    seed: r.seed,
    seats: [...r.seats],
    decks: [...r.decks],
    outcome: r.outcome,
    winner: r.winner,
    decisions: r.decisions,
    matchGames: r.matchGames,
    ...(r.fault !== undefined ? { fault: r.fault } : {}),
  };
  return JSON.stringify(canonical);
}

/** The plan with its keys in one order and the options' keys sorted: equal plans give equal text. */
export function canonicalPlan(p: SimPlan): SimPlan {
  const options = Object.fromEntries(
    Object.keys(p.options)
      .sort()
      .map((k) => [k, p.options[k] as Value] as const),
  );
  return {
    game: p.game,
    inputs: p.inputs,
    agents: [...p.agents],
    games: p.games,
    seed: p.seed,
    decks: p.decks.map((d) =>
      d === null
        ? null
        : {
            id: d.id,
            zones: Object.fromEntries(
              Object.keys(d.zones)
                .sort()
                .map((z) => [z, [...(d.zones[z] ?? [])]] as const),
            ),
          },
    ),
    options,
    version: p.version,
    maxDecisions: p.maxDecisions,
  };
}

/** The out file's first line. */
export const FORMAT = "cardwright-sim/1";

export function headerLine(p: SimPlan): string {
  return JSON.stringify({ format: FORMAT, plan: canonicalPlan(p) });
}

/** Why an out file cannot be continued, for the user: the file, the line and the reason. */
export class OutFileError extends Error {}

const OUTCOMES: readonly Outcome[] = ["win", "draw", "timeout", "fault"];
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v >= 0;

/** A record line read back, checked against the plan's game of that index (seed and seats must be the plan's). */
export function parseRecord(line: string, plan: SimPlan): GameRecord | string {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    return "not JSON";
  }
  if (!isObject(v)) return "not a game record";
  const { game, seed, seats, decks, outcome, winner, decisions, matchGames, fault } = v;
  if (!isCount(game) || game >= plan.games) return `no game ${JSON.stringify(game)} in a plan of ${plan.games} games`;
  const s = slot(plan, game);
  if (seed !== s.seed) return `game ${game} has seed ${JSON.stringify(seed)}, the plan deals it from ${s.seed}`;
  if (!Array.isArray(seats) || JSON.stringify(seats) !== JSON.stringify(s.seatAgents))
    return `game ${game} seats the agents ${JSON.stringify(seats)}, the plan ${JSON.stringify(s.seatAgents)}`;
  const planDecks = plan.decks.map((d) => d?.id ?? null);
  if (!Array.isArray(decks) || JSON.stringify(decks) !== JSON.stringify(planDecks))
    return `game ${game} has the decks ${JSON.stringify(decks)}, the plan ${JSON.stringify(planDecks)}`;
  if (typeof outcome !== "string" || !OUTCOMES.includes(outcome as Outcome)) return `game ${game} has no outcome`;
  const seatsN = plan.agents.length;
  if (outcome === "win" ? !(isCount(winner) && winner >= 1 && winner <= seatsN) : winner !== null)
    return `game ${game}: the winner ${JSON.stringify(winner)} does not fit its outcome '${outcome}'`;
  if (!isCount(decisions) || !isCount(matchGames)) return `game ${game} has no decision or game count`;
  if (outcome === "fault" ? typeof fault !== "string" : fault !== undefined)
    return `game ${game}: the fault message does not fit its outcome '${outcome}'`;
  return {
    game,
    seed: s.seed,
    seats: s.seatAgents,
    decks: planDecks,
    outcome: outcome as Outcome,
    winner: winner as number | null,
    decisions,
    matchGames,
    ...(typeof fault === "string" ? { fault } : {}),
  };
}

/** Names the first field of the plan that differs between a file and this run, or null when they are the same plan. */
export function planDifference(file: SimPlan, now: SimPlan): string | null {
  const a = canonicalPlan(file);
  const b = canonicalPlan(now);
  const what: Record<keyof SimPlan, string> = {
    game: "the game",
    inputs: "the game's inputs hash (its rules, cards or the compiler changed)",
    agents: "--agents",
    games: "--games",
    seed: "--seed",
    decks: "the decks (--decks, or a deck file changed)",
    options: "--option",
    version: "--version",
    maxDecisions: "--max-decisions",
  };
  for (const k of Object.keys(what) as (keyof SimPlan)[]) {
    const x = JSON.stringify(a[k]);
    const y = JSON.stringify(b[k]);
    if (x !== y)
      return k === "inputs" || k === "decks" ? what[k] : `${what[k]} (${show(a[k])} in the file, ${show(b[k])} now)`;
  }
  return null;
}

const show = (v: unknown): string =>
  v === null ? "none" : Array.isArray(v) ? v.join(",") : typeof v === "object" ? JSON.stringify(v) : String(v);

/** The plan of an out file's first line, or why it is not one. */
export function parseHeader(line: string): SimPlan | string {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    return "its first line is not JSON";
  }
  if (!isObject(v) || v["format"] !== FORMAT || !isObject(v["plan"])) return `its first line is not a ${FORMAT} header`;
  const p = v["plan"];
  const ok =
    typeof p["game"] === "string" &&
    typeof p["inputs"] === "string" &&
    Array.isArray(p["agents"]) &&
    p["agents"].every((a) => typeof a === "string") &&
    isCount(p["games"]) &&
    isCount(p["seed"]) &&
    Array.isArray(p["decks"]) &&
    isObject(p["options"]) &&
    (p["version"] === null || typeof p["version"] === "string") &&
    isCount(p["maxDecisions"]);
  return ok ? (p as unknown as SimPlan) : `its first line is not a ${FORMAT} header`;
}
