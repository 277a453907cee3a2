/**
 * The runtime services generated code calls (the `Ctx` contract): reads, logged changes, and the
 * suspending calls that push frames or open decisions. One RuntimeCtx per Engine, bound to the
 * state being worked on. It is the facade over the rule subsystems (flow/), which it imports, and
 * the one implementation of the `Kernel` (kernel/kernel.ts) they are handed, which they import
 * instead of this file: no import circle (RT-4).
 */
import { chainOp, linkSources, priorityHolder } from "../flow/chain.ts";
import { openAct, openChoose, openMay } from "../flow/decisions.ts";
import { RuntimeFault, errorMessage, statementOf } from "../state/errors.ts";
import { emit } from "../flow/events.ts";
import { pushFrame, ret } from "../flow/frames.ts";
import { blindTo } from "../kernel/knowledge.ts";
import { pushLog } from "../kernel/log.ts";
import { createEntity, dropModifiers, misplacedCards } from "../kernel/entities.ts";
import { cowCache, newZone, ownEntity, ownEntityTable, ownEvent, ownSeen, ownZone } from "../kernel/cow.ts";
import type { ComputeEntry, Kernel, MemberEntry } from "../kernel/kernel.ts";
import type { ModuleIndex } from "../kernel/module-index.ts";
import { controllerOf, declOf, inheritedOf, readSlot } from "../flow/props.ts";
import { endGame } from "../flow/results.ts";
import { randomInt, shuffleInPlace } from "../state/rng.ts";
import type {
  Ctx,
  Entity,
  EntityId,
  EventId,
  Frame,
  GameModule,
  Locals,
  Modifier,
  MoveNote,
  PureFn,
  Scope,
  State,
  StatementSource,
  Value,
} from "../types.ts";
import { truthy, valueEquals } from "../state/values.ts";
import { BUDGETS, formatBounded, valueSize } from "../state/budget.ts";
import { Undo } from "../kernel/undo.ts";
import { indexAtVersion } from "../kernel/versions.ts";

/** Past this many `tick()`s in one drive, a loop is taken to be runaway. */
export const MAX_TICKS = 1_000_000;

/**
 * Resource limits of the language (docs/language.md, "Limits"): exceeding one is a runtime fault
 * naming the card and line, and the `apply` that hit it changes nothing. They keep a card from
 * exhausting the host's memory or time.
 */
export const LIMITS = {
  /** Items in one list built by a join (`xs + ys`). */
  list: 100_000,
  /** Characters in one text built by `+` or interpolation. */
  text: 1_000_000,
  /** Cards created while resolving one answer (one decision to the next). */
  creates: 10_000,
} as const;

/** How a list reads in a text: its items joined by ", ", "none" when it is empty. */
function listText(xs: readonly Value[], each: (x: Value) => string): string {
  return xs.length === 0 ? "none" : xs.map(each).join(", ");
}

export class RuntimeCtx implements Ctx, Kernel {
  /** Generated code is handed this object itself (Kernel.ctx). */
  get ctx(): Ctx {
    return this;
  }
  state: State;
  /** The module's lookups at the bound state's version (see bind). */
  ix: ModuleIndex;
  private readonly baseIx: ModuleIndex;
  private ixVersion: string | undefined = undefined;
  /** The module at the bound state's version (its card table; code and sources are shared). */
  module: GameModule;
  /** Whether changes are logged (an Engine option; game results are always logged). */
  logging = true;
  stopBetweenGames = false;
  askEveryDecision = false;
  /** Told of every card that changed zones (an Engine option; null: nobody listens, nothing is built). */
  onMove: ((note: MoveNote) => void) | null = null;
  /** The step statement running now: an index in `module.positions` set by generated code (-1: none). */
  at = -1;
  /** The pure-code statement running now (kept apart: pure code runs in the middle of step statements). */
  pureAt = -1;
  /** Loop iterations counted by `tick()` since the drive began. */
  ticks = 0;
  /** Units of work (BUDGETS.work) since the answer, or the public call, began: see `charge`. */
  work = 0;
  /** The size of the values stored into the state since the answer began (BUDGETS.remeasure). */
  written = 0;
  /** The statement (index in `module.positions`) that last stored a large value: blamed by the state budget. */
  bigAt = -1;
  /** What was written into each state since it was last measured whole (BUDGETS.remeasure). */
  readonly unmeasured = new WeakMap<State, number>();
  /** (entity, property) pairs whose compute listeners are running: [e0, p0, e1, p1, …]. */
  readonly computing: (EntityId | string)[] = [];
  /**
   * Counts changes that can alter who listens or in which order (set, move, create, remove,
   * modify). Transient, not state: caches keyed on it (compute listeners) are dropped when it moves.
   */
  mutations = 0;
  /**
   * Counts changes of zone membership (move, create, remove) of cards that listen (`ix.listening`):
   * the listener caches depend on nothing else.
   */
  zoneMutations = 0;
  /** Changes with no card named that drop every listener cache (Kernel.listenEpoch). */
  listenEpoch = 0;
  /** Per listener table, the zone changes of cards listening in it (Kernel.tableMoves). */
  tableMoves: number[] = [];

