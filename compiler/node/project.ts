/** Compiling a game to dist/ and loading its module (the files themselves: project-inputs.ts; the cache: build-cache.ts). */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { withoutPrototypes } from "../../runtime/kernel/module-index.ts";
import type { GameModule } from "../../runtime/types.ts";
import { RULES_SCHEMA } from "../../grammar/rules-schema.ts";
import { cardFileSchema } from "../core/files/card-schema.ts";
import { deckFileSchema, scenarioFileSchema } from "../core/services/editor-schemas.ts";
import { type CheckedGame, type GameInput } from "../core/files/check-files.ts";
import { checkGame } from "../core/workspace/workspace.ts";
import type { Diagnostic } from "../core/text/diagnostics.ts";
import type { CheckedModel } from "../core/workspace/model.ts";
import { cached, cachedDiagnostics, checkHash, inputHash, outDir } from "./build-cache.ts";
import { readGame, ROOT } from "./project-inputs.ts";

export { cachedBuild, outDir } from "./build-cache.ts";
export { findProjectRoot, gameDir, listGames, readGame, readTextFile, ROOT } from "./project-inputs.ts";

export interface CompileResult {
  readonly game: string;
  readonly diagnostics: readonly Diagnostic[];
  readonly checked: CheckedGame | null;
  /** The emitted JavaScript module, when there were no errors. */
  readonly jsPath: string | null;
  readonly fromCache: boolean;
}

/** Errors that stop code generation: those of the rules and card files (decks and scenarios do not). */
export function hasCodeErrors(model: CheckedModel): boolean {
  return model.diagnostics.some(
    (d) =>
      d.severity === "error" &&
      (model.files.get(d.file)?.role ?? "rules") !== "deck" &&
      model.files.get(d.file)?.role !== "scenario",
  );
}

/**
 * Compiles a game to dist/<game>/ (game.js, game.js.map, card.schema.json; with `types`, also the
 * typed API game.d.ts, which needs TypeScript).
 */
export async function compileToDisk(
  game: string,
  opts: { root?: string; force?: boolean; types?: boolean } = {},
): Promise<CompileResult> {
  const root = opts.root ?? ROOT;
  const inp = readGame(game, root);
  if ("code" in inp) return { game, diagnostics: [inp], checked: null, jsPath: null, fromCache: false };
  const out = outDir(game, root);
  const jsPath = join(out, "game.js");
  const hash = inputHash(inp);
  const hashFile = join(out, "inputs.hash");
  const all = checkHash(inp);
  const typesPath = join(out, "game.d.ts");
  if (!opts.force && cached(out, hash) && (!opts.types || existsSync(typesPath))) {
    // A cached build prints the warnings the first build printed: they are stored with it. A
    // changed deck or scenario file is checked again, but the game's code is not rebuilt.
    const diagnostics = cachedDiagnostics(out, all);
    if (diagnostics) return { game, diagnostics, checked: null, jsPath, fromCache: true };
    const checked = checkGame(inp);
    writeFileSync(join(out, "diagnostics.json"), JSON.stringify({ hash: all, diagnostics: checked.diagnostics }));
    return { game, diagnostics: checked.diagnostics, checked, jsPath, fromCache: true };
  }
  const checked = checkGame(inp);
  if (hasCodeErrors(checked))
    return { game, diagnostics: checked.diagnostics, checked, jsPath: null, fromCache: false };
  const { emitGame } = await import("../core/emit/emit.ts");
  // The map's paths are the CLI's (relative to the working directory); sourceRoot leads there from dist/<game>/.
  const sourceRoot = relative(out, process.cwd()).replace(/\\/g, "/");
  const emitted = emitGame(checked, [inp.rules, ...inp.cards], {
    sourceRoot: sourceRoot === "" ? "" : `${sourceRoot}/`,
  });
  mkdirSync(out, { recursive: true });
  // A game.ts of an older compiler would read as the current module: it goes.
  rmSync(join(out, "game.ts"), { force: true });
  writeFileSync(jsPath, emitted.js);
  // game.js is an ES module wherever dist/ lies: without this, a loader may take it for CommonJS
  // and transform it, replacing its source map with one of its own.
  writeFileSync(join(out, "package.json"), '{ "type": "module" }\n');
  writeFileSync(join(out, "game.js.map"), emitted.map);
  if (opts.types) {
    // The typed API for embedders (ts-morph, TypeScript): loaded only by `compile`, never by check or play.
    const { gameTypes } = await import("./game-types.ts");
    writeFileSync(typesPath, gameTypes(checked, relative(out, join(ROOT, "runtime", "types.ts")).replace(/\\/g, "/")));
  } else rmSync(typesPath, { force: true });
  if (checked.vocabulary) {
    const schemas = join(root, "dist", "schemas");
    mkdirSync(schemas, { recursive: true });
    writeFileSync(
      join(schemas, `${game}.card.schema.json`),
      JSON.stringify(cardFileSchema(checked.vocabulary), null, 2) + "\n",
    );
    writeFileSync(
      join(schemas, "rules.schema.json"),
      JSON.stringify({ $schema: "http://json-schema.org/draft-07/schema#", ...RULES_SCHEMA }, null, 2) + "\n",
    );
    // Decks and scenarios too, so that a YAML editor knows every file type (docs/editors.md).
    const ids = checked.cards.map((c) => c.id);
    writeFileSync(
      join(schemas, `${game}.deck.schema.json`),
      JSON.stringify(deckFileSchema(checked.vocabulary, ids), null, 2) + "\n",
    );
    writeFileSync(
      join(schemas, `${game}.scenario.schema.json`),
      JSON.stringify(scenarioFileSchema(checked.vocabulary, ids), null, 2) + "\n",
    );
  }
  writeFileSync(join(out, "diagnostics.json"), JSON.stringify({ hash: all, diagnostics: checked.diagnostics }));
  writeFileSync(hashFile, hash);
  return { game, diagnostics: checked.diagnostics, checked, jsPath, fromCache: false };
}

