/**
 * Issue 18, honesty: an agent decides from what its player may know. For every agent and every
 * shipped game, states reached by real play — at set points, and right after the moments a
 * player's knowledge turns on (a card revealed, a card drawn out of a hidden zone, a card put
 * back where the player cannot see it) — are changed in everything the agent's player cannot
 * know: which hidden card is which (the opponent's hand, the decks), the order of hidden zones,
 * the log lines the player's view rewords, the RNG and the repetition record. The decision (with
 * its whole report) must not change. Then the hidden cards are replaced by cards in no deck at
 * all: an agent that read a hidden zone of the real state would see them; the decision must not
 * change either. What a view hides is the knowledge model's (docs/knowledge.md).
 */
import { describe, expect, it } from "vitest";
import { readDecks, type Deck } from "../../compiler/node/decks.ts";
import { gameDir } from "../../compiler/node/project.ts";
import { zoneVisible } from "../../runtime/kernel/knowledge.ts";
import { AgentRandom } from "../../runtime/state/rng.ts";
import {
  decideAt,
  deckListsOfState,
  Determinizer,
  type Action,
  dmctsAgent,
  Engine,
  greedyAgent,
  ismctsAgent,
  randomAgent,
  type DecisionReport,
  type DeckLists,
  type Entity,
  type EntityId,
  type LogEntry,
  type MatchConfig,
  type ObservingAgent,
  type State,
} from "../../runtime/index.ts";
import { gameModule } from "../kit/games.ts";

const untimed = (r: DecisionReport) => ({ ...r, ms: 0 });

/** The entities `player`'s view masks (in zones the player cannot see), by owner. */
function hiddenFrom(engine: Engine, state: State, player: EntityId): Map<EntityId, EntityId[]> {
  const view = engine.view(state, player, { realIds: true });
  const out = new Map<EntityId, EntityId[]>();
  for (const key in view.zones) {
    for (const id of view.zones[key] as EntityId[]) {
      const e = view.entities[id] as Entity;
      if (e.card !== null) continue;
      const real = state.entities[id] as Entity;
      out.set(real.owner, [...(out.get(real.owner) ?? []), id]);
    }
  }
  return out;
}

/**
 * `state` changed in what `player` cannot know: hidden cards of each owner dealt among that
 * owner's hidden places at random (entity contents swapped, ids and places kept), hidden zones
 * reordered, the log entries the view rewords rewritten, the RNG and the repetition record new.
 */
function secretlyDifferent(engine: Engine, state: State, player: EntityId, seed: number): State {
  const rng = new AgentRandom(seed);
  const s = engine.clone(state);
  for (const ids of hiddenFrom(engine, state, player).values()) {
    const contents = ids.map((id) => state.entities[id] as Entity);
    for (let i = contents.length - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      [contents[i], contents[j]] = [contents[j] as Entity, contents[i] as Entity];
    }
    ids.forEach((id, i) => {
      const from = contents[i] as Entity;
      const at = state.entities[id] as Entity;
      s.entities[id] = { ...at, card: from.card, props: { ...from.props }, counters: { ...from.counters } };
    });
  }
  const view = engine.view(state, player, { realIds: true });
  for (const key in view.zones) {
    const ids = view.zones[key] as EntityId[];
    if (ids.length < 2 || !ids.every((id) => (view.entities[id] as Entity).card === null)) continue;
    const z = s.zones[key] as EntityId[];
    for (let i = z.length - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      [z[i], z[j]] = [z[j] as EntityId, z[i] as EntityId];
    }
  }
  // Log lines the player sees reworded (or not at all): another text, other data.
  // (The fields the view masks by are kept, so that it still knows to reword them.)
  s.log = state.log.map((e, i) =>
    view.log[i] === e
      ? e
      : ({ kind: e.kind, text: `secret ${rng.int(1e9)}`, data: { ...e.data, secret: rng.int(1e9) } } as LogEntry),
  );
  s.rng = [rng.int(1e9), rng.int(1e9), rng.int(1e9), rng.int(1e9)];
  s.seen = { [`secret ${rng.int(1e9)}`]: 2 };
  return s;
}

