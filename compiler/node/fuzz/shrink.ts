/**
 * Shrinking a failed random game into a small scenario: a `given` board, a seed and a few steps
 * that fail the same way (same invariant, or a fault at the same place).
 *
 * 1. Find a reproduction from a board: cut the game at a decision near the failure, write that
 *    state as a board (board.ts), and replay the rest of the game as scenario steps (steps.ts).
 *    Cuts closer to the failure are tried first; when a board loses what the failure needed
 *    (the paused effects, modifiers…), earlier cuts, then short random walks from the boards.
 * 2. Shrink it: drop the steps after the failure, then each step, then the board's cards (whole
 *    zones, halves, single cards), then card, player and game properties — keeping each change
 *    only if the replay still fails the same way. Repeat until nothing more goes.
 */
import { cloneState, type Action, type EntityId, type Engine, type State } from "../../../runtime/index.ts";
import type { Vocabulary } from "../../core/semantic/vocabulary.ts";
import { boardOf, runtimeBoard, type FuzzBoard, type FuzzCard, type FuzzProps } from "./board.ts";
import { failureIn, faultOf, signature, type Failure } from "./failure.ts";
import type { PlayedGame } from "./play.ts";
import { actSteps, playStep } from "./steps.ts";
import { answersToSteps, refOf, type Step } from "../../core/scenario/codec.ts";
import { playerRef, sideName } from "../../core/scenario/names.ts";

export interface Repro {
  readonly board: FuzzBoard;
  readonly seed: number;
  readonly steps: readonly Step[];
}

export interface ReproRun {
  readonly failure: Failure | null;
  /** Steps played up to the failure (all of them when none). */
  readonly used: number;
}

/** Plays a reproduction as `cardwright test` would: the board, then each step, checking after each. */
export function runRepro(engine: Engine, r: Repro): ReproRun {
  let st: State;
  try {
    st = engine.fromBoard(runtimeBoard(r.board), r.seed);
  } catch (e) {
    return { failure: faultOf(e), used: 0 };
  }
  let f = failureIn(engine, st);
  if (f !== null) return { failure: f, used: 0 };
  for (let i = 0; i < r.steps.length; i++) {
    try {
      if (!playStep(engine, st, r.steps[i] as Step).ok) return { failure: null, used: i };
    } catch (e) {
      return { failure: faultOf(e), used: i + 1 };
    }
    f = failureIn(engine, st);
    if (f !== null) return { failure: f, used: i + 1 };
  }
  return { failure: null, used: r.steps.length };
}

/**
 * Steps with the seats turned as boardOf turns them (seat `first` becomes `me`, seat 1, and the
 * others follow in seat order): each step's `by`, and each player or side a reference names.
 */
function turnSeats(steps: readonly Step[], first: EntityId, seats: number): Step[] {
  if (first === 1) return [...steps];
  const seat = (p: EntityId) => ((p - first + seats) % seats) + 1;
  const ref = (r: string) => {
    const dot = r.indexOf(".");
    const side = dot < 0 ? r : r.slice(0, dot);
    const p = playerRef(side);
    return p === undefined || p > seats ? r : `${sideName(seat(p))}${dot < 0 ? "" : r.slice(dot)}`;
  };
  return steps.map((s): Step => {
    const by = seat(s.by);
    if (s.t === "act") return { ...s, by, ref: s.ref === null ? null : ref(s.ref) };
    if (s.t === "choose") return { ...s, by, refs: s.refs.map(ref) };
    return { ...s, by };
  });
}

/** A small seeded generator for random walks (the game's own RNG is in its state). */
class Walk {
  private x: number;
  constructor(seed: number) {
    this.x = (seed * 2654435761) >>> 0 || 1;
  }
  int(n: number): number {
    this.x ^= this.x << 13;
    this.x >>>= 0;
    this.x ^= this.x >>> 17;
    this.x ^= this.x << 5;
    this.x >>>= 0;
    return this.x % n;
  }
}

