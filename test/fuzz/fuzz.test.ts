/**
 * `cardwright fuzz` and the rules' `invariants:`. The fixture game under test/fuzz/fixture has a
 * planted bug (rally.yaml breaks FX-FIELD-1): the fuzzer must find it, shrink it into a scenario
 * of at most 10 steps, and that scenario must fail the same way when the scenario runner runs it.
 */
import { cpSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { Engine, invariantViolation, type GameModule } from "../../runtime/index.ts";
import { checkGame } from "../../compiler/core/workspace/workspace.ts";
import { renderDiagnostic } from "../../compiler/core/text/diagnostics.ts";
import { runScenarioFile } from "../../compiler/scenarios/runner.ts";
import { loadGame, ROOT } from "../../compiler/node/project.ts";
import { configFor } from "../../compiler/node/fuzz/play.ts";
import { cli } from "../kit/cli.ts";
import { gameModule } from "../kit/games.ts";
import { tempDir } from "../kit/temp.ts";

const FIXTURE = join(ROOT, "test", "fuzz", "fixture");
const GAME_DIR = join(FIXTURE, "cards", "broken");
const rel = (p: string) => relative(process.cwd(), p);

async function fixtureModule(): Promise<GameModule> {
  const { module, diagnostics } = await loadGame("broken", FIXTURE);
  if (!module) throw new Error(diagnostics.map(renderDiagnostic).join("\n"));
  return module;
}

describe("cardwright fuzz: the fixture's planted bug", () => {
  it("FX-FIELD-1: finds rally's fourth unit, writes a scenario of at most 10 steps, and that scenario fails the same way", async () => {
    const out = join(tempDir("cw-fuzz-"), "found.yaml");
    const r = await cli(["fuzz", "broken", "--root", FIXTURE, "--games", "300", "--seed", "1", "--out", out]);
    expect(r.code).toBe(1);
    const lines = r.out.split("\n");
    expect(lines[0]).toBe(
      "broken: 300 random game(s) from seed 1, 2 invariant(s) and faults checked after every action",
    );
    expect(lines[1]).toMatch(
      /^✗ broken: game \d+ \(seed \d+\) failed at decision \d+: invariant 'field-limit' \(FX-FIELD-1\) does not hold: P[12] has 4 units on the field$/,
    );

    const text = readFileSync(out, "utf8");
    const doc = parse(text) as {
      scenarios: {
        name: string;
        seed: number;
        given: Record<string, Record<string, unknown[]>>;
        do: Record<string, unknown>[];
      }[];
    };
    expect(doc.scenarios).toHaveLength(1);
    const sc = doc.scenarios[0]!;
    expect(sc.name).toMatch(/^fuzz [0-9a-f]{10}: invariant field-limit \(FX-FIELD-1\)$/);
    expect(sc.do.length).toBeGreaterThanOrEqual(1);
    expect(sc.do.length).toBeLessThanOrEqual(10);
    // The smallest board that still breaks FX-FIELD-1: two units on the field, rally in hand, two
    // deck cards (one is drawn at the start of the turn, rally calls the other).
    expect(sc.given["me"]?.["field"]).toHaveLength(2);
    expect(sc.given["me"]?.["deck"]).toHaveLength(2);
    expect(sc.given["me"]?.["hand"]).toEqual(["rally"]);
    expect(sc.do).toEqual([{ by: "me", play: "me.rally" }]);

    // The scenario runner fails it, at its step, with the same invariant and message the fuzzer reported.
    const results = runScenarioFile(await fixtureModule(), rel(out), text);
    expect(results).toHaveLength(1);
    const failures = results[0]!.failures;
    expect(failures.map((d) => [d.code, d.message])).toEqual([
      ["scenario/invariant", "invariant 'field-limit' (FX-FIELD-1) does not hold: Me has 4 units on the field"],
    ]);
    const stepLine = text.split("\n").findIndex((l) => l.includes("play: me.rally")) + 1;
    expect(failures[0]!.range.start).toEqual({ line: stepLine, col: 9 });
    expect(r.out).toContain(
      `  ✓ cardwright test fails there with: invariant 'field-limit' (FX-FIELD-1) does not hold: Me has 4 units on the field\n`,
    );
    expect(r.out).toContain(`  wrote ${rel(out)}: 1 step(s), 5 card(s)\n`);
  }, 120_000);

  it("without --out, the scenario goes to cards/<game>/scenarios/fuzz-<hash>.yaml, named by its content", async () => {
    const root = tempDir("cw-fuzz-root-");
    cpSync(join(FIXTURE, "cards"), join(root, "cards"), { recursive: true });
    const r = await cli(["fuzz", "broken", "--root", root, "--games", "50"]);
    expect(r.code).toBe(1);
    const written = readdirSync(join(root, "cards", "broken", "scenarios")).filter((f) => f.startsWith("fuzz-"));
    expect(written).toHaveLength(1);
    const hash = /^fuzz-([0-9a-f]{10})\.yaml$/.exec(written[0]!)?.[1];
    expect(readFileSync(join(root, "cards", "broken", "scenarios", written[0]!), "utf8")).toContain(
      `  - name: "fuzz ${hash}: invariant field-limit (FX-FIELD-1)"\n`,
    );
  }, 120_000);

  it("a fault (a runaway loop in a card) shrinks to a scenario that stops with the same error at the same file:line:col", async () => {
    const root = tempDir("cw-fuzz-fault-");
    cpSync(join(FIXTURE, "cards"), join(root, "cards"), { recursive: true });
    const rally = join(root, "cards", "broken", "cards", "rally.yaml");
    writeFileSync(
      rally,
      readFileSync(rally, "utf8").replace(
        "move take(me.deck, 1) to me.field",
        'while count(opponent.field) >= 2 { log "again" }',
      ),
    );
    const out = join(root, "found.yaml");
    const r = await cli(["fuzz", "broken", "--root", root, "--games", "300", "--out", out]);
    expect(r.code).toBe(1);
    const where = `${rel(rally)}:8:3 (Rally: effect)`;
    const message = `the game stopped with an error: ${where}: runaway loop: more than 1000000 iterations without a decision`;
    expect(r.out.split("\n")[1]).toMatch(/^✗ broken: game \d+ \(seed \d+\) failed at decision \d+: /);
    expect(r.out.split("\n")[1]).toContain(`: ${message}`);
    const text = readFileSync(out, "utf8");
    const sc = (
      parse(text) as { scenarios: { name: string; do: unknown[]; given: Record<string, Record<string, unknown[]>> }[] }
    ).scenarios[0]!;
    expect(sc.name).toMatch(/^fuzz [0-9a-f]{10}: /);
    expect(sc.name.replace(/^fuzz [0-9a-f]{10}: /, "")).toBe(`fault at ${rel(rally)}:8:3`);
    expect(sc.do.length).toBeLessThanOrEqual(10);
    expect(sc.do.at(-1)).toEqual({ by: "me", play: "me.rally" });
    expect(sc.given["opponent"]?.["field"]).toHaveLength(2);
    const { module } = await loadGame("broken", root);
    const [result] = runScenarioFile(module!, rel(out), text);
    expect(result!.failures.map((d) => [d.code, d.message])).toEqual([["scenario/fault", message]]);
    expect(r.out).toContain(`  ✓ cardwright test fails there with: ${message}\n`);
  }, 120_000);

  it("usage errors: a count that is not a whole number from 1, a game that is not there", async () => {
    const bad = await cli(["fuzz", "broken", "--root", FIXTURE, "--games", "0"]);
    expect(bad.code).toBe(2);
    expect(bad.err).toBe("error: --games must be a whole number from 1 to 1000000000, got '0'\n");
    const none = await cli(["fuzz", "nope", "--root", FIXTURE]);
    expect(none.code).toBe(2);
    expect(none.err).toBe("error: no game 'nope' under cards/ (games: broken)\n");
  });
});

describe("the fuzzer's games", () => {
  it("seats two legal decks and plays each listed value of an option in turn (Elementis' formats, ES-FORMAT-BUILD / ES-FORMAT-RANDOM)", () => {
    const decks = [
      { id: "a", name: "A", zones: { hand: ["x"] }, file: "a.yaml" },
      { id: "b", name: "B", zones: { hand: ["y"] }, file: "b.yaml" },
    ];
    const choices = [
      { name: "format", values: ["build", "random"] },
      { name: "size", values: [1, 2, 3] },
    ];
    expect([1, 2, 3, 4].map((seed) => configFor(decks, 2, seed, choices).options)).toEqual([
      { format: "random", size: 1 },
      { format: "build", size: 2 },
      { format: "random", size: 2 },
      { format: "build", size: 3 },
    ]);
    expect(configFor(decks, 2, 3).players.map((p) => p.zones)).toEqual([{ hand: ["y"] }, { hand: ["x"] }]);
    expect(configFor(decks, 2, 3)).not.toHaveProperty("options");
  });
});

describe("invariants: checked with positioned diagnostics", () => {
  const rules = readFileSync(join(GAME_DIR, "rules.yaml"), "utf8");
  const cards = readdirSync(join(GAME_DIR, "cards")).map((f) => ({
    path: `cards/broken/cards/${f}`,
    text: readFileSync(join(GAME_DIR, "cards", f), "utf8"),
  }));
  const withInvariants = (block: string) =>
    rules.replace(/\ninvariants:\n[\s\S]*?\n\nflow:/, `\ninvariants:\n${block}\n\nflow:`);
  const diagnose = (block: string) => {
    const text = withInvariants(block);
    const line = text.split("\n").indexOf("invariants:") + 1;
    return {
      line,
      diags: checkGame({ rules: { path: "cards/broken/rules.yaml", text }, cards }).diagnostics.map(renderDiagnostic),
    };
  };

  it("a check that is not a bool, an unknown name, a duplicate id and a draw from the RNG", () => {
    const { line, diags } = diagnose(
      [
        "  - id: life-count",
        "    check: me.life + 1",
        '    message: "{me}"',
        "  - id: typo",
        "    check: me.lief > 0",
        '    message: "{me.life}"',
        "  - id: life-count",
        "    check: me.life > 0",
        '    message: "twice"',
        "  - id: dice",
        "    check: random(6) < 6",
        '    message: "rolled"',
      ].join("\n"),
    );
    expect(diags).toEqual([
      `cards/broken/rules.yaml:${line + 2}:12: error check/type: this must be bool, not number`,
      `cards/broken/rules.yaml:${line + 5}:15: error check/unknown-member: a player has no property or zone 'lief'\n  hint: did you mean 'life'?`,
      `cards/broken/rules.yaml:${line + 7}:9: error check/duplicate-invariant: invariant 'life-count' is declared twice (first as item 1)\n  hint: give each invariant its own id`,
      `cards/broken/rules.yaml:${line + 11}:12: error check/invariant-changes: invariant 'dice' calls 'random', which changes the game it checks\n  hint: an invariant only reads the state: drop the call`,
    ]);
  });

  it("an invariant without a message is a schema error at the item", () => {
    const { line, diags } = diagnose(["  - id: silent", "    check: me.life > 0"].join("\n"));
    expect(diags).toEqual([
      `cards/broken/rules.yaml:${line + 1}:5: error schema/missing-key: missing required key 'message' in 'invariants.0'`,
    ]);
  });

  it("the fixture's invariants compile into the module, each with its rule and its message function", async () => {
    const module = await fixtureModule();
    expect(module.rules.invariants).toEqual([
      { id: "one-place", rule: null, check: "invariant.one-place", message: "invariant.one-place.message" },
      {
        id: "field-limit",
        rule: "FX-FIELD-1",
        check: "invariant.field-limit",
        message: "invariant.field-limit.message",
      },
    ]);
    expect(module.sources["invariant.field-limit"]).toMatchObject({
      file: "test/fuzz/fixture/cards/broken/rules.yaml",
      what: "invariant field-limit",
    });
  });

  it("misplaced(): a card listed in two zones breaks one-place, named in the message; the state is not changed", async () => {
    const module = await fixtureModule();
    const engine = new Engine(module);
    const st = engine.fromBoard(
      { players: [{ zones: { hand: ["grunt"], deck: ["bolt", "bolt"] } }, { zones: { deck: ["bolt"] } }] },
      3,
    );
    expect(invariantViolation(module, st)).toBeNull();
    const grunt = Number(Object.values(st.entities).find((e) => e.card === "grunt")?.id);
    st.zones["1:field"]!.push(grunt);
    const before = JSON.stringify(st);
    expect(invariantViolation(module, st)).toEqual({
      id: "one-place",
      rule: null,
      player: 1,
      message: `cards not in exactly one place: Grunt`,
    });
    expect(JSON.stringify(st)).toBe(before);
  });

  it("FX-FIELD-1: the fixture's own scenario passes, its invariants checked after the board and after each step", async () => {
    const file = join(GAME_DIR, "scenarios", "rules.yaml");
    const results = runScenarioFile(await fixtureModule(), rel(file), readFileSync(file, "utf8"));
    expect(results.map((r) => [r.name, r.failures.map(renderDiagnostic)])).toEqual([
      [
        "FX-FIELD-1: with 3 units on the field play is not offered, so the turn passes by itself; the units hit for 1 + 0 + 1",
        [],
      ],
    ]);
  });

  it("the scenario runner checks the invariants after the board is built: the failure points at `given`", async () => {
    const text = [
      "scenarios:",
      "  - name: four on the field",
      "    given:",
      "      me: { field: [grunt, grunt, bolt, rally], deck: [bolt] }",
      "      opponent: { deck: [bolt] }",
      "    do:",
      "      - pass",
      "",
    ].join("\n");
    const [r] = runScenarioFile(await fixtureModule(), "four.yaml", text);
    expect(r!.failures.map(renderDiagnostic)).toEqual([
      "four.yaml:4:7: error scenario/invariant: invariant 'field-limit' (FX-FIELD-1) does not hold: Me has 4 units on the field",
    ]);
  });
});

describe("invariants of the three games", () => {
  it("each game declares its invariants, with the rule ids they enforce", async () => {
    const ids = async (g: string) =>
      (await gameModule(g)).rules.invariants?.map((i) => `${i.id}${i.rule ? ` ${i.rule}` : ""}`);
    expect(await ids("vermilion")).toEqual([
      "one-place VM-ZONE-1",
      "damage-below-def VM-FAM-3",
      "one-of-a-name VM-FAM-4",
      "chain-in-play-phases VM-END-0",
    ]);
    expect(await ids("gitcg")).toEqual([
      "one-place",
      "dice-limit GI-DICE-2",
      "hand-limit GI-HAND-1",
      "summon-limit GI-SUMMON-1",
      "support-limit GI-SUPPORT-1",
      "hp-in-range GI-CHAR-1",
      "energy-in-range GI-SKILL-2",
      "defeated-bare GI-DEFEAT-1",
    ]);
    expect(await ids("elementis")).toEqual([
      "one-place ES-ZONE-1",
      "field-holds-summons ES-ZONE-1",
      "one-summon-per-turn ES-SUMMON-1",
      "zero-life-loses ES-WIN-1",
    ]);
  });

  it("VM-FAM-4: a board with two wolf-packs on one field breaks one-of-a-name; VM-FAM-3: damage at DEF breaks damage-below-def", async () => {
    const module = await gameModule("vermilion");
    const engine = new Engine(module);
    const two = engine.fromBoard(
      { players: [{ zones: { deck: ["imp"] } }, { zones: { main: ["wolf-pack", "wolf-pack"], deck: ["imp"] } }] },
      1,
    );
    expect(invariantViolation(module, two)).toMatchObject({
      id: "one-of-a-name",
      rule: "VM-FAM-4",
      player: 2,
      message: "Player 2 has two Wolf Pack on the field",
    });
    // The rules kill a familiar whose damage reaches its DEF at once: the state is broken by hand.
    const hurt = engine.fromBoard(
      { players: [{ zones: { main: ["imp"], deck: ["imp"] } }, { zones: { deck: ["imp"] } }] },
      1,
    );
    expect(invariantViolation(module, hurt)).toBeNull();
    const imp = Object.values(hurt.entities).find((e) => e.card === "imp" && e.zone === "main");
    imp!.props["damage"] = 9;
    expect(invariantViolation(module, hurt)).toMatchObject({ id: "damage-below-def", rule: "VM-FAM-3", player: 1 });
    expect(invariantViolation(module, hurt)?.message).toMatch(
      /^Imp is on Player 1's field with damage at least its DEF$/,
    );
  });
});
