/** Ctx services and faults, on tiny modules whose game flow is the test itself. */
import { describe, expect, it } from "vitest";
import {
  Engine,
  MAX_STEPS,
  RuntimeFault,
  renderLog,
  type CardDef,
  type Ctx,
  type Frame,
  type GameModule,
  type PureFn,
  type RulesData,
  type StepFn,
  type Value,
} from "../../runtime/index.ts";

const token = (id: string, more: Partial<CardDef> = {}): CardDef => ({
  id,
  kind: "token",
  name: id[0]!.toUpperCase() + id.slice(1),
  fields: { size: 2 },
  keywords: ["shiny"],
  triggers: [],
  computes: [],
  effects: {},
  ...more,
});

interface Tiny {
  steps?: Record<string, StepFn>;
  pure?: Record<string, PureFn>;
  cards?: Record<string, CardDef>;
  rules?: Partial<RulesData>;
}

function tiny(flow: StepFn, t: Tiny = {}): GameModule {
  const rules: RulesData = {
    players: 2,
    match: { games: 1, winsNeeded: 1 },
    props: {
      card: { size: { default: 1, max: 9 }, glow: { default: false } },
      player: { life: { default: 10 } },
      game: { round: { default: 0 } },
    },
    zones: { pile: { visibility: "public" }, stash: { visibility: "hidden" }, box: { visibility: "public", limit: 2 } },
    kinds: { token: { activeIn: ["pile"] } },
    events: { ping: { stages: [] } },
    order: { first: null, zones: [] },
    actions: [],
    flow: { game: "flow", scenario: null },
    procedures: { echo: { h: "echo", params: ["x"] } },
    ...t.rules,
  };
  return {
    id: "tiny",
    name: "Tiny",
    rules,
    cards: { tok: token("tok"), ...t.cards },
    steps: { flow, echo: (ctx, f) => ctx.ret(f, f.L.x as Value), ...t.steps },
    pure: { ...t.pure },
    sources: {
      flow: { file: "cards/tiny/rules.yaml", line: 3, what: "game flow" },
      boom: { file: "cards/tiny/cards/tok.yaml", line: 7, what: "tok when" },
    },
  };
}

const config = {
  seed: 1,
  players: [
    { name: "Ann", zones: { pile: ["tok", "tok"], stash: ["tok"] } },
    { name: "Ben", zones: { pile: ["tok"] } },
  ],
};

/** Runs `probe` as the game flow's first step (then a draw), returning the state. */
function probe(fn: (ctx: Ctx, f: Frame) => void, t?: Tiny) {
  const engine = new Engine(
    tiny((ctx, f) => {
      fn(ctx, f);
      ctx.draw(f);
    }, t),
  );
  const seats = t?.rules?.players ?? 2;
  const players = [...config.players];
  while (players.length < seats) players.push({ name: `P${players.length + 1}`, zones: { pile: [] } });
  return engine.newMatch({ ...config, players });
}

describe("reads", () => {
  it("get: own value, card field, rules default, special properties, modifiers in order, max", () => {
    const seen: Record<string, Value> = {};
    probe((ctx) => {
      const [a] = ctx.zone(1, "pile") as [number];
      seen.field = ctx.get(a, "size");
      seen.dflt = ctx.get(a, "glow");
      seen.unknown = ctx.get(a, "nothing");
      seen.owner = ctx.get(a, "owner");
      seen.kind = ctx.get(a, "kind");
      seen.card = ctx.get(a, "card");
      seen.zone = ctx.get(a, "zone");
      seen.name = ctx.get(a, "name");
      seen.player = ctx.get(1, "name");
      seen.life = ctx.get(2, "life");
      seen.pkind = ctx.kind(1);
      seen.gkind = ctx.kind(0);
      ctx.set(a, "size", 4);
      ctx.modify(a, "size", "+=", 3, "ping");
      ctx.modify(a, "size", "-=", 1, "ping");
      seen.modified = ctx.get(a, "size");
      ctx.modify(a, "size", "+=", 10, "ping");
      seen.clamped = ctx.get(a, "size");
      ctx.modify(a, "size", "=", 1, "ping");
      seen.assigned = ctx.get(a, "size");
    });
    expect(seen).toEqual({
      field: 2,
      dflt: false,
      unknown: null,
      owner: 1,
      kind: "token",
      card: "tok",
      zone: "pile",
      name: "Tok",
      player: "Ann",
      life: 10,
      pkind: "player",
      gkind: "game",
      modified: 6,
      clamped: 9,
      assigned: 1,
    });
  });

  it("names, players, opponents, keywords, catalog, seen, fn, random, zone copies", () => {
    const seen: Record<string, Value> = {};
    probe(
      (ctx, f) => {
        const pile = ctx.zone(1, "pile");
        seen.names = ctx.name([1, pile[0] as number, "tok", null, 99, true]);
        seen.empty = ctx.name([]);
        seen.players = ctx.players();
        seen.opp = [ctx.opponent(1), ctx.opponent(2), ctx.opponent(3)];
        seen.has = [ctx.has(pile[0] as number, "shiny"), ctx.has(pile[0] as number, "glow"), ctx.has(1, "life")];
        ctx.set(pile[0] as number, "glow", true);
        seen.hasProp = ctx.has(pile[0] as number, "glow");
        seen.catalog = ctx.catalog();
        seen.seen = [ctx.seen([1, "a"]), ctx.seen([1, "a"]), ctx.seen([1, "b"])];
        seen.fn = ctx.fn("double", { x: 21 }, f);
        const r: number[] = [];
        for (let i = 0; i < 50; i++) r.push(ctx.random(3));
        seen.random = [Math.min(...r), Math.max(...r)];
        pile.pop();
        seen.copy = ctx.zone(1, "pile").length;
        seen.cardOf = ctx.cardOf(pile[0] as number);
        seen.field = ctx.field(999, "x");
      },
      { rules: { players: 3 }, pure: { double: (_ctx, s) => (s.L.x as number) * 2 } },
    );
    expect(seen).toEqual({
      names: "Ann, Tok, Tok, none, 99, true",
      empty: "none",
      players: [1, 2, 3],
      opp: [2, 3, 1],
      has: [true, false, true],
      hasProp: true,
      catalog: ["tok"],
      seen: [1, 2, 1],
      fn: 42,
      random: [0, 2],
      copy: 2,
      cardOf: "tok",
      field: null,
    });
  });
});

