/**
 * Per-module lookups, built once per Engine: triggers indexed by event, compute listeners by
 * property, actions by window, zone ranks, stage ranks, zone keys. Nothing here changes during play.
 */
import type {
  ActionDef,
  CardDef,
  ComputeDef,
  EntityId,
  GameModule,
  PropDef,
  PureFn,
  RulesData,
  StepFn,
  TriggerDef,
  Value,
} from "../types.ts";

/** A trigger of a card definition, with what ordering and bookkeeping need. */
export interface TriggerRef {
  readonly def: TriggerDef;
  readonly index: number;
  /** Zones it listens from (its own `in`, or its kind's active zones). */
  readonly zones: ReadonlySet<string>;
  readonly stageRank: number;
  /** Counter keys in `Entity.counters`: uses spent, fires since the limit's period began. */
  readonly usedKey: string;
  readonly firedKey: string;
  /** `def.when` resolved (undefined: none, or no such function). */
  readonly whenFn: PureFn | undefined;
}

/** A compute listener of a card definition. */
export interface ComputeRef {
  readonly def: ComputeDef;
  readonly index: number;
  readonly zones: ReadonlySet<string>;
  readonly stageRank: number;
  /** `def.when` and `def.fn` resolved (undefined: none, or no such function). */
  readonly whenFn: PureFn | undefined;
  readonly valueFn: PureFn | undefined;
}

/** An action's pure functions resolved once (undefined: none, or no such function): its candidate list, `when` and conditions. */
export interface ActionFns {
  readonly list: PureFn | undefined;
  readonly when: PureFn | undefined;
  readonly tests: readonly (PureFn | undefined)[];
}

/** The listeners of one event (or one computed property): by card id, and every zone they may listen from. */
export interface ListenerTable<R> {
  /** Its number among the module's trigger and compute tables (the runtime counts moves per table). */
  readonly id: number;
  readonly byCard: ReadonlyMap<string, readonly R[]>;
  readonly zones: readonly string[];
  /** Owner id (0…players) → the zone keys of `zones`, and their ordering ranks. */
  readonly keys: readonly (readonly string[])[];
  readonly ranks: readonly number[];
}

const EMPTY_ZONES: ReadonlySet<string> = new Set();

/**
 * One property name as reads resolve it, worked out once per module (and version): its
 * declaration per entity table, its bounds, whether it is computed, and what each card inherits
 * when it does not hold the property itself. A read looks the name up once and finds everything
 * here, instead of asking the tables and the card definition one by one.
 */
export interface PropSlot {
  readonly name: string;
  /** A built-in fact of the entity record (owner, controller, kind, card, zone), not a property. */
  readonly fact: boolean;
  /** Computed on some table: its index in the runtime's memo of computed values; else -1. */
  readonly memo: number;
  /** A declared min or max on some table (and not computed: a computed value is clamped after its computes). */
  readonly bounded: boolean;
  readonly game: PropDef | undefined;
  readonly player: PropDef | undefined;
  readonly card: PropDef | undefined;
  /** Card id → its static field of this name (a card without one is absent). */
  readonly fields: ReadonlyMap<string, Value>;
  /** Card id → what a card of that id holds when it does not hold the property itself: its field, or for `name` its name. */
  readonly inherited: ReadonlyMap<string, Value>;
  /** What any other card inherits: the card table's default, else none. */
  readonly cardDefault: Value;
  /** Card ids that list this name as a keyword. */
  readonly keywordOf: ReadonlySet<string>;
  /** The compute listeners of a computed property (undefined when no card has one). */
  readonly computes: ListenerTable<ComputeRef> | undefined;
  /** The memo indices of the computed properties whose value may depend on this name (`GameModule.computedReads`): setting it forgets them. */
  readonly dependents: readonly number[];
}

/** The facts of an entity record that read like properties. */
const FACTS = ["owner", "controller", "kind", "card", "zone"];

function usedKey(i: number): string {
  return `used${i}`;
}
function firedKey(i: number): string {
  return `fired${i}`;
}

/**
 * Gives every table of a module keyed by names from the game's files (cards, zones, properties,
 * kinds, events, procedures, functions, sources) no prototype, so a name such as `constructor` or
 * `toString` looks up only what the game declares. Done once per module object (idempotent).
 */
