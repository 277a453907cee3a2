/**
 * A game's files on disk: where games live (the repository's cards/ folder) and reading a game's
 * inputs as text, each unreadable file reported as one diagnostic naming it. Light on purpose: it
 * imports no checker, so a process that only needs the files (the editor server's start, a cache
 * check) starts fast.
 */
import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  realpathSync,
  statSync,
  type Stats,
} from "node:fs";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { GameInput, InputFile } from "../core/files/check-files.ts";
import { START, type Diagnostic } from "../core/text/diagnostics.ts";
import { MAX_FILE_BYTES } from "../core/text/input-limits.ts";

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

/** The YAML files under a folder a game may leave out. */
function optionalFolder(dir: string): string[] {
  return existsSync(dir) ? yamlFilesUnder(dir) : [];
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
      // fixtures/: card files only scenarios and tests use, compiled with the game but not of its pool.
      cards: [...yamlFilesUnder(join(dir, "cards")), ...optionalFolder(join(dir, "fixtures"))].map((p) =>
        input(p, cwd),
      ),
      decks: yamlFilesUnder(join(dir, "decks")).map((p) => input(p, cwd)),
      scenarios: yamlFilesUnder(join(dir, "scenarios")).map((p) => input(p, cwd)),
    };
  } catch (e) {
    if (e instanceof Unreadable) return unreadableDiagnostic(e, cwd);
    throw e;
  }
}