  /** A card of `card` changed zone (moved, created, removed): the tables it listens in have new members. */
  private listenerMoved(card: string): void {
    const ids = this.ix.tablesOfCard.get(card);
    if (ids === undefined) return;
    this.zoneMutations++;
    const moves = this.tableMoves;
    for (let i = 0; i < ids.length; i++) {
      const t = ids[i] as number;
      moves[t] = (moves[t] ?? 0) + 1;
    }
  }
  /**
   * Computed property values at entity × computed-property slots, kept until something they may
   * depend on changes: reading the same cost ten times while legal actions are listed runs its
   * listeners once, and a value stays across answers that set only properties it does not read
   * (`GameModule.computedReads`).
   */
  readonly memoValues: Value[] = [];
  /** The generation each slot of `memoValues` was written in (entity × computed property); current: its property's `computedGen`. */
  readonly memoGens: number[] = [];
  /** Per computed property, the generation of its remembered values: a `set` of a property it reads moves it on. */
  readonly computedGen: number[] = [];
  /** How many of `mutations` were a property's `set`. */
  sets = 0;
  memoState: State | null = null;
  memoMutations = -1;

  /** A drive begins: the counters and budgets of one answer start from zero. */
  beginDrive(): void {
    this.ticks = 0;
    this.created = 0;
    this.work = 0;
    this.written = 0;
    this.bigAt = -1;
  }

  /** A shared entity was copied for the bound state (kernel/cow.ts): caches keyed on the counters drop. */
  copied(): void {
    this.mutations++;
    this.zoneMutations++;
    this.listenEpoch++;
  }

  /** The bound state changed other than through these writers: caches keyed on the counters drop. */
  invalidate(): void {
    this.mutations++;
    this.zoneMutations++;
    this.listenEpoch++;
    this.computing.length = 0;
    this.ticks = 0;
  }

  /** Starts a new memo generation of every computed property: every remembered value is stale (no table is cleared). */
  forgetComputed(): void {
    const gens = this.computedGen;
    const n = this.ix.computedCount;
    let restart = false;
    for (let q = 0; q < n; q++) if ((gens[q] = (gens[q] ?? 0) + 1) > 0x3fffffff) restart = true;
    if (restart) {
      // Generations stay small integers (fast array elements): start over, far from any old stamp.
      this.memoGens.length = 0;
      for (let q = 0; q < n; q++) gens[q] = 1;
    }
    this.memoState = this.state;
    this.memoMutations = this.mutations - this.sets;
  }
  /** The first player for compute listeners (`rules.order.first` asked without a scope), kept while nothing changes. */
  firstState: State | null = null;
  firstMutations = -1;
  firstValue: EntityId = 1;
  /** Listener membership per table, valid while `zoneMutations` and the bound state stay the same. */
  readonly memberCache = new Map<object, MemberEntry>();
  /** Ordered compute listeners per property (flow/props.ts). */
  readonly computeCache = new Map<string, ComputeEntry>();

  /** What `Engine.apply` needs to undo a faulting answer, recorded at each part's first change. */
  readonly undo = new Undo();
  /** What the bound state shares with its forks: writers take their own copies through kernel/cow.ts. */
  readonly cow = cowCache();

  constructor(ix: ModuleIndex) {
    this.ix = ix;
    this.baseIx = ix;
    this.module = ix.module;
    this.state = null as unknown as State;
  }

  bind(state: State): this {
    this.state = state;
    // Each public call (and each answer) has the whole work budget.
    this.work = 0;
    // A match plays at the version chosen at setup: its card definitions come from that version's index.
    if (state.version !== this.ixVersion) {
      this.ix = indexAtVersion(this.baseIx, state.version);
      this.module = this.ix.module;
      this.ixVersion = state.version;
      // Other tables, numbered anew: the listener caches start over.
      this.listenEpoch++;
    }
    return this;
  }

