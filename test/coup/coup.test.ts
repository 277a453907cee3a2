/**
 * Coup (cards/coup/, rules in cards/coup/RULES.md): what its scenarios cannot reach — the game
 * flow's setup with a random first player (CP-SETUP-3), matches of 2, 3 and 6 seats played to the
 * end, and `play --players` with a human seat in the terminal.
 */
import { describe, expect, it } from "vitest";
import { AgentRandom } from "../../runtime/state/rng.ts";
import { Engine, type MatchConfig, type State } from "../../runtime/index.ts";
import { cli } from "../kit/cli.ts";
import { gameModule } from "../kit/games.ts";

const module = await gameModule("coup");
const engine = new Engine(module);
const config = (seats: number, seed: number): MatchConfig => ({
  seed,
  players: Array.from({ length: seats }, (_, i) => ({ name: `P${i + 1}`, zones: {} })),
});

/** Plays random answers to the end (every view built at every decision, as `fuzz` does). */
function playOut(s: State, seed: number): number {
  const rng = new AgentRandom(seed);
  let n = 0;
  while (!engine.isOver(s)) {
    engine.everyView(s);
    const legal = engine.legalActions(s);
    const r = engine.apply(s, legal[rng.int(legal.length)] as NonNullable<(typeof legal)[number]>);
    if (!r.ok) throw new Error(r.reason);
    if (++n > 5000) throw new Error("the game did not end in 5,000 decisions");
  }
  return n;
}

describe("Coup", () => {
  it("CP-SETUP-1 / CP-SETUP-2: fifteen court cards; two each dealt, two coins each, the rest in the shared deck", () => {
    const s = engine.newMatch(config(4, 3));
    const cards = Object.values(s.entities).filter((e) => e.card !== null);
    expect(cards).toHaveLength(15);
    expect(cards.every((e) => e.owner === 0)).toBe(true);
    expect(s.zones["0:deck"]).toHaveLength(7);
    for (let p = 1; p <= 4; p++) {
      expect(s.zones[`${p}:hand`]).toHaveLength(2);
      expect(engine.read(s, p, "coins")).toBe(2);
    }
  });

  it("CP-SETUP-3: the first player is chosen at random (every seat of 3 starts some of 30 matches)", () => {
    const first = new Set<number>();
    for (let seed = 1; seed <= 30; seed++) first.add(engine.toMove(engine.newMatch(config(3, seed))) as number);
    expect([...first].sort()).toEqual([1, 2, 3]);
  });

  for (const seats of [2, 3, 6])
    it(`CP-WIN-1: random matches of ${seats} seats end with one player left holding influence`, () => {
      for (let seed = 1; seed <= 5; seed++) {
        const s = engine.newMatch(config(seats, seed));
        expect(playOut(s, seed)).toBeGreaterThan(0);
        const winner = s.match.winner as number;
        expect(s.zones[`${winner}:hand`]?.length ?? 0).toBeGreaterThan(0);
        for (let p = 1; p <= seats; p++) if (p !== winner) expect(s.zones[`${p}:hand`]).toEqual([]);
      }
    });

  it("a match needs 2 to 6 seats", () => {
    expect(() => engine.newMatch(config(7, 1))).toThrow("this game needs 2 to 6 players, the configuration has 7");
    expect(() => engine.newMatch(config(1, 1))).toThrow("this game needs 2 to 6 players, the configuration has 1");
  });

  it("play --players 3 seats a human in the terminal; the board shows the game's deck under 'game'", async () => {
    const r = await cli(["play", "coup", "--players", "3", "--seed", "2", "--agents", "human,random,random"], []);
    // P3 went first (seed 2) and took income; the game's own zone is listed under "game".
    expect(r.out).toContain(
      "game: current P1, turn 2\n  deck: 9 cards\nP1 (you): coins 2\n  hand (2): Ambassador, Duke\n",
    );
    expect(r.out).toContain("P2: coins 2\n  hand: 2 cards\nP3: coins 3\n  hand: 2 cards\n");
    expect(r.out).toContain("  4) P1 steals from P2 as the Captain\n  5) P1 steals from P3 as the Captain\n");
    const bad = await cli(["play", "coup", "--players", "7"]);
    expect(bad.err).toBe("error: --players expects a number from 2 to 6, got '7'\n");
    expect(bad.code).toBe(2);
  });
});