/** `state` with every card hidden from `player` replaced by `foreign` (a card in no deck). */
function foreignHidden(engine: Engine, state: State, player: EntityId, foreign: string): State {
  const s = engine.clone(state);
  for (const ids of hiddenFrom(engine, state, player).values())
    for (const id of ids) s.entities[id] = { ...(s.entities[id] as Entity), card: foreign, props: {}, counters: {} };
  return s;
}

type Moment = "revealed" | "seen" | "unseen";

/**
 * What the log entries from `from` on did to what players know: a card revealed; a card moved out
 * of a zone some seat could not see into one it sees (`seen`: drawn, played from a hand); a card
 * moved out of a zone some seat saw into one it cannot see (`unseen`: put back into a deck, taken
 * into a hand).
 */
function momentsIn(engine: Engine, s: State, from: number): Set<Moment> {
  const zones = engine.module.rules.zones;
  const out = new Set<Moment>();
  const seats = Array.from({ length: s.seats ?? engine.module.rules.players }, (_, i) => i + 1);
  for (const e of s.log.slice(from)) {
    if (e.kind === "reveal") out.add("revealed");
    const f = e.data?.from;
    const t = e.data?.to;
    if (e.kind !== "move" || typeof f !== "string" || typeof t !== "string") continue;
    if (seats.some((p) => !zoneVisible(zones, f, p) && zoneVisible(zones, t, p))) out.add("seen");
    if (seats.some((p) => zoneVisible(zones, f, p) && !zoneVisible(zones, t, p))) out.add("unseen");
  }
  return out;
}

/**
 * Random play from `config` (and, when a match ends first, from the next seeds), with the states at
 * the first decision with a choice at or after each stop of the first match, and after the first
 * time of each moment.
 */
function realPlay(
  engine: Engine,
  config: MatchConfig,
  stops: readonly number[],
): { states: { state: State; seat: EntityId; at: string }[]; moments: Moment[] } {
  const states: { state: State; seat: EntityId; at: string }[] = [];
  const found = new Set<Moment>();
  for (let m = 0; m < 5 && (m === 0 || found.size < 3); m++) {
    const s = engine.newMatch({ ...config, seed: config.seed + m });
    const r = randomAgent(3 + m);
    let pending: Moment[] = [];
    const due = m === 0 ? [...stops] : [];
    for (let n = 0; n < 2000 && !engine.isOver(s) && (due.length > 0 || found.size < 3 || pending.length > 0); n++) {
      const legal = engine.legalActions(s);
      if (legal.length >= 2) {
        const seat = engine.toMove(s) as EntityId;
        while (due.length > 0 && s.turnstile >= (due[0] as number))
          states.push({ state: engine.clone(s), seat, at: `decision ${due.shift()}` });
        for (const k of pending) states.push({ state: engine.clone(s), seat, at: `after a card is ${k}` });
        pending = [];
      }
      const before = s.log.length;
      engine.apply(s, r.choose(s, legal, engine));
      for (const k of momentsIn(engine, s, before))
        if (!found.has(k)) {
          found.add(k);
          pending.push(k);
        }
    }
  }
  return { states, moments: [...found].sort() };
}

const GAMES = [
  { game: "elementis", budget: 40, stops: [6, 30], moments: ["seen", "unseen"] },
  { game: "gitcg", budget: 15, stops: [40, 120], moments: ["seen", "unseen"] },
  { game: "vermilion", budget: 25, stops: [30, 90], moments: ["seen", "unseen"] },
  { game: "coup", budget: 25, stops: [2, 5], moments: ["revealed", "seen", "unseen"] },
] as const;

