/**
 * VERMILION setup and deck rules, through a real match (newMatch runs the rules' game flow):
 * VM-SETUP-1 (shuffle, random first player, 7 cards each), VM-SETUP-2 (the second player's one
 * mulligan to the bottom of the deck), VM-START-1 (no start phase on the first player's first
 * turn), and the deck rules VM-DECK-1 / VM-DECK-2 / VM-DECK-3 with the illegal test decks.
 */
import { describe, expect, it } from "vitest";
import { renderDiagnostic } from "../../compiler/core/text/diagnostics.ts";
import { readDecks } from "../../compiler/node/decks.ts";
import { gameDir } from "../../compiler/node/project.ts";
import type { MatchConfig, State } from "../../runtime/index.ts";
import { Engine, renderLog } from "../../runtime/index.ts";
import { deckMatch, gameModule } from "../kit/games.ts";

const module = await gameModule("vermilion");
const engine = new Engine(module);
const { decks } = readDecks(gameDir("vermilion"), module);

function config(seed: number): MatchConfig {
  return deckMatch(seed, decks, 0, 1);
}
const ids = (st: State, p: number, zone: string) => st.zones[`${p}:${zone}`] ?? [];

describe("VM-SETUP-1 / VM-SETUP-2 / VM-START-1", () => {
  it("VM-SETUP-1: decks shuffled, a random first player, 7 cards each; then VM-SETUP-2: the second player is asked to mulligan", () => {
    const firsts = new Set<number>();
    for (let seed = 1; seed <= 12; seed++) {
      const st = engine.newMatch(config(seed));
      const first = engine.read(st, 0, "first") as number;
      firsts.add(first);
      expect(ids(st, 1, "hand")).toHaveLength(7);
      expect(ids(st, 2, "hand")).toHaveLength(7);
      expect(ids(st, 1, "deck")).toHaveLength(43);
      const d = st.decision;
      expect(d?.type).toBe("choose");
      expect(d?.player).toBe(3 - first);
      expect(d?.type === "choose" ? [d.prompt, d.min, d.max] : null).toEqual([
        "Mulligan: cards to put on the bottom of your deck",
        0,
        7,
      ]);
    }
    expect([...firsts].sort()).toEqual([1, 2]);
  });

  it("VM-SETUP-2: the mulliganed cards go to the bottom of the deck and as many are drawn, once; VM-START-1: the first player's first turn has no start phase", () => {
    const st = engine.newMatch(config(3));
    const first = engine.read(st, 0, "first") as number;
    const second = 3 - first;
    const hand = ids(st, second, "hand").slice();
    const top = ids(st, second, "deck").slice(0, 2);
    const back = [hand[0] as number, hand[4] as number];
    for (const v of back) expect(engine.apply(st, { type: "pick", value: v }).ok).toBe(true);
    expect(engine.apply(st, { type: "done" }).ok).toBe(true);
    // D12: 「引くことができます」 — the draw is the player's choice.
    expect(st.decision).toMatchObject({ type: "may", player: second, prompt: "Draw 2 cards?" });
    expect(engine.apply(st, { type: "yes" }).ok).toBe(true);
    expect(ids(st, second, "deck").slice(-2)).toEqual(back);
    expect(ids(st, second, "hand")).toEqual([...hand.filter((c) => !back.includes(c)), ...top]);
    expect(engine.read(st, second, "mulliganed")).toBe(true);
    const log = renderLog(st);
    expect(log).toContain(`P${second} puts 2 cards on the bottom of the deck and draws 2`);
    expect(log).toContain("The first player skips the start phase of the first turn (VM-START-1)");
    expect(log.some((l) => l.endsWith(": start phase"))).toBe(false);
    expect(ids(st, first, "hand")).toHaveLength(7);
    expect(st.decision).toMatchObject({ type: "act", player: first, window: "mana" });
  });
});

describe("VM-SETUP-2 / D12: the draw after the mulligan may be declined", () => {
  it("VM-SETUP-2: declining, the second player keeps the 5 other cards and draws none; the 2 stay at the bottom of the deck", () => {
    const st = engine.newMatch(config(3));
    const second = 3 - (engine.read(st, 0, "first") as number);
    const hand = ids(st, second, "hand").slice();
    const back = [hand[1] as number, hand[2] as number];
    for (const v of back) engine.apply(st, { type: "pick", value: v });
    engine.apply(st, { type: "done" });
    expect(engine.apply(st, { type: "no" }).ok).toBe(true);
    expect(ids(st, second, "hand")).toEqual(hand.filter((c) => !back.includes(c)));
    expect(ids(st, second, "deck")).toHaveLength(45);
    expect(ids(st, second, "deck").slice(-2)).toEqual(back);
    expect(renderLog(st)).toContain(`P${second} puts 2 cards on the bottom of the deck and draws none`);
  });
});

describe("VM-DECK-1 / VM-DECK-2 / VM-DECK-3: deck rules", () => {
  it("every sample deck is legal", () => {
    const { decks: sample, diagnostics } = readDecks(gameDir("vermilion"), module);
    expect(diagnostics.map(renderDiagnostic)).toEqual([]);
    expect(sample.map((d) => d.id)).toEqual(["beast-demon", "dragon-human", "human-god"]);
  });

  it("each illegal test deck gets exactly the error naming the broken rule, at its zones", () => {
    const { decks: bad, diagnostics } = readDecks(gameDir("vermilion"), module, process.cwd(), "test-decks");
    expect(bad).toEqual([]);
    expect(diagnostics.map(renderDiagnostic)).toEqual([
      "cards/vermilion/test-decks/fifty-one-cards.yaml:3:1: error deck/illegal: VM-DECK-1: a deck is exactly 50 cards, this one has 51",
      "cards/vermilion/test-decks/five-copies.yaml:3:1: error deck/illegal: VM-DECK-2: at most 4 cards of the same name, this deck has 5 of Kumonryu Shishin",
      // Two card ids of one name count together (kumonryu-shishin and kumonryu-shishin-2, 4 + 1).
      "cards/vermilion/test-decks/five-of-a-name.yaml:3:1: error deck/illegal: VM-DECK-2: at most 4 cards of the same name, this deck has 5 of Kumonryu Shishin",
      "cards/vermilion/test-decks/forty-nine-cards.yaml:3:1: error deck/illegal: VM-DECK-1: a deck is exactly 50 cards, this one has 49",
      "cards/vermilion/test-decks/seventeen-bursts.yaml:3:1: error deck/illegal: VM-DECK-3: at most 16 cards with 【バースト】, this deck has 17",
    ]);
  });
});
