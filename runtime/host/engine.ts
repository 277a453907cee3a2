/**
 * The Engine: one game module, many states. Creates matches and scenario boards, lists legal
 * actions, applies answers (rejecting illegal ones without touching the state), and copies,
 * hashes and views states. States are plain data; the Engine holds only per-module lookups.
 */
import { cloneState, forkState } from "../state/clone.ts";
import { framesRestored, ownTopFrame, tablesOwned, tablesRestored } from "../kernel/cow.ts";
import { RuntimeCtx } from "./ctx.ts";
import { answer, describeAnswer, legalAnswerAt, legalAnswers, legalCount, rejectReason } from "../flow/decisions.ts";
import { InputError, RuntimeFault, ViewFault, errorMessage } from "../state/errors.ts";
import { hashState } from "../state/hash.ts";
import { ModuleIndex } from "../kernel/module-index.ts";
import { drive } from "../flow/resolve.ts";
import { startGameFlow } from "../flow/results.ts";
import { buildBoard, buildMatch, type Board, type MatchConfig } from "../flow/setup.ts";
import type { Action, Decision, EntityId, GameModule, MoveNote, State, Value } from "../types.ts";
import { versionProblem } from "../kernel/versions.ts";
import { describeFor, playerView } from "./view.ts";
import { STOP, TracingCtx, type TraceOptions, type TraceResult } from "./trace.ts";
import { FORMAT, SAVED_STATE_SCHEMA } from "../state/schema.ts";
import { stateProblem, trusted } from "../kernel/state-check.ts";
import { schemaProblem } from "../state/validate.ts";

/** Names `Engine.read` answers besides the rules' declared properties and the card's fields. */
const SPECIAL_PROPS = new Set(["owner", "kind", "card", "zone", "name"]);

export interface EngineOptions {
  /**
   * Log every change with its readable line (default true). Off, only game and match results
   * are logged: faster, for simulations and search.
   */
  readonly log?: boolean;
  /**
   * Called after each card that changes zones in a state this Engine plays (its own search
   * engines are others), with the zone names: what a host counts cards by (the balance lab reads
   * draws and plays through ZoneDef.role). An answer that faults is undone, and its notes stand.
   */
  readonly onMove?: (note: MoveNote) => void;
  /**
   * Stop when a game of the match ends and the match goes on, before the next game is set up:
   * the state keeps the board the game ended with (`match.between`), and no decision is pending.
   * For scenarios that check the end of a game (`stop: game-end`); play never sets it.
   */
  readonly stopBetweenGames?: boolean;
  /**
   * Ask every decision, one with a single legal answer too (the game takes those by itself
   * otherwise, and logs them "(the only choice)"): a scenario with `auto: false` answers, or
   * checks with `refused:`, each of them. A window with no legal action is still skipped.
   */
  readonly askEveryDecision?: boolean;
}

export type ApplyResult = { readonly ok: true } | { readonly ok: false; readonly reason: string };

export class Engine {
  readonly module: GameModule;
  private readonly ix: ModuleIndex;
  private readonly rt: RuntimeCtx;

  constructor(module: GameModule, options?: EngineOptions) {
    this.module = module;
    this.ix = new ModuleIndex(module);
    this.rt = new RuntimeCtx(this.ix);
    this.rt.logging = options?.log ?? true;
    this.rt.onMove = options?.onMove ?? null;
    this.rt.stopBetweenGames = options?.stopBetweenGames ?? false;
    this.rt.askEveryDecision = options?.askEveryDecision ?? false;
  }

  /** A new match: seats and their cards, then the rules' game flow up to the first decision. */
  newMatch(config: MatchConfig): State {
    const st = buildMatch(this.rt, this.module.id, config);
    startGameFlow(this.rt, this.ix.rules.flow.game);
    drive(this.rt);
    return trusted(st);
  }

  /**
   * What is wrong with each seat's deck, by the rules' `deck-errors` (one list per seat, empty when
   * legal). Builds the match's cards on a scratch state; runs no game flow.
   */
  deckErrors(config: MatchConfig): string[][] {
    const fn = this.ix.rules.deckErrors ?? null;
    if (fn === null) return config.players.map(() => []);
    const rt = new RuntimeCtx(this.ix);
    buildMatch(rt, this.module.id, config);
    return config.players.map((_, i) => {
      const v = rt.pure(fn, { me: i + 1, self: null, ev: null, L: { errors: [] } });
      return Array.isArray(v) ? v.map((x) => String(x)) : [];
    });
  }

