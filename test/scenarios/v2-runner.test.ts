/**
 * Scenario language v2, the runner: each matcher and assertion failing with its exact message at
 * its exact place, strict sides, refused steps, checkpoints, and unreadable paths reported.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { renderDiagnostic } from "../../compiler/core/text/diagnostics.ts";
import { runScenarioFile } from "../../compiler/scenarios/runner.ts";
import type { GameModule } from "../../runtime/index.ts";
import { gameModule } from "../kit/games.ts";

let module: GameModule;
beforeAll(async () => {
  module = await gameModule("elementis");
});

/** A scenario on a fixed Elementis board; `lines` are its `do:`/`expect:` part (4-space indented). */
function run(...lines: string[]): string[] {
  const text = [
    "scenarios:",
    "  - name: s",
    "    given:",
    "      me: { life: 3, hand: [fairy, siren, air-slash, fireball], field: [{ card: kelpie, tapped: true }, unicorn] }",
    "      opponent: { life: 3, field: [basilisk] }",
    ...lines.map((l) => `    ${l}`),
    "",
  ].join("\n");
  const [r] = runScenarioFile(module, "s.yaml", text);
  return (r?.failures ?? []).map(renderDiagnostic);
}

describe("a player's name", () => {
  it("is read as given (the runner names the sides Me and Opponent unless given says otherwise)", () => {
    expect(run("expect:", "  me.name: Me", "  opponent.name: Opponent")).toEqual([]);
    expect(run("expect:", "  opponent.name: Me")).toEqual([
      's.yaml:7:22: error scenario/expect: opponent.name: expected "Me", got "Opponent"',
    ]);
  });
});

describe("zone matchers (ES-SUMMON-1 board)", () => {
  it("count", () => {
    expect(run("expect:", "  me.hand: { count: 3 }")).toEqual([
      "s.yaml:7:25: error scenario/expect: me.hand: expected 3 cards, got 4: [fairy, siren, air-slash, fireball]",
    ]);
  });
  it("contains: each missing item at its place", () => {
    expect(run("expect:", "  me.hand: { contains: [fairy, dragon] }")).toEqual([
      "s.yaml:7:36: error scenario/expect: me.hand: expected to contain dragon, got [fairy, siren, air-slash, fireball]",
    ]);
  });
  it("contains counts copies", () => {
    expect(run("expect:", "  me.hand: { contains: [fairy, fairy] }")).toEqual([
      "s.yaml:7:36: error scenario/expect: me.hand: expected to contain fairy, got [fairy, siren, air-slash, fireball]",
    ]);
  });
  it("excludes", () => {
    expect(run("expect:", "  me.hand: { excludes: [dragon, siren] }")).toEqual([
      "s.yaml:7:37: error scenario/expect: me.hand: expected not to contain siren, got [fairy, siren, air-slash, fireball]",
    ]);
  });
  it("a plain list is exact and ordered, top first", () => {
    expect(run("expect:", "  me.hand: [siren, fairy, air-slash, fireball]")).toEqual([
      's.yaml:7:16: error scenario/expect: me.hand: expected ["siren","fairy","air-slash","fireball"], got ["fairy","siren","air-slash","fireball"]',
    ]);
    expect(run("expect:", "  me.hand: { ordered: [fairy, siren, air-slash, fireball] }")).toEqual([]);
  });
  it("unordered: exact, any order", () => {
    expect(run("expect:", "  me.hand: { unordered: [fireball, air-slash, siren, fairy] }")).toEqual([]);
    expect(run("expect:", "  me.hand: { unordered: [fireball, siren, fairy] }")).toEqual([
      "s.yaml:7:29: error scenario/expect: me.hand: expected [fireball, siren, fairy] in any order, got [fairy, siren, air-slash, fireball]",
    ]);
  });
  it("a card with properties, as in given", () => {
    expect(run("expect:", "  me.field: [{ card: kelpie, tapped: false }, unicorn]")).toEqual([
      "s.yaml:7:17: error scenario/expect: me.field: expected [kelpie(tapped: false), unicorn], got [kelpie(tapped: true), unicorn]",
    ]);
    expect(
      run(
        "expect:",
        "  me.field: { contains: [{ card: kelpie, tapped: true }], excludes: [{ card: unicorn, tapped: true }] }",
      ),
    ).toEqual([]);
  });
  it("matchers combine; each failure is reported", () => {
    expect(run("expect:", "  me.hand: { count: 4, contains: [dragon], excludes: [fairy] }")).toEqual([
      "s.yaml:7:39: error scenario/expect: me.hand: expected to contain dragon, got [fairy, siren, air-slash, fireball]",
      "s.yaml:7:59: error scenario/expect: me.hand: expected not to contain fairy, got [fairy, siren, air-slash, fireball]",
    ]);
  });
});

