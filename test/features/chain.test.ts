import { describe, expect, it } from "vitest";
import { renderDiagnostic } from "../../compiler/core/text/diagnostics.ts";
import { Engine, renderLog, type Action, type GameModule, type State } from "../../runtime/index.ts";
import { castOf, spellCard, spellGameRules, thingCard } from "../kit/spell-game.ts";
import { loadToyGame } from "../kit/toy-game.ts";

const RULES = spellGameRules({
  game: "stacker",
  hp: 3,
  afterCast: "give-priority(other(me))",
  flow: `
give-priority(me)
while true {
  let h = holder()
  if h == none { break }
  let a = act main by h
  if a == "pass" {
    let r = pass-priority()
    log "result: {r}, links: {count(links())}"
    if r == "closed" { win me }
    if r != "passed" { give-priority(me) }
  }
}
`,
});
// The same game where the whole chain resolves once every player passed: after the first link,
// `resolve-next` takes the rest with no priority in between, until a link that arrived since.
const RUN_RULES = RULES.replace(
  `        if r != "passed" { give-priority(me) }`,
  `        if r != "passed" {
          let more = true
          while more {
            let n = resolve-next()
            log "next: {n}, links: {count(links())}"
            more = n == "resolved" or n == "fizzled"
          }
          give-priority(me)
        }`,
);
const SPELLS: Record<string, string> = {
  bolt: `let t = first(other(me).board)\nchain(self, [t])\nif t == none { return }\nt.hp -= 1\nlog "bolt hits {t}"`,
  blink: `let t = first(me.board)\nchain(self, [t])\nif t == none { return }\nmove t to me.hand\nlog "{t} blinks"`,
  cancel: `let t = last(links() where it != self)\nchain(self, [])\nlet done = negate(t)\nlog "cancelled: {done}"`,
  // Resolving, it casts the first spell of its player's hand: a link that arrives during a run.
  echo: `chain(self, [])\nlet s = first(me.hand where it.kind == spell)\nif s != none {\n  log "echo casts {s}"\n  move s to me.pile\n  run s.effect\n}`,
};

async function compile(
  extra?: [string, string],
  rules = RULES,
): Promise<{ module: GameModule | null; diagnostics: string[] }> {
  const files: Record<string, string> = { "rules.yaml": rules };
  for (const [id, code] of Object.entries(SPELLS)) files[`cards/${id}.yaml`] = spellCard(id, code);
  files["cards/golem.yaml"] = thingCard("golem");
  if (extra) files[`cards/${extra[0]}.yaml`] = extra[1];
  const { module, diagnostics } = await loadToyGame("stacker", files);
  return {
    module: module ?? null,
    diagnostics: diagnostics.map((d) => renderDiagnostic(d).replace(/^.*?(cards\/stacker\/)/, "$1")),
  };
}

const { module, diagnostics: stackerDiagnostics } = await compile();
if (!module) throw new Error(`stacker does not compile:\n${stackerDiagnostics.join("\n")}`);
const engine = new Engine(module);
const cast = (st: State, card: string): Action => castOf(engine, st, card);
const PASS: Action = { type: "act", action: "pass", args: {} };
const start = (a: string[], b: string[], board: string[]) =>
  engine.newMatch({
    seed: 1,
    players: [
      { name: "A", zones: { hand: a } },
      { name: "B", zones: { hand: b, board } },
    ],
  });