  /**
   * The rules' evaluation (`evaluate:`) of a state from `player`'s point of view, or null when the
   * rules declare none. Pure: the state is not changed. A value that is not a number is a fault
   * of the rules (a RuntimeFault naming the evaluate code).
   */
  evaluate(state: State, player: EntityId): number | null {
    const fn = this.ix.rules.evaluate ?? null;
    if (fn === null) return null;
    const v = this.rt.bind(state).pure(fn, { me: player, self: null, ev: null, L: {} });
    if (typeof v !== "number" || !Number.isFinite(v))
      throw new RuntimeFault(
        fn,
        this.module.sources[fn],
        `the evaluation must give a number, it gave ${JSON.stringify(v)}`,
      );
    return v;
  }

  /** A scenario board, then the rules' scenario flow (or the game flow) up to the first decision. */
  fromBoard(board: Board, seed: number): State {
    const st = buildBoard(this.rt, this.module.id, board, seed);
    startGameFlow(this.rt, this.ix.rules.flow.scenario ?? this.ix.rules.flow.game);
    drive(this.rt);
    return trusted(st);
  }

  /**
   * Every entry point that takes a state checks it first (state-check.ts: once per state object):
   * a state that is not one of this game's is an InputError saying what is wrong, never a TypeError.
   */
  private must(state: State): void {
    const p = stateProblem(this.ix, state);
    if (p !== null) throw new InputError(p);
  }

  /** A state as a saved file: `{ "format": 1, "state": … }` (read back with `load`). */
  save(state: State): string {
    this.must(state);
    return JSON.stringify({ format: FORMAT, state });
  }

  /** A saved state (the text `save` wrote, or its parsed JSON), checked: an InputError when it cannot be played on. */
  load(saved: string | object): State {
    let doc: unknown = saved;
    if (typeof saved === "string") {
      try {
        doc = JSON.parse(saved);
      } catch (e) {
        throw new InputError(`not JSON: ${errorMessage(e)}`);
      }
    }
    const shape = schemaProblem(SAVED_STATE_SCHEMA, doc, "saved state");
    if (shape !== null) throw new InputError(shape);
    const { format, state } = doc as { format: number; state: State };
    if (format > FORMAT)
      throw new InputError(`saved state format ${format} is newer than this Cardwright reads (format ${FORMAT})`);
    this.must(state);
    return state;
  }

  /** The pending decision, or null when the match is over. */
  decision(state: State): Decision | null {
    this.must(state);
    return state.match.over ? null : state.decision;
  }

  /** The player who must answer now, or null. */
  toMove(state: State): EntityId | null {
    return this.decision(state)?.player ?? null;
  }

  /** A property as effect code reads it (own value or default, modifiers, compute listeners, min/max); no change, no log. */
  read(state: State, entity: EntityId, prop: string): Value {
    this.must(state);
    const x = Object.hasOwn(state.entities, String(entity)) ? state.entities[entity] : undefined;
    if (x === undefined) throw new InputError(`there is no entity ${String(entity)}`);
    // Only names the game knows: never a lookup into Object.prototype (`__proto__`, `toString`).
    const props = this.module.rules.props;
    const known =
      typeof prop === "string" &&
      (Object.hasOwn(x.props, prop) ||
        Object.hasOwn(props.card, prop) ||
        Object.hasOwn(props.player, prop) ||
        Object.hasOwn(props.game, prop) ||
        SPECIAL_PROPS.has(prop) ||
        (x.card !== null && Object.hasOwn(this.module.cards[x.card]?.fields ?? {}, prop)));
    if (!known) return null;
    return this.rt.bind(state).get(entity, prop);
  }

  /** The ids in a zone, top first (a copy). */
  zoneCards(state: State, owner: EntityId, zone: string): EntityId[] {
    this.must(state);
    if (!Object.hasOwn(this.module.rules.zones, zone)) throw new InputError(`unknown zone '${String(zone)}'`);
    return this.rt.bind(state).zone(owner, zone);
  }

  legalActions(state: State): Action[] {
    const d = this.decision(state);
    return d === null ? [] : legalAnswers(d);
  }

  /** `legalActions(state).length`, without listing them. */
  legalCount(state: State): number {
    const d = this.decision(state);
    return d === null ? 0 : legalCount(d);
  }