export function withoutPrototypes(module: GameModule): GameModule {
  const tables: object[] = [
    module.cards,
    module.steps,
    module.pure,
    module.sources,
    module.rules.zones,
    module.rules.kinds,
    module.rules.events,
    module.rules.procedures,
    module.rules.props.card,
    module.rules.props.player,
    module.rules.props.game,
  ];
  for (const c of Object.values(module.cards)) tables.push(c.fields, c.effects);
  for (const t of tables) if (Object.getPrototypeOf(t) !== null) Object.setPrototypeOf(t, null);
  return module;
}

const NO_VALUES: ReadonlyMap<string, Value> = new Map();
const NO_CARDS: ReadonlySet<string> = new Set();

/** The slot of a name the module does not know (made on each read: such names are not remembered). */
function undeclared(name: string, dependents: readonly number[]): PropSlot {
  return {
    dependents,
    name,
    fact: false,
    memo: -1,
    bounded: false,
    game: undefined,
    player: undefined,
    card: undefined,
    fields: NO_VALUES,
    inherited: NO_VALUES,
    cardDefault: null,
    keywordOf: NO_CARDS,
    computes: undefined,
  };
}

export class ModuleIndex {
  readonly module: GameModule;
  readonly rules: RulesData;
  readonly players: number;
  /** Zone names in declaration order. */
  readonly zoneNames: readonly string[];
  /** Zone name → ordering rank (rules.order.zones first, then the others in declaration order). */
  readonly zoneRank: ReadonlyMap<string, number>;
  readonly triggers: ReadonlyMap<string, ListenerTable<TriggerRef>>;
  readonly computes: ReadonlyMap<string, ListenerTable<ComputeRef>>;
  /**
   * Event name → the triggers whose limit period ends with it (card id → counter keys), and the
   * zones they listen from (a fired-counter only survives while its card stays in such a zone).
   */
  readonly limitPeriods: ReadonlyMap<
    string,
    { readonly keys: ReadonlyMap<string, readonly string[]>; readonly zones: readonly string[] }
  >;
  readonly actionsByWindow: ReadonlyMap<string, readonly ActionDef[]>;
  /** `actionsByWindow` with each action's functions resolved, in the same order. */
  readonly actionFnsByWindow: ReadonlyMap<string, readonly ActionFns[]>;
  /** `rules.order.rank` and `rules.order.first` resolved (undefined: none). */
  readonly rankFn: PureFn | undefined;
  readonly firstFn: PureFn | undefined;
  readonly actionByName: ReadonlyMap<string, ActionDef>;
  readonly catalog: readonly string[];
  /**
   * Card ids with at least one trigger or compute listener. Only their moves can change who
   * listens, so only their moves drop the listener caches (plain tokens moving do not).
   */
  readonly listening: ReadonlySet<string>;
  /** Card id → the tables (`ListenerTable.id`) it listens in: only its moves change their members. */
  readonly tablesOfCard: ReadonlyMap<string, readonly number[]>;
  /** Card id → its triggers by index. */
  readonly triggersOfCard: ReadonlyMap<string, readonly TriggerRef[]>;
  private readonly keys: Record<string, string>[] = [];
  /** Card definitions by id (a Map: faster than the module's big object for dynamic ids). */
  private readonly cardDefs: ReadonlyMap<string, CardDef>;
  /** Card id → the module's own string of it (see `cardId`). */
  private readonly cardIds: ReadonlyMap<string, string>;
  /** Pure and step functions by id (Maps: faster than the module's large objects for dynamic ids). */
  readonly pureFns: ReadonlyMap<string, PureFn>;
  readonly stepFns: ReadonlyMap<string, StepFn>;
  /** The number of computed property names (the runtime's memo of computed values is keyed by entity × `PropSlot.memo`). */
  readonly computedCount: number;
  /** Every name a read may resolve: declared properties, entity facts, card fields and keywords (see `slot`). */
  private readonly slots: ReadonlyMap<string, PropSlot>;
  /** The memo indices of the computed properties that may depend on any property (no `computedReads` entry, or null). */
  private readonly openMemos: readonly number[];
  /** Per memo index, the property names its value may depend on (null: any). */
  private readonly memoReads: readonly (ReadonlySet<string> | null)[];