describe("the chain (runtime/flow/chain.ts)", () => {
  it("resolves last in first out; a link whose target moved fizzles; the log shows links, priority and passes", () => {
    const st = start(["bolt", "bolt"], ["blink"], ["golem"]);
    expect(engine.apply(st, cast(st, "bolt")).ok).toBe(true);
    expect(st.chain?.links.map((l) => l.n)).toEqual([1]);
    expect(st.chain?.holder).toBe(2);
    expect(engine.apply(st, cast(st, "blink")).ok).toBe(true);
    // A: pass, B: pass → blink resolves; A, B → bolt fizzles; A, B → closed.
    // A (who could cast its second bolt) passes three times; B has nothing else to do (its passes are taken for it).
    for (let i = 0; i < 3; i++) expect(engine.apply(st, PASS).ok).toBe(true);
    expect(st.match.over).toBe(true);
    const lines = renderLog(st).filter((l) => !l.includes("→") && !l.includes(" = "));
    expect(lines).toEqual([
      "Game 1 begins: A vs B",
      "A holds priority",
      "A casts bolt",
      "Chain link 1 (bolt): A targeting golem",
      "B holds priority (chain: 1)",
      "B casts blink",
      "Chain link 2 (blink): B targeting golem",
      "A holds priority (chain: 2)",
      "A: pass",
      "A passes priority",
      "result: passed, links: 2",
      "B: pass",
      "B passes priority",
      "link 2 (blink) resolves",
      "golem blinks",
      "result: resolved, links: 1",
      "A holds priority (chain: 1)",
      "A: pass",
      "A passes priority",
      "result: passed, links: 1",
      "B: pass",
      "B passes priority",
      "link 1 (bolt) fizzles: golem is no longer where it was chosen",
      "result: fizzled, links: 0",
      "A holds priority",
      "A: pass",
      "A passes priority",
      "result: passed, links: 0",
      "B: pass",
      "B passes priority",
      "result: closed, links: 0",
      "Game 1: A wins",
      "Match over: A wins (A 1 – B 0)",
    ]);
    expect(st.zones["2:hand"]?.map((id) => st.entities[id]?.card)).toEqual(["golem"]);
    expect(engine.read(st, st.zones["2:hand"]?.[0] as number, "hp")).toBe(3);
  });

  it("negate removes a link unresolved; holder() and links() read the chain", () => {
    const st = start(["bolt", "bolt"], ["cancel"], ["golem"]);
    engine.apply(st, cast(st, "bolt"));
    engine.apply(st, cast(st, "cancel"));
    expect(engine.toMove(st)).toBe(1);
    expect(st.chain?.links.map((l) => st.entities[l.source as number]?.card)).toEqual(["bolt", "cancel"]);
    expect(st.chain?.holder).toBe(1);
    engine.apply(st, PASS);
    const log = renderLog(st);
    expect(log.slice(log.indexOf("link 2 (cancel) resolves"))).toEqual([
      "link 2 (cancel) resolves",
      "link 1 (bolt) is negated",
      "cancelled: true",
      "result: resolved, links: 0",
      "A holds priority",
    ]);
    expect(engine.toMove(st)).toBe(1);
    expect(log.some((l) => l.startsWith("bolt hits"))).toBe(false);
    expect(st.chain?.links).toEqual([]);
  });

  it("a state with links waiting survives a JSON round trip and continues identically", () => {
    const a = start(["bolt", "bolt"], ["blink"], ["golem"]);
    engine.apply(a, cast(a, "bolt"));
    engine.apply(a, cast(a, "blink"));
    expect(a.chain?.links).toHaveLength(2);
    const b = JSON.parse(JSON.stringify(a)) as State;
    expect(engine.hash(b)).toBe(engine.hash(a));
    for (const st of [a, b]) for (let i = 0; i < 3; i++) expect(engine.apply(st, PASS).ok).toBe(true);
    expect(b.match.over).toBe(true);
    expect(renderLog(b)).toEqual(renderLog(a));
    expect(engine.hash(b)).toBe(engine.hash(a));
  });

  it("the checker knows the chain operations: arity and purity are reported at their position", async () => {
    const bad =
      "id: odd\nkind: spell\nname: odd\neffect: |\n  give-priority()\n  let _x = count(links()) + pass-priority()\n";
    const { diagnostics } = await compile(["odd", bad]);
    expect(diagnostics).toEqual([
      "cards/stacker/cards/odd.yaml:5:3: error check/arity: 'give-priority' takes 1 argument(s) (player: player), not 0",
      "cards/stacker/cards/odd.yaml:6:29: error check/procedure-in-expression: 'pass-priority' is a procedure: call it as a statement, or as 'let x = pass-priority(…)'",
    ]);
  });
});