describe("moves", () => {
  it("moves into another player's zone keep the owner and record the holder; lists move one by one", () => {
    const s = probe((ctx) => {
      const [a, b] = ctx.zone(1, "pile") as [number, number];
      ctx.move(a, 2, "pile", "bottom");
      ctx.move([b, a], 1, "stash", "top");
      ctx.move(b, 1, "stash", "bottom");
    });
    const [a, b] = [4, 5].map((i) => s.entities[i]!).sort((x, y) => x.arrival - y.arrival);
    expect(renderLog(s).filter((l) => l.includes("→"))).toEqual([
      "Tok: Ann.pile → Ben.pile",
      "Tok: Ann.pile → Ann.stash",
      "Tok: Ben.pile → Ann.stash",
      "Tok: Ann.stash → Ann.stash",
    ]);
    expect(a).toBeDefined();
    expect(b).toBeDefined();
    const stash = s.zones["1:stash"] as number[];
    expect(stash).toHaveLength(3);
    for (const id of stash) {
      expect(s.entities[id]).toMatchObject({ owner: 1, zone: "stash" });
      expect(s.entities[id]?.holder).toBeUndefined();
    }
  });

  it("records the holder while a card sits in another player's zone", () => {
    let holder: number | undefined;
    let key = "";
    probe((ctx) => {
      const [a] = ctx.zone(1, "pile") as [number];
      ctx.move(a, 2, "pile", "top");
      holder = ctx.state.entities[a]?.holder;
      key = Object.keys(ctx.state.zones).find((k) => ctx.state.zones[k]?.includes(a)) ?? "";
      expect(ctx.owner(a)).toBe(1);
    });
    expect(holder).toBe(2);
    expect(key).toBe("2:pile");
  });

  it("a zone at its limit refuses further cards (logged); create ignores the limit", () => {
    const s = probe((ctx) => {
      ctx.move(ctx.zone(1, "pile"), 1, "box", "bottom");
      ctx.move(ctx.zone(2, "pile"), 1, "box", "bottom");
      ctx.create("tok", 1, "box");
    });
    expect(s.zones["1:box"]).toHaveLength(3);
    expect(s.zones["2:pile"]).toHaveLength(1);
    expect(renderLog(s).slice(-5, -2)).toEqual([
      "Tok: Ann.pile → Ann.box",
      "Tok cannot enter Ann.box: it is full (2)",
      "Tok created in Ann.box",
    ]);
  });
});