  /** Calls a pure function; a failure becomes a RuntimeFault naming its source. */
  pure(id: string, s: Scope): Value {
    return this.callPure(this.ix.pureFns.get(id), id, s);
  }

  callPure(fn: PureFn | undefined, id: string, s: Scope): Value {
    if (fn === undefined) throw new RuntimeFault(id, this.module.sources[id], `no pure function '${id}' in the module`);
    try {
      return fn(this, s);
    } catch (e) {
      if (e instanceof RuntimeFault) throw e;
      throw new RuntimeFault(
        id,
        this.module.sources[id],
        errorMessage(e),
        e,
        statementOf(this.module.positions, this.pureAt, id),
      );
    }
  }

  /** The handler statement that makes a log entry now, if generated code is running one. */
  by(): StatementSource | undefined {
    const at = this.at;
    return at < 0 ? undefined : this.module.positions?.[at];
  }

  entity(e: EntityId): Entity {
    const x = this.state.entities[e];
    if (x === undefined) throw new Error(`there is no entity ${e}`);
    return x;
  }

  /** A zone as "Owner.zone". */
  zoneLabel(owner: EntityId, zone: string): string {
    return `${this.name(owner)}.${zone}`;
  }

  /** The key of the zone an entity is in. */
  zoneKeyOf(e: Entity): string {
    return this.ix.zoneKey(e.holder ?? e.owner, e.zone);
  }

  // ── reads ──────────────────────────────────────────────────────────────────

  get(e: EntityId, prop: string): Value {
    // Fast path: no lasting modifier anywhere and a property that is not computed (nor an entity
    // fact): its own value, else what it inherits (card field or rules default), then its bounds.
    const x = this.state.entities[e];
    const slot = this.ix.slot(prop);
    if (x === undefined || slot.fact || slot.memo >= 0 || this.state.modifiers.length !== 0)
      return readSlot(this, e, slot);
    const own = x.props[prop];
    const v = own !== undefined && typeof own !== "function" ? own : inheritedOf(e, x, slot);
    if (!slot.bounded || typeof v !== "number") return v;
    const def = declOf(e, x, slot);
    if (def === undefined) return v;
    if (def.min !== undefined && v < def.min) return def.min;
    if (def.max !== undefined && v > def.max) return def.max;
    return v;
  }

  fieldOf(e: EntityId, field: string): Value {
    const x = this.state.entities[e] ?? this.entity(e);
    if (x.card === null) return null;
    const v = this.ix.slot(field).fields.get(x.card);
    return v === undefined ? null : v;
  }

  idField(id: string, field: string): Value {
    const def = this.ix.card(id);
    if (field === "name") return def.name;
    if (field === "kind") return def.kind;
    return Object.hasOwn(def.fields, field) ? (def.fields[field] as Value) : null;
  }

  zoneView(owner: EntityId, zone: string): readonly EntityId[] {
    const ids = this.state.zones[this.ix.zoneKey(owner, zone)];
    return ids === undefined ? this.zone(owner, zone) : ids;
  }

  zone(owner: EntityId, zone: string): EntityId[] {
    const ids = this.state.zones[this.ix.zoneKey(owner, zone)];
    if (ids === undefined) {
      if (this.ix.rules.zones[zone] === undefined) throw new Error(`unknown zone '${zone}'`);
      return [];
    }
    if ((this.work += ids.length) > BUDGETS.work) this.overWork();
    return ids.slice();
  }

  field(ev: EventId, name: string): Value {
    const rec = this.state.events[ev];
    // Own fields only: a field named like an Object method (`constructor`) that is unset is none.
    return rec !== undefined && Object.hasOwn(rec.fields, name) ? (rec.fields[name] as Value) : null;
  }

  /** The seats of the bound match (the rules' number, or the one its configuration chose in a range). */
  get seats(): number {
    return this.state.seats ?? this.ix.players;
  }

  /** The next seat after `p` in turn order (wrapping around); `opponent` in a two-seat game. */
  opponent(p: EntityId): EntityId {
    const n = this.seats;
    return (p % n) + 1;
  }

  /** The seat before `p` in turn order (wrapping around). */
  previous(p: EntityId): EntityId {
    const n = this.seats;
    return ((p + n - 2) % n) + 1;
  }

  players(): EntityId[] {
    const out: EntityId[] = [];
    for (let p = 1; p <= this.seats; p++) out.push(p);
    return out;
  }

