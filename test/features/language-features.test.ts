import { describe, expect, it } from "vitest";
import { renderDiagnostic } from "../../compiler/core/text/diagnostics.ts";
import { Engine, renderLog, type GameModule } from "../../runtime/index.ts";
import { loadToyGame } from "../kit/toy-game.ts";

const RULES = `
game: tokens
name: Tokens
players: 2
match: { games: 1, wins: 1 }
zones:
  deck: { visibility: hidden }
  board: { visibility: public }
kinds:
  token:
    active-in: [board]
    fields:
      weight: { type: number }
properties:
  card:
    rank: { type: number, default: 0 }
  player:
    score: { type: number, default: 0 }
events:
  ping: { fields: { by: player } }
trigger-order:
  first: me
  rank: it.rank
  zones: [board]
deck-errors: |
  if count(me.deck) != 3 {
    errors = errors + ["a deck is 3 tokens, this one has {count(me.deck)}"]
  }
functions:
  heaviest:
    params: { p: player }
    returns: number
    do: |
      let best = 0
      for each c in p.board {
        if c.weight > best { best = c.weight }
      }
      return best
windows: [main]
actions:
  stop:
    window: main
flow:
  game: |
    let a = create heavy in me.board
    a.rank = 2
    log "a is controlled by {a.controller}"
    a.controller = opponent
    log "now by {a.controller}"
    a.controller = me
    let b = create light in me.board
    b.rank = 1
    emit ping { by: me }
    move take(me.deck, 2) to me.board
    log "board: {count(me.board)}, seen {seen(me, count(me.board))} {seen(me, count(me.board))}"
    log "heaviest: {heaviest(me)}"
    remove a
    log "after remove: {count(me.board)}, heaviest: {heaviest(me)}"
    act main by me
    win me
`;
const card = (id: string, weight: number, points: number) => `
id: ${id}
kind: token
name: ${id}
weight: ${weight}
on:
  - event: ping
    do: |
      me.score += ${points}
      log "${id} scores ${points}"
`;

async function compileTokens(): Promise<GameModule> {
  const { module, diagnostics } = await loadToyGame("tokens", {
    "rules.yaml": RULES,
    "cards/heavy.yaml": card("heavy", 5, 10),
    "cards/light.yaml": card("light", 1, 1),
  });
  if (!module) throw new Error(diagnostics.map(renderDiagnostic).join("\n"));
  return module;
}

describe("generic language features", async () => {
  const module = await compileTokens();
  const engine = new Engine(module);
  const config = (deck: string[]) => ({
    seed: 1,
    players: [
      { name: "A", zones: { deck } },
      { name: "B", zones: { deck } },
    ],
  });

  it("creates cards it keeps, orders listeners by rank, takes, sees, removes", () => {
    const st = engine.newMatch(config(["light", "heavy", "light"]));
    const lines = renderLog(st).filter((l) => !l.includes("→") && !l.includes(" = ") && !l.startsWith("ping"));
    expect(lines).toEqual([
      "Game 1 begins: A vs B",
      "heavy created in A.board",
      // a card's controller reads as its owner until the rules change it (no modifier in play)
      "a is controlled by A",
      "now by B",
      "light created in A.board",
      // rank 1 (light) before rank 2 (heavy), although heavy arrived first
      "light scores 1",
      "heavy scores 10",
      "board: 4, seen 1 2",
      "heaviest: 5",
      "heavy leaves the game (from A.board)",
      "after remove: 3, heaviest: 5",
      "A: stop",
      "Game 1: A wins",
      "Match over: A wins (A 1 – B 0)",
    ]);
    expect(st.entities[1]?.props["score"]).toBe(11);
    expect(st.zones["1:board"]?.length).toBe(3);
    expect(Object.values(st.entities).filter((e) => e.card === "heavy" && e.zone === "board")).toHaveLength(1);
  });

  it("checks decks with the rules' deck-errors", () => {
    expect(engine.deckErrors(config(["light", "heavy"]))).toEqual([
      ["a deck is 3 tokens, this one has 2"],
      ["a deck is 3 tokens, this one has 2"],
    ]);
    expect(engine.deckErrors(config(["light", "heavy", "light"]))).toEqual([[], []]);
  });
});
