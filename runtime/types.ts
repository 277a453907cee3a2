/**
 * The contract between generated game modules and the generic runtime.
 * Nothing here names a game: a game is data (GameModule) plus step functions the compiler writes.
 */

/** Entities (the game record, players, cards) are numbered; 0 is the game, 1…n the players. */
export type EntityId = number;
/** An event instance in `State.events`. */
export type EventId = number;

/**
 * A runtime value: plain JSON. Entity and event references are their numeric ids (the compiler's
 * static types tell them apart from numbers); `null` is the language's `none`.
 */
export type Value = number | string | boolean | null | readonly Value[];

/** The locals of a paused effect: plain data. */
export type Locals = Record<string, Value>;

/** What names mean while an effect runs. */
export interface Scope {
  /** The controlling player (`me`). */
  readonly me: EntityId;
  /** The card whose effect runs (`self`), or null in rules code. */
  readonly self: EntityId | null;
  /** The event bound to `event`, or null. */
  readonly ev: EventId | null;
  /** Locals and parameters (also `subject`/`value` for compute modifiers). */
  readonly L: Locals;
}

/** One paused or running effect: a step function, the step to resume at, and its locals. */
export interface Frame extends Scope {
  /** Step-function id in `GameModule.steps` (or a runtime-internal id starting with `$`). */
  h: string;
  step: number;
  L: Locals;
  /** Name of the local in the parent frame that receives this frame's result. */
  into: string | null;
  /** For trigger handlers: the listening entity and the trigger's index, so `use` can spend a usage. */
  trigger: { readonly entity: EntityId; readonly index: number } | null;
  /** Event ids created by this frame; freed when it finishes. */
  owned: EventId[];
}

export type StepFn = (ctx: Ctx, f: Frame) => void;
export type PureFn = (ctx: Ctx, s: Scope) => Value;

/** One change or happening, structured; `text` is the readable line. */
export interface LogEntry {
  readonly kind:
    | "action"
    | "decision"
    | "move"
    | "set"
    | "event"
    | "text"
    | "game"
    | "create"
    | "shuffle"
    | "modify"
    | "chain"
    | "reveal";
  readonly text: string;
  readonly data?: Readonly<Record<string, Value>>;
  /**
   * The statement of the handler that made this entry (absent for the runtime's own lines). Not
   * part of the entry's JSON: a state read back from JSON has no `by` on its earlier entries.
   */
  readonly by?: StatementSource;
}

export interface Entity {
  readonly id: EntityId;
  /** Card id for card instances; null for the game and player entities. */
  readonly card: string | null;
  owner: EntityId;
  zone: string;
  /**
   * The owner of the zone it is in, when that differs from `owner` (a card moved into another
   * player's zone keeps its owner). Absent otherwise: the zone key is `${holder ?? owner}:${zone}`.
   */
  holder?: EntityId;
  /**
   * The player controlling it when the rules changed that (`c.controller = p`); absent: its owner,
   * or for a card the game owns, the player whose zone holds it. Cleared when it changes zone.
   */
  controller?: EntityId;
  /**
   * The players it was revealed to (`reveal c to p`; 0 stands for everyone) though its zone hides
   * it from them. Cleared when it changes zone or its zone is shuffled, and by `hide c`.
   */
  known?: EntityId[];
  /** When it entered its current zone (a global counter): the order of arrival. */
  arrival: number;
  props: Record<string, Value>;
  /** Usage and limit bookkeeping of its triggers. */
  counters: Record<string, number>;
}

export interface EventRecord {
  readonly id: EventId;
  readonly name: string;
  fields: Record<string, Value>;
  /** The arrival clock when it was emitted: cards with a later arrival came after it. */
  readonly at?: number;
}

/** A lasting change: `modify e.prop op value until event`. Also ends when the entity changes zone. */
export interface Modifier {
  readonly entity: EntityId;
  readonly prop: string;
  readonly op: "=" | "+=" | "-=";
  readonly value: Value;
  readonly until: string;
}

/** One choice offered to a player in an action window. */
export interface ActOption {
  readonly type: "act";
  readonly action: string;
  readonly args: Readonly<Record<string, Value>>;
}

/** An answer to the pending decision. */
export type Action =
  | ActOption
  | { readonly type: "pick"; readonly value: Value }
  | { readonly type: "done" }
  | { readonly type: "yes" }
  | { readonly type: "no" };