describe("resolve-next: the whole chain resolves once every player passed", async () => {
  const { module: runModule } = await compile(undefined, RUN_RULES);
  if (!runModule) throw new Error("stacker (run) does not compile");
  const run = new Engine(runModule);
  const castIn = (st: State, card: string): Action => castOf(run, st, card);
  const begin = (a: string[], b: string[], board: string[]) =>
    run.newMatch({
      seed: 1,
      players: [
        { name: "A", zones: { hand: a } },
        { name: "B", zones: { hand: b, board } },
      ],
    });
  const chainLines = (st: State) => renderLog(st).filter((l) => !l.includes("→") && !l.includes(" = "));

  it("after the top link, the links under it resolve at once: no one holds priority between them", () => {
    const st = begin(["bolt", "bolt"], ["blink"], ["golem"]);
    run.apply(st, castIn(st, "bolt"));
    run.apply(st, castIn(st, "blink"));
    // A could cast its second bolt between blink and the first bolt, and is not asked.
    expect(run.apply(st, PASS).ok).toBe(true);
    const lines = chainLines(st);
    expect(lines.slice(lines.indexOf("A: pass"))).toEqual([
      "A: pass",
      "A passes priority",
      "result: passed, links: 2",
      "B: pass",
      "B passes priority",
      "link 2 (blink) resolves",
      "golem blinks",
      "result: resolved, links: 1",
      "link 1 (bolt) fizzles: golem is no longer where it was chosen",
      "next: fizzled, links: 0",
      "next: closed, links: 0",
      "A holds priority",
    ]);
    expect(st.chain?.links).toEqual([]);
    expect(st.decision).toMatchObject({ type: "act", player: 1 });
    expect(st.zones["1:hand"]?.map((id) => st.entities[id]?.card)).toEqual(["bolt"]);
  });

  it('a link added while the chain resolves stops the run ("open") and gets its own passes; then the links under it resolve too', () => {
    const st = begin(["bolt", "echo", "bolt"], [], ["golem"]);
    run.apply(st, castIn(st, "bolt"));
    run.apply(st, castIn(st, "echo"));
    expect(st.chain?.links.map((l) => st.entities[l.source as number]?.card)).toEqual(["bolt", "echo"]);
    // A passes; B has nothing to do (its passes are taken for it), nor has A once echo cast its last bolt.
    expect(run.apply(st, PASS).ok).toBe(true);
    const lines = chainLines(st);
    expect(lines.slice(lines.indexOf("link 2 (echo) resolves"))).toEqual([
      "link 2 (echo) resolves",
      "echo casts bolt",
      "Chain link 2 (bolt): A targeting golem",
      "result: resolved, links: 2",
      // The new bolt arrived during the run: it stops there, and the players get priority for it.
      "next: open, links: 2",
      "A holds priority (chain: 2)",
      "A: pass",
      "A passes priority",
      "result: passed, links: 2",
      "B: pass",
      "B passes priority",
      "link 2 (bolt) resolves",
      "bolt hits golem",
      "result: resolved, links: 1",
      // The first bolt was passed on in this round too: it follows with no priority in between.
      "link 1 (bolt) resolves",
      "bolt hits golem",
      "next: resolved, links: 0",
      "next: closed, links: 0",
      "A holds priority",
      "A: pass",
      "A passes priority",
      "result: passed, links: 0",
      "B: pass",
      "B passes priority",
      "result: closed, links: 0",
      "Game 1: A wins",
      "Match over: A wins (A 1 – B 0)",
    ]);
    expect(run.read(st, st.zones["2:board"]?.[0] as number, "hp")).toBe(1);
  });
});
