/**
 * The determinizer: full states ("worlds") consistent with what one player knows. Built by the
 * host from the real state at that player's decision, it keeps only the player's view
 * (engine.view) and the paused effects a world needs to be played on; each world re-deals the
 * cards the player cannot see from what the player could know is left, shuffles the zones whose
 * order the player cannot see, and gets a fresh random generator from the caller's seed.
 *
 * What the player could know is left: for each seat, its deck list (the cards the seat brought
 * into the match, known to everyone: the decks in play) less the cards of that seat the view
 * shows. A seat with more hidden cards than that (cards created in hidden zones) gets the rest
 * drawn from its deck list again; one with fewer (cards that left the game unseen) gets a random
 * subset. What the view shows stays exactly as it is: visible cards and their properties, the
 * size of every zone, the order of visible zones, the log as the view words it. A card once seen
 * and now hidden again is re-dealt like any other: the view does not say which card it is, so
 * neither does the world (forgetting is honest; remembering is for a knowledge model that tracks
 * reveals).
 *
 * The one thing taken from the real state beyond the view is the stack of paused effects (the
 * rules' flow waiting on this decision, and chain links): without it no world can be played on.
 * Their locals name cards by id (the ids the view shows) and the honesty tests
 * (test/runtime/agents-honesty.test.ts) check that no decision depends on more.
 */
import { cloneState, copyFrame } from "../state/clone.ts";
import type { Engine } from "../host/engine.ts";
import { AgentRandom, seedState } from "../state/rng.ts";
import { trusted } from "../kernel/state-check.ts";
import type { MatchConfig } from "../flow/setup.ts";
import type { Decision, Entity, EntityId, Frame, Locals, State } from "../types.ts";

/** Each seat's deck list: the card ids it brought into the match (seat number → card ids). */
export type DeckLists = Readonly<Record<EntityId, readonly string[]>>;

/**
 * The deck lists of a match: what each seat, and the game (0: a shared deck the rules create),
 * owns where the match starts. Taken from the starting state rather than the configuration's
 * zones, because setup may create cards (a court deck dealt from the catalogue) that no seat
 * brought: those are the decks in play too, and a world must be able to deal them.
 */
export function deckListsOfMatch(engine: Engine, config: MatchConfig): DeckLists {
  return deckListsOfState(engine.newMatch(config), config.players.length);
}

/**
 * The cards each seat owns in a state. Only for a match's starting state (after newMatch or
 * fromBoard), where they are the decks in play: later, it would count cards created or removed
 * out of sight, which the seats do not know about.
 */
export function deckListsOfState(state: State, players: number): DeckLists {
  const out: Record<EntityId, string[]> = {};
  // 0: the cards the game owns (a shared deck).
  for (let p = 0; p <= players; p++) out[p] = [];
  const ids = Object.keys(state.entities)
    .map(Number)
    .sort((a, b) => a - b);
  for (const id of ids) {
    const e = state.entities[id] as Entity;
    if (e.card !== null) out[e.owner]?.push(e.card);
  }
  return out;
}

/** What a world builder keeps: the view, and the paused effects the view leaves out. */
interface Skeleton {
  readonly view: State;
  readonly frames: readonly Frame[];
  /** The chain links' locals (the view empties them), by link index. */
  readonly linkLocals: readonly Locals[];
  readonly decision: Decision | null;
}

export class Determinizer {
  /** The player whose knowledge the worlds respect. */
  readonly player: EntityId;
  /** The player's view of the real state (what the agent may look at). */
  readonly view: State;
  private readonly skeleton: Skeleton;
  private readonly decks: DeckLists;
  /** Per seat: the card ids that seat may still have out of sight, before dealing (sorted). */
  private readonly unseen: ReadonlyMap<EntityId, readonly string[]>;
  /** Per seat: the ids of its cards the player cannot see, ascending. */
  private readonly hidden: ReadonlyMap<EntityId, readonly EntityId[]>;
  /** Zone keys the player cannot see the order of (hidden to them and not empty). */
  private readonly hiddenZones: readonly string[];