export type Decision =
  | {
      readonly type: "act";
      readonly player: EntityId;
      readonly window: string;
      readonly ev: EventId | null;
      readonly options: readonly ActOption[];
      /** Runtime bookkeeping: the local of the waiting (top) frame that receives the answer. */
      readonly into?: string | null;
    }
  | {
      readonly type: "choose";
      readonly player: EntityId;
      readonly prompt: string;
      readonly candidates: readonly Value[];
      readonly min: number;
      readonly max: number;
      /** Picks so far (a multi-pick decision is answered one pick at a time, then `done`). */
      picked: Value[];
      /** `choose one`: the result is the picked value, not a list. */
      readonly single: boolean;
      /** Runtime bookkeeping: the local of the waiting (top) frame that receives the answer. */
      readonly into?: string | null;
    }
  | {
      readonly type: "may";
      readonly player: EntityId;
      readonly prompt: string;
      /** Runtime bookkeeping: the local of the waiting (top) frame that receives the answer. */
      readonly into?: string | null;
    };

export interface MatchRecord {
  /** 1-based number of the current game of the match. */
  number: number;
  /** Winner of each finished game (null for a draw). */
  results: (EntityId | null)[];
  over: boolean;
  winner: EntityId | null;
  /**
   * A game has ended and the next has not begun: only with EngineOptions.stopBetweenGames (a
   * scenario that stops at the end of a game sees the board the game ended with).
   */
  between?: true;
}

/**
 * A chain link (runtime/flow/chain.ts): a paused effect waiting to resolve — its frame (handler, step,
 * captured locals, controller `me`, source `self`), its source card, its chosen targets with the
 * arrival each had when chosen (a target that moved since makes the link fizzle), and its stamp.
 */
export interface ChainLink {
  /** Its position on the chain when added (1 = bottom). */
  readonly n: number;
  readonly frame: Frame;
  readonly source: EntityId | null;
  readonly controller: EntityId;
  readonly targets: readonly { readonly entity: EntityId; readonly arrival: number }[];
  /** The arrival clock when it was added. */
  readonly arrival: number;
}

export interface ChainState {
  /** Bottom first; the last resolves next. */
  links: ChainLink[];
  /** The player holding priority, or null. */
  holder: EntityId | null;
  /** Passes in a row since the last link or priority change. */
  passes: number;
  /** The arrival clock when every player last passed in a row: older links have been passed on (absent: never). */
  settled?: number;
}

/** The whole state of a match: plain, serializable data. */
export interface State {
  readonly game: string;
  /** PRNG state (pure-rand xoroshiro128+ state words). */
  rng: number[];
  /** Next entity/event id. */
  seq: number;
  /** Arrival counter. */
  clock: number;
  entities: Record<number, Entity>;
  /** `${ownerId}:${zone}` → entity ids in order (index 0 = top). */
  zones: Record<string, EntityId[]>;
  events: Record<number, EventRecord>;
  modifiers: Modifier[];
  /** The resolution stack; the last frame runs next. */
  frames: Frame[];
  decision: Decision | null;
  match: MatchRecord;
  /** Repetition bookkeeping for `seen(...)`, reset each game. */
  seen: Record<string, number>;
  log: LogEntry[];
  /** Number of decisions answered so far. */
  turnstile: number;
  /** The chain and priority, once a game uses them (absent before). */
  chain?: ChainState;
  /** The game version the match is played at (chosen at setup; absent: every card's own definition). */
  version?: string;
  /** The number of seats of this match, when the rules allow a range (absent: `rules.players`). */
  seats?: number;
  /**
   * A secret of the match that views never show: the ids a view gives hidden cards are derived
   * from it, so that they cannot be told apart (runtime/view.ts). Absent in older states.
   */
  salt?: number;
  /** Zone key → the clock when it was last shuffled (a view's ids of hidden cards change then). */
  shuffles?: Record<string, number>;
}

// ── the generated module ─────────────────────────────────────────────────────

/** How a board shows a property or zone (the rules' `show:`); absent = main. */
export type Show = "main" | "detail" | "hidden";

export interface PropDef {
  readonly default: Value;
  /** How a board shows it (absent: main, on the card). */
  readonly show?: Show;
  /** Reads go through `compute` modifiers of cards in play. */
  readonly computed?: boolean;
  readonly min?: number;
  readonly max?: number;
}

