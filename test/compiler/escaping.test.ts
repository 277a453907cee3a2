/**
 * User text reaches the generated module only as string literals or sanitised comments: names,
 * card text, `log` strings and labels full of quotes, comment markers, template syntax, line
 * separators and non-Latin script compile to a module without syntax errors and come back byte
 * for byte.
 */
import { readFileSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { ts } from "ts-morph";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileToDisk } from "../../compiler/node/project.ts";
import type { Ctx, Frame, GameModule, Scope } from "../../runtime/types.ts";
import { parse } from "yaml";
import { gameFiles } from "../kit/corpus.ts";
import { writeGame } from "../kit/toy-game.ts";

/** Every troublemaker at once. */
const SPECIAL = "q\"uote' back`tick ${x} */ /* \\ new\nline \u2028 sep \u2029 日本語 한국어 🎴😀";
const GAME_NAME = `Game ${SPECIAL}`;
const CARD_NAME = `Odd ${SPECIAL}`;
const CARD_NAME_JA = `奇妙 ${SPECIAL}`;
const CARD_TEXT = `Text: ${SPECIAL} end`;
const LOG_TEXT = `Log: ${SPECIAL} {braces}`;
const LABEL_TEXT = `Label: ${SPECIAL} {braces}`;

/** A YAML double-quoted scalar (JSON's escapes are YAML's; the line separators escaped too). */
const yq = (s: string) =>
  JSON.stringify(s)
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
/** A text literal of the effect language. */
const dslText = (s: string) =>
  `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n").replace(/\{/g, "{{").replace(/\}/g, "}}")}"`;

const CARD = [
  "id: odd",
  "kind: spell",
  `name: { en: ${yq(CARD_NAME)}, ja: ${yq(CARD_NAME_JA)} }`,
  `text: { en: ${yq(CARD_TEXT)} }`,
  "cost: 1",
  `effect: ${yq(`log ${dslText(LOG_TEXT)}`)}`,
  "",
].join("\n");

function rules(): string {
  const base = gameFiles().get("rules.yaml") ?? "";
  const named = base.replace("name: { en: Corpus Game }", `name: { en: ${yq(GAME_NAME)} }`);
  // A label is a text with {interpolation}: literal braces are doubled.
  const labelled = named.replace(
    "  pass:\n    window: main\n",
    `  pass:\n    window: main\n    label: ${yq(LABEL_TEXT.replace(/\{/g, "{{").replace(/\}/g, "}}"))}\n`,
  );
  if (named === base || labelled === named) throw new Error("the base rules changed: update this test");
  return labelled;
}

let root = "";
let generated = "";
let game: GameModule;

beforeAll(async () => {
  root = writeGame(
    gameFiles(
      new Map([
        ["rules.yaml", rules()],
        ["cards/odd.yaml", CARD],
      ]),
    ),
  );
  const r = await compileToDisk("corpus", { root, force: true });
  expect(r.diagnostics).toEqual([]);
  expect(r.jsPath).not.toBeNull();
  generated = readFileSync(`${root}/dist/corpus/game.js`, "utf8");
  game = ((await import(pathToFileURL(r.jsPath ?? "").href)) as { game: GameModule }).game;
});

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe("escaping user text in the generated module", () => {
  it("the YAML of the test says what we think it says", () => {
    const card = parse(CARD) as { name: { en: string; ja: string }; text: { en: string }; effect: string };
    expect(card.name.en).toBe(CARD_NAME);
    expect(card.name.ja).toBe(CARD_NAME_JA);
    expect(card.text.en).toBe(CARD_TEXT);
    expect(card.effect).toBe(`log ${dslText(LOG_TEXT)}`);
  });

  it("game.js has no syntax errors", () => {
    const out = ts.transpileModule(generated, {
      fileName: "game.js",
      reportDiagnostics: true,
      compilerOptions: { allowJs: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
    });
    expect((out.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"))).toEqual([]);
  });

  it("names and card text come back byte for byte", () => {
    expect(game.name).toBe(GAME_NAME);
    const odd = game.cards["odd"];
    expect(odd?.name).toBe(CARD_NAME);
    expect(odd?.fields["text"]).toBe(CARD_TEXT);
    expect(Buffer.from(odd?.name ?? "", "utf8").equals(Buffer.from(CARD_NAME, "utf8"))).toBe(true);
  });

  it("a log string runs and logs its exact text", () => {
    const logged: string[] = [];
    const ended: unknown[] = [];
    const ctx = { log: (s: string) => logged.push(s), ret: (_f: Frame, v: unknown) => ended.push(v) } as unknown as Ctx;
    const frame = {
      me: 1,
      self: 3,
      ev: null,
      L: {},
      h: "card.odd.effect",
      step: 0,
      into: null,
      trigger: null,
      owned: [],
    } as Frame;
    game.steps["card.odd.effect"]?.(ctx, frame);
    expect(logged).toEqual([LOG_TEXT]);
    expect(ended).toEqual([null]);
  });

  it("a label evaluates to its exact text", () => {
    const label = game.pure["action.pass.label"];
    expect(label).toBeTypeOf("function");
    const scope: Scope = { me: 1, self: null, ev: null, L: {} };
    expect(label?.({} as Ctx, scope)).toBe(LABEL_TEXT);
  });

  it("no comment holds user text: every block comment holds exactly one '*/', its own, and names a file by index", () => {
    const sf = ts.createSourceFile("game.js", generated, ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS);
    const comments = new Set<string>();
    const visit = (n: ts.Node) => {
      for (const r of ts.getLeadingCommentRanges(generated, n.getFullStart()) ?? [])
        comments.add(generated.slice(r.pos, r.end));
      n.forEachChild(visit);
    };
    visit(sf);
    const blocks = [...comments].filter((c) => c.startsWith("/*"));
    expect(blocks.length).toBeGreaterThan(5);
    for (const c of blocks) expect(c.indexOf("*/"), c).toBe(c.length - 2);
    // The effect's doc comment names its YAML file by index into $F, then line and column; the
    // card's name and the path are data (game.sources, $F), never comment text.
    const file = relative(process.cwd(), join(root, "cards", "corpus", "cards", "odd.yaml"));
    const lines = generated.split("\n");
    const start = lines.indexOf("const $F = [");
    expect(start).toBeGreaterThan(0);
    const files = lines
      .slice(start + 1, lines.indexOf("];", start))
      .map((l) => JSON.parse(l.replace(/,$/, "")) as string);
    const i = files.indexOf(file);
    expect(i).toBeGreaterThan(0);
    expect(blocks.filter((b) => b.includes(`$F[${i}]:`))).toEqual([`/** $F[${i}]:6:10 */`]);
    expect(game.sources["card.odd.effect"]).toEqual({ file, line: 6, col: 10, what: `${CARD_NAME}: effect` });
    for (const c of comments) expect(c).not.toMatch(/Odd|odd\.yaml|日本語/);
  });
});
