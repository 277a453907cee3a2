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
}

/** A compute listener of a card definition. */
export interface ComputeRef {
  readonly def: ComputeDef;
  readonly index: number;
  readonly zones: ReadonlySet<string>;
  readonly stageRank: number;
}

/** The listeners of one event (or one computed property): by card id, and every zone they may listen from. */
export interface ListenerTable<R> {
  readonly byCard: ReadonlyMap<string, readonly R[]>;
  readonly zones: readonly string[];
  /** Owner id (0…players) → the zone keys of `zones`, and their ordering ranks. */
  readonly keys: readonly (readonly string[])[];
  readonly ranks: readonly number[];
}

const EMPTY_ZONES: ReadonlySet<string> = new Set();

/**
 * How `get` reads one property name, worked out once per module: whether it needs the full path
 * (computed, or a built-in entity fact), whether it has bounds, and its declaration per entity table.
 */
export interface ReadPlan {
  readonly full: boolean;
  readonly bounded: boolean;
  readonly game: PropDef | undefined;
  readonly player: PropDef | undefined;
  readonly card: PropDef | undefined;
}

/** A name no table declares (a card field, or a tag): its own value, else the card field, else none. */
const PLAIN: ReadPlan = { full: false, bounded: false, game: undefined, player: undefined, card: undefined };

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
  readonly actionByName: ReadonlyMap<string, ActionDef>;
  readonly catalog: readonly string[];
  /**
   * Card ids with at least one trigger or compute listener. Only their moves can change who
   * listens, so only their moves drop the listener caches (plain tokens moving do not).
   */
  readonly listening: ReadonlySet<string>;
  /** Card id → its triggers by index. */
  readonly triggersOfCard: ReadonlyMap<string, readonly TriggerRef[]>;
  private readonly keys: Record<string, string>[] = [];
  /** Card definitions by id (a Map: faster than the module's big object for dynamic ids). */
  private readonly cardDefs: ReadonlyMap<string, CardDef>;
  /** Pure and step functions by id (Maps: faster than the module's large objects for dynamic ids). */
  readonly pureFns: ReadonlyMap<string, PureFn>;
  readonly stepFns: ReadonlyMap<string, StepFn>;
  /**
   * Property names whose read needs the full path even when no modifier is active: the built-in
   * entity facts and the computed properties. Any other name (a plain property, a tag, a card
   * field) is its own value, else the card field or the rules default, clamped if it is in
   * `boundedProps`.
   */
  readonly fullReadProps: ReadonlySet<string>;
  /** Computed property names → a small index (the runtime's memo of computed values is keyed by entity × index). */
  readonly computedSlot: ReadonlyMap<string, number>;
  readonly computedCount: number;
  /** Property names with a declared min or max on some entity table (and not computed). */
  readonly boundedProps: ReadonlySet<string>;
  private readonly plans: ReadonlyMap<string, ReadPlan>;

  constructor(module: GameModule) {
    this.module = withoutPrototypes(module);
    const rules = (this.rules = module.rules);
    this.cardDefs = new Map(Object.entries(module.cards));
    this.pureFns = new Map(Object.entries(module.pure));
    this.stepFns = new Map(Object.entries(module.steps));
    const tables = [rules.props.game, rules.props.player, rules.props.card];
    const names = new Set(tables.flatMap((t) => Object.keys(t)));
    const special = ["owner", "kind", "card", "zone"];
    this.fullReadProps = new Set([
      ...special,
      ...[...names].filter((n) => tables.some((t) => t[n]?.computed === true)),
    ]);
    const computed = [...names].filter((n) => tables.some((t) => t[n]?.computed === true));
    this.computedSlot = new Map(computed.map((n, i) => [n, i]));
    this.computedCount = Math.max(1, computed.length);
    this.boundedProps = new Set(
      [...names].filter(
        (n) => !this.fullReadProps.has(n) && tables.some((t) => t[n]?.min !== undefined || t[n]?.max !== undefined),
      ),
    );
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
        const ref: ComputeRef = { def, index, zones, stageRank: 0 };
        let t = computes.get(def.prop);
        if (!t) computes.set(def.prop, (t = { byCard: new Map(), zones: new Set() }));
        let list = t.byCard.get(id);
        if (!list) t.byCard.set(id, (list = []));
        list.push(ref);
        for (const z of zones) t.zones.add(z);
      });
    }
    const table = <R>(byCard: Map<string, R[]>, zs: Set<string>): ListenerTable<R> => {
      const zones = [...zs].sort((a, b) => (rank.get(a) ?? 1e9) - (rank.get(b) ?? 1e9));
      const keys: string[][] = [];
      for (let owner = 0; owner <= this.players; owner++) keys.push(zones.map((z) => this.zoneKey(owner, z)));
      return { byCard, zones, keys, ranks: zones.map((z) => rank.get(z) ?? 1e9) };
    };
    this.triggers = new Map([...triggers].map(([k, v]) => [k, table(v.byCard, v.zones)]));
    this.computes = new Map([...computes].map(([k, v]) => [k, table(v.byCard, v.zones)]));
    this.limitPeriods = new Map([...periods].map(([k, v]) => [k, { keys: v.keys, zones: [...v.zones] }]));
    this.triggersOfCard = ofCard;
    this.listening = new Set(
      Object.keys(module.cards).filter(
        (id) => (module.cards[id] as CardDef).triggers.length > 0 || (module.cards[id] as CardDef).computes.length > 0,
      ),
    );

    const byWindow = new Map<string, ActionDef[]>();
    for (const a of rules.actions) {
      let list = byWindow.get(a.window);
      if (!list) byWindow.set(a.window, (list = []));
      list.push(a);
    }
    this.actionsByWindow = byWindow;
    this.actionByName = new Map(rules.actions.map((a) => [a.name, a]));
    this.catalog = Object.keys(module.cards);
    const plans = new Map<string, ReadPlan>();
    for (const n of new Set([...names, ...this.fullReadProps])) {
      const [game, player, card] = tables.map((t) => (Object.hasOwn(t, n) ? t[n] : undefined));
      plans.set(n, { full: this.fullReadProps.has(n), bounded: this.boundedProps.has(n), game, player, card });
    }
    this.plans = plans;
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

  /** The property table an entity reads its defaults from. */
  propDef(e: EntityId, prop: string): PropDef | undefined {
    const p = this.plans.get(prop);
    return p === undefined ? undefined : e === 0 ? p.game : e <= this.players ? p.player : p.card;
  }

  /** How `get` reads a property name (see ReadPlan). */
  readPlan(prop: string): ReadPlan {
    return this.plans.get(prop) ?? PLAIN;
  }

  card(id: string): CardDef {
    const c = this.cardDefs.get(id);
    if (c === undefined) throw new Error(`unknown card '${id}'`);
    return c;
  }
}