export interface ZoneDef {
  /** Who sees the contents: everyone, the owner only, or no one (e.g. a deck). */
  readonly visibility: "public" | "owner" | "hidden";
  readonly limit?: number;
  /** How a board shows it (absent: main). */
  readonly show?: Show;
  /** A board shows its cards grouped by how they read, with counts (resources). */
  readonly group?: boolean;
  /** "game": one zone of the game (entity 0), shared by everyone; absent: every player has one. */
  readonly of?: "game";
  /**
   * What the zone is for, to hosts that count cards without knowing the game (the balance lab):
   * cards are drawn from a `deck` into a `hand`, and played from a `hand` into a `play` zone.
   * Absent: the zone has no such role. The runtime itself never reads it.
   */
  readonly role?: ZoneRole;
}

/** A zone's role for card counts (ZoneDef.role). */
export type ZoneRole = "deck" | "hand" | "play";

/** A card that changed zones (Engine option `onMove`): its id, the state, and the zones' names. */
export interface MoveNote {
  readonly state: State;
  readonly entity: EntityId;
  readonly from: string;
  readonly to: string;
}

export interface TriggerDef {
  readonly event: string;
  readonly stage: string | null;
  /** Zones the card listens from; empty = its kind's active zones. */
  readonly in: readonly string[];
  readonly when: string | null;
  readonly h: string;
  readonly usage: number | null;
  readonly limit: { readonly count: number; readonly per: string } | null;
  /** The author's reason why this trigger cannot keep firing (`bounded:`): the loop analysis takes it at its word; the runtime ignores it. */
  readonly bounded?: string;
}

export interface ComputeDef {
  readonly prop: string;
  readonly when: string | null;
  /** PureFn id: L.subject is the entity, L.value the value so far; returns the new value. */
  readonly fn: string;
  readonly in: readonly string[];
  /** Only the card's own property (`of: self`): other subjects skip it without evaluating `when`. */
  readonly ofSelf?: boolean;
}

export interface EffectDef {
  readonly h: string;
  /** For responses: the event answered and the condition. */
  readonly to: string | null;
  readonly when: string | null;
}

export interface CardDef {
  readonly id: string;
  readonly kind: string;
  readonly name: string;
  /** Static fields of the card file (cost, power, element, text…). */
  readonly fields: Readonly<Record<string, Value>>;
  readonly keywords: readonly string[];
  readonly triggers: readonly TriggerDef[];
  readonly computes: readonly ComputeDef[];
  /** Effect fields (`effect`, `respond`, …) → step function. */
  readonly effects: Readonly<Record<string, EffectDef>>;
  /** Other definitions of this card for ranges of the game's versions (see versions.ts). */
  readonly versions?: readonly CardVersion[];
}

/** A card's definition for the versions in [since, until) (a missing bound is open). */
export interface CardVersion {
  readonly since: string | null;
  readonly until: string | null;
  readonly def: CardDef;
}

export interface ActionDef {
  readonly name: string;
  readonly window: string;
  /** Parameter name bound to each candidate of `list` (or null for an action without one). */
  readonly param: string | null;
  readonly list: string | null;
  readonly when: string | null;
  /** The source text of `when:` (a refusal quotes the condition that does not hold). */
  readonly whenText?: string;
  /** `when:` as a list: conditions that must all hold, each with its reason for a refusal. */
  readonly conditions?: readonly ActionCondition[];
  readonly h: string;
  /** PureFn returning the option's label text. */
  readonly label: string | null;
  /**
   * The label reads nothing but the player and the action's arguments (and fixed text): a
   * viewer who sees the arguments may read it as it is. Absent: it may read more (a hidden
   * card), so another player's view words it without the names of the cards it cannot see.
   */
  readonly labelPlain?: true;
}

/** One legality condition of an action: a PureFn, its source text, and its reason (a PureFn giving the text) or null. */
export interface ActionCondition {
  readonly test: string;
  readonly text: string;
  readonly reason: string | null;
}

