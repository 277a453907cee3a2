/**
 * The runtime's chain, end to end on a small generic game: links resolve last in first out, a
 * link whose target moved fizzles, `negate` removes a link, `pass-priority` results, `holder()`
 * and `links()`, the log lines, a JSON round trip with links waiting, and the checker's messages.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderDiagnostic } from "../../compiler/core/text/diagnostics.ts";
import { loadGame } from "../../compiler/node/project.ts";
import { Engine, renderLog, type Action, type GameModule, type State } from "../../runtime/index.ts";

const RULES = `
game: stacker
name: Stacker
players: 2
match: { games: 1, wins: 1 }
zones:
  hand: { visibility: public }
  board: { visibility: public }
  pile: { visibility: public }
kinds:
  spell:
    fields:
      effect: { type: effect }
  thing:
    fields: {}
properties:
  card:
    hp: { type: number, default: 3 }
windows: [main]
actions:
  cast:
    window: main
    for: c in me.hand where it.kind == spell
    label: "{me} casts {c}"
    do: |
      move c to me.pile
      run c.effect
      give-priority(other(me))
  pass:
    window: main
flow:
  game: |
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
`;
const SPELLS: Record<string, string> = {
  bolt: `let t = first(other(me).board)\nchain(self, [t])\nif t == none { return }\nt.hp -= 1\nlog "bolt hits {t}"`,
  blink: `let t = first(me.board)\nchain(self, [t])\nif t == none { return }\nmove t to me.hand\nlog "{t} blinks"`,
  cancel: `let t = last(links() where it != self)\nchain(self, [])\nlet done = negate(t)\nlog "cancelled: {done}"`,
};

async function compile(extra?: [string, string]): Promise<{ module: GameModule | null; diagnostics: string[] }> {
  const root = mkdtempSync(join(tmpdir(), "cw-chain-"));
  const dir = join(root, "cards", "stacker", "cards");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(root, "cards", "stacker", "rules.yaml"), RULES);
  for (const [id, code] of Object.entries(SPELLS)) {
    writeFileSync(
      join(dir, `${id}.yaml`),
      `id: ${id}\nkind: spell\nname: ${id}\neffect: |\n${code
        .split("\n")
        .map((l) => `  ${l}`)
        .join("\n")}\n`,
    );
  }
  writeFileSync(join(dir, "golem.yaml"), "id: golem\nkind: thing\nname: golem\n");
  if (extra) writeFileSync(join(dir, `${extra[0]}.yaml`), extra[1]);
  const { module, diagnostics } = await loadGame("stacker", root);
  return {
    module: module ?? null,
    diagnostics: diagnostics.map((d) => renderDiagnostic(d).replace(/^.*?(cards\/stacker\/)/, "$1")),
  };
}

const { module } = await compile();
if (!module) throw new Error("stacker does not compile");
const engine = new Engine(module);
const cast = (st: State, card: string): Action => {
  const opt = engine
    .legalActions(st)
    .find((a) => a.type === "act" && a.action === "cast" && st.entities[a.args["c"] as number]?.card === card);
  if (!opt) throw new Error(`cannot cast ${card}`);
  return opt;
};
const PASS: Action = { type: "act", action: "pass", args: {} };
const start = (a: string[], b: string[], board: string[]) =>
  engine.newMatch({
    seed: 1,
    players: [
      { name: "A", zones: { hand: a } },
      { name: "B", zones: { hand: b, board } },
    ],
  });

describe("the chain (runtime/chain.ts)", () => {
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
