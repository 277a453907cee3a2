/**
 * Host safety: hostile cards fault with the card's file and line, the process survives, and a
 * faulting `apply` leaves the state byte-identical to before (all or nothing), so the match goes on.
 */
import { describe, expect, it } from "vitest";
import { Engine, RuntimeFault, type Action, type State } from "../../runtime/index.ts";
import { hostileGame } from "../kit/hostile-game.ts";
import { actionOnCard, expectFaultLeavesState } from "../kit/actions.ts";

const HOSTILE: Readonly<Record<string, string>> = {
  "div-zero": "me.score += 1\nlet x = 1 / 0",
  "mod-zero": "me.score += 1\nlet x = 5 % 0",
  "deep-recursion": "me.score += 1\nagain(0)",
  "endless-loop": "let n = 0\nwhile true { n += 1 }",
  "move-then-fault":
    "move me.hand to me.grave\nme.score = 99\nlet t = create fine in me.board\nt.power = 3\nlet x = 1 / 0",
  "list-bomb": "let xs = [1]\nlet n = 0\nwhile n < 40 {\n  xs = xs + xs\n  n += 1\n}",
  "list-bomb-unrolled": "let xs = [1, 2, 3, 4, 5, 6, 7, 8]\n" + Array(40).fill("xs = xs + xs").join("\n"),
  "text-bomb": 'let s = "ab"\nwhile true {\n  s = "{s}{s}"\n}',
  "text-join-bomb": 'let s = "ab"\nwhile true {\n  s = s + s\n}',
  "create-bomb": "while true {\n  create fine in me.board\n}",
  "self-retrigger": "create echo in me.board\nemit ping { by: me }",
  fine: "me.score += 1",
};

/** Where each card's faulting line is, and what the fault says. */
const EXPECTED: Readonly<Record<string, RegExp>> = {
  "div-zero": /cards\/hostile\/cards\/div-zero\.yaml:6:3 \(div-zero: effect\): division by zero$/,
  "mod-zero": /cards\/hostile\/cards\/mod-zero\.yaml:6:3 \(mod-zero: effect\): division by zero$/,
  "deep-recursion": /rules\.yaml:27:7 \(procedure again\): runaway resolution: more than 2000 nested effects/,
  "endless-loop": /cards\/hostile\/cards\/endless-loop\.yaml:6:3 \(endless-loop: effect\): runaway loop/,
  "move-then-fault": /cards\/hostile\/cards\/move-then-fault\.yaml:9:3 \(move-then-fault: effect\): division by zero$/,
  "list-bomb":
    /list-bomb\.yaml:8:5 \(list-bomb: effect\): limit: a list of 131072 items is longer than the limit of 100000$/,
  "list-bomb-unrolled":
    /list-bomb-unrolled\.yaml:19:3 \(list-bomb-unrolled: effect\): limit: a list of 131072 items is longer than the limit of 100000$/,
  "text-bomb":
    /text-bomb\.yaml:7:5 \(text-bomb: effect\): limit: a text of 1048576 characters is longer than the limit of 1000000$/,
  "text-join-bomb":
    /text-join-bomb\.yaml:7:5 \(text-join-bomb: effect\): limit: a text of 1048576 characters is longer than the limit of 1000000$/,
  "create-bomb":
    /create-bomb\.yaml:6:5 \(create-bomb: effect\): limit: more than 10000 cards created while resolving one answer$/,
  "self-retrigger":
    /echo\.yaml:8:\d+ \(Echo: trigger 1 \(on ping\)\): runaway resolution: more than 2000 nested effects/,
};

describe("hostile cards (issue 9, class 2)", async () => {
  // A card that answers every ping with another ping: a self-retriggering loop.
  const echo =
    'id: echo\nkind: spell\nname: Echo\neffect: ""\non:\n  - event: ping\n    do: |\n      emit ping { by: me }\n';
  const module = await hostileGame(HOSTILE, undefined, { "echo.yaml": echo });
  const engine = new Engine(module);
  const hand = [...Object.keys(HOSTILE), "fine", "fine"];
  const fresh = (): State =>
    engine.newMatch({
      seed: 3,
      players: [
        { name: "A", zones: { hand, deck: ["fine", "fine"] } },
        { name: "B", zones: { hand: ["fine"] } },
      ],
    });
  const playOf = (st: State, card: string): Action => actionOnCard(engine, st, "play", card);

  for (const [card, pattern] of Object.entries(EXPECTED)) {
    it(`${card}: a positioned fault, the state byte-identical after, the match goes on`, () => {
      const st = fresh();
      engine.apply(st, playOf(st, "fine")); // something in the log and a changed score first
      expectFaultLeavesState(engine, st, playOf(st, card), pattern);
      // Not wedged: the same decision is pending, and another answer plays on.
      expect(engine.legalActions(st).length).toBeGreaterThan(0);
      expect(engine.apply(st, playOf(st, "fine"))).toEqual({ ok: true });
      expect(engine.read(st, 1, "score")).toBe(2);
      expect(engine.apply(st, { type: "act", action: "stop", args: {} })).toEqual({ ok: true });
      expect(engine.winner(st)).toBe(1);
    });
  }

  it("a faulting apply then a clean one equals the clean one alone (no stale caches)", () => {
    const a = fresh();
    const b = fresh();
    expect(() => engine.apply(a, playOf(a, "move-then-fault"))).toThrow(RuntimeFault);
    engine.apply(a, playOf(a, "fine"));
    engine.apply(b, playOf(b, "fine"));
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });

  it("apply on a player view, another game's state or a non-state: { ok: false } with a reason", () => {
    const st = fresh();
    const stop: Action = { type: "act", action: "stop", args: {} };
    expect(engine.apply(engine.view(st, 1), stop)).toEqual({
      ok: false,
      reason: "this is a player view (from Engine.view), which cannot be played on: apply actions to the full state",
    });
    expect(engine.apply({ ...st, game: "elsewhere" }, stop)).toEqual({
      ok: false,
      reason: "this state is of the game 'elsewhere', this engine plays 'hostile'",
    });
    expect(engine.apply(null as unknown as State, stop)).toEqual({
      ok: false,
      reason: "this is not a match state (make one with newMatch or fromBoard)",
    });
    expect(engine.apply({} as State, stop)).toEqual({
      ok: false,
      reason: "this is not a match state (make one with newMatch or fromBoard)",
    });
  });

  it("an act answer without an action name says what is missing", () => {
    const st = fresh();
    const r = engine.apply(st, { type: "act" } as unknown as Action);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.reason).toMatch(
      /^an 'act' answer needs 'action', the name of the action to take \(a text\); legal: 'play c=\d+'/,
    );
    expect(engine.apply(st, { type: "act", action: "stop", args: 5 } as unknown as Action)).toEqual({
      ok: false,
      reason: "the 'args' of 'stop' must be an object of argument values",
    });
  });
});