  /**
   * `state` is the real state at a decision of `player` (a world is built on top of that
   * decision); only its view and its paused effects are kept.
   */
  constructor(engine: Engine, state: State, player: EntityId, decks: DeckLists) {
    const d = engine.decision(state);
    if (d !== null && d.player !== player)
      throw new Error(
        `the determinizer builds worlds at a decision of its player (${player}); this one is player ${d.player}'s`,
      );
    this.player = player;
    this.view = engine.view(state, player);
    // Worlds resume the real paused effects, which name cards by the state's ids: they are
    // built on the view with those ids (never shown to an agent; `view` is what agents get).
    const base = engine.view(state, player, { realIds: true });
    this.skeleton = {
      view: base,
      frames: state.frames.map(copyFrame),
      linkLocals: state.chain?.links.map((l) => ({ ...l.frame.L })) ?? [],
      decision: d,
    };
    // Worlds are dealt from these lists and are not checked again (world()): every card must be one of the game's.
    for (const owner in decks)
      for (const c of decks[owner as unknown as EntityId] ?? [])
        if (!Object.hasOwn(engine.module.cards, c))
          throw new Error(`the deck list of player ${owner} names '${c}', which is no card of this game`);
    this.decks = decks;
    const zones = engine.module.rules.zones;
    const hidden = new Map<EntityId, EntityId[]>();
    const hiddenZones: string[] = [];
    for (const key in base.zones) {
      const ids = base.zones[key] as EntityId[];
      if (ids.length === 0) continue;
      const i = key.indexOf(":");
      const owner = Number(key.slice(0, i));
      const vis = zones[key.slice(i + 1)]?.visibility ?? "public";
      if (vis === "public" || (vis === "owner" && owner === player)) continue;
      hiddenZones.push(key);
      for (const id of ids) {
        const e = base.entities[id] as Entity;
        let list = hidden.get(e.owner);
        if (list === undefined) hidden.set(e.owner, (list = []));
        list.push(id);
      }
    }
    for (const list of hidden.values()) list.sort((a, b) => a - b);
    this.hidden = hidden;
    this.hiddenZones = hiddenZones.sort();
    // What each seat may still hold out of sight: its deck list less the cards of it the view shows.
    const unseen = new Map<EntityId, string[]>();
    for (const [owner] of hidden) {
      const left = new Map<string, number>();
      for (const c of decks[owner] ?? []) left.set(c, (left.get(c) ?? 0) + 1);
      for (const k in base.entities) {
        const e = base.entities[k as unknown as number] as Entity;
        if (e.card === null || e.owner !== owner) continue;
        const n = left.get(e.card);
        if (n !== undefined && n > 0) left.set(e.card, n - 1);
      }
      const out: string[] = [];
      for (const [c, n] of [...left].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)))
        for (let j = 0; j < n; j++) out.push(c);
      unseen.set(owner, out);
    }
    this.unseen = unseen;
  }

  /**
   * A full state consistent with the view, drawn with `seed`: hidden cards dealt, hidden zones
   * shuffled, a random generator seeded from `seed`. A new object each call; play on it freely.
   */
  world(seed: number): State {
    const rng = new AgentRandom(seed);
    const s = cloneState(this.skeleton.view);
    s.frames = this.skeleton.frames.map(copyFrame);
    if (s.chain !== undefined)
      s.chain.links.forEach((l, i) => (l.frame.L = { ...(this.skeleton.linkLocals[i] ?? {}) }));
    s.decision =
      this.skeleton.decision === null
        ? null
        : this.skeleton.decision.type === "choose"
          ? { ...this.skeleton.decision, picked: this.skeleton.decision.picked.slice() }
          : this.skeleton.decision;
    for (const [owner, ids] of this.hidden) {
      const pool = (this.unseen.get(owner) ?? []).slice();
      shuffle(rng, pool);
      const list = this.decks[owner] ?? [];
      for (let i = 0; i < ids.length; i++) {
        let card = pool[i];
        if (card === undefined) {
          // More hidden cards than the deck list leaves: one of the seat's cards again (or, for a
          // seat that brought none, a card of anyone's deck list).
          const from = list.length > 0 ? list : Object.values(this.decks).flat();
          if (from.length === 0) throw new Error(`player ${owner} has hidden cards but no deck list to deal them from`);
          card = from[rng.int(from.length)] as string;
        }
        const id = ids[i] as EntityId;
        const e = s.entities[id] as Entity;
        const filled: Entity = { id, card, owner: e.owner, zone: e.zone, arrival: e.arrival, props: {}, counters: {} };
        if (e.holder !== undefined) filled.holder = e.holder;
        s.entities[id] = filled;
      }
    }
    for (const key of this.hiddenZones) shuffle(rng, s.zones[key] as EntityId[]);
    s.rng = seedState(rng.int(0x7fffffff));
    // Made here from a state the Engine checked and cards of the game's deck lists (checked
    // above): like Engine.fork's copies, it needs no check before it is played on.
    return trusted(s);
  }
}

function shuffle<T>(rng: AgentRandom, items: T[]): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = items[i] as T;
    items[i] = items[j] as T;
    items[j] = t;
  }
}
