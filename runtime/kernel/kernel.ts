/**
 * The kernel's interface: what every rule subsystem (runtime/flow/) is handed. It names the bound
 * state and module index, the counters and budgets of one answer, the typed caches and the undo
 * journal, and the few reads subsystems need (pure functions, names, the running statement).
 *
 * This file is a leaf: it imports only types below it, so a subsystem can take a `Kernel` without
 * importing the `Ctx` facade (host/ctx.ts) that in turn imports the subsystems (invariant RT-4 in
 * docs/architecture.md). `RuntimeCtx` is the one implementation.
 */
import type { ComputeRef, ListenerTable, ModuleIndex } from "./module-index.ts";
import type { Journal } from "./undo.ts";
import type { Shares } from "../state/clone.ts";
import type { Ctx, Entity, EntityId, GameModule, PureFn, Scope, State, StatementSource, Value } from "../types.ts";

/** A listener table's reference as `order.ts` ranks it (trigger and compute references both have it). */
export interface RefShape {
  readonly zones: ReadonlySet<string>;
  readonly stageRank: number;
  readonly index: number;
}

/** A card that listens in one of a table's zones, with the ranks that order it (flow/order.ts). */
export interface Listener<R> {
  readonly entity: Entity;
  readonly ref: R;
  readonly zoneRank: number;
  playerRank: number;
  /** The rules' `trigger-order.rank` of the listener (0 without one). */
  rank: number;
}

/** A table's members while the bound state, `listenEpoch` and the table's `tableMoves` stay the same (flow/order.ts). */
export interface MemberEntry {
  readonly state: State;
  readonly epoch: number;
  readonly moves: number;
  readonly list: readonly Listener<RefShape>[];
}

/** The ordered compute listeners of one property while nothing changes (flow/props.ts). */
export interface ComputeEntry {
  readonly state: State;
  mutations: number;
  readonly epoch: number;
  readonly moves: number;
  readonly first: EntityId;
  readonly listeners: readonly Listener<ComputeRef>[];
}

/** What the bound state shares with forks of it, cached while the state and the fork count stay (kernel/cow.ts). */
export interface CowCache {
  state: State | null;
  forks: number;
  shares: Shares | null;
}

export interface Kernel {
  /** The `Ctx` facade generated step functions are called with (the implementation itself). */
  readonly ctx: Ctx;
  /** The state being worked on (see `bind`). */
  readonly state: State;
  /** The module's lookups at the bound state's version. */
  readonly ix: ModuleIndex;
  /** The module at the bound state's version (its card table; code and sources are shared). */
  readonly module: GameModule;
  /** Whether changes are logged (an Engine option; game results are always logged). */
  logging: boolean;
  /** Stop when a game of the match ends, before the next one is set up (EngineOptions.stopBetweenGames). */
  stopBetweenGames: boolean;
  /** Ask every decision, one with a single answer too (EngineOptions.askEveryDecision). */
  askEveryDecision: boolean;
  /** The step statement running now: an index in `module.positions` set by generated code (-1: none). */
  at: number;
  // The counters: written only by the kernel's implementation (its change methods, `tick`,
  // `beginDrive`, `invalidate`); subsystems read them (test/architecture/writers.test.ts).
  /** Loop iterations counted by `tick()` since the drive began. */
  readonly ticks: number;
  /** Units of work (BUDGETS.work) since the answer, or the public call, began. */
  readonly work: number;
  /** The size of the values stored into the state since the answer began (BUDGETS.remeasure). */
  readonly written: number;
  /** The statement (index in `module.positions`) that last stored a large value: blamed by the state budget. */
  readonly bigAt: number;
  /** What was written into each state since it was last measured whole (BUDGETS.remeasure). */
  readonly unmeasured: WeakMap<State, number>;
  /** Cards created since the drive began (LIMITS.creates). */
  readonly created: number;
  /** (entity, property) pairs whose compute listeners are running: [e0, p0, e1, p1, …]. */
  readonly computing: (EntityId | string)[];
  /** Counts changes that can alter who listens or in which order; caches keyed on it drop when it moves. */
  readonly mutations: number;
  /** Counts zone changes of cards that listen (`ix.listening`). */
  readonly zoneMutations: number;
  /**
   * Moves with no card named (a shared entity copied, the state changed from outside): every
   * listener cache drops. With `tableMoves`, all the listener caches depend on.
   */
  readonly listenEpoch: number;
  /** Per listener table (`ListenerTable.id`), the zone changes of cards that listen in it. */
  readonly tableMoves: readonly number[];
  /** Computed property values at entity × computed-property slots, (see `memoGens`). */
  readonly memoValues: Value[];
  /** The generation each slot of `memoValues` was written in: valid while it is its property's `computedGen`. */
  readonly memoGens: number[];
  /** Per computed property (its `PropSlot.memo`), the current generation of its remembered values. */
  readonly computedGen: number[];
  /** Changes that were a property's `set` (counted in `mutations` too): only those set a computed value's dependencies apart. */
  sets: number;
  memoState: State | null;
  /** `mutations - sets` when the memo was last forgotten whole. */
  memoMutations: number;
  /** The first player for compute listeners, kept while nothing changes. */
  firstState: State | null;
  firstMutations: number;
  firstValue: EntityId;
  /** Listener membership per table (flow/order.ts). */
  readonly memberCache: Map<object, MemberEntry>;
  /** Ordered compute listeners per property (flow/props.ts). */
  readonly computeCache: Map<string, ComputeEntry>;
  /**
   * The undo journal of `Engine.apply`: every writer records the inverse of its change here first.
   * Subsystems record; only the Engine begins, restores and ends it.
   */
  readonly undo: Journal;
  /** Copy on write of forked states: what the bound state shares (kernel/cow.ts). */
  readonly cow: CowCache;

  /** Binds the kernel to a state (and its version's index); each public call starts a new work budget. */
  bind(state: State): this;
  /** A drive begins: the counters and budgets of one answer (ticks, work, written, created) start from zero. */
  beginDrive(): void;
  /**
   * The bound state changed other than through the kernel's writers (undone after a fault, or
   * changed by the host): the caches keyed on the counters drop, and nothing is running.
   */
  invalidate(): void;
  /**
   * A shared entity was copied for the bound state (kernel/cow.ts): caches that hold entities by
   * identity drop, as after any change that can alter who listens.
   */
  copied(): void;
  /** Starts a new memo generation of every computed property: every remembered computed value is stale. */
  forgetComputed(): void;
  /** Calls a pure function of the module; a failure becomes a RuntimeFault naming its source. */
  pure(id: string, s: Scope): Value;
  /**
   * `pure(id, s)` with the function already looked up (`ModuleIndex.pureFn`): what hot paths call
   * with the functions the module index resolved once (undefined: there is none, `pure` says so).
   */
  callPure(fn: PureFn | undefined, id: string, s: Scope): Value;
  /** The handler statement that makes a log entry now, if generated code is running one. */
  by(): StatementSource | undefined;
  entity(e: EntityId): Entity;
  kind(e: EntityId): string;
  opponent(p: EntityId): EntityId;
  /** The seats of the bound match: the rules' number, or the one its configuration chose in a range. */
  readonly seats: number;
  /** A value (entity, list, text, number) as people read it. */
  name(v: Value): string;
  /** An entity as people read it: its own name, its kind's display template, its card's name. */
  entityName(x: Entity): string;
  /** An event field about to be stored by `emit` (BUDGETS.value). */
  storing(v: Value, event: string, field: string): void;
}