export interface RulesData {
  /** The most seats (the only number of seats unless `minPlayers` is given). */
  readonly players: number;
  /** The fewest seats a match may have (absent: `players`). */
  readonly minPlayers?: number;
  readonly match: { readonly games: number; readonly winsNeeded: number };
  readonly props: {
    readonly card: Readonly<Record<string, PropDef>>;
    readonly player: Readonly<Record<string, PropDef>>;
    readonly game: Readonly<Record<string, PropDef>>;
  };
  readonly zones: Readonly<Record<string, ZoneDef>>;
  /** Card kinds → the zones where their triggers and modifiers are active. */
  readonly kinds: Readonly<
    Record<
      string,
      {
        readonly activeIn: readonly string[] /** PureFn (L.it = the card): how its cards read in logs and choices. */;
        readonly display?: string | null;
        /** The fields a board shows on its cards (card fields or card properties), in order. */
        readonly key?: readonly string[];
        /** Key fields shown only while not 0 (written `costVoid?` in the rules). */
        readonly keyUnlessZero?: readonly string[];
      }
    >
  >;
  /** Events: their stages in order, and which fields hold entities (for readable logs). */
  readonly events: Readonly<
    Record<
      string,
      { readonly stages: readonly string[]; readonly entityFields?: readonly string[]; readonly since?: string }
    >
  >;
  /** Trigger order: the player whose listeners go first (PureFn id), then zones in this order, then arrival. */
  readonly order: {
    readonly first: string | null;
    readonly zones: readonly string[];
    /** PureFn with L.it = the listener: a number; lower goes first (after the player order). */
    readonly rank?: string | null;
  };
  readonly actions: readonly ActionDef[];
  readonly flow: { readonly game: string; readonly scenario: string | null };
  /** PureFn (me = a seat, its cards in their starting zones; L.errors = []): the deck's problems as texts. */
  readonly deckErrors?: string | null;
  /**
   * PureFn (me = a seat; no locals): how good the state is for that seat, a number from −100 (as
   * good as lost) to 100 (as good as won); agents clamp to that range. Absent: the game declares
   * no evaluation and agents only tell wins from losses.
   */
  readonly evaluate?: string | null;
  readonly procedures: Readonly<Record<string, { readonly h: string; readonly params: readonly string[] }>>;
  /** The game's known versions (oldest first) and the version its cards' own definitions describe. */
  readonly versions?: { readonly known: readonly string[]; readonly default: string | null };
  /** Conditions that hold after every action (checked on request: runtime/host/invariants.ts). */
  readonly invariants?: readonly InvariantDef[];
}

/** An invariant of the rules: PureFn ids of its check (a bool, with `me` = each player) and its message (a text). */
export interface InvariantDef {
  readonly id: string;
  readonly rule: string | null;
  readonly check: string;
  readonly message: string | null;
}

export interface SourceInfo {
  readonly file: string;
  readonly line: number;
  /** 1-based column where the code starts (absent in hand-written modules). */
  readonly col?: number;
  readonly what: string;
}

/** A statement of generated code: its handler (step/pure function id) and its place in the YAML. */
export interface StatementSource {
  readonly h: string;
  readonly file: string;
  readonly line: number;
  readonly col: number;
}

export interface GameModule {
  readonly id: string;
  readonly name: string;
  readonly rules: RulesData;
  readonly cards: Readonly<Record<string, CardDef>>;
  readonly steps: Readonly<Record<string, StepFn>>;
  readonly pure: Readonly<Record<string, PureFn>>;
  /** Where each step/pure function comes from, so a runtime error names the YAML file and line. */
  readonly sources: Readonly<Record<string, SourceInfo>>;
  /**
   * Every traced statement; generated code stores the index of the statement it runs in
   * `Ctx.at` (step code) or `Ctx.pureAt` (pure code). Absent in hand-written modules.
   */
  readonly positions?: readonly StatementSource[];
  /**
   * Computed property name → the property names its value may depend on (the compiler's reading
   * of its compute listeners, the functions they call and the rules' trigger order), or null when
   * it may depend on anything. The runtime keeps a computed value until one of them is set or
   * something other than a property changes. Absent (a hand-written module) or a name left out:
   * every change forgets it.
   */
  readonly computedReads?: Readonly<Record<string, readonly string[] | null>>;
}

// ── what generated code may call ─────────────────────────────────────────────

/**
 * The runtime services available to generated step and pure functions.
 * Suspending calls (choose, may, act, emit, call, run, win, draw, ret) must be the last thing a
 * step function does before `return`: the caller sets `f.step` to the continuation first.
 */
