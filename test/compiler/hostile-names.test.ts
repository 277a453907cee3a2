/**
 * No user string can change the code around it (issue 16, item 1). fast-check puts hostile
 * strings (comment ends, line ends of every kind, quotes, backticks, `${`, `</script>`, NUL, lone
 * surrogates, backslashes, payloads — see test/kit/hostile-names.ts) at every place a user string reaches
 * the printer, and asserts each module parses (TypeScript's parser) to exactly the statements,
 * node shape and comments the module has with plain strings there; a sample is imported in an
 * isolated `node:vm` context, where it reaches for nothing of the host, adds no global, and holds
 * the strings byte for byte.
 *
 * - Through the core API (checkGame, emitGame, in memory): every free-text place of the YAML and
 *   every file path. Places whose schema admits only names (game and card ids, property, zone,
 *   event, enum, keyword and local names, versions) are tried too: the check refuses the string
 *   there, or the module is as safe as everywhere else.
 * - At the printer itself (generateModule): every string of a checked game — unit ids, files,
 *   descriptions, every name and literal of the code, every key and value of the tables — given a
 *   hostile suffix, as if a checker had let anything through.
 * The on-disk folder name of the report has its own test (path-injection.test.ts).
 *
 * Per run: 32 games × 29 places + 48 printer runs × 25 suffixes + 36 names = 2,164 hostile
 * strings, every module parsed, one in eight imported.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { GameInput } from "../../compiler/core/files/check-files.ts";
import { checkGame } from "../../compiler/core/workspace/workspace.ts";
import { emitGame } from "../../compiler/core/emit/emit.ts";
import { generateModule, type ModuleTables } from "../../compiler/core/emit/generate.ts";
import { computedReads } from "../../compiler/core/emit/reads.ts";
import type { CompiledUnit } from "../../compiler/core/semantic/ir.ts";
import type { CheckedModel } from "../../compiler/core/workspace/model.ts";
import { hasCodeErrors } from "../../compiler/node/project.ts";
import type { Ctx, Frame } from "../../runtime/types.ts";
import {
  dslText,
  hostile,
  importIsolated,
  shapeOf,
  templateText,
  yamlString as yq,
  type ModuleShape,
} from "../kit/hostile-names.ts";
import { gameFiles } from "../kit/corpus.ts";

/** The free-text places of the YAML (and the file paths) this game puts a string at. */
const PLACES = [
  "dir",
  "rulesFile",
  "cardFile",
  "gameName",
  "gameNameJa",
  "optionDefault",
  "optionValue",
  "optionDoc",
  "zoneDoc",
  "kindDoc",
  "fieldDoc",
  "propDoc",
  "textDefault",
  "eventDoc",
  "functionDoc",
  "procedureDoc",
  "label",
  "invariantRule",
  "invariantMessage",
  "invariantDoc",
  "versionsDoc",
  "cardName",
  "cardNameJa",
  "cardText",
  "officialId",
  "bounded",
  "log",
  "prompt",
  "literal",
] as const;
type Place = (typeof PLACES)[number];
type Strings = Readonly<Record<Place, string>>;

/** Where the plain build has its strings: letters only. */
const PLAIN = Object.fromEntries(PLACES.map((p) => [p, `plain${p}`])) as Strings;

const base = gameFiles();
const baseText = (path: string): string => {
  const t = base.get(path);
  if (t === undefined) throw new Error(`no ${path} in the corpus base game`);
  return t;
};

/** `text` with `from` replaced by `to`, once; the base game changed if `from` is not there. */
function edit(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`the corpus base game changed: no '${from}'`);
  return text.replace(from, () => to);
}

