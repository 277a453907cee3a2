/** The toy game on hand-built boards: triggers, stages, ordering, usage, limits, computes, modifiers, responses, choices. */
import { describe, expect, it } from "vitest";
import type { Board } from "../../runtime/index.ts";
import {
  applyAll,
  cardsOf,
  decline,
  done,
  engine,
  idOf,
  linesFrom,
  logOf,
  no,
  pass,
  pick,
  play,
  respond,
  yes,
} from "./helpers.ts";

const board = (alice: Board["players"][number], bob: Board["players"][number] = {}, game?: Board["game"]): Board => ({
  players: [
    { name: "Alice", ...alice },
    { name: "Bob", ...bob },
  ],
  ...(game === undefined ? {} : { game }),
});

describe("scenario boards", () => {
  it("builds the board and runs the scenario flow to the first decision", () => {
    const s = engine.fromBoard(
      board(
        { props: { score: 4 }, zones: { hand: ["three", { card: "one", props: { tapped: true } }] } },
        { zones: { field: ["capper"] } },
      ),
      1,
    );
    expect(linesFrom(s, 0)).toEqual([
      "Scenario begins: Alice vs Bob",
      "game.current = 1",
      "game.turn = 1",
      "turn-start { player: 1 }",
    ]);
    expect(s.entities[1]?.props.score).toBe(4);
    const one = idOf(s, 1, "hand", "one");
    expect(s.entities[one]?.props.tapped).toBe(true);
    expect(engine.legalActions(s)).toEqual([play(idOf(s, 1, "hand", "three")), play(one), pass]);
    expect(engine.toMove(s)).toBe(1);
  });

  it("rejects unknown cards, zones and properties on a board", () => {
    expect(() => engine.fromBoard(board({ zones: { hand: ["nope"] } }), 1)).toThrow("unknown card 'nope'");
    expect(() => engine.fromBoard(board({ zones: { attic: ["one"] } }), 1)).toThrow("unknown zone 'attic'");
    expect(() => engine.fromBoard(board({ props: { mana: 3 } }), 1)).toThrow("unknown player property 'mana'");
    expect(() => engine.fromBoard(board({ zones: { hand: [{ card: "one", props: { colour: 1 } }] } }), 1)).toThrow(
      "unknown property 'colour' of One",
    );
  });
});