  /**
   * `legalActions(state)[i]` without listing the others: with `legalCount`, what an agent that
   * samples one answer needs (the same answer, and the same draw of its generator, as from the list).
   */
  legalAt(state: State, i: number): Action | undefined {
    const d = this.decision(state);
    return d === null || !Number.isInteger(i) || i < 0 ? undefined : legalAnswerAt(d, i);
  }

  /** Why an action is not legal now, or null when it is (no change to the state). */
  check(state: State, action: Action): string | null {
    const foreign = this.foreignState(state) ?? stateProblem(this.ix, state);
    if (foreign !== null) return foreign;
    if (state.match.over) return "the match is over";
    if (state.match.between === true)
      return `game ${state.match.number} is over and this engine stops between games: the next game has not begun`;
    const d = state.decision;
    if (d === null) return "no decision is pending";
    return rejectReason(this.rt.bind(state), d, action);
  }

  /**
   * Answers the pending decision and resolves up to the next decision or the end, in place.
   * All or nothing: when a card or the rules fault (a RuntimeFault naming the file and line is
   * thrown), the state is put back exactly as it was, so the match can go on with another answer.
   */
  apply(state: State, action: Action): ApplyResult {
    const reason = this.check(state, action);
    if (reason !== null) return { ok: false, reason };
    const rt = this.rt.bind(state);
    const undo = rt.undo;
    undo.begin(state);
    const tables = tablesOwned(rt);
    try {
      // The waiting frame receives the answer: its own copy if a fork shares it.
      const top = ownTopFrame(rt);
      if (top !== undefined) undo.frame(top, state.frames.length - 1);
      answer(rt, state.decision as Decision, action);
      state.turnstile++;
      drive(rt);
    } catch (e) {
      undo.restore();
      framesRestored(rt);
      tablesRestored(rt, tables);
      // Caches of the runtime are keyed on the state object and its change counters: drop them.
      rt.invalidate();
      throw e instanceof RuntimeFault ? e : new RuntimeFault("apply", undefined, errorMessage(e), e);
    } finally {
      undo.end();
    }
    return { ok: true };
  }

  /**
   * Runs an answer on a copy of `state` and reports it statement by statement: at every point
   * between two step statements (`TracePoint`: the statement that just ran and the one about to
   * run, with their source positions, the live state and the running frame), once before the
   * first and once at the end. With `stopAt: n` the run stops at point n, after n statements:
   * the result's state is the board at that moment (mid-answer: no decision is pending; it can be
   * viewed, read and cloned, not answered). `state` is never changed. Without `stopAt` the
   * result's state is the one `apply` would make. A refused action or a fault is a result
   * (`ok: false`; a faulted copy is left as it was at the fault); what `onStatement` throws is
   * rethrown. Pure code (conditions, computed values) is not traced. Tracing has its own context:
   * `apply` and every other call pay nothing for it.
   */
  trace(state: State, action: Action, options: TraceOptions = {}): TraceResult {
    const reason = this.check(state, action);
    if (reason !== null) return { ok: false, reason, fault: null, state, statements: 0 };
    const copy = cloneState(state);
    const rt = new TracingCtx(this.ix, options);
    rt.logging = this.rt.logging;
    rt.bind(copy);
    try {
      answer(rt, copy.decision as Decision, action);
      copy.turnstile++;
      drive(rt);
      rt.point(null, null, options.onStatement, undefined);
    } catch (e) {
      if (rt.hookError !== null) throw rt.hookError.error;
      if (e === STOP || (e instanceof RuntimeFault && e.cause === STOP))
        return { ok: true, state: trusted(copy), statements: rt.statements, stopped: true };
      const fault = e instanceof RuntimeFault ? e : new RuntimeFault("trace", undefined, errorMessage(e), e);
      return { ok: false, reason: fault.message, fault, state: copy, statements: rt.statements };
    }
    return { ok: true, state: trusted(copy), statements: rt.statements, stopped: false };
  }

