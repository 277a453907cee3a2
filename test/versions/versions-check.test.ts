/**
 * Versions on a small generic game: the rules declare known versions and a default; a card's
 * `versions:` entries give it at other versions. The checker reports each wrong version where it is
 * written (with the nearest known version as did-you-mean), the model carries the versions
 * (declarations with spans, references, the card's hover text), and the runtime plays each match at
 * the version chosen at setup, also after a JSON round trip of the state.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { GameInput } from "../../compiler/core/files/check-files.ts";
import { checkGame } from "../../compiler/core/workspace/workspace.ts";
import { renderDiagnostic } from "../../compiler/core/text/diagnostics.ts";
import { loadGame } from "../../compiler/node/project.ts";
import { fileInfo } from "../../compiler/core/services/file-info.ts";
import { hover } from "../../compiler/core/services/symbols/hover.ts";
import { definition } from "../../compiler/core/services/symbols/navigation.ts";
import { Engine, compareVersions, hashState, nearestVersion, type Action, type State } from "../../runtime/index.ts";
import { tempDir } from "../kit/temp.ts";

const RULES = `
game: ver
name: Ver
players: 2
match: { games: 1, wins: 1 }
versions:
  known: ["1.0", "1.1", "2.0", 2.10]
  default: 2.10
zones:
  hand: { visibility: public }
  pile: { visibility: public }
kinds:
  spell:
    fields:
      cost: { type: number }
      effect: { type: effect }
properties:
  player:
    life: { type: number, default: 10 }
windows: [main]
actions:
  cast:
    window: main
    for: c in me.hand
    label: "{me} casts {c}"
    do: |
      move c to me.pile
      run c.effect
  stop:
    window: main
flow:
  game: |
    while true {
      let a = act main by me
      if a == "stop" { win me }
    }
`;

const ZAP = `id: zap
kind: spell
name: Zap
cost: 1
effect: |
  other(me).life -= 1
versions:
  # before 2.0 it cost 2 and dealt 3
  - since: "1.0"
    until: "2.0"
    cost: 2
    effect: |
      other(me).life -= 3
`;

const RULES_FILE = "cards/ver/rules.yaml";
const ZAP_FILE = "cards/ver/cards/zap.yaml";
const game = (cards: Record<string, string>, extra?: Partial<GameInput>, rules = RULES): GameInput => ({
  rules: { path: RULES_FILE, text: rules },
  cards: Object.entries(cards).map(([id, text]) => ({ path: `cards/ver/cards/${id}.yaml`, text })),
  ...extra,
});
const diagnostics = (input: GameInput) => checkGame(input).diagnostics.map(renderDiagnostic);
/** A card `id` whose versions are `entries` (YAML list items, each one line). */
const withVersions = (id: string, ...entries: string[]) =>
  `id: ${id}\nkind: spell\nname: ${id}\ncost: 1\neffect: |\n  other(me).life -= 1\nversions:\n${entries.map((e) => `  - ${e}`).join("\n")}\n`;