describe("event stages and trigger order", () => {
  it("runs stage listeners stage by stage, whatever their arrival", () => {
    // adder arrived before doubler, but the stages are double → add → cap
    const s = engine.fromBoard(
      board({ zones: { field: ["adder", "doubler"], hand: ["three"] } }, { zones: { field: ["capper"] } }),
      1,
    );
    const lines = logOf(s, () => applyAll(s, play(idOf(s, 1, "hand", "three"))));
    expect(lines.slice(0, 9)).toEqual([
      "Alice plays Three",
      "Three: Alice.hand → Alice.field",
      "score { player: 1, amount: 3, source: 5 }",
      "score.amount = 6",
      "score.amount = 7",
      "score.amount = 3",
      "Bob: decline",
      "Alice.score = 3",
      "Three: Alice.field → Alice.discard",
    ]);
  });

  it("orders listeners without a stage by player (first player first), then zone, then arrival", () => {
    const s = engine.fromBoard(
      board(
        { zones: { hand: ["chime"], field: ["chime", "chime"] } },
        { zones: { hand: ["chime"], field: ["chime"] } },
      ),
      1,
    );
    const [a1, a2] = [idOf(s, 1, "field", "chime", 0), idOf(s, 1, "field", "chime", 1)];
    // make the second field chime the earlier arrival
    s.entities[a2]!.arrival = -1;
    const aHand = idOf(s, 1, "hand", "chime");
    const bField = idOf(s, 2, "field", "chime");
    const bHand = idOf(s, 2, "hand", "chime");
    const lines = logOf(s, () => applyAll(s, pass)).filter((l) => l.includes("rings"));
    expect(lines).toEqual([
      `Chime #${a2} of Alice rings`,
      `Chime #${a1} of Alice rings`,
      `Chime #${aHand} of Alice rings`,
      `Chime #${bField} of Bob rings`,
      `Chime #${bHand} of Bob rings`,
    ]);
    // Bob's turn ends next: Bob's listeners go first (order.first = game.current)
    const next = logOf(s, () => applyAll(s, pass)).filter((l) => l.includes("rings"));
    expect(next).toEqual([
      `Chime #${bField} of Bob rings`,
      `Chime #${bHand} of Bob rings`,
      `Chime #${a2} of Alice rings`,
      `Chime #${a1} of Alice rings`,
      `Chime #${aHand} of Alice rings`,
    ]);
  });

  it("fires a trigger only while its usage lasts", () => {
    const s = engine.fromBoard(board({ zones: { field: ["doubler"], hand: ["one", "one", "one", "two"] } }), 1);
    const doubler = idOf(s, 1, "field", "doubler");
    applyAll(s, play(idOf(s, 1, "hand", "one")));
    expect(s.entities[1]?.props.score).toBe(2);
    expect(s.entities[doubler]?.counters).toEqual({ used0: 1 });
    applyAll(s, play(idOf(s, 1, "hand", "one"))); // Bob has nothing: his turns pass by themselves
    expect(s.entities[1]?.props.score).toBe(4);
    const lines = logOf(s, () => applyAll(s, play(idOf(s, 1, "hand", "one"))));
    expect(lines).not.toContain("score.amount = 2");
    expect(s.entities[1]?.props.score).toBe(5);
  });

  it("fires a limited trigger at most `count` times per period", () => {
    const s = engine.fromBoard(board({ zones: { field: ["adder"], hand: ["twin", "twin", "one"] } }), 1);
    const adder = idOf(s, 1, "field", "adder");
    const twin = idOf(s, 1, "hand", "twin");
    const lines = logOf(s, () => applyAll(s, play(twin)));
    // twin scores 1 twice; the adder adds 1 only to the first (limit 1 per turn-end)
    expect(lines.filter((l) => l.startsWith("score"))).toEqual([
      `score { player: 1, amount: 1, source: ${twin} }`,
      "score.amount = 2",
      `score { player: 1, amount: 1, source: ${twin} }`,
    ]);
    expect(s.entities[1]?.props.score).toBe(3);
    // turn-end reset the period: next turn it fires again
    expect(s.entities[adder]?.counters).toEqual({});
    applyAll(s, play(idOf(s, 1, "hand", "one")));
    expect(s.entities[1]?.props.score).toBe(5);
  });

  it("a card that leaves its zone loses its counters (it is a new object)", () => {
    const s = engine.fromBoard(
      board({ zones: { field: ["doubler"], hand: ["one", "thief"] } }, { zones: { hand: ["thief"] } }),
      1,
    );
    const doubler = idOf(s, 1, "field", "doubler");
    applyAll(s, play(idOf(s, 1, "hand", "one")));
    expect(s.entities[doubler]?.counters).toEqual({ used0: 1 });
    applyAll(s, play(idOf(s, 2, "hand", "thief"))); // Bob's thief: the only candidate is taken by itself
    expect(cardsOf(s, 1, "discard")).toEqual(["doubler", "one"]);
    expect(s.entities[doubler]?.counters).toEqual({});
  });
});

