/**
 * Issue 9, class 3: names that JavaScript objects already carry (`constructor`, `toString`,
 * `hasOwnProperty`, `valueOf`) work as ordinary names everywhere a game names things, and
 * `__proto__` is a positioned error. Save-and-load over 1,000 random games never diverges.
 */
import { describe, expect, it } from "vitest";
import { checkGame } from "../../compiler/core/workspace/workspace.ts";
import { renderDiagnostic } from "../../compiler/core/text/diagnostics.ts";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runScenarioFile } from "../../compiler/scenarios/runner.ts";
import { readDecks } from "../../compiler/node/decks.ts";
import { Engine, randomAgent, type State } from "../../runtime/index.ts";
import { HOSTILE_RULES, hostileGame } from "../kit/hostile-game.ts";
import { tempDir } from "../kit/temp.ts";

const RULES = HOSTILE_RULES.replace(
  "  board: { visibility: public }\n",
  "  board: { visibility: public }\n  constructor: { visibility: public }\n  toString: { visibility: public }\n",
)
  .replace(
    "    power: { type: number, default: 0 }\n",
    "    power: { type: number, default: 0 }\n    valueOf: { type: number, default: 3 }\n",
  )
  .replace(
    "    score: { type: number, default: 0 }\n",
    "    score: { type: number, default: 0 }\n    hasOwnProperty: { type: number, default: 0 }\n    isPrototypeOf: { type: number, default: 7 }\n",
  )
  .replace(
    "  ping: { fields: { by: player } }",
    "  ping: { fields: { by: player, toString: number, valueOf: number } }",
  );

const CARDS = {
  odd: [
    'let constructor = choose one of [me, opponent] as "who"',
    "let toString = [me, opponent]",
    "let valueOf = 2",
    "let hasOwnProperty = constructor",
    "me.hasOwnProperty += valueOf + count(toString)",
    "move self to me.toString",
    "emit ping { by: me, toString: 5, valueOf: 0 }",
    'log "{hasOwnProperty} {me.isPrototypeOf} {self.valueOf} {count(me.toString)} {count(me.constructor)}"',
  ].join("\n"),
};
const LISTENER =
  'id: listener\nkind: spell\nname: Listener\neffect: ""\non:\n  - event: ping\n    in: [toString]\n    do: |\n      me.isPrototypeOf += event.toString\n      log "valueOf field: {event.valueOf}"\n';

describe("names Object.prototype carries are ordinary names (issue 9, class 3)", async () => {
  const module = await hostileGame(CARDS, RULES, { "listener.yaml": LISTENER });
  const engine = new Engine(module);
  const fresh = (seed: number): State =>
    engine.newMatch({
      seed,
      players: [
        { name: "A", zones: { hand: ["odd", "odd"], toString: ["listener"] } },
        { name: "B", zones: {} },
      ],
    });

  it("locals, properties, fields and zones named constructor/toString/valueOf/hasOwnProperty read and write their own values", () => {
    const st = fresh(1);
    const play = engine.legalActions(st)[0];
    expect(play).toMatchObject({ type: "act", action: "play" });
    expect(engine.apply(st, play as never)).toEqual({ ok: true });
    expect(engine.apply(st, { type: "pick", value: 2 })).toEqual({ ok: true });
    // JSON save and load across the pending choice, then the same answer.
    const loaded = JSON.parse(JSON.stringify(fresh(1))) as State;
    engine.apply(loaded, play as never);
    const reloaded = JSON.parse(JSON.stringify(loaded)) as State;
    engine.apply(reloaded, { type: "pick", value: 2 });
    expect(engine.read(st, 1, "hasOwnProperty")).toBe(4);
    expect(engine.read(st, 1, "isPrototypeOf")).toBe(12);
    expect(st.log.filter((e) => e.kind === "text").map((e) => e.text)).toEqual(["valueOf field: 0", "B 12 3 2 0"]);
    expect(engine.hash(reloaded)).toBe(engine.hash(st));
    expect(engine.zoneCards(st, 1, "toString")).toHaveLength(2);
    expect(engine.zoneCards(st, 1, "constructor")).toEqual([]);
  });

  it("1,000 random games: a JSON save and load at every decision never diverges", () => {
    let decisions = 0;
    for (let seed = 1; seed <= 1000; seed++) {
      const plain = fresh(seed);
      let tripped = fresh(seed);
      const a = randomAgent(seed);
      const b = randomAgent(seed);
      while (!plain.match.over) {
        const act = a.choose(plain, engine.legalActions(plain), engine);
        tripped = JSON.parse(JSON.stringify(tripped)) as State;
        const act2 = b.choose(tripped, engine.legalActions(tripped), engine);
        expect(engine.apply(plain, act)).toEqual({ ok: true });
        expect(engine.apply(tripped, act2)).toEqual({ ok: true });
        decisions++;
      }
      if (engine.hash(tripped) !== engine.hash(plain)) throw new Error(`seed ${seed} diverged after a save and load`);
    }
    expect(decisions).toBeGreaterThan(2000);
  });
});