/** The corpus base game with `s` at each place. */
function game(s: Strings): GameInput {
  let rules = baseText("rules.yaml");
  rules = edit(rules, "name: { en: Corpus Game }", `name: { en: ${yq(s.gameName)}, ja: ${yq(s.gameNameJa)} }`);
  rules = edit(
    rules,
    "match: { games: 1, wins: 1 }\n",
    `match: { games: 1, wins: 1 }\noptions:\n  motto: { type: text, default: ${yq(s.optionDefault)}, values: [${yq(s.optionDefault)}, ${yq(s.optionValue)}], doc: ${yq(s.optionDoc)} }\nversions: { known: ["1.0", "2.0"], default: "2.0", doc: ${yq(s.versionsDoc)} }\n`,
  );
  rules = edit(rules, "  hand: { visibility: owner }", `  hand: { visibility: owner, doc: ${yq(s.zoneDoc)} }`);
  rules = edit(
    rules,
    "  unit:\n    active-in: [field]\n",
    `  unit:\n    doc: ${yq(s.kindDoc)}\n    active-in: [field]\n`,
  );
  rules = edit(rules, "      color: { type: color }", `      color: { type: color, doc: ${yq(s.fieldDoc)} }`);
  rules = edit(
    rules,
    "    tapped: { type: bool, default: false }",
    `    tapped: { type: bool, default: false, doc: ${yq(s.propDoc)} }`,
  );
  rules = edit(
    rules,
    "    score: { type: number, default: 0 }",
    `    score: { type: number, default: 0 }\n    title: { type: text, default: ${yq(s.textDefault)} }`,
  );
  rules = edit(
    rules,
    "  played: { fields: { card: card } }",
    `  played: { fields: { card: card }, doc: ${yq(s.eventDoc)} }`,
  );
  rules = edit(rules, "    returns: list<card>\n", `    returns: list<card>\n    doc: ${yq(s.functionDoc)}\n`);
  rules = edit(rules, "  deal:\n    params:", `  deal:\n    doc: ${yq(s.procedureDoc)}\n    params:`);
  rules = edit(rules, '    label: "play {c}"', `    label: ${yq(`${templateText(s.label)} {c}`)}`);
  rules = edit(
    rules,
    "\nflow:\n",
    `\ninvariants:\n  - { id: sane, rule: ${yq(s.invariantRule)}, check: "game.round >= 0", message: ${yq(templateText(s.invariantMessage))}, doc: ${yq(s.invariantDoc)} }\n\nflow:\n`,
  );
  const golem = edit(
    edit(
      edit(
        baseText("cards/golem.yaml"),
        "name: { en: Golem }",
        `name: { en: ${yq(s.cardName)}, ja: ${yq(s.cardNameJa)} }`,
      ),
      'text: { en: "Hits on you are 1 smaller. +1 power while tapped." }',
      `text: { en: ${yq(s.cardText)} }`,
    ),
    "    stage: shield\n",
    `    stage: shield\n    bounded: ${yq(`b${s.bounded}`)}\n`,
  );
  const imp = edit(baseText("cards/imp.yaml"), "power: 1\n", `power: 1\nofficialId: ${yq(s.officialId)}\n`);
  // Effects as YAML double-quoted scalars: a text of the language may hold any character (a CR
  // or U+2028 in a block scalar would end its line in YAML before the language saw it).
  const effect = (text: string, from: string, to: string) => {
    const [head, code] = text.split("effect: |\n") as [string, string];
    return `${head}effect: ${yq(edit(code.replace(/^ {2}/gm, ""), from, to))}\n`;
  };
  const rally = effect(
    baseText("cards/rally.yaml"),
    'log "{me} rallies"',
    `log ${dslText(s.log)}\nif ${dslText(s.literal)} == "x" { log "{me}" }`,
  );
  const zap = effect(baseText("cards/zap.yaml"), 'as "Zap what?"', `as ${dslText(s.prompt)}`);
  const dir = `${s.dir}/`;
  const card = (name: string, text: string) => ({ path: `${dir}cards/${name}-${s.cardFile}.yaml`, text });
  return {
    rules: { path: `${dir}${s.rulesFile}/rules.yaml`, text: rules },
    cards: [card("a-golem", golem), card("b-imp", imp), card("c-rally", rally), card("d-zap", zap)],
  };
}

interface Built {
  readonly model: CheckedModel;
  readonly js: string;
  readonly shape: ModuleShape;
}

function build(s: Strings): Built {
  const input = game(s);
  const model = checkGame(input);
  const errors = model.diagnostics.filter((d) => d.severity === "error");
  if (errors.length)
    throw new Error(
      `the game does not compile: ${errors.map((d) => `${JSON.stringify(d.file)}:${d.range.start.line}:${d.range.start.col} ${d.message}`).join("; ")}`,
    );
  const js = emitGame(model, [input.rules, ...input.cards]).js;
  return { model, js, shape: shapeOf(js) };
}

const plain = build(PLAIN);
const plainImport = importIsolated(plain.js);

