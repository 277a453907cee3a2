/**
 * `Engine.trace` (runtime/host/trace.ts): an answer observed statement by statement on a copy.
 * A small generic game whose spell hits a target twice; the points the trace reports are checked
 * against a replay of the same action with `apply`, statement by statement (each point's state is
 * the state `stopAt` stops at) and at the end (the traced state is the applied one).
 */
import { describe, expect, it } from "vitest";
import { renderDiagnostic } from "../../compiler/core/text/diagnostics.ts";
import { Engine, type Action, type GameModule, type State, type TracePoint } from "../../runtime/index.ts";
import { castOf, spellCard, spellGameRules, thingCard } from "../kit/spell-game.ts";
import { loadToyGame } from "../kit/toy-game.ts";

const RULES = spellGameRules({
  game: "tracer",
  hp: 10,
  flow: `
while true {
  let a = act main by me
  if a == "pass" { win me }
}
`,
});
// A card's effect starts on line 5 of its file: zap finds the target (5), tests it (6), hits it
// for 2 (7), logs (8) and hits it for 3 (9); broken hits for 2 (7) and divides by zero on line 9.
const ZAP = 'let t = first(other(me).board)\nif t == none { return }\nt.hp -= 2\nlog "zap hits {t}"\nt.hp -= 3';
const BROKEN =
  "let t = first(other(me).board)\nif t == none { return }\nt.hp -= 2\nlet z = t.hp - t.hp\nlet n = 1 / z\nt.hp = n";

async function compile(): Promise<GameModule> {
  const { module, diagnostics } = await loadToyGame("tracer", {
    "rules.yaml": RULES,
    "cards/zap.yaml": spellCard("zap", ZAP),
    "cards/broken.yaml": spellCard("broken", BROKEN),
    "cards/golem.yaml": thingCard("golem"),
  });
  if (!module) throw new Error(`tracer does not compile:\n${diagnostics.map(renderDiagnostic).join("\n")}`);
  return module;
}

const engine = new Engine(await compile());
const start = (): State =>
  engine.newMatch({
    seed: 3,
    players: [
      { name: "A", zones: { hand: ["zap", "broken"] } },
      { name: "B", zones: { board: ["golem"] } },
    ],
  });
const cast = (st: State, card: string): Action => castOf(engine, st, card);
const golemOf = (st: State): number => engine.zoneCards(st, 2, "board")[0] as number;
const hp = (st: State): unknown => st.entities[golemOf(st)]?.props["hp"] ?? 10;

/** What each point says, with a copy of its state. */
interface Seen {
  readonly index: number;
  readonly ran: string | null;
  readonly next: string | null;
  readonly hp: unknown;
  readonly state: State;
}
function traced(st: State, action: Action): { seen: Seen[]; result: ReturnType<Engine["trace"]> } {
  const seen: Seen[] = [];
  // Positions name files as the compiler was given them (here under a temporary folder).
  const at = (s: TracePoint["ran"]) =>
    s === null ? null : `${s.file.replace(/^.*?(cards\/tracer\/)/, "$1")}:${s.line}`;
  const result = engine.trace(st, action, {
    onStatement: (p) =>
      seen.push({
        index: p.index,
        ran: at(p.ran),
        next: at(p.next),
        hp: hp(p.state),
        state: JSON.parse(JSON.stringify(p.state)) as State,
      }),
  });
  return { seen, result };
}

describe("Engine.trace", () => {
  it("reports the state after each statement, with its position; the final state is the one apply makes", () => {
    const st = start();
    const before = engine.hash(st);
    const action = cast(st, "zap");
    const { seen, result } = traced(st, action);
    expect(engine.hash(st)).toBe(before); // the given state is untouched

    const replayed = engine.clone(st);
    expect(engine.apply(replayed, action)).toEqual({ ok: true });
    if (!result.ok) throw new Error(result.reason);
    expect(result.stopped).toBe(false);
    expect(JSON.stringify(result.state)).toBe(JSON.stringify(replayed));
    expect(engine.hash(result.state)).toBe(engine.hash(replayed));

    // The zap's four statements, each seen with the golem's HP after it ran.
    const zap = seen.filter((p) => p.ran?.startsWith("cards/tracer/cards/zap.yaml:"));
    expect(zap.map((p) => [p.ran, p.hp])).toEqual([
      ["cards/tracer/cards/zap.yaml:5", 10],
      ["cards/tracer/cards/zap.yaml:6", 10],
      ["cards/tracer/cards/zap.yaml:7", 8],
      ["cards/tracer/cards/zap.yaml:8", 8],
      ["cards/tracer/cards/zap.yaml:9", 5],
    ]);
    // The point before the first hit: the statement about to run is the hit, the HP still 10.
    expect(seen.find((p) => p.next === "cards/tracer/cards/zap.yaml:7")?.hp).toBe(10);
    // Points are numbered by statements run, one before the first and one at the end.
    expect(seen.map((p) => p.index)).toEqual(seen.map((_, i) => i));
    expect(seen[0]?.ran).toBeNull();
    expect(seen.at(-1)?.next).toBeNull();
    expect(result.statements).toBe(seen.length - 1);
    expect(seen.at(-1)?.state).toEqual(JSON.parse(JSON.stringify(replayed)));
  });

  it("stopAt leaves the copy as it is at that point: the same state the observer saw there", () => {
    const st = start();
    const action = cast(st, "zap");
    const { seen } = traced(st, action);
    for (const p of seen) {
      const r = engine.trace(st, action, { stopAt: p.index });
      if (!r.ok) throw new Error(r.reason);
      expect(r.stopped).toBe(p.next !== null);
      expect(JSON.parse(JSON.stringify(r.state))).toEqual(p.state);
    }
    const afterFirstHit = seen.find((p) => p.ran === "cards/tracer/cards/zap.yaml:7") as Seen;
    const r = engine.trace(st, action, { stopAt: afterFirstHit.index });
    expect(r.ok && hp(r.state)).toBe(8);
    // A stopped copy is the Engine's: it can be viewed and read mid-answer.
    expect(engine.read(r.state, golemOf(r.state), "hp")).toBe(8);
    expect(engine.decision(r.state)).toBeNull();
  });

  it("a refused action and a fault are results; the given state is untouched", () => {
    const st = start();
    const before = engine.hash(st);
    const bad: Action = { type: "act", action: "cast", args: { c: 999 } };
    const refused = engine.trace(st, bad);
    expect(refused).toMatchObject({ ok: false, reason: engine.check(st, bad), fault: null, statements: 0 });

    const { seen, result } = traced(st, cast(st, "broken"));
    if (result.ok) throw new Error("the broken spell should fault");
    expect(result.reason).toContain("cards/tracer/cards/broken.yaml:");
    expect(result.reason).toBe(result.fault?.message);
    // The copy stays where the fault happened: the first hit landed.
    expect(hp(result.state)).toBe(8);
    expect(seen.at(-1)?.next).toBe("cards/tracer/cards/broken.yaml:9");
    expect(engine.hash(st)).toBe(before);
  });

  it("an error thrown by the observer is rethrown as it is", () => {
    const st = start();
    const oops = new Error("observer failed");
    expect(() =>
      engine.trace(st, cast(st, "zap"), {
        onStatement: (p) => {
          if (p.index === 2) throw oops;
        },
      }),
    ).toThrow(oops);
  });
});