/** A random step a scenario can write for the pending decision, or null. */
function randomStep(engine: Engine, st: State, w: Walk): Step | null {
  const d = engine.decision(st);
  if (d === null) return null;
  if (d.type === "may") return { t: "may", by: d.player, yes: w.int(2) === 0 };
  if (d.type === "act") {
    const options = actSteps(st, d.player, d.options);
    return options.length === 0 ? null : (options[w.int(options.length)] as Step);
  }
  const refs = d.candidates.filter((c) => !d.picked.includes(c)).map((c) => refOf(st, c));
  if (refs.some((r) => r === null || r === "none")) return null;
  const n = d.min + w.int(Math.min(d.max, refs.length) - d.min + 1);
  const pool = refs.slice() as string[];
  const out: string[] = [];
  for (let i = 0; i < n && pool.length > 0; i++) out.push(pool.splice(w.int(pool.length), 1)[0] as string);
  return { t: "choose", by: d.player, refs: out };
}

export interface SearchOptions {
  readonly voc: Vocabulary;
  /** Stop searching and shrinking after this time (ms since the epoch). */
  readonly deadline: number;
}

/** Finds a board, seed and steps that fail like `game` did, or null. */
export function findRepro(engine: Engine, game: PlayedGame, opts: SearchOptions): Repro | null {
  const failure = game.failure;
  if (failure === null) return null;
  const sig = signature(failure);
  const k = game.actions.length;
  const players = engine.module.rules.players;
  // The states at the cut points: the last 40 decisions, then every twentieth of the game, and the start.
  const cuts = new Set<number>();
  for (let i = k - 1; i >= Math.max(0, k - 40); i--) cuts.add(i);
  for (let i = k - 41; i > 0; i -= Math.max(1, Math.floor(k / 20))) cuts.add(i);
  cuts.add(0);
  const snaps = new Map<number, State>();
  const st = engine.newMatch(game.config);
  for (let i = 0; i < k; i++) {
    if (cuts.has(i)) snaps.set(i, cloneState(st));
    try {
      engine.apply(st, game.actions[i] as Action);
    } catch {
      break;
    }
  }
  const order = [...cuts].filter((i) => snaps.has(i)).sort((a, b) => b - a);
  // Each cut's board as it was, and turned so that the player to move is `me` (a scenario flow
  // that starts with `me` then gives the turn to the right seat).
  const boards = (i: number): { board: FuzzBoard; first: EntityId; seats: number }[] => {
    const snap = snaps.get(i) as State;
    const seats = snap.seats ?? players;
    const mover = engine.decision(snap)?.player ?? 1;
    const firsts: EntityId[] = seats === 2 ? [mover, mover === 1 ? 2 : 1] : mover === 1 ? [1] : [mover, 1];
    return firsts.map((first) => ({ board: boardOf(opts.voc, players, snap, first), first, seats }));
  };
  const seeds = [...new Set([game.config.seed, 1])];
  const same = (r: Repro): Repro | null => {
    const run = runRepro(engine, r);
    return run.failure !== null && signature(run.failure) === sig ? { ...r, steps: r.steps.slice(0, run.used) } : null;
  };
  // 1. The rest of the game, replayed from a board.
  for (const i of order) {
    if (Date.now() > opts.deadline) return null;
    const steps = answersToSteps(engine, cloneState(snaps.get(i) as State), game.actions.slice(i));
    if (steps === null) continue;
    for (const { board, first, seats } of boards(i)) {
      for (const seed of seeds) {
        const hit = same({ board, seed, steps: turnSeats(steps, first, seats) });
        if (hit) return hit;
      }
    }
  }
  // 2. Short random walks from the boards nearest the failure.
  const near = order.slice(0, 12);
  for (let round = 0; Date.now() < opts.deadline; round++) {
    for (const i of near) {
      for (const { board } of boards(i)) {
        for (const seed of seeds) {
          const w = new Walk(round * 7919 + i * 31 + seed);
          let s: State;
          try {
            s = engine.fromBoard(runtimeBoard(board), seed);
          } catch {
            continue;
          }
          const steps: Step[] = [];
          for (let n = 0; n < 40 && engine.decision(s) !== null; n++) {
            const step = randomStep(engine, s, w);
            if (step === null) break;
            steps.push(step);
            let stop = false;
            try {
              stop = !playStep(engine, s, step).ok || failureIn(engine, s) !== null;
            } catch {
              stop = true;
            }
            if (stop) break;
          }
          const hit = same({ board, seed, steps });
          if (hit) return hit;
        }
      }
    }
    if (round > 50) break;
  }
  return null;
}

