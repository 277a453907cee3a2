import { describe, expect, it } from "vitest";
import { renderDiagnostic } from "../../compiler/core/text/diagnostics.ts";
import { runScenarioFile } from "../../compiler/scenarios/runner.ts";
import { configFor, playRandomGame } from "../../compiler/node/fuzz/play.ts";
import {
  Engine,
  randomAgent,
  renderLog,
  playMatch,
  terminalSession,
  InputEnded,
  type GameModule,
} from "../../runtime/index.ts";
import { checkToyGame } from "../kit/toy-game.ts";

const RULES = (flow: string, extra = "") => `
game: peek
name: Peek
players: 2
match: { games: 1, wins: 1 }
zones:
  deck: { visibility: hidden }
  hand: { visibility: owner }
  board: { visibility: public }
kinds:
  coin:
    active-in: [board]
    fields:
      forced-with: { type: list<cardid>, optional: true }
      partner: { type: cardid, optional: true }
properties:
  game:
    current: { type: player, default: none }
${extra}
windows: [main]
actions:
  stop: { window: main }
  pass: { window: main }
flow:
  game: |
${flow
  .trim()
  .split("\n")
  .map((l) => `    ${l}`)
  .join("\n")}
`;
const COIN = (id: string, extra = "") => `id: ${id}\nkind: coin\nname: ${id}\n${extra}`;

function game(
  rules: string,
  cards: Record<string, string> = { heads: COIN("heads"), tails: COIN("tails", "forced-with: [heads]") },
) {
  const files = Object.fromEntries(Object.entries(cards).map(([id, text]) => [`cards/${id}.yaml`, text]));
  return checkToyGame("peek", { "rules.yaml": rules, ...files });
}
async function moduleOf(rules: string, cards?: Record<string, string>): Promise<GameModule> {
  const { module, diagnostics } = await game(rules, cards);
  if (!module) throw new Error(diagnostics.map(renderDiagnostic).join("\n"));
  return module;
}
async function errorsOf(flow: string, extra = ""): Promise<string[]> {
  const { diagnostics } = await game(RULES(flow, extra));
  return diagnostics
    .filter((d) => d.severity === "error")
    .map((d) => `${d.range.start.line}:${d.range.start.col} ${d.code}: ${d.message}`);
}
const deck = ["heads", "tails", "heads", "tails"];
const config = {
  seed: 1,
  players: [
    { name: "A", zones: { deck } },
    { name: "B", zones: { deck } },
  ],
};

describe("a card leaving the game from a hidden or owner-only zone", async () => {
  const module = await moduleOf(
    RULES(`
move take(me.deck, 2) to me.hand
let h = first(me.hand)
if h != none { remove h }
let d = first(me.deck)
if d != none { remove d }
act main by me
win me`),
  );
  const engine = new Engine(module);

  it("every player's view masks it (the views used to throw reading the entry's missing destination)", () => {
    const st = engine.newMatch(config);
    const [spectator, a, b] = engine.everyView(st).map((v) => renderLog(v));
    expect(renderLog(st).filter((l) => l.includes("leaves the game"))).toEqual([
      "heads leaves the game (from A.hand)",
      "heads leaves the game (from A.deck)",
    ]);
    expect(a?.filter((l) => l.includes("leaves the game"))).toEqual([
      "heads leaves the game (from A.hand)",
      "a card leaves the game (from A.deck)",
    ]);
    expect(b?.filter((l) => l.includes("leaves the game"))).toEqual([
      "a card leaves the game (from A.hand)",
      "a card leaves the game (from A.deck)",
    ]);
    expect(spectator?.filter((l) => l.includes("leaves the game"))).toEqual(
      b?.filter((l) => l.includes("leaves the game")),
    );
  });

  it("a human seat at the terminal (play --agents human,random) is shown its view and asked, not an internal error", async () => {
    let out = "";
    const io = {
      write: (t: string) => void (out += t),
      question: (p: string) => ((out += p), Promise.reject(new InputEnded())),
    };
    const r = await terminalSession(engine, engine.newMatch(config), [null, randomAgent(3)], io, { verbose: true });
    expect(r.end).toBe("input-ended");
    expect(out).toContain("a card leaves the game (from A.deck)");
    expect(out).not.toContain("tails leaves the game (from A.deck)");
  });

  it("scenarios build every seat's view after the board and after each step", () => {
    const text =
      "scenarios:\n  - name: after a removal\n    given:\n      me: { deck: [heads, tails, heads, tails] }\n    do: [stop]\n    expect: { winner: me }\n";
    const [r] = runScenarioFile(module, "s.yaml", text);
    expect(r?.failures.map((d) => d.message)).toEqual([]);
    expect(r?.log.filter((l) => l.includes("leaves the game")).length).toBe(2);
  });

  it("fuzz builds every view at every decision, and random play with checkViews too", () => {
    const g = playRandomGame(
      engine,
      configFor([{ id: "d", name: "d", file: "d", zones: { deck } } as never], 2, 1),
      5,
      100,
    );
    expect(g.failure).toBeNull();
    expect(() =>
      playMatch(engine, config, [randomAgent(1), randomAgent(2)], undefined, { checkViews: true }),
    ).not.toThrow();
  });
});