for (const { game, budget, stops, moments } of GAMES) {
  describe(`honesty on ${game}`, async () => {
    const module = await gameModule(game);
    const engine = new Engine(module, { log: true });
    const { decks } = readDecks(gameDir(game), module);
    const config: MatchConfig = {
      seed: 5,
      // (a game that deals from a deck of its own brings no deck files)
      players: [0, 1].map((i) => ({
        name: `P${i + 1}`,
        zones: decks.length === 0 ? {} : (decks[(i + 1) % decks.length] as Deck).zones,
      })),
    };
    // The decks in play: the cards each seat (and the game: a shared deck) owns where play starts.
    const dl: DeckLists = deckListsOfState(engine.newMatch(config), module.rules.players);
    const inDecks = new Set(Object.values(dl).flat());
    // A card in no deck; a game whose decks hold every card (Coup's court deck) gets every hidden
    // card replaced by one and the same card, which no world deals either.
    const outside = Object.keys(module.cards).find((c) => !inDecks.has(c));
    const foreign = outside ?? (Object.keys(module.cards).sort()[0] as string);
    // States reached by real play, each at a decision (with a choice) of the seat to test.
    const { states, moments: found } = realPlay(engine, config, stops);

    it(`real play reaches the moments knowledge turns on: ${moments.join(", ")}`, () => {
      expect(found).toEqual(moments);
      expect(states.map((x) => x.at).sort()).toEqual(
        [...stops.map((t) => `decision ${t}`), ...moments.map((m) => `after a card is ${m}`)].sort(),
      );
    });
    const agents: [string, () => ObservingAgent][] = [
      ["greedy", () => greedyAgent(9)],
      [`mcts:${budget}`, () => ismctsAgent(9, { budget: { iterations: budget } })],
      [`dmcts:${budget}`, () => dmctsAgent(9, { budget: { iterations: budget }, worlds: 3 })],
    ];

    it("the states have cards the deciding player cannot see, in the other seat's zones too", () => {
      for (const { state, seat } of states) {
        const theirs = [...hiddenFrom(engine, state, seat).values()].flat().filter((id) => {
          const e = state.entities[id] as Entity;
          return (e.holder ?? e.owner) !== seat;
        });
        expect(theirs.length).toBeGreaterThan(1);
      }
    });

    // Everything an agent is handed is the view and the worlds: both must be the same too (this
    // also covers greedy, whose one-ply previews rarely depend on which hidden card is which).
    it("the view and the determinizer's worlds are the same for such states, and for hidden cards in no deck", () => {
      for (const { state, seat } of states) {
        const worlds = (st: State) => {
          const d = new Determinizer(engine, st, seat, dl);
          return [engine.hash(d.view), ...[1, 2, 3].map((k) => engine.hash(d.world(k)))];
        };
        const real = worlds(state);
        expect(worlds(secretlyDifferent(engine, state, seat, 1))).toEqual(real);
        expect(worlds(foreignHidden(engine, state, seat, foreign))).toEqual(real);
        // and the worlds are worlds: playable, the deciding player's answers legal there
        const w = new Determinizer(engine, state, seat, dl).world(4);
        expect(engine.legalActions(w)).toEqual(engine.legalActions(state));
        expect(engine.apply(w, engine.legalActions(w)[0] as Action)).toEqual({ ok: true });
      }
    });

    for (const [name, make] of agents) {
      it(`${name}: states that differ only in what the player cannot know give the same decision`, () => {
        for (const { state, seat } of states) {
          const real = untimed(decideAt(make(), engine, state, seat, dl));
          for (const k of [1, 2]) {
            const other = secretlyDifferent(engine, state, seat, k);
            expect(engine.hash(other)).not.toBe(engine.hash(state));
            expect(untimed(decideAt(make(), engine, other, seat, dl))).toEqual(real);
          }
        }
      });

      it(`${name}: never reads a hidden zone (hidden cards replaced by '${foreign}', ${outside === undefined ? "all of them, as no world deals" : "in no deck"}: the same decision)`, () => {
        for (const { state, seat } of states) {
          const real = untimed(decideAt(make(), engine, state, seat, dl));
          expect(untimed(decideAt(make(), engine, foreignHidden(engine, state, seat, foreign), seat, dl))).toEqual(
            real,
          );
        }
      });
    }
  });
}