describe("suspending calls", () => {
  it("choose takes the candidates itself when there is no real choice, and returns none/[] for no candidates", () => {
    const got: Value[] = [];
    const engine = new Engine(
      tiny((ctx, f) => {
        switch (f.step) {
          case 0:
            f.step = 1;
            return ctx.choose(f, "a", 1, [], 1, 1, true, "none");
          case 1:
            got.push(f.L.a as Value);
            f.step = 2;
            return ctx.choose(f, "b", 1, [], 0, 2, false, "none");
          case 2:
            got.push(f.L.b as Value);
            f.step = 3;
            return ctx.choose(f, "c", 1, ctx.zone(1, "pile"), 2, 2, false, "both");
          case 3:
            got.push(f.L.c as Value);
            f.step = 4;
            return ctx.choose(f, "d", 1, ctx.zone(2, "pile"), 2, 2, false, "only one");
          case 4:
            got.push(f.L.d as Value);
            f.step = 5;
            return ctx.act(f, "e", "nowhere", 1, null);
          case 5:
            got.push(f.L.e as Value);
            return ctx.draw(f);
        }
      }),
    );
    const s = engine.newMatch(config);
    expect(got).toEqual([null, [], s.zones["1:pile"], s.zones["2:pile"], null]);
    expect(renderLog(s).filter((l) => l.includes("the only choice"))).toEqual([
      "Ann chooses Tok, Tok — both (the only choice)",
      "Ann chooses Tok — only one (the only choice)",
    ]);
  });

  it("call passes arguments and returns a value; an event returned by a procedure outlives it", () => {
    let result: Value = null;
    let evAlive = false;
    const engine = new Engine(
      tiny(
        (ctx, f) => {
          switch (f.step) {
            case 0:
              f.step = 1;
              return ctx.call(f, "r", "echo", { x: "hello" });
            case 1:
              result = f.L.r as Value;
              f.step = 2;
              return ctx.call(f, "ev", "pinger", {});
            case 2:
              evAlive = ctx.field(f.L.ev as number, "n") === 5 && f.owned.includes(f.L.ev as number);
              return ctx.draw(f);
          }
        },
        {
          rules: { procedures: { echo: { h: "echo", params: ["x"] }, pinger: { h: "pinger", params: [] } } },
          steps: {
            pinger: (ctx, f) => {
              if (f.step === 0) {
                f.step = 1;
                return ctx.emit(f, "e", "ping", { n: 5 });
              }
              ctx.ret(f, f.L.e as Value);
            },
          },
        },
      ),
    );
    engine.newMatch(config);
    expect(result).toBe("hello");
    expect(evAlive).toBe(true);
  });
});

describe("faults", () => {
  const run = (m: GameModule) => () => new Engine(m).newMatch(config);

  it("an error in a step function names its YAML source", () => {
    const m = tiny(() => {
      throw new Error("boom");
    });
    expect(run(m)).toThrow(RuntimeFault);
    expect(run(m)).toThrow("cards/tiny/rules.yaml:3 (game flow): boom");
    try {
      run(m)();
    } catch (e) {
      expect((e as RuntimeFault).handler).toBe("flow");
      expect((e as RuntimeFault).source).toEqual({ file: "cards/tiny/rules.yaml", line: 3, what: "game flow" });
    }
  });

  it("an error in a pure function names the pure function's source", () => {
    const m = tiny(
      (ctx, f) => {
        if (f.step === 0) {
          f.step = 1;
          return ctx.emit(f, null, "ping", {});
        }
        ctx.draw(f);
      },
      {
        cards: {
          tok: token("tok", {
            triggers: [{ event: "ping", stage: null, in: [], when: "boom", h: "noop", usage: null, limit: null }],
          }),
        },
        pure: {
          boom: () => {
            throw new TypeError("bad when");
          },
        },
        steps: { noop: (ctx, f) => ctx.ret(f, null) },
      },
    );
    expect(run(m)).toThrow("cards/tiny/cards/tok.yaml:7 (tok when): bad when");
  });

  it("a resolution that never decides is stopped", () => {
    const m = tiny((_ctx, f) => {
      f.step++;
    });
    expect(run(m)).toThrow(
      `cards/tiny/rules.yaml:3 (game flow): runaway resolution: ${MAX_STEPS} steps without a decision`,
    );
  });

  it("a loop that never ends is stopped", () => {
    const m = tiny((ctx) => {
      for (;;) ctx.tick();
    });
    expect(run(m)).toThrow("cards/tiny/rules.yaml:3 (game flow): runaway loop");
  });

  it("a trigger that keeps re-triggering itself is stopped", () => {
    const m = tiny(
      (ctx, f) => {
        if (f.step === 0) {
          f.step = 1;
          return ctx.emit(f, null, "ping", {});
        }
        ctx.draw(f);
      },
      {
        cards: {
          tok: token("tok", {
            triggers: [{ event: "ping", stage: null, in: [], when: null, h: "again", usage: null, limit: null }],
          }),
        },
        steps: {
          again: (ctx, f) => {
            if (f.step === 0) {
              f.step = 1;
              return ctx.emit(f, null, "ping", {});
            }
            ctx.ret(f, null);
          },
        },
      },
    );
    expect(run(m)).toThrow(/runaway resolution: more than 2000 nested effects/);
  });

  it("a game flow that returns without a result is a fault; so is an unknown step or a ret out of turn", () => {
    expect(run(tiny((ctx, f) => ctx.ret(f, null)))).toThrow(
      "cards/tiny/rules.yaml:3 (game flow): the game flow finished without a result",
    );
    expect(run(tiny((ctx, f) => ctx.call(f, null, "missing", {})))).toThrow("unknown procedure 'missing'");
    const m = tiny((ctx, f) => ctx.call(f, null, "echo", {}), {
      steps: { echo: (ctx, f) => ctx.ret(ctx.state.frames[0] as Frame, null) },
    });
    expect(run(m)).toThrow("ret: only the running (top) frame can return");
  });
});