  /** Every player but `p`, in turn order from the one after `p`. */
  opponents(p: EntityId): EntityId[] {
    const out: EntityId[] = [];
    const n = this.seats;
    for (let k = 1; k < n; k++) out.push(((p - 1 + k) % n) + 1);
    return out;
  }

  owner(e: EntityId): EntityId {
    return this.entity(e).owner;
  }

  kind(e: EntityId): string {
    const x = this.state.entities[e] ?? this.entity(e);
    if (x.card === null) return e === 0 ? "game" : "player";
    return this.ix.card(x.card).kind;
  }

  cardOf(e: EntityId): string {
    return this.entity(e).card ?? "";
  }

  has(e: EntityId, keyword: string): boolean {
    const x = this.entity(e);
    const slot = this.ix.slot(keyword);
    if (x.card !== null && slot.keywordOf.has(x.card)) return true;
    return truthy(readSlot(this, e, slot));
  }

  name(v: Value): string {
    if (v === null) return "none";
    if (Array.isArray(v)) return listText(v, (x) => this.name(x));
    if (typeof v === "number") {
      const x = this.state.entities[v];
      return x === undefined ? String(v) : this.entityName(x);
    }
    if (typeof v === "string") return Object.hasOwn(this.module.cards, v) ? (this.module.cards[v]?.name ?? v) : v;
    return String(v);
  }

  /**
   * A list of plain values (numbers, truth values, enum values, card ids) as text: each item as it
   * reads alone, where `name` would take a number for an entity's id. The same list format as `name`.
   */
  values(xs: readonly Value[]): string {
    return listText(xs, (x) => (x === null ? "none" : String(x)));
  }

  /** Guards a kind's `display` template against naming itself. */
  private displaying = -1;

  entityName(x: Entity): string {
    const own = x.props.name;
    if (typeof own === "string") return own;
    if (x.card !== null) {
      const def = this.ix.card(x.card);
      // A kind may say how its cards read (e.g. a die by its face): the rules' `display` template.
      const display = this.ix.rules.kinds[def.kind]?.display;
      if (display && this.displaying !== x.id) {
        const outer = this.displaying;
        this.displaying = x.id;
        try {
          const v = this.pure(display, { me: controllerOf(x), self: x.id, ev: null, L: { it: x.id } });
          if (typeof v === "string") return v;
        } finally {
          this.displaying = outer;
        }
      }
      return def.name;
    }
    return x.id === 0 ? "game" : `Player ${x.id}`;
  }

  responds(card: EntityId, ev: EventId): boolean {
    const x = this.entity(card);
    const rec = this.state.events[ev];
    if (x.card === null || rec === undefined) return false;
    const effects = this.module.cards[x.card]?.effects;
    for (const k in effects) {
      const eff = effects[k];
      if (eff === undefined || eff.to !== rec.name) continue;
      if (eff.when === null || truthy(this.pure(eff.when, { me: controllerOf(x), self: card, ev, L: {} }))) return true;
    }
    return false;
  }

  catalog(): string[] {
    return this.ix.catalog.slice();
  }

  seen(key: Value): number {
    const k = JSON.stringify(key);
    const seen = ownSeen(this);
    const before = seen[k];
    if (this.undo.active) this.undo.seen(seen, k, before);
    const n = (before ?? 0) + 1;
    seen[k] = n;
    return n;
  }

  random(n: number): number {
    if (this.undo.active) this.undo.rngWords(this.state);
    return randomInt(this.state.rng, n);
  }

  list(xs: Value[]): Value[] {
    if (xs.length > LIMITS.list)
      throw new Error(`limit: a list of ${xs.length} items is longer than the limit of ${LIMITS.list}`);
    if ((this.work += xs.length) > BUDGETS.work) this.overWork();
    return xs;
  }

  text(s: string): string {
    if (s.length > LIMITS.text)
      throw new Error(`limit: a text of ${s.length} characters is longer than the limit of ${LIMITS.text}`);
    if ((this.work += s.length) > BUDGETS.work) this.overWork();
    return s;
  }

  /** A list about to be walked whole (a filter, a search, a sum): its items are work. */
  visit<T>(xs: readonly T[]): readonly T[] {
    if ((this.work += xs.length) > BUDGETS.work) this.overWork();
    return xs;
  }

  /** Structural equality of two values (`==` on lists), each item compared being work. */
  equal(a: Value, b: Value): boolean {
    if (Array.isArray(a) && (this.work += a.length) > BUDGETS.work) this.overWork();
    return valueEquals(a, b);
  }