describe("default: none", () => {
  it("is the none value: `x == none` holds, and the game can set it", async () => {
    const module = await moduleOf(
      RULES(`
if game.current == none { log "no one yet" } else { log "current: {game.current}" }
game.current = me
let p = game.current
if p != none { log "now {p}" }
act main by me
win me`),
    );
    expect(module.rules.props.game["current"]?.default).toBeNull();
    const st = new Engine(module).newMatch(config);
    expect(
      renderLog(st).filter((l) => l.startsWith("no one") || l.startsWith("now") || l.startsWith("current")),
    ).toEqual(["no one yet", "now A"]);
  });

  it("a default that does not fit the type is a positioned error", async () => {
    const { diagnostics } = await game(RULES("win me", "    first: { type: player, default: P1 }"));
    const e = diagnostics.filter((d) => d.code === "check/bad-default");
    expect(e.map((d) => `${d.range.start.line}:${d.range.start.col} ${d.message}`)).toEqual([
      '19:37 the default of a player must be none (an entity is made at run time, not in the rules file) (found "P1")',
    ]);
    expect(e[0]?.hint).toBe("default: none");
  });
});

describe("none in places that used to throw a JavaScript TypeError", () => {
  it("`move none to p.hand` is refused by the checker, at the none", async () => {
    expect(await errorsOf("move none to me.hand\nwin me")).toEqual([
      "26:10 check/maybe-none: 'none' is no card: there is nothing to move",
    ]);
  });

  it("an optional list field a card leaves out is the empty list: `card(o) in c.forced-with` is false, not a fault", async () => {
    const module = await moduleOf(
      RULES(`
create heads in me.board
create tails in me.board
for each c in me.board {
  log "{c}: {card(c) in c.forced-with} {count(c.forced-with)}"
}
act main by me
win me`),
    );
    const lines = renderLog(new Engine(module).newMatch(config)).filter((l) => l.includes(": "));
    expect(lines.filter((l) => /^(heads|tails): /.test(l))).toEqual(["heads: false 0", "tails: false 1"]);
  });
});

describe("check/maybe-none", () => {
  const at = (flow: string) => errorsOf(`${flow}\nact main by me\nwin me`);

  it("using first() of a list as a card is an error at the use, with a hint to test it", async () => {
    const { diagnostics } = await game(RULES("let c = first(me.hand)\nmove c to me.board\nwin me"));
    const e = diagnostics.filter((d) => d.code === "check/maybe-none");
    expect(e.map((d) => `${d.range.start.line}:${d.range.start.col} ${d.message}`)).toEqual([
      "27:10 'c' may be none here (card?): only cards move",
    ]);
    expect(e[0]?.hint).toBe("test it first: if c != none { … }");
  });

  it("`if x != none`, `if x == none … else`, `and`, early exits and assignments narrow", async () => {
    expect(
      await at(`let c = first(me.hand)
if c != none { move c to me.board }
if c == none { log "none" } else { move c to me.deck }
if c != none and c.owner == me { log "mine" }
if c == none or c.owner == me { log "either" }
let d = first(me.deck)
if d == none { return }
move d to me.hand
let e = choose one of me.hand
if e == none { e = d }
move e to me.board`),
    ).toEqual([]);
  });

  it("narrowing ends where its test no longer holds: after the if, after an assignment, across a loop's turns", async () => {
    expect(
      await at(`let c = first(me.hand)
if c != none { log "x" }
move c to me.board
let d = first(me.hand)
if d != none {
  d = first(me.deck)
  move d to me.board
}
let e = first(me.hand)
if e != none {
  for each x in me.deck {
    move e to me.board
    e = first(me.deck)
  }
}`),
    ).toEqual([
      "28:10 check/maybe-none: 'c' may be none here (card?): only cards move",
      "32:12 check/maybe-none: 'd' may be none here (card?): only cards move",
      "37:14 check/maybe-none: 'e' may be none here (card?): only cards move",
    ]);
  });

  it("a property declared `default: none` may be none; `players()` is never empty", async () => {
    expect(await at('log "{game.current.hand}"\nlog "{first(players()).hand}"')).toEqual([
      "26:11 check/maybe-none: 'game.current' may be none here (player?): reading '.hand' of none faults",
    ]);
  });
});

