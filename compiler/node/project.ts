/** The project on disk: where games live, where output goes, and loading a compiled game. */
import { createHash } from "node:crypto";
import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  realpathSync,
  rmSync,
  statSync,
  type Stats,
  writeFileSync,
} from "node:fs";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { withoutPrototypes } from "../../runtime/module-index.ts";
import type { GameModule } from "../../runtime/types.ts";
import { RULES_SCHEMA } from "../../grammar/rules-schema.ts";
import { cardFileSchema } from "../core/files/card-schema.ts";
import { deckFileSchema, scenarioFileSchema } from "../core/services/editor-schemas.ts";
import { type CheckedGame, type GameInput, type InputFile } from "../core/files/check-files.ts";
import { checkGame } from "../core/workspace/workspace.ts";
import { START, type Diagnostic } from "../core/text/diagnostics.ts";
import { MAX_FILE_BYTES } from "../core/text/input-limits.ts";
import type { CheckedModel } from "../core/workspace/model.ts";

/** The repository root (this file lives in compiler/node/). */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

export function gameDir(game: string, root = ROOT): string {
  return join(root, "cards", game);
}

export function listGames(root = ROOT): string[] {
  const dir = join(root, "cards");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((d) => existsSync(join(dir, d, "rules.yaml")))
    .sort();
}

/**
 * The project a folder belongs to: the nearest folder at or above `from` that holds a game
 * (`cards/<game>/rules.yaml`). A game's own folder has a `cards/` too (its card files), but no
 * game inside it, so a start anywhere in a game finds the project above it.
 */
export function findProjectRoot(from: string): string | undefined {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    if (holdsGame(dir)) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

/** Whether `dir/cards` lists a game; a `cards` that is a file or cannot be read is no project. */
function holdsGame(dir: string): boolean {
  try {
    return listGames(dir).length > 0;
  } catch {
    return false;
  }
}

/** A file that cannot be read as a card game input: one clear line naming it, as a diagnostic. */
class Unreadable extends Error {
  constructor(
    readonly path: string,
    readonly why: string,
    readonly offset: number | null = null,
    readonly text = "",
  ) {
    super(`${path}: ${why}`);
  }
}

function notRegular(st: Stats): string {
  if (st.isFIFO()) return "a named pipe (FIFO)";
  if (st.isSocket()) return "a socket";
  if (st.isCharacterDevice() || st.isBlockDevice()) return "a device";
  return "not a file";
}

function ioReason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === "ELOOP") return "a symbolic link loop: the link points back at itself";
  if (code === "EISDIR") return "is a folder, not a file";
  if (code === "EACCES" || code === "EPERM") return "cannot be read (no permission)";
  if (code === "ENOENT") return "does not exist (a broken symbolic link?)";
  return e instanceof Error ? e.message : String(e);
}

/** The YAML files under a folder, in order; symbolic links are followed once (a loop is an error, not a hang). */
function yamlFilesUnder(dir: string, seen = new Set<string>()): string[] {
  if (!existsSync(dir)) return [];
  let real: string;
  try {
    real = realpathSync(dir);
  } catch (e) {
    throw new Unreadable(dir, ioReason(e));
  }
  if (seen.has(real)) throw new Unreadable(dir, "a symbolic link loop: this folder contains itself");
  seen.add(real);
  const out: string[] = [];
  for (const e of readdirSync(dir).sort()) {
    const p = join(dir, e);
    let isDir: boolean;
    try {
      isDir = statSync(p).isDirectory();
    } catch (err) {
      throw new Unreadable(p, ioReason(err));
    }
    if (isDir) for (const f of yamlFilesUnder(p, seen)) out.push(f);
    else if (/\.ya?ml$/.test(e)) out.push(p);
  }
  return out;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The offset of the first byte that is not valid UTF-8, or -1. */
function invalidUtf8At(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] as number;
    const n = b < 0x80 ? 0 : b >= 0xc2 && b < 0xe0 ? 1 : b >= 0xe0 && b < 0xf0 ? 2 : b >= 0xf0 && b < 0xf5 ? 3 : -1;
    if (n < 0) return i;
    for (let k = 1; k <= n; k++) if (((bytes[i + k] ?? 0) & 0xc0) !== 0x80) return i;
    i += n + 1;
  }
  return -1;
}

/**
 * The first `n` bytes of a file past the size limit, as text: the checker refuses it at the first
 * character past the limit (compiler/core/text/input-limits.ts), so the rest is never read. A
 * character cut at the end reads as U+FFFD, after that place.
 */
/** The first `n` bytes of an open file, as text. */
function prefixOf(fd: number, n: number): string {
  const bytes = Buffer.alloc(n);
  const got = readSync(fd, bytes, 0, n, 0);
  return new TextDecoder().decode(bytes.subarray(0, got));
}

