/**
 * dist/<game>/game.d.ts, the typed API for embedders: a small TypeScript program that uses it
 * type-checks (in-process, with the typescript package), and a wrong card id, event field or
 * property name is a type error at its line.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { checkGame } from "../../compiler/core/workspace/workspace.ts";
import { gameTypes } from "../../compiler/node/game-types.ts";
import { readGame, ROOT } from "../../compiler/node/project.ts";

function types(game: string): string {
  const input = readGame(game, ROOT, ROOT);
  if ("code" in input) throw new Error(input.message);
  return gameTypes(checkGame(input), "../../runtime/types.ts");
}

const parsed = new Map<string, ts.SourceFile>();

/** Type errors of `main` (a virtual main.ts next to a virtual game.d.ts in dist/<game>/), as "file:line: message". */
function typeErrors(dts: string, main: string, game = "elementis"): string[] {
  const DIR = join(ROOT, "dist", game);
  const virtual = new Map([
    [join(DIR, "game.d.ts"), dts],
    [join(DIR, "main.ts"), main],
  ]);
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    allowImportingTsExtensions: true,
    lib: ["lib.es2022.d.ts"],
    types: [],
    skipLibCheck: true,
  };
  const host = ts.createCompilerHost(options);
  const read = host.readFile.bind(host);
  host.readFile = (f) => virtual.get(f) ?? read(f);
  const exists = host.fileExists.bind(host);
  host.fileExists = (f) => virtual.has(f) || exists(f);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (f, lang, ...rest) => {
    const text = virtual.get(f);
    if (text !== undefined) return ts.createSourceFile(f, text, lang);
    // Library and runtime files parse once for all the programs of this test.
    let sf = parsed.get(f);
    if (!sf) {
      sf = getSourceFile(f, lang, ...rest);
      if (sf) parsed.set(f, sf);
    }
    return sf;
  };
  const program = ts.createProgram([join(DIR, "main.ts")], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
    return `${d.file ? d.file.fileName.slice(DIR.length + 1) : "?"}:${line}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
  });
}

const PROGRAM = [
  'import type { CardId, CardProps, Events, EventName, ActionName, Game, Procedures } from "./game.js";',
  'import { game } from "./game.js";',
  'const id: CardId = "fireball";',
  "const fireball = game.cards[id];",
  "const kind: string = fireball.kind;",
  'const power: CardProps["power"] = 3;',
  'const dmg: Events["damage"] = { target: 4, amount: 2, source: null };',
  'const ev: EventName = "damage";',
  'const act: ActionName = "attack";',
  'const pay: Procedures["pay"] = { c: 7 };',
  "const g: Game = game;",
  "export const used = [kind, power, dmg, ev, act, pay, g];",
];

describe("game.d.ts: the typed API of a compiled game", () => {
  const dts = types("elementis");

  it("is what `cardwright compile` writes to dist/elementis/game.d.ts", () => {
    expect(readFileSync(join(ROOT, "dist", "elementis", "game.d.ts"), "utf8")).toBe(dts);
  });

  it("a program using card ids, properties, events, actions and procedures type-checks", () => {
    expect(typeErrors(dts, PROGRAM.join("\n"))).toEqual([]);
  });

  it("a misspelled card id, event field and action are type errors at their lines", () => {
    const wrong = [...PROGRAM];
    wrong[2] = 'const id: CardId = "firebal";';
    wrong[6] = 'const dmg: Events["damage"] = { target: 4, amont: 2, source: null };';
    wrong[8] = 'const act: ActionName = "atack";';
    const errors = typeErrors(dts, wrong.join("\n"));
    expect(errors).toHaveLength(3);
    expect(errors[0]).toMatch(/^main\.ts:3: Type '"firebal"' is not assignable to type 'CardId'/);
    expect(errors[1]).toMatch(/^main\.ts:7: Object literal may only specify known properties, .*'amont'/);
    expect(errors[2]).toMatch(/^main\.ts:9: Type '"atack"' is not assignable to type 'ActionName'/);
  });

  it("Genius Invokation's types list its card ids", () => {
    const gi = types("gitcg");
    expect(gi).toMatch(/export type CardId = .*"diluc"/);
    expect(
      typeErrors(gi, 'import type { CardId } from "./game.js";\nexport const c: CardId = "diluc";', "gitcg"),
    ).toEqual([]);
  });
});