describe("the pending decision", () => {
  it("by, type and window", () => {
    expect(run("expect:", "  decision: { by: opponent, type: choose, window: respond }")).toEqual([
      "s.yaml:7:23: error scenario/expect: decision: expected opponent to decide, but me decides (me to act in 'main' (play-summon, play-magia, attack, end-turn))",
      "s.yaml:7:39: error scenario/expect: decision: expected a 'choose' decision, got me to act in 'main' (play-summon, play-magia, attack, end-turn)",
      "s.yaml:7:55: error scenario/expect: decision: expected the 'respond' window, got me to act in 'main' (play-summon, play-magia, attack, end-turn)",
    ]);
  });
  it("offered and not-offered actions", () => {
    expect(
      run("expect:", "  decision: { offered: [attack: unicorn, attack: kelpie], not-offered: [end-turn] }"),
    ).toEqual([
      "s.yaml:7:46: error scenario/expect: decision: 'attack kelpie' is not legal now (me to act in 'main' (play-summon, play-magia, attack, end-turn))",
      "s.yaml:7:77: error scenario/expect: decision: 'end-turn' is legal now",
    ]);
  });
  it("can-choose and cannot-choose during a choice; offered names picks too", () => {
    expect(
      run(
        "do:",
        "  - play-magia: fireball",
        "expect:",
        "  decision: { by: me, type: choose, can-choose: [siren, basilisk], cannot-choose: [fairy], offered: [opponent.basilisk] }",
      ),
    ).toEqual([
      "s.yaml:9:106: error scenario/expect: decision: opponent.basilisk cannot be chosen; the choices: me.fairy, me.siren, me.air-slash",
      "s.yaml:9:61: error scenario/expect: decision: basilisk cannot be chosen; the choices: me.fairy, me.siren, me.air-slash",
      "s.yaml:9:88: error scenario/expect: decision: fairy can be chosen; the choices: me.fairy, me.siren, me.air-slash",
    ]);
  });
  it("can-choose while an action is pending says what the game asks", () => {
    expect(run("expect:", "  decision: { can-choose: [fairy] }")).toEqual([
      "s.yaml:7:31: error scenario/expect: decision: 'can-choose' checks a choice, but the game asks: me to act in 'main' (play-summon, play-magia, attack, end-turn)",
    ]);
  });
  it("cannot: during a choice is a failure, not a silent pass", () => {
    expect(run("do:", "  - play-magia: fireball", "expect:", "  cannot: [play-magia: air-slash]")).toEqual([
      "s.yaml:9:15: error scenario/expect: 'cannot:' checks the actions of an action decision, but the game asks: me to choose (Pay 2 for Fireball) from me.fairy, me.siren, me.air-slash (use 'decision: { can-choose: … }' for a choice)",
    ]);
  });
});

describe("winners", () => {
  it("winners per game and the match winner", () => {
    expect(run("expect:", "  winners: [me]", "  match-winner: me", "  winner: none")).toEqual([
      "s.yaml:7:16: error scenario/expect: expected the games' winners [me], got []",
      "s.yaml:8:21: error scenario/expect: expected match winner me, got none",
    ]);
  });
});

describe("unreadable paths are reported failures, and the other expectations still run", () => {
  it("a property of a card that is not there", () => {
    expect(run("expect:", "  me.field.dragon.power: 5", "  me.life: 2")).toEqual([
      "s.yaml:7:7: error scenario/expect: no card 'dragon' in me.field, so 'me.field.dragon.power' cannot be read",
      "s.yaml:8:16: error scenario/expect: me.life: expected 2, got 3",
    ]);
  });
});