  constructor(module: GameModule) {
    this.module = withoutPrototypes(module);
    const rules = (this.rules = module.rules);
    this.cardDefs = new Map(Object.entries(module.cards));
    this.cardIds = new Map(Object.keys(module.cards).map((id) => [id, id]));
    this.pureFns = new Map(Object.entries(module.pure));
    this.stepFns = new Map(Object.entries(module.steps));
    const tables = [rules.props.game, rules.props.player, rules.props.card];
    const names = new Set(tables.flatMap((t) => Object.keys(t)));
    const computed = [...names].filter((n) => tables.some((t) => t[n]?.computed === true));
    this.computedCount = Math.max(1, computed.length);
    this.memoReads = computed.map((n) => {
      const r = module.computedReads?.[n];
      return Array.isArray(r) ? new Set(r) : null;
    });
    this.openMemos = computed.map((_, i) => i).filter((i) => this.memoReads[i] === null);
    this.players = rules.players;
    this.zoneNames = Object.keys(rules.zones);
    const rank = new Map<string, number>();
    rules.order.zones.forEach((z, i) => rank.set(z, i));
    let next = rules.order.zones.length;
    for (const z of this.zoneNames) if (!rank.has(z)) rank.set(z, next++);
    this.zoneRank = rank;

    const triggers = new Map<string, { byCard: Map<string, TriggerRef[]>; zones: Set<string> }>();
    const computes = new Map<string, { byCard: Map<string, ComputeRef[]>; zones: Set<string> }>();
    const periods = new Map<string, { keys: Map<string, string[]>; zones: Set<string> }>();
    const ofCard = new Map<string, TriggerRef[]>();
    for (const id in module.cards) {
      const refs: TriggerRef[] = [];
      ofCard.set(id, refs);
      const card = module.cards[id] as CardDef;
      const active = rules.kinds[card.kind]?.activeIn ?? [];
      card.triggers.forEach((def, index) => {
        const zones = new Set(def.in.length > 0 ? def.in : active);
        const ref: TriggerRef = {
          def,
          index,
          zones,
          stageRank: this.stageRank(def.event, def.stage),
          usedKey: usedKey(index),
          firedKey: firedKey(index),
          whenFn: def.when === null ? undefined : this.pureFns.get(def.when),
        };
        refs.push(ref);
        let t = triggers.get(def.event);
        if (!t) triggers.set(def.event, (t = { byCard: new Map(), zones: new Set() }));
        let list = t.byCard.get(id);
        if (!list) t.byCard.set(id, (list = []));
        list.push(ref);
        for (const z of zones) t.zones.add(z);
        if (def.limit) {
          let p = periods.get(def.limit.per);
          if (!p) periods.set(def.limit.per, (p = { keys: new Map(), zones: new Set() }));
          let keys = p.keys.get(id);
          if (!keys) p.keys.set(id, (keys = []));
          keys.push(ref.firedKey);
          for (const z of zones) p.zones.add(z);
        }
      });
      card.computes.forEach((def, index) => {
        const zones = def.in.length > 0 ? new Set(def.in) : active.length > 0 ? new Set(active) : EMPTY_ZONES;
        const ref: ComputeRef = {
          def,
          index,
          zones,
          stageRank: 0,
          whenFn: def.when === null ? undefined : this.pureFns.get(def.when),
          valueFn: this.pureFns.get(def.fn),
        };
        let t = computes.get(def.prop);
        if (!t) computes.set(def.prop, (t = { byCard: new Map(), zones: new Set() }));
        let list = t.byCard.get(id);
        if (!list) t.byCard.set(id, (list = []));
        list.push(ref);
        for (const z of zones) t.zones.add(z);
      });
    }
    const tablesOfCard = new Map<string, number[]>();
    let tableCount = 0;
    const table = <R>(byCard: Map<string, R[]>, zs: Set<string>): ListenerTable<R> => {
      const zones = [...zs].sort((a, b) => (rank.get(a) ?? 1e9) - (rank.get(b) ?? 1e9));
      const keys: string[][] = [];
      for (let owner = 0; owner <= this.players; owner++) keys.push(zones.map((z) => this.zoneKey(owner, z)));
      const id = tableCount++;
      for (const card of byCard.keys()) {
        let ids = tablesOfCard.get(card);
        if (!ids) tablesOfCard.set(card, (ids = []));
        ids.push(id);
      }
      return { id, byCard, zones, keys, ranks: zones.map((z) => rank.get(z) ?? 1e9) };
    };
    this.triggers = new Map([...triggers].map(([k, v]) => [k, table(v.byCard, v.zones)]));
    this.computes = new Map([...computes].map(([k, v]) => [k, table(v.byCard, v.zones)]));
    this.limitPeriods = new Map([...periods].map(([k, v]) => [k, { keys: v.keys, zones: [...v.zones] }]));
    this.triggersOfCard = ofCard;
    this.tablesOfCard = tablesOfCard;
    this.listening = new Set(
      Object.keys(module.cards).filter(
        (id) => (module.cards[id] as CardDef).triggers.length > 0 || (module.cards[id] as CardDef).computes.length > 0,
      ),
    );

    const byWindow = new Map<string, ActionDef[]>();
    const fnsByWindow = new Map<string, ActionFns[]>();
    const fn = (id: string | null): PureFn | undefined => (id === null ? undefined : this.pureFns.get(id));
    for (const a of rules.actions) {
      let list = byWindow.get(a.window);
      let fns = fnsByWindow.get(a.window);
      if (!list) byWindow.set(a.window, (list = []));
      if (!fns) fnsByWindow.set(a.window, (fns = []));
      list.push(a);
      fns.push({ list: fn(a.list), when: fn(a.when), tests: (a.conditions ?? []).map((c) => fn(c.test)) });
    }
    this.actionsByWindow = byWindow;
    this.actionFnsByWindow = fnsByWindow;
    this.rankFn = fn(rules.order.rank ?? null);
    this.firstFn = fn(rules.order.first);
    this.actionByName = new Map(rules.actions.map((a) => [a.name, a]));
    this.catalog = Object.keys(module.cards);
    this.slots = this.buildSlots(names, computed);
  }

