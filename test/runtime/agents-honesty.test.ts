/**
 * Issue 18, honesty: an agent decides from what its player may know. For every agent and every
 * shipped game, states reached by real play (after draws, shuffles, cards paid face down…) are
 * changed in everything the agent's player cannot know: which hidden card is which (the
 * opponent's hand, both decks), the order of hidden zones, the log lines the player's view
 * rewords, the RNG and the repetition record. The decision (with its whole report) must not
 * change. Then the hidden cards are replaced by cards in no deck at all: an agent that read a
 * hidden zone of the real state would see them; the decision must not change either.
 */
import { describe, expect, it } from "vitest";
import { readDecks, type Deck } from "../../compiler/node/decks.ts";
import { gameDir } from "../../compiler/node/project.ts";
import { AgentRandom } from "../../runtime/rng.ts";
import {
  decideAt,
  deckListsOfConfig,
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
import { gameModule } from "../kit.ts";

const untimed = (r: DecisionReport) => ({ ...r, ms: 0 });

/** The entities `player`'s view masks (in zones the player cannot see), by owner. */
function hiddenFrom(engine: Engine, state: State, player: EntityId): Map<EntityId, EntityId[]> {
  const view = engine.view(state, player);
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
  const view = engine.view(state, player);
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

const GAMES = [
  { game: "elementis", budget: 40, stops: [6, 30] },
  { game: "gitcg", budget: 15, stops: [40, 120] },
  { game: "vermilion", budget: 25, stops: [30, 90] },
] as const;

for (const { game, budget, stops } of GAMES) {
  describe(`honesty on ${game}`, async () => {
    const module = await gameModule(game);
    const engine = new Engine(module, { log: true });
    const { decks } = readDecks(gameDir(game), module);
    const config: MatchConfig = {
      seed: 5,
      players: [0, 1].map((i) => ({ name: `P${i + 1}`, zones: (decks[(i + 1) % decks.length] as Deck).zones })),
    };
    const dl: DeckLists = deckListsOfConfig(config);
    const inDecks = new Set(Object.values(dl).flat());
    const foreign = Object.keys(module.cards).find((c) => !inDecks.has(c)) as string;
    // States reached by real play, each at a decision (with a choice) of the seat to test.
    const states: { state: State; seat: EntityId }[] = [];
    const s = engine.newMatch(config);
    const r = randomAgent(3);
    for (const stop of stops) {
      while (s.turnstile < stop || engine.legalActions(s).length < 2)
        engine.apply(s, r.choose(s, engine.legalActions(s), engine));
      states.push({ state: engine.clone(s), seat: engine.toMove(s) as EntityId });
    }
    const agents: [string, () => ObservingAgent][] = [
      ["greedy", () => greedyAgent(9)],
      [`mcts:${budget}`, () => ismctsAgent(9, { budget: { iterations: budget } })],
      [`dmcts:${budget}`, () => dmctsAgent(9, { budget: { iterations: budget }, worlds: 3 })],
    ];

    it("the states have cards the deciding player cannot see, of both seats", () => {
      expect(foreign).toBeDefined();
      for (const { state, seat } of states) {
        const hidden = hiddenFrom(engine, state, seat);
        expect(hidden.get(seat === 1 ? 2 : 1)?.length ?? 0).toBeGreaterThan(1);
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

      it(`${name}: never reads a hidden zone (hidden cards replaced by '${foreign}', in no deck: the same decision)`, () => {
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