describe("__proto__ is a positioned error wherever a name goes", () => {
  const rules = { path: "cards/hostile/rules.yaml", text: HOSTILE_RULES };
  const errors = (rulesText: string, card: string) =>
    checkGame({
      rules: { ...rules, text: rulesText },
      cards: [{ path: "cards/hostile/cards/x.yaml", text: `id: x\nkind: spell\nname: X\neffect: |\n  ${card}\n` }],
    })
      .diagnostics.filter((d) => d.severity === "error")
      .map((d) => renderDiagnostic(d).split("\n")[0]);

  it("a local", () =>
    expect(errors(HOSTILE_RULES, "let __proto__ = 5")).toEqual([
      "cards/hostile/cards/x.yaml:5:7: error dsl/reserved: '__proto__' is reserved and cannot be used as a name",
    ]));
  it("a declared property", () =>
    expect(
      errors(
        HOSTILE_RULES.replace(
          "    power: { type: number, default: 0 }\n",
          "    __proto__: { type: number, default: 0 }\n",
        ),
        "me.score += 1",
      ),
    ).toEqual([
      "cards/hostile/rules.yaml:18:5: error yaml/reserved: '__proto__' is reserved and cannot be used as a key",
    ]));
  it("an event field", () =>
    expect(
      errors(
        HOSTILE_RULES.replace(
          "  ping: { fields: { by: player } }",
          "  ping: { fields: { by: player, __proto__: number } }",
        ),
        "me.score += 1",
      ),
    ).toEqual([
      "cards/hostile/rules.yaml:22:33: error yaml/reserved: '__proto__' is reserved and cannot be used as a key",
    ]));
  it("a member in code", () =>
    expect(errors(HOSTILE_RULES, "me.__proto__ = 1")).toEqual([
      "cards/hostile/cards/x.yaml:5:6: error check/unknown-member: a player has no property or zone '__proto__'",
      "cards/hostile/cards/x.yaml:5:6: error dsl/reserved: '__proto__' is reserved and cannot be used as a name",
    ]));
});

describe("scenario keys and deck keys named like Object methods are unknown names, not matches", async () => {
  const module = await hostileGame({ fine: "me.score += 1" });
  for (const key of ["constructor", "toString", "hasOwnProperty", "valueOf", "__proto__"]) {
    it(`given.me.${key}`, () => {
      const [r] = runScenarioFile(module, "s.yaml", `scenarios:\n  - name: s\n    given:\n      me: { ${key}: 1 }\n`);
      expect(r?.failures.map((d) => renderDiagnostic(d).split("\n")[0])).toEqual([
        key === "__proto__"
          ? "s.yaml:4:13: error yaml/reserved: '__proto__' is reserved and cannot be used as a key"
          : `s.yaml:4:13: error scenario/failed: a player has no zone or property '${key}'`,
      ]);
    });
  }
});

describe("deck keys named like Object methods are unknown, not matches", async () => {
  const module = await hostileGame({ fine: "me.score += 1" });
  it("zones and card ids constructor/toString/hasOwnProperty/valueOf/__proto__", () => {
    const dir = tempDir("cw-deck-keys-");
    mkdirSync(join(dir, "decks"));
    writeFileSync(
      join(dir, "decks", "d.yaml"),
      "id: d\nname: D\nzones:\n  toString: [fine]\n  hand: [constructor, valueOf, hasOwnProperty, fine]\n",
    );
    writeFileSync(join(dir, "decks", "p.yaml"), "id: p\nname: P\nzones:\n  __proto__: [fine]\n");
    const { decks, diagnostics } = readDecks(dir, module, dir);
    expect(decks).toEqual([]);
    expect(diagnostics.map((d) => renderDiagnostic(d).split("\n")[0])).toEqual([
      "decks/d.yaml:4:3: error deck/unknown-zone: unknown zone 'toString'",
      "decks/d.yaml:5:10: error deck/unknown-card: unknown card 'constructor'",
      "decks/d.yaml:5:23: error deck/unknown-card: unknown card 'valueOf'",
      "decks/d.yaml:5:32: error deck/unknown-card: unknown card 'hasOwnProperty'",
      "decks/p.yaml:4:3: error yaml/reserved: '__proto__' is reserved and cannot be used as a key",
    ]);
  });
});