describe("computed properties and modifiers", () => {
  it("runs compute listeners of cards in play, for the cards they select", () => {
    const s = engine.fromBoard(
      board({ zones: { field: ["booster", "booster"], hand: ["two", "one"] } }, { zones: { hand: ["two", "one"] } }),
      1,
    );
    const mine = idOf(s, 1, "hand", "two");
    const theirs = idOf(s, 2, "hand", "two");
    expect(engine.clone(s).entities[mine]?.props).toEqual({});
    applyAll(s, play(mine));
    expect(s.entities[1]?.props.score).toBe(4); // 2 + 1 + 1
    applyAll(s, play(theirs));
    expect(s.entities[2]?.props.score).toBe(2);
  });

  it("a modifier lasts until its event, or until its card changes zone; min clamps", () => {
    const s = engine.fromBoard(
      board({ zones: { field: ["chime"], hand: ["surge", "one"] } }, { zones: { hand: ["shield"] } }),
      1,
    );
    const chime = idOf(s, 1, "field", "chime");
    const surge = idOf(s, 1, "hand", "surge");
    const lines = logOf(s, () => applyAll(s, play(surge)));
    expect(lines).toEqual([
      "Alice plays Surge",
      "Surge: Alice.hand → Alice.field",
      "Chime.power += 2 until turn-end",
      "Surge.power += 2 until turn-end",
      `score { player: 1, amount: 3, source: ${surge} }`,
    ]);
    // Bob's response window is open: the modifiers hold
    expect(s.decision).toMatchObject({ type: "act", player: 2, window: "respond" });
    expect(s.modifiers.map((m) => m.entity)).toEqual([chime, surge]);
    applyAll(s, decline);
    // surge went to the discard (modifier gone), turn-end ended the chime's
    expect(s.modifiers).toEqual([]);
    expect(s.entities[1]?.props.score).toBe(3);
  });

  it("clamps a computed value to its minimum", () => {
    const s = engine.fromBoard(board({ zones: { hand: ["one"] } }), 1);
    const one = idOf(s, 1, "hand", "one");
    s.modifiers.push({ entity: one, prop: "power", op: "-=", value: 5, until: "turn-end" });
    applyAll(s, play(one));
    expect(s.entities[1]?.props.score).toBe(0);
  });
});