function input(path: string, cwd: string): InputFile {
  const shown = relative(cwd, path) || path;
  let bytes: Buffer;
  try {
    if (statSync(path).isDirectory()) throw new Unreadable(shown, "is a folder, not a file");
    // Opened without blocking and checked before reading: a FIFO named like a card would make a
    // plain read wait for a writer for good (and `check` with it).
    const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      const st = fstatSync(fd);
      if (!st.isFile()) throw new Unreadable(shown, `is ${notRegular(st)}, not a regular file`);
      // Past the size limit only the first MAX_FILE_BYTES + 1 bytes are read: enough for the
      // positioned io/too-large diagnostic, without holding the whole file.
      if (st.size > MAX_FILE_BYTES) return { path: shown, text: prefixOf(fd, MAX_FILE_BYTES + 1) };
      bytes = readFileSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch (e) {
    if (e instanceof Unreadable) throw e;
    throw new Unreadable(shown, ioReason(e));
  }
  try {
    return { path: shown, text: utf8.decode(bytes) };
  } catch {
    // Point at the bad byte: the text before it is valid, so its lines and columns are right.
    const at = invalidUtf8At(bytes);
    const before = at < 0 ? "" : new TextDecoder().decode(bytes.subarray(0, at));
    throw new Unreadable(
      shown,
      `is not valid UTF-8 (byte 0x${(bytes[at] ?? 0).toString(16)} at offset ${at}); save it as UTF-8`,
      before.length,
      before,
    );
  }
}

/** Reads a text input file (a deck, a scenario): its text, or a diagnostic naming it when it cannot be read as UTF-8 text. */
export function readTextFile(path: string, cwd = process.cwd()): InputFile | Diagnostic {
  try {
    return input(path, cwd);
  } catch (e) {
    if (e instanceof Unreadable) return unreadableDiagnostic(e, cwd);
    throw e;
  }
}

function unreadableDiagnostic(u: Unreadable, cwd: string): Diagnostic {
  const file = isAbsolute(u.path) ? relative(cwd, u.path) || u.path : u.path;
  if (u.offset === null)
    return { file, range: START, severity: "error", code: "io/unreadable", message: `the file ${u.why}` };
  const lines = u.text.split("\n");
  const line = lines.length;
  const col = (lines[lines.length - 1] ?? "").length + 1;
  return {
    file,
    range: { start: { line, col }, end: { line, col: col + 1 } },
    severity: "error",
    code: "io/encoding",
    message: `the file ${u.why}`,
  };
}

/** Reads a game's rules and card files; paths in diagnostics are relative to `cwd`. */
export function readGame(game: string, root = ROOT, cwd = process.cwd()): GameInput | Diagnostic {
  const dir = gameDir(game, root);
  const rules = join(dir, "rules.yaml");
  if (!existsSync(rules)) {
    const known = listGames(root);
    return {
      file: relative(cwd, dir) || dir,
      range: START,
      severity: "error",
      code: "io/no-game",
      message: `no game '${game}': ${relative(cwd, rules)} does not exist`,
      hint: known.length ? `games: ${known.join(", ")}` : "create cards/<game>/rules.yaml",
    };
  }
  try {
    return {
      rules: input(rules, cwd),
      cards: yamlFilesUnder(join(dir, "cards")).map((p) => input(p, cwd)),
      decks: yamlFilesUnder(join(dir, "decks")).map((p) => input(p, cwd)),
      scenarios: yamlFilesUnder(join(dir, "scenarios")).map((p) => input(p, cwd)),
    };
  } catch (e) {
    if (e instanceof Unreadable) return unreadableDiagnostic(e, cwd);
    throw e;
  }
}

export interface CompileResult {
  readonly game: string;
  readonly diagnostics: readonly Diagnostic[];
  readonly checked: CheckedGame | null;
  /** The emitted JavaScript module, when there were no errors. */
  readonly jsPath: string | null;
  readonly fromCache: boolean;
}

let toolHash: string | null = null;

/** A hash of the compiler and grammar sources: a changed compiler rebuilds every game. */
function compilerHash(): string {
  if (toolHash !== null) return toolHash;
  const h = createHash("sha256");
  for (const dir of ["compiler", "grammar"]) {
    const walk = (d: string): void => {
      for (const e of readdirSync(d).sort()) {
        const p = join(d, e);
        if (statSync(p).isDirectory()) walk(p);
        else if (e.endsWith(".ts")) h.update(e).update(readFileSync(p));
      }
    };
    walk(join(ROOT, dir));
  }
  toolHash = h.digest("hex");
  return toolHash;
}

/** The hash of what the game's code is built from: the compiler, the rules and the cards. */
function inputHash(inp: GameInput): string {
  return hashOf([inp.rules, ...inp.cards]);
}

/** The hash of everything checked (decks and scenarios too): the cached diagnostics are those of these files. */
function checkHash(inp: GameInput): string {
  return hashOf([inp.rules, ...inp.cards, ...(inp.decks ?? []), ...(inp.scenarios ?? [])]);
}

function hashOf(files: readonly InputFile[]): string {
  const h = createHash("sha256");
  h.update(compilerHash());
  for (const f of files) h.update(f.path).update("\0").update(f.text).update("\0");
  return h.digest("hex").slice(0, 16);
}

export function outDir(game: string, root = ROOT): string {
  return join(root, "dist", game);
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

/** The build cache of a game: valid when dist/<game>/inputs.hash matches; it keeps the diagnostics of that build. */
function cached(out: string, hash: string): boolean {
  const hashFile = join(out, "inputs.hash");
  return existsSync(join(out, "game.js")) && existsSync(hashFile) && readFileSync(hashFile, "utf8") === hash;
}

/** The diagnostics stored with the build, when they are those of these files. */
function cachedDiagnostics(out: string, hash: string): readonly Diagnostic[] | null {
  const file = join(out, "diagnostics.json");
  if (!existsSync(file)) return null;
  try {
    const stored = JSON.parse(readFileSync(file, "utf8")) as { hash: string; diagnostics: Diagnostic[] };
    return stored.hash === hash ? stored.diagnostics : null;
  } catch {
    return null;
  }
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