describe("lists are never none", () => {
  it("`xs == none` and `xs = none` are refused with what to write instead", async () => {
    const { diagnostics } = await game(RULES('let xs = me.hand\nif xs == none { log "empty" }\nxs = none\nwin me'));
    expect(
      diagnostics
        .filter((d) => d.severity === "error")
        .map((d) => `${d.range.start.line}:${d.range.start.col} ${d.code}: ${d.message} (${d.hint})`),
    ).toEqual([
      "27:11 check/type: a list is never none: compare how many it holds (count(xs) == 0)",
      "28:10 check/type: a list is never none: empty it with [] ([])",
    ]);
  });
});

describe("card ids have fields", () => {
  it("`card(c).partner`, `.name`, `.kind` read the card definition; a field a card may leave out may be none", async () => {
    const module = await moduleOf(
      RULES(`create tails in me.board
for each c in me.board {
  let id = card(c)
  let p = id.partner
  log "{id.name} is a {id.kind}, partner {p}"
  if p != none { log "partner's name: {p.name}, forced with {count(p.forced-with)}" }
}
act main by me
win me`),
      { heads: COIN("heads"), tails: COIN("tails", "partner: heads\nforced-with: [heads]") },
    );
    const lines = renderLog(new Engine(module).newMatch(config)).filter((l) => l.includes("partner"));
    expect(lines).toEqual(["tails is a coin, partner heads", "partner's name: heads, forced with 0"]);
  });

  it("reading one of a may-be-none field needs a test; a property of cards in play is no field of an id", async () => {
    expect(
      await errorsOf(
        'let p = card(first(me.board)).partner\nlog "{p.name}"\nlog "{heads.tapped}"\nwin me',
        "  card:\n    tapped: { type: bool, default: false }",
      ),
    ).toEqual([
      "27:18 check/maybe-none: 'first(me.board)' may be none here (card?): card() needs a card",
      "28:11 check/maybe-none: 'p' may be none here (cardid?): reading '.name' of none faults",
      "29:17 check/unknown-member: a card id has no field 'tapped'",
    ]);
  });
});

describe("list defaults", () => {
  it("a list field or property may have items by default; a card that leaves the field out has them", async () => {
    const module = await moduleOf(
      RULES(
        'create heads in me.board\nlet c = first(me.board)\nif c != none { log "{c.forced-with} / {sum(c.marks)} in {count(c.marks)}" }\nact main by me\nwin me',
        "  card:\n    marks: { type: list<number>, default: [1, 2] }",
      ).replace(
        "forced-with: { type: list<cardid>, optional: true }",
        "forced-with: { type: list<cardid>, default: [tails] }",
      ),
    );
    expect(renderLog(new Engine(module).newMatch(config)).filter((l) => l.includes(" / "))).toEqual(["tails / 3 in 2"]);
  });

  it("items that do not fit the list's type are a positioned error", async () => {
    const { diagnostics } = await game(
      RULES(
        "win me",
        "  card:\n    marks: { type: list<number>, default: [one] }\n    who: { type: list<player>, default: [me] }",
      ),
    );
    expect(
      diagnostics
        .filter((d) => d.code === "check/bad-default")
        .map((d) => `${d.range.start.line}:${d.range.start.col} ${d.message}`),
    ).toEqual([
      '20:43 the default of a list<number> must be a list of number values (found ["one"])',
      '21:41 the default of a list<player> must be the empty list: players, cards and events are made at run time (found ["me"])',
    ]);
  });
});