  /** Adds work (BUDGETS.work) and faults past the budget. */
  charge(n: number): void {
    if ((this.work += n) > BUDGETS.work) this.overWork();
  }

  private overWork(): never {
    throw new Error(
      `work budget: more than ${BUDGETS.work} units of work (list items built, copied or walked, characters built or logged) while resolving one answer`,
    );
  }

  /** An event field about to be stored by `emit` (BUDGETS.value). */
  storing(v: Value, event: string, field: string): void {
    this.stored(v, event, field, false);
  }

  /** The size of a value about to be stored (BUDGETS.value); measuring it is work too. */
  private stored(v: Value, owner: Entity | string, name: string, modifier: boolean): void {
    if (typeof v !== "object" || v === null) {
      this.written += typeof v === "string" ? 1 + v.length : 1;
      return;
    }
    const n = valueSize(v, BUDGETS.value);
    if (n > BUDGETS.value) {
      // Where it was to go (built only for the fault: no closure or text on the way of every store).
      const where = `${modifier ? "a modifier of " : ""}${typeof owner === "string" ? owner : this.entityName(owner)}.${name}`;
      throw new Error(
        `value budget: a value of more than ${BUDGETS.value} units (items and characters) cannot be stored in ${where}`,
      );
    }
    this.written += n;
    if (n > 4096) this.bigAt = this.at;
    this.charge(n);
  }

  /** Cards created since the drive began (see LIMITS.creates). */
  created = 0;

  tick(): void {
    if (++this.ticks > MAX_TICKS) throw new Error(`runaway loop: more than ${MAX_TICKS} iterations without a decision`);
    if (++this.work > BUDGETS.work) this.overWork();
  }

  fn(name: string, args: Locals, s: Scope): Value {
    return this.pure(name, { me: s.me, self: s.self, ev: s.ev, L: args });
  }

  // ── changes ────────────────────────────────────────────────────────────────

  set(e: EntityId, prop: string, v: Value): void {
    const x = ownEntity(this, this.entity(e));
    if (prop === "controller") return this.setController(x, v);
    this.stored(v, x, prop, false);
    if (this.undo.active) this.undo.prop(x, prop);
    x.props[prop] = v;
    this.mutations++;
    // A set changes only the computed values that may read this property (forgotten lazily otherwise).
    this.sets++;
    const deps = this.ix.slot(prop).dependents;
    for (let i = 0; i < deps.length; i++) {
      const q = deps[i] as number;
      this.computedGen[q] = (this.computedGen[q] ?? 0) + 1;
    }
    if (this.logging)
      pushLog(
        this.state,
        "set",
        `${this.entityName(x)}.${prop} = ${formatBounded(v, BUDGETS.logLine)}`,
        this.entityData(x, { prop, value: v }),
        this.by(),
      );
  }

  /** `c.controller = p`: the card's effects run with `me` = p until it changes zone. */
  private setController(x: Entity, v: Value): void {
    if (x.card === null) throw new Error(`${this.entityName(x)} is not a card: only a card has a controller`);
    if (typeof v !== "number" || !(v >= 1 && v <= this.seats))
      throw new Error(`controller: ${this.name(v)} is not a player`);
    if (this.undo.active) this.undo.slot(x, "controller");
    if (v === x.owner && x.owner !== 0) delete x.controller;
    else x.controller = v;
    this.mutations++;
    if (this.logging)
      pushLog(
        this.state,
        "set",
        `${this.entityName(x)}.controller = ${this.name(v)}`,
        this.entityData(x, { prop: "controller", value: v }),
        this.by(),
      );
  }

  setField(ev: EventId, name: string, v: Value): void {
    const shared = this.state.events[ev];
    if (shared === undefined) throw new Error(`event ${ev} no longer exists (set .${name})`);
    this.stored(v, shared.name, name, false);
    const rec = ownEvent(this, shared);
    if (this.undo.active) this.undo.eventField(rec, name);
    rec.fields[name] = v;
    if (this.logging)
      pushLog(
        this.state,
        "set",
        `${rec.name}.${name} = ${formatBounded(v, BUDGETS.logLine)}`,
        { event: ev, field: name, value: v },
        this.by(),
      );
  }

  move(what: EntityId | readonly EntityId[] | null, owner: EntityId, zone: string, position: "top" | "bottom"): void {
    // The checker refuses a value that may be none here; a none that got past it (a property set
    // to none, say) is a fault with a reason, not a JavaScript error.
    if (what === null) throw new Error(`there is no card to move to ${this.zoneLabel(owner, zone)}: the value is none`);
    if (typeof what === "number") this.moveOne(what, owner, zone, position);
    else for (let i = 0; i < what.length; i++) this.moveOne(what[i] as EntityId, owner, zone, position);
  }