  /** Why this engine cannot play on `state` (another game's state, a player view, not a state), or null. */
  private foreignState(state: State): string | null {
    if (
      state === null ||
      typeof state !== "object" ||
      typeof (state as { game?: unknown }).game !== "string" ||
      typeof state.entities !== "object" ||
      state.entities === null
    ) {
      return "this is not a match state (make one with newMatch or fromBoard)";
    }
    if (state.game !== this.module.id)
      return `this state is of the game '${state.game}', this engine plays '${this.module.id}'`;
    if (state.version !== undefined) {
      const v = versionProblem(this.module, state.version);
      if (v !== null) return `this state is of ${v}`;
    }
    // A view has no RNG and no paused effects (see view.ts): it is for looking, not for playing.
    if (Array.isArray(state.rng) && state.rng.length === 0)
      return "this is a player view (from Engine.view), which cannot be played on: apply actions to the full state";
    return null;
  }

  isOver(state: State): boolean {
    this.must(state);
    return state.match.over;
  }

  /** The match winner (null while running or for a drawn match). */
  winner(state: State): EntityId | null {
    this.must(state);
    return state.match.winner;
  }

  /**
   * A host changed `state` by hand (the sandbox's board edits): what this Engine remembers of it
   * (computed properties, zone lists, keyed on the state and its change counters) is dropped, so
   * the next read sees the change. Call it after every such change, before reading or playing on.
   */
  edited(state: State): void {
    this.must(state);
    this.rt.bind(state).invalidate();
  }

  /** A copy of its own: a host may change it (or the original) by hand. */
  clone(state: State): State {
    this.must(state);
    return trusted(cloneState(state));
  }

  /**
   * A copy for search: it shares the cards, zones, paused effects and log with `state` until
   * either state changes one of them through an Engine, which copies that part first (copy on
   * write). Far cheaper than `clone` (a few small parts are copied, not every card), and as
   * independent while both are played with `apply`; but neither state may be changed by hand
   * afterwards (use `clone` for a copy to edit).
   */
  fork(state: State): State {
    this.must(state);
    return forkState(state);
  }

  hash(state: State, options?: { readonly log?: boolean }): string {
    return hashState(state, options);
  }

  /**
   * What `player` may see (player 0: a spectator, who sees public zones only). Masked cards have
   * ids of the view (runtime/view.ts); `realIds` keeps the state's ids, for the determinizer,
   * whose worlds resume paused effects that name cards by them (it shows no agent that view).
   */
  view(state: State, player: EntityId, options?: { readonly realIds?: boolean }): State {
    this.must(state);
    const seats = state.seats ?? this.module.rules.players;
    if (!Number.isInteger(player) || player < 0 || player > seats)
      throw new InputError(`view: ${String(player)} is not a player (0 for a spectator, 1…${seats})`);
    return trusted(playerView(this.rt.bind(state), state, player, options?.realIds === true));
  }

  /**
   * Every seat's view and the spectator's (seat 0), built as a check: random play, scenarios and
   * the fuzzer call it at every decision, so a state no view can be built of (a view is what the
   * terminal and the editor show) is caught where it appears, not when a person first plays it.
   * Throws what building a view throws, prefixed with the seat.
   */
  everyView(state: State): State[] {
    const out: State[] = [];
    for (let seat = 0; seat <= (state.seats ?? this.module.rules.players); seat++) {
      try {
        out.push(playerView(this.rt.bind(state), state, seat));
      } catch (e) {
        throw new ViewFault(seat, e);
      }
    }
    return out;
  }

  /** How a value reads in logs and choices: an entity by its name (a kind's display template), a list joined. */
  nameOf(state: State, v: Value): string {
    this.must(state);
    return this.rt.bind(state).name(v);
  }

  /** A readable label of an action in this state (the log line it would produce). */
  describe(state: State, action: Action): string {
    this.must(state);
    return describeAnswer(this.rt.bind(state), this.decision(state), action);
  }

  /**
   * The label of an action as `viewer` may read it (0: a spectator): an answer by another player
   * that names a card hidden from the viewer reads as the masked log line does. Compute it before
   * the action (a card picked from a hand may be anywhere after it).
   */
  describeFor(state: State, action: Action, viewer: EntityId): string {
    this.must(state);
    return describeFor(this.rt.bind(state), this.decision(state), action, viewer);
  }

  /** The state after an action, on a fork (`fork`: change neither by hand afterwards); the given state is untouched. */
  preview(state: State, action: Action): State | { readonly ok: false; readonly reason: string } {
    const reason = this.check(state, action);
    if (reason !== null) return { ok: false, reason };
    const copy = forkState(state);
    this.apply(copy, action);
    return copy;
  }
}