describe("decisions", () => {
  it("opens a response window when the opponent has a card that responds", () => {
    const s = engine.fromBoard(
      board({ zones: { hand: ["three", "one"] } }, { zones: { hand: ["shield", "shield"] } }),
      1,
    );
    const [sh1, sh2] = [idOf(s, 2, "hand", "shield", 0), idOf(s, 2, "hand", "shield", 1)];
    applyAll(s, play(idOf(s, 1, "hand", "three")));
    expect(engine.legalActions(s)).toEqual([respond(sh1), respond(sh2), decline]);
    const lines = logOf(s, () => applyAll(s, respond(sh2)));
    expect(lines.slice(0, 4)).toEqual([
      "Bob: respond Shield",
      "score.amount = 1",
      "Shield: Bob.hand → Bob.discard",
      "Alice.score = 1",
    ]);
    // a score of 1 is not answered: the window has only 'decline' and passes by itself
    const more = logOf(s, () => applyAll(s, pass, play(idOf(s, 1, "hand", "one"))));
    expect(more).toContain("Bob: decline");
  });

  it("choose one: picks from the candidates; other values are rejected", () => {
    const s = engine.fromBoard(
      board({ zones: { hand: ["thief", "one"] } }, { zones: { field: ["doubler", "capper"], hand: ["one"] } }),
      1,
    );
    const [doubler, capper] = [idOf(s, 2, "field", "doubler"), idOf(s, 2, "field", "capper")];
    applyAll(s, play(idOf(s, 1, "hand", "thief")));
    expect(s.decision).toMatchObject({
      type: "choose",
      player: 1,
      prompt: "Discard which card?",
      min: 1,
      max: 1,
      single: true,
    });
    expect(engine.legalActions(s)).toEqual([pick(doubler), pick(capper)]);
    expect(engine.apply(s, pick(1))).toEqual({ ok: false, reason: "player 1 is not among the candidates" });
    expect(engine.apply(s, done)).toEqual({ ok: false, reason: "'done' needs at least 1 pick (0 so far)" });
    const lines = logOf(s, () => applyAll(s, pick(capper)));
    expect(lines.slice(0, 3)).toEqual([
      "Alice picks Capper — Discard which card?",
      "Capper: Bob.field → Bob.discard",
      expect.stringMatching(/^score \{ player: 1, amount: 1/),
    ]);
    expect(s.entities[1]?.props.score).toBe(1); // no capper any more
  });

  it("choose up to 2: picks one at a time, then done", () => {
    // the turn begins with a draw: the deck's top card (five) is in the hand too
    const s = engine.fromBoard(board({ zones: { hand: ["recycle", "one", "two"], deck: ["five", "three"] } }), 1);
    const [one, two, five] = ["one", "two", "five"].map((c) => idOf(s, 1, "hand", c)) as [number, number, number];
    applyAll(s, play(idOf(s, 1, "hand", "recycle")));
    expect(engine.legalActions(s)).toEqual([pick(one), pick(two), pick(five), done]);
    applyAll(s, pick(two));
    expect(engine.legalActions(s)).toEqual([pick(one), pick(five), done]);
    expect(engine.apply(s, pick(two))).toEqual({ ok: false, reason: `card ${two} was already picked` });
    const lines = logOf(s, () => applyAll(s, done));
    expect(lines.slice(0, 4)).toEqual([
      "Alice is done choosing",
      "Two: Alice.hand → Alice.deck",
      "Three: Alice.deck → Alice.hand",
      "Recycle: Alice.field → Alice.discard",
    ]);
    // two went under three: Alice draws it at the start of her next turn
    expect(lines.filter((l) => l.includes("Alice.deck → Alice.hand"))).toEqual([
      "Three: Alice.deck → Alice.hand",
      "Two: Alice.deck → Alice.hand",
    ]);
  });

  it("may: yes or no", () => {
    const s = engine.fromBoard(board({ zones: { hand: ["gamble", "gamble"] } }), 3);
    applyAll(s, play(idOf(s, 1, "hand", "gamble")));
    expect(engine.legalActions(s)).toEqual([yes, no]);
    expect(engine.apply(s, pass).ok).toBe(false);
    const lines = logOf(s, () => applyAll(s, yes));
    expect(lines[0]).toBe("Alice: Score a random 0–4? yes");
    expect(lines[1]).toMatch(/^score \{ player: 1, amount: [0-4], /);
    const again = engine.fromBoard(board({ zones: { hand: ["gamble", "gamble"] } }), 3);
    applyAll(again, play(idOf(again, 1, "hand", "gamble")), yes);
    expect(again.entities[1]?.props.score).toBe(s.entities[1]?.props.score); // same seed, same draw
  });

  it("takes the only option of an action window by itself", () => {
    const s = engine.fromBoard(board({ zones: {} }, { zones: { hand: ["one", "two"] } }), 1);
    // Alice has nothing to play: she passes by herself; Bob decides
    expect(s.decision).toMatchObject({ type: "act", player: 2, window: "main" });
    expect(linesFrom(s, 0)).toContain("Alice: pass");
    expect(s.log.find((e) => e.text === "Alice: pass")?.data).toEqual({ player: 1, action: "pass", auto: true });
  });

  it("create makes a new card entity", () => {
    const s = engine.fromBoard(board({ zones: { hand: ["copycat"] } }), 1);
    const before = s.seq;
    const lines = logOf(s, () => applyAll(s, play(idOf(s, 1, "hand", "copycat"))));
    expect(lines[2]).toBe("One created in Alice.hand");
    expect(s.entities[before]).toMatchObject({ id: before, card: "one", owner: 1, zone: "hand" });
  });

  it("a full zone refuses a card (logged), which stays where it was", () => {
    const s = engine.fromBoard(board({ zones: { field: ["chime", "booster", "adder"], hand: ["one", "doubler"] } }), 1);
    const one = idOf(s, 1, "hand", "one");
    expect(engine.legalActions(s)).toEqual([play(one), pass]); // no room for a charm
    const lines = logOf(s, () => applyAll(s, play(one)));
    expect(lines[1]).toBe("One cannot enter Alice.field: it is full (3)");
    expect(cardsOf(s, 1, "hand")).toContain("one");
    expect(s.entities[1]?.props.score).toBe(3); // 1 + booster + adder, scored from the hand
  });
});