  reveal(what: EntityId | readonly EntityId[] | null, to: EntityId | null): void {
    if (what === null) throw new Error("there is no card to reveal: the value is none");
    if (to === null || !(to >= 0 && to <= this.seats)) throw new Error(`reveal: ${this.name(to)} is not a player`);
    const ids = typeof what === "number" ? [what] : what;
    for (let i = 0; i < ids.length; i++) this.revealOne(ids[i] as EntityId, to);
  }

  private revealOne(id: EntityId, to: EntityId): void {
    const x = ownEntity(this, this.entity(id));
    if (x.card === null) throw new Error(`${this.entityName(x)} is not a card and cannot be revealed`);
    const before = x.known;
    if (before !== undefined && (before.includes(0) || before.includes(to))) return this.revealed(x, to);
    if (this.undo.active) this.undo.slot(x, "known");
    x.known = to === 0 || before === undefined ? [to] : [...before, to].sort((a, b) => a - b);
    this.mutations++;
    this.revealed(x, to);
  }

  private revealed(x: Entity, to: EntityId): void {
    if (!this.logging) return;
    const who = to === 0 ? "everyone" : this.name(to);
    pushLog(
      this.state,
      "reveal",
      `${this.entityName(x)} (${this.zoneLabel(x.holder ?? x.owner, x.zone)}) is revealed to ${who}`,
      { entity: x.id, to, zone: this.zoneKeyOf(x) },
      this.by(),
    );
  }

  hide(what: EntityId | readonly EntityId[] | null): void {
    if (what === null) throw new Error("there is no card to hide: the value is none");
    const ids = typeof what === "number" ? [what] : what;
    for (let i = 0; i < ids.length; i++) {
      const seen = this.entity(ids[i] as EntityId);
      if (seen.known === undefined) continue;
      const x = ownEntity(this, seen);
      if (this.undo.active) this.undo.slot(x, "known");
      delete x.known;
      this.mutations++;
    }
  }

  remove(what: EntityId | readonly EntityId[] | null): void {
    if (what === null) throw new Error("there is no card to remove: the value is none");
    if (typeof what === "number") this.removeOne(what);
    else for (let i = 0; i < what.length; i++) this.removeOne(what[i] as EntityId);
  }

  private removeOne(id: EntityId): void {
    const st = this.state;
    const x = st.entities[id];
    if (x === undefined) return; // already gone
    if (x.card === null) throw new Error(`${this.entityName(x)} is not a card and cannot be removed`);
    const undo = this.undo.active ? this.undo : null;
    this.mutations++;
    this.listenerMoved(x.card);
    const key = this.ix.zoneKey(x.holder ?? x.owner, x.zone);
    const zone = ownZone(this, key);
    const at = zone === undefined ? -1 : zone.indexOf(id);
    if (zone !== undefined && at >= 0) {
      undo?.zoneTake(zone, at);
      zone.splice(at, 1);
    }
    if (st.modifiers.length !== 0) dropModifiers(this, (m) => m.entity === id);
    if (this.logging)
      pushLog(
        st,
        "move",
        `${this.entityName(x)} leaves the game (from ${this.zoneLabel(x.holder ?? x.owner, x.zone)})`,
        { entity: id, from: key, removed: true },
        this.by(),
      );
    undo?.removed(x);
    delete ownEntityTable(this)[id];
  }