describe("versions: the checked model", () => {
  const model = checkGame(game({ zap: ZAP }));

  it("a well-formed versioned card checks clean; its table row carries the version's fields and code", () => {
    expect(model.diagnostics.map(renderDiagnostic)).toEqual([]);
    const zap = model.cards.find((c) => c.id === "zap");
    expect(zap?.def.fields["cost"]).toBe(1);
    expect(zap?.def.effects["effect"]?.h).toBe("card.zap.effect");
    expect(zap?.def.versions?.map((v) => [v.since, v.until, v.def.fields["cost"], v.def.effects["effect"]?.h])).toEqual(
      [["1.0", "2.0", 2, "card.zap@1.0..2.0.effect"]],
    );
    // Each version's code is its own unit, traced to the lines inside the entry (line 13 of the card).
    const unit = model.units.find((u) => u.id === "card.zap@1.0..2.0.effect");
    expect([unit?.file, unit?.line, unit?.col]).toEqual([ZAP_FILE, 13, 7]);
  });

  it("rules versions are declarations with spans (2.10 keeps its digits); since/until are references to them", () => {
    const d = model.symbols.get("version:2.10");
    expect([d?.kind, d?.detail, d?.span?.range.start]).toEqual([
      "version",
      "version 2.10 (the default)",
      { line: 7, col: 32 },
    ]);
    expect(model.symbols.has("version:2.1")).toBe(false);
    const at = model.at(ZAP_FILE, { line: 9, col: 13 });
    expect([at?.declaration.id, at?.isDeclaration]).toEqual(["version:1.0", false]);
    expect(
      model.referencesTo("version:2.0").map((s) => `${s.file}:${s.range.start.line}:${s.range.start.col}`),
    ).toEqual([`${RULES_FILE}:7:26`, `${ZAP_FILE}:10:13`]);
  });

  it("the card's hover text names its other versions", () => {
    expect(model.symbols.get("card:zap")?.detail).toBe("Zap (spell; cost 1; other versions: 1.0–2.0)");
  });
});