  private buildSlots(declared: ReadonlySet<string>, computed: readonly string[]): Map<string, PropSlot> {
    const module = this.module;
    const tables = [this.rules.props.game, this.rules.props.player, this.rules.props.card];
    const all = new Set([...declared, ...FACTS, "name"]);
    for (const id in module.cards) {
      const c = module.cards[id] as CardDef;
      for (const f in c.fields) all.add(f);
      for (const k of c.keywords) all.add(k);
    }
    const slots = new Map<string, PropSlot>();
    for (const n of all) {
      const [game, player, card] = tables.map((t) => (Object.hasOwn(t, n) ? t[n] : undefined));
      const memo = computed.indexOf(n);
      const fact = FACTS.includes(n);
      const fields = new Map<string, Value>();
      const keywordOf = new Set<string>();
      for (const id in module.cards) {
        const c = module.cards[id] as CardDef;
        const v = c.fields[n];
        if (v !== undefined && typeof v !== "function") fields.set(id, v);
        if (c.keywords.includes(n)) keywordOf.add(id);
      }
      let inherited: Map<string, Value> = fields;
      if (n === "name") {
        inherited = new Map(fields);
        for (const id in module.cards)
          if (!inherited.has(id)) inherited.set(id, (module.cards[id] as CardDef).name ?? id);
      }
      const defs = [game, player, card];
      slots.set(n, {
        name: n,
        fact,
        memo,
        bounded: memo < 0 && defs.some((d) => d?.min !== undefined || d?.max !== undefined),
        game,
        player,
        card,
        fields,
        inherited,
        cardDefault: card === undefined ? null : card.default,
        keywordOf,
        computes: this.computes.get(n),
        dependents: computed.map((_, i) => i).filter((i) => this.memoReads[i]?.has(n) ?? true),
      });
    }
    return slots;
  }

  /** Rank of a stage within an event's declared stages; no stage (or an unknown one) runs after all stages. */
  stageRank(event: string, stage: string | null): number {
    const stages = this.rules.events[event]?.stages ?? [];
    if (stage === null) return stages.length;
    const i = stages.indexOf(stage);
    return i < 0 ? stages.length : i;
  }

  /** The key of a zone in `State.zones`, cached. */
  zoneKey(owner: EntityId, zone: string): string {
    let m = this.keys[owner];
    if (m === undefined) m = this.keys[owner] = Object.create(null) as Record<string, string>;
    let k = m[zone];
    if (k === undefined) k = m[zone] = `${owner}:${zone}`;
    return k;
  }

  /**
   * How reads resolve a name (see PropSlot). A name nothing declares, no card holds as a field
   * and none lists as a keyword is only ever an entity's own value (or none).
   */
  slot(prop: string): PropSlot {
    return this.slots.get(prop) ?? undeclared(prop, this.openMemos);
  }

  /**
   * The module's own string for a card id (the id itself when the module has no such card). A
   * deck read from a file holds its ids as pieces of the file's text; the tables here are keyed
   * by the module's strings, and a lookup with the same string object is several times cheaper
   * than one that must compare characters: entities are made with this one.
   */
  cardId(id: string): string {
    return this.cardIds.get(id) ?? id;
  }

  card(id: string): CardDef {
    const c = this.cardDefs.get(id);
    if (c === undefined) throw new Error(`unknown card '${id}'`);
    return c;
  }
}