/** The zones of player `p` of a board (its index), or the game's shared zones for -1. */
function zonesAt(b: FuzzBoard, p: number): Readonly<Record<string, readonly FuzzCard[]>> {
  return p < 0 ? (b.zones ?? {}) : (b.players[p]?.zones ?? {});
}

function withZone(b: FuzzBoard, p: number, zone: string, cards: readonly FuzzCard[]): FuzzBoard {
  const change = (zs: Readonly<Record<string, readonly FuzzCard[]>>) => {
    const zones = { ...zs };
    if (cards.length === 0) delete zones[zone];
    else zones[zone] = cards;
    return zones;
  };
  if (p < 0) return { ...b, zones: change(b.zones ?? {}) };
  return { ...b, players: b.players.map((x, i) => (i === p ? { ...x, zones: change(x.zones) } : x)) };
}

function withPlayerProps(b: FuzzBoard, p: number, props: FuzzProps): FuzzBoard {
  return { ...b, players: b.players.map((x, i) => (i === p ? { ...x, props } : x)) };
}

/** Makes a reproduction smaller while it fails the same way (see the file comment). */
export function shrinkRepro(engine: Engine, start: Repro, sig: string, deadline: number): Repro {
  let best = start;
  const keep = (r: Repro): boolean => {
    if (Date.now() > deadline) return false;
    const run = runRepro(engine, r);
    if (run.failure === null || signature(run.failure) !== sig) return false;
    best = { ...r, steps: r.steps.slice(0, run.used) };
    return true;
  };
  keep(best);
  for (let changed = true; changed && Date.now() < deadline; ) {
    changed = false;
    // Steps: each one, last first.
    for (let i = best.steps.length - 1; i >= 0; i--) {
      if (i < best.steps.length && keep({ ...best, steps: best.steps.filter((_, j) => j !== i) })) changed = true;
    }
    // Cards: a zone at a time (the game's shared zones first), in chunks that halve down to single cards.
    for (let p = -1; p < best.board.players.length; p++) {
      for (const zone of Object.keys(zonesAt(best.board, p))) {
        const cards = () => zonesAt(best.board, p)[zone] ?? [];
        for (let size = cards().length; size >= 1; size = Math.floor(size / 2)) {
          for (let at = 0; at < cards().length; ) {
            const list = cards();
            if (
              keep({ ...best, board: withZone(best.board, p, zone, [...list.slice(0, at), ...list.slice(at + size)]) })
            )
              changed = true;
            else at += size;
          }
        }
      }
    }
    // Properties: each card's, then each player's and the game's, one at a time.
    for (let p = -1; p < best.board.players.length; p++) {
      for (const zone of Object.keys(zonesAt(best.board, p))) {
        const list = () => zonesAt(best.board, p)[zone] ?? [];
        for (let i = 0; i < list().length; i++) {
          for (const key of Object.keys(list()[i]?.props ?? {})) {
            const cur = list()[i];
            if (cur === undefined) break;
            const props = { ...cur.props };
            delete props[key];
            const next: FuzzCard = { ...cur, props };
            if (
              keep({
                ...best,
                board: withZone(
                  best.board,
                  p,
                  zone,
                  list().map((x, j) => (j === i ? next : x)),
                ),
              })
            )
              changed = true;
          }
        }
      }
      for (const key of Object.keys(best.board.players[p]?.props ?? {})) {
        const props = { ...best.board.players[p]?.props };
        delete props[key];
        if (keep({ ...best, board: withPlayerProps(best.board, p, props) })) changed = true;
        // A list (e.g. a pool of values) loses one item at a time.
        for (let i = 0; ; ) {
          const list = best.board.players[p]?.props[key];
          if (!Array.isArray(list) || i >= list.length) break;
          if (
            keep({
              ...best,
              board: withPlayerProps(best.board, p, {
                ...best.board.players[p]?.props,
                [key]: list.filter((_, j) => j !== i),
              }),
            })
          )
            changed = true;
          else i++;
        }
      }
    }
    for (const key of Object.keys(best.board.game ?? {})) {
      const game = { ...best.board.game };
      delete game[key];
      if (keep({ ...best, board: { ...best.board, game } })) changed = true;
    }
  }
  return best;
}