describe("steps", () => {
  it("strict mode: a step without by: does not answer the opponent's decision; the automatic moves are listed", () => {
    const text = [
      "scenarios:",
      "  - name: s",
      "    given:",
      "      me: { life: 3, hand: [air-slash, gnome] }",
      "      opponent: { life: 3, field: [basilisk] }",
      "    do:",
      "      - play-magia: air-slash",
      "      - end-turn",
      "",
    ].join("\n");
    const [r] = runScenarioFile(module, "s.yaml", text);
    expect(r?.failures.map(renderDiagnostic)).toEqual([
      "s.yaml:8:9: error scenario/wrong-side: the decision is opponent's, not me's (a step without 'by:' answers for me; write 'by: opponent' to answer for the opponent): opponent to act in 'main' (attack, end-turn)\n  hint: automatic moves since the previous step: Me chooses Gnome — Pay 1 for Air Slash (the only choice); Opponent: pass; Me: end-turn",
    ]);
    const lax = runScenarioFile(module, "s.yaml", text.replace("  - name: s\n", "  - name: s\n    strict: false\n"));
    expect(lax[0]?.failures).toEqual([]);
  });
  it("a named side that does not decide", () => {
    expect(run("do:", "  - { end-turn, by: opponent }")).toEqual([
      "s.yaml:7:25: error scenario/wrong-side: the decision is me's, not opponent's: me to act in 'main' (play-summon, play-magia, attack, end-turn)",
    ]);
  });
  it("refused: the reason the rules give (ES-SUMMON-1)", () => {
    expect(
      run(
        "do:",
        "  - play-summon: fairy",
        "  - choose: [air-slash]",
        "  - { play-summon: siren, refused: one summon per turn }",
        "expect:",
        "  me.field: { count: 3 }",
      ),
    ).toEqual([]);
  });
  it("refused, but for another reason", () => {
    expect(run("do:", "  - { attack: kelpie, refused: one summon per turn }")).toEqual([
      "s.yaml:7:36: error scenario/not-refused: 'attack kelpie' was refused, but not for \"one summon per turn\": 'attack c=7' is not a legal action now: Kelpie is tapped (ES-SUMMON-3); legal: 'play-summon c=3', 'play-summon c=4', 'play-magia c=5', 'play-magia c=6', 'attack c=8', 'end-turn'",
    ]);
  });
  it("refused, but the game took it", () => {
    expect(run("do:", "  - { attack: unicorn, refused: true }")).toEqual([
      "s.yaml:7:37: error scenario/not-refused: 'attack unicorn' was expected to be refused, but the game took it\n  hint: automatic moves since the previous step: Me chooses Opponent — Unicorn attacks (the only choice)",
    ]);
  });
  it("a refused pick", () => {
    expect(
      run(
        "do:",
        "  - play-magia: fireball",
        "  - { choose: opponent.basilisk, refused: is not among the candidates }",
        "  - { choose: fairy, refused: true }",
      ),
    ).toEqual([
      "s.yaml:9:35: error scenario/not-refused: fairy was expected to be refused, but it is among the choices: me.fairy, me.siren, me.air-slash",
    ]);
  });
  it("an illegal step says which condition failed", () => {
    expect(run("do:", "  - attack: kelpie")).toEqual([
      "s.yaml:7:17: error scenario/failed: 'attack kelpie' is not legal now (Kelpie is tapped (ES-SUMMON-3)); attack can take: me.unicorn",
    ]);
  });
  it("checkpoints between steps: a failed one is reported and the run goes on", () => {
    expect(
      run(
        "do:",
        "  - expect: { me.life: 2, decision: { by: me } }",
        "  - end-turn",
        "expect:",
        "  decision: { by: me }",
      ),
    ).toEqual([
      "s.yaml:7:28: error scenario/expect: me.life: expected 2, got 3",
      "s.yaml:10:23: error scenario/expect: decision: expected me to decide, but opponent decides (opponent to act in 'main' (attack, end-turn))",
    ]);
  });
});

describe("given and expect agree (GI: { card, usage })", () => {
  let gi: GameModule;
  beforeAll(async () => {
    gi = await gameModule("gitcg");
  });
  const giRun = (...lines: string[]) => {
    const text = [
      "scenarios:",
      "  - name: s",
      "    given:",
      "      me: { characters: [albedo, kaeya, fischl], summons: [{ card: solar-isotoma, usage: 2 }], diceFaces: [omni] }",
      "      opponent: { characters: [sucrose, kaeya, fischl], diceFaces: [omni] }",
      ...lines.map((l) => `    ${l}`),
      "",
    ].join("\n");
    return (runScenarioFile(gi, "s.yaml", text)[0]?.failures ?? []).map(renderDiagnostic);
  };
  it("the form given accepts is a zone item of expect", () => {
    expect(
      giRun("expect:", "  me.summons: [{ card: solar-isotoma, usage: 2 }]", "  me.summons.solar-isotoma.usage: 2"),
    ).toEqual([]);
    expect(giRun("expect:", "  me.summons: [{ card: solar-isotoma, usage: 3 }]")).toEqual([
      "s.yaml:7:19: error scenario/expect: me.summons: expected [solar-isotoma(usage: 3)], got [solar-isotoma(usage: 2)]",
    ]);
  });
  it("x.usage on a missing card is a reported failure, and the run goes on", () => {
    expect(giRun("expect:", "  opponent.summons.solar-isotoma.usage: 2", "  me.summons: { count: 2 }")).toEqual([
      "s.yaml:7:7: error scenario/expect: no card 'solar-isotoma' in opponent.summons, so 'opponent.summons.solar-isotoma.usage' cannot be read",
      "s.yaml:8:28: error scenario/expect: me.summons: expected 2 cards, got 1: [solar-isotoma]",
    ]);
  });
});