/** Runs a step unit of an isolated module with a stand-in context; returns what it logged and asked. */
function runStep(game: ReturnType<typeof importIsolated>["game"], h: string): { logged: string[]; prompts: unknown[] } {
  const logged: string[] = [];
  const prompts: unknown[] = [];
  const ctx = {
    log: (t: string) => void logged.push(t),
    text: (t: string) => t,
    list: (xs: unknown[]) => xs,
    zone: () => [],
    zoneView: () => [],
    players: () => [1, 2],
    opponent: (p: number) => 3 - p,
    name: (x: unknown) => `#${String(x)}`,
    ret: () => undefined,
    choose: (...args: unknown[]) => void prompts.push(args[7]),
  } as unknown as Ctx;
  const frame = { me: 1, self: 3, ev: null, L: {}, h, step: 0, into: null, trigger: null, owned: [] } as Frame;
  game.steps[h]?.(ctx, frame);
  return { logged, prompts };
}

/** The module of `s` has the plain module's statements, shape and comments. */
function expectPlainShape(b: Built): void {
  expect(b.shape.errors).toEqual([]);
  expect(b.shape.statements).toEqual(plain.shape.statements);
  expect(b.shape.comments).toEqual(plain.shape.comments);
  expect(b.shape.nodes).toBe(plain.shape.nodes);
}

/** Imported in isolation, the module reaches for nothing, adds the plain module's globals, and holds `s` exactly. */
function expectSafeImport(b: Built, s: Strings): void {
  const { game, reads, globals } = importIsolated(b.js);
  expect(reads).toEqual([]);
  expect(globals).toEqual(plainImport.globals);
  expect(game.name).toBe(s.gameName);
  expect(game.cards["golem"]?.name).toBe(s.cardName);
  expect(game.cards["golem"]?.fields["text"]).toBe(s.cardText);
  expect(game.cards["golem"]?.triggers[0]?.bounded).toBe(`b${s.bounded}`);
  expect(game.cards["imp"]?.fields["officialId"]).toBe(s.officialId);
  expect(game.rules.props.player["title"]?.default).toBe(s.textDefault);
  expect(game.rules.props.game["motto"]?.default).toBe(s.optionDefault);
  expect(game.rules.invariants?.[0]?.rule).toBe(s.invariantRule);
  expect(game.sources["card.zap.effect"]?.file).toBe(`${s.dir}/cards/d-zap-${s.cardFile}.yaml`);
  expect(game.sources["flow.game"]?.file).toBe(`${s.dir}/${s.rulesFile}/rules.yaml`);
  expect(game.sources["card.golem.on.0"]?.what).toBe(`${s.cardName}: trigger 1 (on hit)`);
  expect(runStep(game, "card.rally.effect").logged).toEqual([s.log]);
  expect(runStep(game, "card.zap.effect").prompts).toEqual([s.prompt]);
}