  private moveOne(id: EntityId, owner: EntityId, zone: string, position: "top" | "bottom"): void {
    const st = this.state;
    let x = this.entity(id);
    if (x.card === null) throw new Error(`${this.entityName(x)} is not a card and cannot move`);
    const def = this.ix.rules.zones[zone];
    if (def === undefined) throw new Error(`unknown zone '${zone}'`);
    if (st.entities[owner] === undefined) throw new Error(`move: there is no entity ${owner} to own the zone`);
    const fromOwner = x.holder ?? x.owner;
    const fromZone = x.zone;
    const fromKey = this.ix.zoneKey(fromOwner, x.zone);
    const toKey = this.ix.zoneKey(owner, zone);
    const undo = this.undo.active ? this.undo : null;
    let to = ownZone(this, toKey);
    if (to === undefined) {
      undo?.zoneNew(toKey);
      to = newZone(this, toKey, []);
    }
    if (def.limit !== undefined && fromKey !== toKey && to.length >= def.limit) {
      if (this.logging)
        pushLog(
          st,
          "move",
          `${this.entityName(x)} cannot enter ${this.zoneLabel(owner, zone)}: it is full (${def.limit})`,
          { entity: id, from: fromKey, to: toKey, full: true },
          this.by(),
        );
      return;
    }
    const from = fromKey === toKey ? to : ownZone(this, fromKey);
    const at = from === undefined ? -1 : from.indexOf(id);
    if (from === undefined || at < 0)
      throw new Error(`${this.entityName(x)} (${id}) is missing from its zone ${fromKey}`);
    undo?.zoneTake(from, at);
    from.splice(at, 1);
    this.mutations++;
    this.listenerMoved(x.card);
    undo?.zoneAdd(to, position === "top");
    if (position === "top") to.unshift(id);
    else to.push(id);
    if (fromKey !== toKey) {
      x = ownEntity(this, x);
      undo?.place(x);
      x.zone = zone;
      if (owner === x.owner) {
        if (x.holder !== undefined) delete x.holder;
      } else x.holder = owner;
      x.arrival = st.clock++;
      if (x.controller !== undefined) {
        undo?.slot(x, "controller");
        delete x.controller;
      }
      // What a reveal told is about this card where it was: in a new zone it is a new object.
      if (x.known !== undefined) {
        undo?.slot(x, "known");
        delete x.known;
      }
      if (st.modifiers.length !== 0) dropModifiers(this, (m) => m.entity === id);
      for (const _ in x.counters) {
        x.counters = {};
        break;
      }
      if (this.onMove !== null) this.onMove({ state: st, entity: id, from: fromZone, to: zone });
    }
    if (this.logging)
      pushLog(
        st,
        "move",
        `${this.entityName(x)}: ${this.zoneLabel(fromOwner, fromZone)} → ${this.zoneLabel(owner, zone)}`,
        {
          entity: id,
          from: fromKey,
          to: toKey,
        },
        this.by(),
      );
  }

  shuffle(owner: EntityId, zone: string): void {
    const key = this.ix.zoneKey(owner, zone);
    const ids = ownZone(this, key);
    if (ids === undefined && this.ix.rules.zones[zone] === undefined) throw new Error(`unknown zone '${zone}'`);
    if (ids !== undefined) {
      if (this.undo.active) {
        this.undo.zoneOrder(ids);
        this.undo.rngWords(this.state);
      }
      shuffleInPlace(this.state.rng, ids);
      this.stampShuffle(key);
      // After a shuffle no one can tell which of the cards a revealed one is.
      for (let i = 0; i < ids.length; i++) {
        const seen = this.state.entities[ids[i] as EntityId] as Entity;
        if (seen.known === undefined) continue;
        const x = ownEntity(this, seen);
        if (this.undo.active) this.undo.slot(x, "known");
        delete x.known;
      }
    }
    if (this.logging)
      pushLog(this.state, "shuffle", `${this.zoneLabel(owner, zone)} shuffled`, { zone: key }, this.by());
  }

  /** Records when a zone was shuffled: views give its hidden cards new ids from then on. */
  private stampShuffle(key: string): void {
    const st = this.state;
    const undo = this.undo.active ? this.undo : null;
    if (st.shuffles === undefined) {
      undo?.slot(st, "shuffles");
      st.shuffles = {};
    }
    undo?.slot(st.shuffles, key);
    st.shuffles[key] = st.clock;
  }

  create(card: string, owner: EntityId, zone: string): EntityId {
    const st = this.state;
    const def = this.ix.card(card);
    if (this.ix.rules.zones[zone] === undefined) throw new Error(`unknown zone '${zone}'`);
    if (st.entities[owner] === undefined) throw new Error(`create: there is no entity ${owner} to own the card`);
    if (++this.created > LIMITS.creates)
      throw new Error(`limit: more than ${LIMITS.creates} cards created while resolving one answer`);
    const id = createEntity(this, card, owner, zone);
    this.mutations++;
    this.listenerMoved(card);
    if (this.logging)
      pushLog(
        st,
        "create",
        `${def.name} created in ${this.zoneLabel(owner, zone)}`,
        { entity: id, card, zone: this.ix.zoneKey(owner, zone) },
        this.by(),
      );
    return id;
  }