/**
 * A source map as a data: URL, for a module loaded from memory. The module names it on its last
 * line (emit's `mapUrl`): a text of the game that happens to hold `//# sourceMappingURL=` is not
 * touched, as a search and replace over the module's text would.
 */
export function inlineMapUrl(mapJson: string): string {
  return `data:application/json;base64,${Buffer.from(mapJson).toString("base64")}`;
}

/**
 * The game module of a checked game without writing anything: the cached build when it is up to
 * date, else generated in memory (for `check`, which must not touch dist/).
 */
export async function moduleInMemory(
  game: string,
  inp: GameInput,
  model: CheckedModel,
  root = ROOT,
): Promise<GameModule | null> {
  if (hasCodeErrors(model)) return null;
  const out = outDir(game, root);
  if (cached(out, inputHash(inp))) return (await loadGame(game, root)).module;
  const { emitGame } = await import("../core/emit/emit.ts");
  // A data: URL cannot point to a map file next to it: the source map goes inline.
  const emitted = emitGame(model, [inp.rules, ...inp.cards], { mapUrl: inlineMapUrl });
  const url = `data:text/javascript;base64,${Buffer.from(emitted.js).toString("base64")}`;
  return ((await import(url)) as { game: GameModule }).game;
}

const loaded = new Map<string, GameModule>();

/** The checked model of a game on disk (decks and scenarios included), or the diagnostic of a missing game. */
export function checkedGame(game: string, root = ROOT): CheckedModel | Diagnostic {
  const inp = readGame(game, root);
  return "code" in inp ? inp : checkGame(inp);
}

/**
 * The last checked model of each game folder, with the hash of every file it read: a process that
 * asks again for unchanged files (the CLI run in process by an embedder or a test) gets the same
 * model instead of checking the whole game again. The model is never changed after it is built.
 */
const checkedModels = new Map<string, { readonly hash: string; readonly model: CheckedModel }>();

/** A game's module and its checked model: the model of the build when there was one, else checked now (or remembered). */
export async function loadChecked(
  game: string,
  root = ROOT,
): Promise<{ module: GameModule | null; model: CheckedModel | null; diagnostics: readonly Diagnostic[] }> {
  const built = await compileToDisk(game, { root });
  const loadedGame = await importBuilt(built);
  const inp = readGame(game, root);
  if ("code" in inp) return { module: loadedGame.module, model: null, diagnostics: loadedGame.diagnostics };
  const key = join(root, game);
  const hash = checkHash(inp);
  let model = built.checked ?? (checkedModels.get(key)?.hash === hash ? checkedModels.get(key)?.model : undefined);
  if (model === undefined) model = checkGame(inp);
  checkedModels.set(key, { hash, model });
  return { module: loadedGame.module, model, diagnostics: loadedGame.diagnostics };
}

/** Compiles (if needed) and imports a game's module. Throws only on internal faults; check diagnostics first. */
export async function loadGame(
  game: string,
  root = ROOT,
): Promise<{ module: GameModule | null; diagnostics: readonly Diagnostic[] }> {
  return importBuilt(await compileToDisk(game, { root }));
}

/** The module of a build (imported once per build), or none when the build had errors. */
async function importBuilt(
  r: CompileResult,
): Promise<{ module: GameModule | null; diagnostics: readonly Diagnostic[] }> {
  if (!r.jsPath) return { module: null, diagnostics: r.diagnostics };
  const url = `${pathToFileURL(r.jsPath).href}?v=${readFileSync(join(dirname(r.jsPath), "inputs.hash"), "utf8")}`;
  const cached = loaded.get(url);
  if (cached) return { module: cached, diagnostics: r.diagnostics };
  const mod = (await import(url)) as { game: GameModule };
  withoutPrototypes(mod.game);
  loaded.set(url, mod.game);
  return { module: mod.game, diagnostics: r.diagnostics };
}