/** Places whose schema admits names only, and how a string is put there. */
const NAME_PLACES = {
  gameId: (g: GameInput, n: string) => ({
    ...g,
    rules: { ...g.rules, text: edit(g.rules.text, "game: corpus", `game: ${yq(n)}`) },
  }),
  cardId: (g: GameInput, n: string) => ({
    ...g,
    cards: g.cards.map((c, i) => (i === 1 ? { ...c, text: edit(c.text, "id: imp", `id: ${yq(n)}`) } : c)),
  }),
  enumValue: (g: GameInput, n: string) => rulesEdit(g, "  color: [red, blue]", `  color: [red, blue, ${yq(n)}]`),
  keyword: (g: GameInput, n: string) => rulesEdit(g, "keywords: [swift]", `keywords: [swift, ${yq(n)}]`),
  property: (g: GameInput, n: string) =>
    rulesEdit(g, "  card:\n    tapped:", `  card:\n    ${yq(n)}: { type: number, default: 0 }\n    tapped:`),
  zone: (g: GameInput, n: string) => rulesEdit(g, "  hand: {", `  ${yq(n)}: { visibility: public }\n  hand: {`),
  event: (g: GameInput, n: string) =>
    rulesEdit(g, "  played: {", `  ${yq(n)}: { fields: { card: card } }\n  played: {`),
  stage: (g: GameInput, n: string) => rulesEdit(g, "stages: [boost, shield]", `stages: [boost, shield, ${yq(n)}]`),
  window: (g: GameInput, n: string) => rulesEdit(g, "windows: [main]", `windows: [main, ${yq(n)}]`),
  action: (g: GameInput, n: string) => rulesEdit(g, "  pass:\n", `  ${yq(n)}:\n    window: main\n  pass:\n`),
  version: (g: GameInput, n: string) => rulesEdit(g, 'known: ["1.0", "2.0"]', `known: ["1.0", "2.0", ${yq(n)}]`),
  local: (g: GameInput, n: string) => ({
    ...g,
    cards: g.cards.map((c, i) =>
      i === 3 ? { ...c, text: c.text.replace(/^effect: "/m, () => `effect: "let ${yq(n).slice(1, -1)} = 1\\n`) } : c,
    ),
  }),
} as const;
type NamePlace = keyof typeof NAME_PLACES;

function rulesEdit(g: GameInput, from: string, to: string): GameInput {
  return { ...g, rules: { ...g.rules, text: edit(g.rules.text, from, to) } };
}

/** Names that pass a name's schema and mean something to JavaScript objects. */
const OBJECT_NAMES = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "prototype"];

const strings: fc.Arbitrary<Strings> = fc.record(
  Object.fromEntries(PLACES.map((p) => [p, hostile])) as Record<Place, fc.Arbitrary<string>>,
);

describe("hostile strings at every place a user string reaches the printer", () => {
  it("the plain game compiles, and the checks below can see its strings", () => {
    expect(plain.shape.errors).toEqual([]);
    expect(plain.shape.statements.length).toBeGreaterThan(30);
    expect(plainImport.reads).toEqual([]);
    expect(plainImport.globals).toContain("card_rally_effect");
    expect(plain.shape.comments[0]).toBe(
      "// DO NOT EDIT — generated by cardwright from the YAML files in $F below: edit those and run `cardwright compile`.",
    );
    expectSafeImport(plain, PLAIN);
  });

  it(`through the core API: ${PLACES.length} places, free text and file paths`, () => {
    let runs = 0;
    fc.assert(
      fc.property(strings, (s) => {
        const b = build(s);
        expectPlainShape(b);
        // Importing costs more than parsing: every 8th game, and the first.
        if (runs++ % 8 === 0) expectSafeImport(b, s);
      }),
      { numRuns: 32 },
    );
    expect(runs).toBe(32);
  });
});

describe("hostile strings at places that admit names only", () => {
  it("are refused with an error, or compile to a module as safe as with a plain name", () => {
    const plainOf = new Map<NamePlace, Built | null>();
    const tryBuild = (place: NamePlace, n: string): { model: CheckedModel; built: Built | null } => {
      const input = NAME_PLACES[place](game(PLAIN), n);
      const model = checkGame(input);
      if (hasCodeErrors(model)) return { model, built: null };
      const js = emitGame(model, [input.rules, ...input.cards]).js;
      return { model, built: { model, js, shape: shapeOf(js) } };
    };
    let refused = 0;
    let compiled = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...(Object.keys(NAME_PLACES) as NamePlace[])),
        fc.oneof(hostile, fc.constantFrom(...OBJECT_NAMES)),
        (place, n) => {
          if (!plainOf.has(place)) plainOf.set(place, tryBuild(place, place === "version" ? "3.0" : "plainname").built);
          const base = plainOf.get(place);
          expect(base, `the plain game with a name at ${place} compiles`).toBeTruthy();
          const { model, built } = tryBuild(place, n);
          if (built === null) {
            refused++;
            expect(model.diagnostics.some((d) => d.severity === "error")).toBe(true);
            return;
          }
          compiled++;
          // A name that passed is a plain word, part of function names made from unit ids.
          const named = (xs: readonly string[]) =>
            xs.map((x) => x.replaceAll("plainname", n.replace(/[^A-Za-z0-9]+/g, "_")));
          expect(built.shape.errors).toEqual([]);
          expect(built.shape.statements).toEqual(named(base?.shape.statements ?? []));
          expect(built.shape.comments).toEqual(base?.shape.comments);
          expect(built.shape.nodes).toBe(base?.shape.nodes);
          const imported = importIsolated(built.js);
          expect(imported.reads).toEqual([]);
          expect(imported.globals).toEqual(named(importIsolated(base?.js ?? "").globals).sort());
          // A table key is an own property, whatever its name (`"__proto__": v` would set the prototype).
          if (place === "property") expect(Object.hasOwn(imported.game.rules.props.card, n)).toBe(true);
        },
      ),
      { numRuns: 36 },
    );
    expect(refused).toBeGreaterThan(0);
    expect(compiled).toBeGreaterThan(0);
  });
});

/**
 * Every string of a checked game with a hostile suffix, consistently: the same string always gets
 * the same suffix, and a rules function's unit id `fn.<name>` follows its name, so the printer
 * finds every function it calls. What the printer branches on stays: node kinds, operators,
 * builtins, modes, types, the special property names it prints as calls, and its own function
 * names.
 */
function renamer(suffixes: readonly string[]) {
  const memo = new Map<string, string>();
  const name = (x: string): string => {
    let r = memo.get(x);
    if (r === undefined) memo.set(x, (r = `${x}${suffixes[memo.size % suffixes.length] ?? ""}`));
    return r;
  };
  const unitId = (x: string) => (x.startsWith("fn.") ? `fn.${name(x.slice(3))}` : name(x));
  /** Discriminators and operators (strings), and types (objects). */
  const KEPT = new Set(["k", "op", "mode", "fnName", "kind"]);
  const SPECIAL_PROPS = new Set(["owner", "kind", "card", "name"]);
  const deep = (v: unknown): unknown => {
    if (typeof v === "string") return name(v);
    if (Array.isArray(v)) return v.map(deep);
    if (v === null || typeof v !== "object") return v;
    const o = v as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [key, x] of Object.entries(o)) {
      const kept =
        (KEPT.has(key) && typeof x === "string") ||
        key === "ty" ||
        (key === "fn" && o["k"] === "builtin") ||
        (key === "name" && (o["k"] === "match" || (o["k"] === "prop" && SPECIAL_PROPS.has(String(x)))));
      out[key] = kept ? x : key === "id" && typeof x === "string" ? unitId(x) : deep(x);
    }
    return out;
  };
  /** Keys too (table keys are user names): every string of a JSON-like value. */
  const data = (v: unknown): unknown => {
    if (typeof v === "string") return name(v);
    if (Array.isArray(v)) return v.map(data);
    if (v === null || typeof v !== "object") return v;
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [name(k), data(x)]));
  };
  return { name, units: (us: readonly CompiledUnit[]) => us.map((u) => deep(u) as CompiledUnit), data };
}

describe("hostile strings at the printer itself", () => {
  const model = plain.model;
  const voc = model.vocabulary;
  if (!voc || !model.rules) throw new Error("the plain game has no vocabulary");
  const files = game(PLAIN);
  const sources = [files.rules, ...files.cards];
  const cards = Object.fromEntries(model.cards.map((c) => [c.id, c.def]));
  const tables: ModuleTables = {
    id: voc.game,
    name: voc.name,
    rules: model.rules.data,
    cards,
    sources: Object.fromEntries(
      model.units.map((u) => [u.id, { file: u.file, line: u.line, col: u.col ?? 1, what: u.what }]),
    ),
    computedReads: computedReads(model.rules.data, cards, model.units),
  };
  const header = "// header";
  const plainModule = generateModule(tables, model.units, { header, files: sources });
  const plainShape = shapeOf(plainModule.js);
  const plainGlobals = importIsolated(plainModule.js).globals;

  it("every unit id, file, description, name, literal and table string: the plain module's statements, shape and comments", () => {
    expect(plainShape.errors).toEqual([]);
    let runs = 0;
    fc.assert(
      fc.property(fc.array(hostile, { minLength: 25, maxLength: 25 }), (suffixes) => {
        const r = renamer(suffixes);
        const units = r.units(model.units);
        const hostileTables: ModuleTables = {
          id: r.name(tables.id),
          name: r.name(tables.name),
          rules: r.data(tables.rules),
          cards: r.data(tables.cards),
          sources: r.data(tables.sources) as ModuleTables["sources"],
          computedReads: r.data(tables.computedReads) as Record<string, readonly string[] | null>,
        };
        const out = generateModule(hostileTables, units, {
          header,
          files: sources.map((f) => ({ path: r.name(f.path), text: f.text })),
        });
        const shape = shapeOf(out.js);
        expect(shape.errors).toEqual([]);
        expect(shape.statements).toEqual(plainShape.statements);
        expect(shape.comments).toEqual(plainShape.comments);
        expect(shape.nodes).toBe(plainShape.nodes);
        if (runs++ % 8 === 0) {
          const imported = importIsolated(out.js);
          expect(imported.reads).toEqual([]);
          expect(imported.globals).toEqual(plainGlobals);
          expect(imported.game.name).toBe(r.name(tables.name));
          expect(imported.game.id).toBe(r.name(tables.id));
          expect(Object.keys(imported.game.steps).sort()).toEqual(
            units
              .filter((u) => u.kind === "step")
              .map((u) => u.id)
              .sort(),
          );
          expect(runStep(imported.game, r.name("card.rally.effect")).logged).toEqual([r.name(PLAIN.log)]);
        }
      }),
      { numRuns: 48 },
    );
    expect(runs).toBe(48);
  });
});