  modify(e: EntityId, prop: string, op: "=" | "+=" | "-=", v: Value, until: string): void {
    const x = this.entity(e);
    this.stored(v, x, prop, true);
    if (this.undo.active) this.undo.modifierList(this.state);
    this.state.modifiers.push({ entity: e, prop, op, value: v, until });
    this.mutations++;
    if (this.logging)
      pushLog(
        this.state,
        "modify",
        `${this.entityName(x)}.${prop} ${op} ${formatBounded(v, BUDGETS.logLine)} until ${until}`,
        this.entityData(x, { prop, op, value: v, until }),
        this.by(),
      );
  }

  log(text: string): void {
    if ((this.work += text.length) > BUDGETS.work) this.overWork();
    if (this.logging) pushLog(this.state, "text", text, undefined, this.by());
  }

  logParts(pieces: readonly (string | readonly [Value])[]): void {
    // With logging off nothing is formatted: no names are read, no text is built.
    if (!this.logging) return;
    const texts: string[] = [];
    // For each piece naming cards: the seats (0: a spectator) that could not see one of them now.
    const hide: Value[] = [];
    for (let i = 0; i < pieces.length; i++) {
      const p = pieces[i] as string | readonly [Value];
      if (typeof p === "string") {
        texts.push(p);
        continue;
      }
      texts.push(this.name(p[0]));
      const blind = blindTo(this.ix.rules.zones, this.state, this.seats, p[0]);
      if (blind.length > 0) hide.push([i, ...blind]);
    }
    const text = this.text(texts.join(""));
    if ((this.work += text.length) > BUDGETS.work) this.overWork();
    pushLog(this.state, "text", text, hide.length === 0 ? undefined : { pieces: texts, hide }, this.by());
  }

  use(f: Frame): void {
    const t = f.trigger;
    if (t === null) return;
    const x = this.state.entities[t.entity];
    if (x === undefined || x.card === null) return;
    const ref = this.ix.triggersOfCard.get(x.card)?.[t.index];
    if (ref === undefined || ref.def.usage === null) return;
    const own = ownEntity(this, x);
    if (this.undo.active) this.undo.counter(own, ref.usedKey);
    own.counters[ref.usedKey] = (own.counters[ref.usedKey] ?? 0) + 1;
  }

  private entityData(x: Entity, extra: Record<string, Value>): Record<string, Value> {
    extra.entity = x.id;
    if (x.card !== null) extra.zone = this.zoneKeyOf(x);
    return extra;
  }

  // ── suspending ─────────────────────────────────────────────────────────────

  choose(
    f: Frame,
    into: string,
    player: EntityId,
    candidates: readonly Value[],
    min: number,
    max: number,
    single: boolean,
    prompt: string,
  ): void {
    openChoose(this, f, into, player, candidates, min, max, single, prompt);
  }

  may(f: Frame, into: string, player: EntityId, prompt: string): void {
    openMay(this, f, into, player, prompt);
  }

  act(f: Frame, into: string | null, window: string, player: EntityId, ev: EventId | null): void {
    openAct(this, f, into, window, player, ev);
  }

  emit(f: Frame, into: string | null, event: string, fields: Record<string, Value>): void {
    emit(this, f, into, event, fields);
  }

  call(f: Frame, into: string | null, procedure: string, args: Locals): void {
    const p = this.ix.rules.procedures[procedure];
    if (p === undefined) throw new Error(`unknown procedure '${procedure}'`);
    pushFrame(this.state, p.h, args, into, f.trigger, f.me, f.self, f.ev);
  }

  run(f: Frame, card: EntityId, effect: string, ev: EventId | null): void {
    const x = this.entity(card);
    const eff = x.card === null ? undefined : this.module.cards[x.card]?.effects[effect];
    if (eff === undefined) return;
    // `me` of an effect is its card's controller (docs/language.md, "Owner and controller").
    // The game controls a card in one of its zones: the player running the effect does then.
    const c = controllerOf(x);
    pushFrame(this.state, eff.h, {}, null, null, c === 0 ? f.me : c, card, ev);
  }

  win(_f: Frame, player: EntityId): void {
    endGame(this, player);
  }

  draw(_f: Frame): void {
    endGame(this, null);
  }

  ret(f: Frame, value: Value): void {
    ret(this, f, value);
  }

  chainOp(f: Frame, into: string | null, op: string, args: readonly Value[]): void {
    chainOp(this, f, into, op, args);
  }

  links(): EntityId[] {
    return linkSources(this.state);
  }

  holder(): EntityId | null {
    return priorityHolder(this.state);
  }

  misplaced(): EntityId[] {
    return misplacedCards(this.state);
  }
}
