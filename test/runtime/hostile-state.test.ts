/**
 * States handed to the Engine from outside (issue 16): a tampered saved state is refused at every
 * entry point with a message saying where it is wrong, never a raw TypeError, and nothing is
 * changed; no entry point reads through Object.prototype; saved states carry a format.
 */
import { describe, expect, it } from "vitest";
import { Engine, InputError, type Action, type State } from "../../runtime/index.ts";
import { toyConfig, toyGame } from "./fixtures/toy-game.ts";

const engine = new Engine(toyGame);
const fresh = (): State => engine.newMatch(toyConfig(3));
/** A state as JSON gives it back (not one the engine made), edited. */
const tampered = (edit: (s: Record<string, unknown>) => void): State => {
  const s = JSON.parse(JSON.stringify(fresh())) as Record<string, unknown>;
  edit(s);
  return s as unknown as State;
};

const HOSTILE: readonly [string, State, string][] = [
  [
    "an unknown decision type",
    tampered((s) => ((s.decision as Record<string, unknown>).type = "vote")),
    `state.decision.type: "vote" is not one of "act", "choose", "may"`,
  ],
  [
    "no decision options",
    tampered((s) => delete (s.decision as Record<string, unknown>).options),
    "state.decision: a 'act' decision needs 'options'",
  ],
  ["an RNG that is not a list", tampered((s) => (s.rng = "x")), 'state.rng: expected array, found "x"'],
  [
    "a 5 MB card id",
    tampered(
      (s) =>
        (((s.entities as Record<string, Record<string, unknown>>)["3"] as Record<string, unknown>).card = "x".repeat(
          5_000_000,
        )),
    ),
    'state.entities["3"].card: a text of 5000000 characters is longer than 1000',
  ],
  [
    "a frame of no step",
    tampered((s) => (((s.frames as Record<string, unknown>[])[0] as Record<string, unknown>).h = "nope")),
    "state.frames[0].h: no step 'nope' in the game",
  ],
  [
    "a card entity of an unknown card",
    tampered(
      (s) =>
        (((s.entities as Record<string, Record<string, unknown>>)["3"] as Record<string, unknown>).card = "toString"),
    ),
    "state.entities[3]: unknown card 'toString'",
  ],
  [
    "a zone named __proto__",
    tampered((s) => ((s.zones as Record<string, unknown>) = JSON.parse('{"1:__proto__":[]}'))),
    "state.zones[\"1:__proto__\"]: unknown zone '__proto__'",
  ],
  [
    "a log line of an unknown kind",
    tampered((s) => (s.log as unknown[]).push({ kind: "boom", text: "x" })),
    `state.log[${fresh().log.length}].kind: "boom" is not one of`,
  ],
  ["a missing match record", tampered((s) => delete s.match), "state: 'match' is missing"],
];

describe("hostile saved states (issue 16)", () => {
  for (const [what, st, message] of HOSTILE) {
    it(`${what}: check, legalActions, apply, clone, view and read refuse it, saying where`, () => {
      const before = JSON.stringify(st);
      const answer: Action = { type: "act", action: "pass", args: {} };
      expect(engine.check(st, answer)?.startsWith(message)).toBe(true);
      const applied = engine.apply(st, answer);
      expect(applied.ok).toBe(false);
      expect(!applied.ok && applied.reason.startsWith(message)).toBe(true);
      for (const call of [
        () => engine.legalActions(st),
        () => engine.clone(st),
        () => engine.view(st, 1),
        () => engine.read(st, 1, "life"),
        () => engine.isOver(st),
        () => engine.describe(st, answer),
      ]) {
        let thrown: unknown = null;
        try {
          call();
        } catch (e) {
          thrown = e;
        }
        expect(thrown).toBeInstanceOf(InputError);
        expect((thrown as Error).message.startsWith(message)).toBe(true);
      }
      expect(JSON.stringify(st)).toBe(before);
    });
  }

  it("a state read back from JSON unchanged plays on like the original", () => {
    const a = fresh();
    const b = JSON.parse(JSON.stringify(a)) as State;
    const move = engine.legalActions(a)[0] as Action;
    expect(engine.apply(b, move)).toEqual(engine.apply(a, move));
    expect(engine.hash(b)).toBe(engine.hash(a));
  });

  it("read answers none for names the game does not know, and never hands out Object.prototype", () => {
    const st = fresh();
    for (const name of ["__proto__", "constructor", "toString", "hasOwnProperty"])
      expect(engine.read(st, 1, name)).toBe(null);
    const card = engine.zoneCards(st, 1, "hand")[0] as number;
    expect(engine.read(st, card, "__proto__")).toBe(null);
    expect(engine.read(st, card, "toString")).toBe(null);
    expect(({} as Record<string, unknown>)["polluted"]).toBe(undefined);
    expect(() => engine.zoneCards(st, 1, "__proto__")).toThrow(new InputError("unknown zone '__proto__'"));
    expect(() => engine.read(st, 999, "life")).toThrow(new InputError("there is no entity 999"));
    expect(engine.nameOf(st, "toString")).toBe("toString");
  });

  it("save writes format 1; load reads it back, and refuses other formats and broken states", () => {
    const st = fresh();
    const text = engine.save(st);
    expect(Object.keys(JSON.parse(text) as object)).toEqual(["format", "state"]);
    expect((JSON.parse(text) as { format: number }).format).toBe(1);
    const back = engine.load(text);
    expect(engine.hash(back)).toBe(engine.hash(st));
    expect(() => engine.load(text.replace('"format":1', '"format":2'))).toThrow(
      new InputError("saved state format 2 is newer than this Cardwright reads (format 1)"),
    );
    expect(() => engine.load("{")).toThrow(InputError);
    expect(() => engine.load({ format: 1, state: { ...st, seq: -1 } })).toThrow(
      new InputError("state.seq: -1 is below 0"),
    );
    expect(() => engine.load({ state: st })).toThrow(new InputError("saved state: 'format' is missing"));
  });

  it("view refuses a seat that is not a player", () => {
    expect(() => engine.view(fresh(), 7)).toThrow(InputError);
  });
});