describe("versions: diagnostics, each at its place", () => {
  it("an unknown version, with the nearest known one as did-you-mean and the list", () => {
    const d = checkGame(game({ bad: withVersions("bad", '{ since: "1.9", cost: 2 }') })).diagnostics.filter((x) =>
      x.code.startsWith("version/"),
    );
    expect(d.map(renderDiagnostic)).toEqual([
      "cards/ver/cards/bad.yaml:8:14: error version/unknown: unknown version '1.9'\n  hint: did you mean '1.1'? versions: 1.0, 1.1, 2.0, 2.10",
    ]);
    expect(d[0]?.data).toEqual({ replacement: "1.1" });
  });

  it("a version that is not numbers and dots", () => {
    expect(diagnostics(game({ bad: withVersions("bad", "{ since: v1, cost: 2 }") }))).toEqual([
      `cards/ver/cards/bad.yaml:8:14: error version/format: 'v1' is not a version: write numbers separated by dots, e.g. "4.2"`,
    ]);
  });

  it("an empty range, and an entry without since or until", () => {
    expect(
      diagnostics(game({ bad: withVersions("bad", '{ since: "2.0", until: "1.1", cost: 2 }', "{ cost: 3 }") })),
    ).toEqual([
      "cards/ver/cards/bad.yaml:8:28: error version/range: 'until' 1.1 must come after 'since' 2.0",
      "cards/ver/cards/bad.yaml:9:5: error version/range: a version entry needs 'since' or 'until' (or both)",
    ]);
  });

  it("overlapping entries name the first version both cover", () => {
    expect(
      diagnostics(
        game({
          bad: withVersions(
            "bad",
            '{ since: "1.0", until: "2.0", cost: 2 }',
            '{ since: "1.1", until: "2.0", cost: 3 }',
          ),
        }),
      ),
    ).toEqual([
      "cards/ver/cards/bad.yaml:9:5: error version/overlap: versions 1.0–2.0 and 1.1–2.0 of this card overlap (both cover 1.1)",
    ]);
  });

  it("an entry covering the default version (the card's own fields are that version)", () => {
    expect(diagnostics(game({ bad: withVersions("bad", '{ since: "2.0", cost: 2 }') }))).toEqual([
      "cards/ver/cards/bad.yaml:8:5: error version/covers-default: this version entry (2.0–…) covers the default version 2.10: the card's own fields are the card at the default version\n  hint: end the range before the default version, and write the card at the default version as its own fields",
    ]);
  });

  it("a version entry's code is checked at its own lines", () => {
    expect(
      diagnostics(game({ bad: withVersions("bad", '{ since: "1.0", until: "1.1", effect: "other(me).lfe -= 1" }') })),
    ).toEqual([
      "cards/ver/cards/bad.yaml:8:54: error check/unknown-member: a player has no property or zone 'lfe'\n  hint: did you mean 'life'?",
    ]);
  });

  it("an unknown key in a version entry is a schema error listing the keys an entry may have", () => {
    expect(diagnostics(game({ bad: withVersions("bad", '{ since: "1.1", until: "2.0", powr: 2 }') }))).toEqual([
      "cards/ver/cards/bad.yaml:8:35: error schema/unknown-key: unknown key 'powr' in 'versions.0'\n  hint: allowed keys here: since, until, name, text, keywords, on, modifiers, officialId, cost, effect",
    ]);
  });

  it("a game without versions: a card's versions are an error at the version", () => {
    const rules = RULES.replace(/versions:\n.*\n.*\n/, "");
    expect(diagnostics(game({ bad: withVersions("bad", '{ since: "1.0", cost: 2 }') }, {}, rules))).toEqual([
      "cards/ver/cards/bad.yaml:8:14: error version/undeclared: this game declares no versions\n  hint: declare them in the rules file: versions: { known: [...], default: ... }",
    ]);
  });

  it("the rules: a default that is not known, versions out of order or twice", () => {
    const rules = RULES.replace(
      'known: ["1.0", "1.1", "2.0", 2.10]\n  default: 2.10',
      'known: ["1.1", "1.0", "1.0"]\n  default: "3.0"',
    );
    expect(diagnostics(game({}, {}, rules))).toEqual([
      "cards/ver/rules.yaml:7:18: error version/range: versions must be listed oldest first: 1.0 comes after 1.1",
      "cards/ver/rules.yaml:7:25: error version/overlap: version 1.0 is listed twice",
      "cards/ver/rules.yaml:8:12: error version/unknown: unknown version '3.0'\n  hint: did you mean '1.1'? versions: 1.1, 1.0",
    ]);
  });

  it("a deck's version is checked; a scenario that asks for another version than its file is a conflict", () => {
    const deck = { path: "cards/ver/decks/d.yaml", text: 'id: d\nname: D\nversion: "1.5"\nzones: { hand: [zap] }\n' };
    const scenario = {
      path: "cards/ver/scenarios/s.yaml",
      text: 'version: "1.0"\nscenarios:\n  - name: at 1.1\n    version: "1.1"\n    given: {}\n  - name: at 1.0\n    given: {}\n',
    };
    expect(diagnostics(game({ zap: ZAP }, { decks: [deck], scenarios: [scenario] }))).toEqual([
      "cards/ver/decks/d.yaml:3:10: error version/unknown: unknown version '1.5'\n  hint: did you mean '1.1'? versions: 1.0, 1.1, 2.0, 2.10",
      "cards/ver/scenarios/s.yaml:4:14: error version/conflict: this scenario asks for version 1.1, but its file asks for version 1.0 (line 1)\n  hint: one scenario is played at one version: make them agree, or move the scenario to another file",
    ]);
  });
});