describe("who knows what in Coup (docs/knowledge.md)", () => {
  /** Me claims the Duke and is challenged: the Duke is revealed, shuffled back, replaced. */
  const challenged = () => {
    const s = engine.fromBoard(
      {
        players: [
          { name: "Ann", props: { coins: 2 }, zones: { hand: ["duke", "captain"] } },
          { name: "Bob", props: { coins: 2 }, zones: { hand: ["assassin", "contessa"] } },
          { name: "Cid", props: { coins: 2 }, zones: { hand: ["ambassador", "captain"] } },
        ],
        zones: { deck: ["contessa", "assassin"] },
      },
      1,
    );
    const act = (a: Parameters<typeof engine.apply>[1]) => {
      const r = engine.apply(s, a);
      if (!r.ok) throw new Error(r.reason);
    };
    act({ type: "act", action: "tax", args: {} });
    act({ type: "yes" }); // Bob challenges
    return s;
  };

  it("CP-D1: the shown card is revealed to everyone: each log names it; the card drawn instead stays Ann's", () => {
    const s = challenged();
    const bob = engine.view(s, 2);
    const lines = bob.log.map((e) => e.text);
    expect(lines).toContain("Duke (Ann.hand) is revealed to everyone");
    expect(lines).toContain("Ann shows Duke: Bob loses the challenge (CP-CHALLENGE-2)");
    // The draw from the court deck is a card Bob cannot see, and Ann's new hand is hers alone.
    expect(lines).toContain("a card: game.deck → Ann.hand");
    const annHand = bob.zones["1:hand"] as number[];
    expect(annHand.map((id) => bob.entities[id]?.card)).toEqual([null, null]);
    expect(
      engine
        .view(s, 1)
        .zones["1:hand"]?.map((id) => s.entities[id]?.card)
        .sort(),
    ).toHaveLength(2);
  });

  it("a shuffle ends a reveal and gives the deck's cards new view ids; another player sees other ids", () => {
    const s = challenged();
    const duke = Object.values(s.entities).find((e) => e.card === "duke") as { id: number; known?: number[] };
    expect(duke.known).toBeUndefined();
    const bob = engine.view(s, 2);
    const cid = engine.view(s, 3);
    const deckOf = (v: State) => v.zones["0:deck"] as number[];
    expect(deckOf(bob).every((id) => id >= 2 ** 31 && bob.entities[id]?.card === null)).toBe(true);
    expect(deckOf(bob)).not.toEqual(deckOf(cid));
    expect(deckOf(bob).some((id) => s.entities[id] !== undefined)).toBe(false);
  });

  it("a pick of a card its player alone saw reads as a hidden pick to the others, even once the card is shown", () => {
    const s = engine.fromBoard(
      {
        players: [
          { name: "Ann", props: { coins: 2 }, zones: { hand: ["captain", "contessa"] } },
          { name: "Bob", props: { coins: 2 }, zones: { hand: ["assassin", "duke"] } },
        ],
      },
      1,
    );
    // Ann bluffs the Duke, Bob challenges, Ann loses an influence: "Ann has no Duke" names no card.
    engine.apply(s, { type: "act", action: "tax", args: {} });
    engine.apply(s, { type: "yes" });
    const ann = engine.view(s, 1);
    const bob = engine.view(s, 2);
    expect(ann.decision?.type).toBe("choose");
    // Ann's choice of the card to lose is hers; Bob sees her options as hidden cards.
    expect(bob.decision).toMatchObject({ type: "choose", player: 1, candidates: [] });
    const captain = (s.zones["1:hand"] as number[]).find((id) => s.entities[id]?.card === "captain") as number;
    expect(engine.apply(s, { type: "pick", value: captain })).toEqual({ ok: true });
    const after = engine.view(s, 2).log.map((e) => e.text);
    // The card is face up now (CP-LOSE-1), and the move says so; the pick was made out of Bob's sight.
    expect(after).toContain("Captain: Ann.hand → Ann.lost");
    expect(after).toContain("Ann picks a hidden card");
    expect(engine.view(s, 1).log.map((e) => e.text)).toContain("Ann picks Captain — Ann loses an influence");
  });
});