export interface Ctx {
  readonly state: State;
  /** Index in `GameModule.positions` of the step statement running now (-1: none). */
  at: number;
  /** The same for pure code (conditions, modifiers, functions), kept apart so it never misplaces a step's log lines. */
  pureAt: number;
  // reads
  get(e: EntityId, prop: string): Value;
  /** A card's static field (no property of that name exists): the card file's value or its default. */
  fieldOf(e: EntityId, field: string): Value;
  /** A card definition's name, kind or field (`card(c).cost`); none when the card has no such field. */
  idField(id: string, field: string): Value;
  zone(owner: EntityId, zone: string): EntityId[];
  /** The zone's live list (no copy): only for reading at once (count, filter, membership). */
  zoneView(owner: EntityId, zone: string): readonly EntityId[];
  field(ev: EventId, name: string): Value;
  opponent(p: EntityId): EntityId;
  previous(p: EntityId): EntityId;
  players(): EntityId[];
  opponents(p: EntityId): EntityId[];
  owner(e: EntityId): EntityId;
  kind(e: EntityId): string;
  cardOf(e: EntityId): string;
  has(e: EntityId, keyword: string): boolean;
  name(v: Value): string;
  /** A list of numbers, truth values, enum values or card ids as text, in `name`'s list format. */
  values(xs: readonly Value[]): string;
  responds(card: EntityId, ev: EventId): boolean;
  catalog(): string[];
  seen(key: Value): number;
  random(n: number): number;
  /** Counts a loop iteration; throws when a loop runs away. */
  tick(): void;
  /** A joined list, checked against the list length limit (LIMITS.list). */
  list(xs: Value[]): Value[];
  /** A built text, checked against the text length limit (LIMITS.text). */
  text(s: string): string;
  /** A list about to be walked whole (filter, search, sum): counted as work (BUDGETS.work), returned as is. */
  visit<T>(xs: readonly T[]): readonly T[];
  /** Structural equality of two values (`==` on lists), counted as work. */
  equal(a: Value, b: Value): boolean;
  /** Calls a rules `function` (pure). */
  fn(name: string, args: Locals, s: Scope): Value;
  // changes (logged)
  set(e: EntityId, prop: string, v: Value): void;
  setField(ev: EventId, name: string, v: Value): void;
  move(what: EntityId | readonly EntityId[], owner: EntityId, zone: string, position: "top" | "bottom"): void;
  shuffle(owner: EntityId, zone: string): void;
  create(card: string, owner: EntityId, zone: string): EntityId;
  /** The card(s) leave the game: out of their zone, their modifiers gone, the entity deleted. */
  remove(what: EntityId | readonly EntityId[]): void;
  /** `reveal x [to p]`: p (0: everyone) knows the card(s) until they change zone or are hidden. */
  reveal(what: EntityId | readonly EntityId[], to: EntityId): void;
  hide(what: EntityId | readonly EntityId[]): void;
  /** A `log` text with cards in it: text pieces and `[value]`s read by name, masked per viewer. */
  logParts(pieces: readonly (string | readonly [Value])[]): void;
  modify(e: EntityId, prop: string, op: "=" | "+=" | "-=", v: Value, until: string): void;
  log(text: string): void;
  use(f: Frame): void;
  // suspending
  choose(
    f: Frame,
    into: string,
    player: EntityId,
    candidates: readonly Value[],
    min: number,
    max: number,
    single: boolean,
    prompt: string,
  ): void;
  may(f: Frame, into: string, player: EntityId, prompt: string): void;
  act(f: Frame, into: string | null, window: string, player: EntityId, ev: EventId | null): void;
  emit(f: Frame, into: string | null, event: string, fields: Record<string, Value>): void;
  call(f: Frame, into: string | null, procedure: string, args: Locals): void;
  run(f: Frame, card: EntityId, effect: string, ev: EventId | null): void;
  win(f: Frame, player: EntityId): void;
  draw(f: Frame): void;
  ret(f: Frame, value: Value): void;
  // the chain (runtime/flow/chain.ts)
  /** A chain operation (`chain`, `give-priority`, `pass-priority`, `negate`); suspending like `call`. */
  chainOp(f: Frame, into: string | null, op: string, args: readonly Value[]): void;
  /** The sources of the links on the chain, bottom first. */
  links(): EntityId[];
  /** The player holding priority, or none. */
  holder(): EntityId | null;
  /** The cards not listed exactly once, in the zone (and holder) they say they are in: a bookkeeping check for invariants. */
  misplaced(): EntityId[];
}