describe("versions: the runtime picks the version at setup", async () => {
  const root = tempDir("cw-versions-");
  mkdirSync(join(root, "cards", "ver", "cards"), { recursive: true });
  writeFileSync(join(root, "cards", "ver", "rules.yaml"), RULES);
  writeFileSync(join(root, "cards", "ver", "cards", "zap.yaml"), ZAP);
  const { module, diagnostics: diags } = await loadGame("ver", root);
  if (!module) throw new Error(`ver does not compile: ${diags.map(renderDiagnostic).join("\n")}`);
  const engine = new Engine(module);
  const start = (version?: string): State =>
    engine.newMatch({
      seed: 4,
      players: [
        { name: "A", zones: { hand: ["zap", "zap"] } },
        { name: "B", zones: {} },
      ],
      ...(version !== undefined ? { version } : {}),
    });
  const castFirst = (st: State): Action => {
    const a = engine.legalActions(st).find((x) => x.type === "act" && x.action === "cast");
    if (!a) throw new Error("no cast");
    return a;
  };
  const castTwice = (st: State): State => {
    expect(engine.apply(st, castFirst(st)).ok).toBe(true);
    expect(engine.apply(st, castFirst(st)).ok).toBe(true);
    return st;
  };

  it("at 1.1 Zap deals 3 (10 → 4 after two), at 2.0 and with no version 1 (10 → 8); the card's field reads as at its version", () => {
    expect(engine.read(castTwice(start("1.1")), 2, "life")).toBe(4);
    expect(engine.read(castTwice(start("2.0")), 2, "life")).toBe(8);
    expect(engine.read(castTwice(start()), 2, "life")).toBe(8);
    const st = start("1.0");
    expect(st.version).toBe("1.0");
    const zap = engine.zoneCards(st, 1, "hand")[0] as number;
    expect(engine.read(st, zap, "cost")).toBe(2);
    expect(engine.read(start(), zap, "cost")).toBe(1);
  });

  it("a JSON round trip keeps the version: the loaded state plays on at 1.0, the same as without the round trip", () => {
    const a = start("1.0");
    expect(engine.apply(a, castFirst(a)).ok).toBe(true);
    const loaded = JSON.parse(JSON.stringify(a)) as State;
    expect(loaded.version).toBe("1.0");
    expect(engine.apply(loaded, castFirst(loaded)).ok).toBe(true);
    expect(engine.apply(a, castFirst(a)).ok).toBe(true);
    expect(engine.read(loaded, 2, "life")).toBe(4);
    expect(hashState(loaded)).toBe(hashState(a));
  });

  it("an unknown version is refused at setup, and a state of an unknown version is not played", () => {
    expect(() => start("1.5")).toThrow(
      "unknown version '1.5' of 'ver' (did you mean '1.1'?); versions: 1.0, 1.1, 2.0, 2.10",
    );
    const st = { ...start("1.0"), version: "9.9" };
    expect(engine.check(st, castFirst(start()))).toBe(
      "this state is of unknown version '9.9' of 'ver' (did you mean '2.10'?); versions: 1.0, 1.1, 2.0, 2.10",
    );
  });

  it("versions order by their numbers", () => {
    expect(["2.10", "1.1", "2.0", "2.9", "1.0"].sort(compareVersions)).toEqual(["1.0", "1.1", "2.0", "2.9", "2.10"]);
    expect(compareVersions("4", "4.0")).toBe(0);
  });

  it("did-you-mean: a character too many or too few at the end first, else the nearest by number", () => {
    const known = ["1.0", "1.1", "2.0", "2.10"];
    expect(["2.1", "1.11", "1.9", "1.5", "9.9", "x"].map((v) => nearestVersion(v, known))).toEqual([
      "2.10",
      "1.1",
      "1.1",
      "1.1",
      "2.10",
      null,
    ]);
  });
});

describe("versions: language services", () => {
  const model = checkGame(game({ zap: ZAP }));
  const info = fileInfo(model, ZAP_FILE);
  if (!info) throw new Error("no file info");

  it("hover on a card id lists its other versions and what differs; hover on a version shows its declaration", () => {
    expect(hover(model, info, model.offsetOf(ZAP_FILE, { line: 1, col: 5 }), new Map())?.contents).toBe(
      "**Zap** `zap` — spell\n\ncost: 1\n\nOther versions: 1.0–2.0: cost 2, its code\n\n_cards/ver/cards/zap.yaml_",
    );
    expect(hover(model, info, model.offsetOf(ZAP_FILE, { line: 10, col: 14 }), new Map())?.contents).toBe(
      "```\n(version) version 2.0\n```",
    );
  });

  it("go to definition from a card's `until` lands on the version in the rules file", () => {
    expect(
      definition(model, info, model.offsetOf(ZAP_FILE, { line: 10, col: 14 })).map((l) => [l.file, l.range.start]),
    ).toEqual([[RULES_FILE, { line: 6, character: 25 }]]);
  });
});
