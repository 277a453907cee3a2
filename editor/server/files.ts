/**
 * The file API's one rule: every path is relative to cards/, stays inside it after symlinks are
 * followed, and only YAML may be written. Errors are data with an HTTP status, never exceptions
 * the server would have to guess about.
 */
import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  ftruncateSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  statSync,
  type Stats,
  writeSync,
} from "node:fs";
import { dirname, isAbsolute, join, relative, sep } from "node:path";

export type FileResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly status: number; readonly error: string };

const fail = (status: number, error: string): { ok: false; status: number; error: string } => ({
  ok: false,
  status,
  error,
});

/** The deepest existing ancestor of `p`, resolved through symlinks. */
function realAncestor(p: string): string {
  let cur = p;
  while (!existsSync(cur)) {
    const up = dirname(cur);
    if (up === cur) break;
    cur = up;
  }
  return realpathSync(cur);
}

function lstatOrNull(p: string): ReturnType<typeof lstatSync> | null {
  try {
    return lstatSync(p);
  } catch {
    return null;
  }
}

function inside(root: string, p: string): boolean {
  const r = relative(root, p);
  return r === "" || (!r.startsWith("..") && !isAbsolute(r));
}

/** Checks a client path (relative to cards/) and returns the absolute path on disk. */
export function resolveCardsPath(cardsDir: string, path: string | null): FileResult<string> {
  if (path === null || path === "") return fail(400, "missing 'path' (a path relative to cards/)");
  if (path.includes("\0")) return fail(400, `bad path '${path}': it contains a NUL character`);
  // Absolute in any of the forms a browser could send: /x, \x, C:\x, C:/x.
  if (isAbsolute(path) || /^[\\/]/.test(path) || /^[A-Za-z]:/.test(path))
    return fail(400, `absolute paths are refused: '${path}' (paths are relative to cards/)`);
  const parts = path.split(/[\\/]/);
  if (parts.some((s) => s === "..")) return fail(400, `path traversal is refused: '${path}' (no '..' segments)`);
  const abs = join(cardsDir, ...parts.filter((s) => s !== "" && s !== "."));
  const root = realpathSync(cardsDir);
  // A dangling link is followed by a write: refuse it, wherever it points.
  const dangling = !existsSync(abs) && lstatOrNull(abs)?.isSymbolicLink() === true;
  if (dangling || !inside(root, realAncestor(abs)))
    return fail(403, `'${path}' leads outside cards/ through a symbolic link`);
  return { ok: true, value: abs };
}

/** What a file that is not a regular file is, in a message. */
export function kindOf(st: Stats): string {
  if (st.isDirectory()) return "a folder";
  if (st.isFIFO()) return "a named pipe (FIFO)";
  if (st.isSocket()) return "a socket";
  if (st.isCharacterDevice() || st.isBlockDevice()) return "a device";
  if (st.isSymbolicLink()) return "a symbolic link";
  return "not a regular file";
}

/**
 * Opens without blocking and checks what was opened: a FIFO would make a plain read or write
 * wait for the other end for good (and the server's event loop with it).
 */
function openRegular(abs: string, flags: number, path: string): FileResult<number> {
  let fd: number;
  try {
    fd = openSync(abs, flags | constants.O_NONBLOCK, 0o644);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return fail(404, `no file '${path}' in cards/`);
    if (code === "EISDIR") return fail(400, `'${path}' is a folder, not a file`);
    // ENXIO: a FIFO opened for writing with no reader.
    if (code === "ENXIO") return fail(400, `'${path}' is a named pipe (FIFO), not a regular file`);
    return fail(400, `'${path}' cannot be opened (${code ?? String(e)})`);
  }
  const st = fstatSync(fd);
  if (!st.isFile()) {
    closeSync(fd);
    return fail(400, `'${path}' is ${kindOf(st)}, not a regular file`);
  }
  return { ok: true, value: fd };
}

export function readCardsFile(cardsDir: string, path: string | null): FileResult<string> {
  const r = resolveCardsPath(cardsDir, path);
  if (!r.ok) return r;
  const fd = openRegular(r.value, constants.O_RDONLY, path as string);
  if (!fd.ok) return fd;
  try {
    return { ok: true, value: readFileSync(fd.value, "utf8") };
  } finally {
    closeSync(fd.value);
  }
}

export function writeCardsFile(cardsDir: string, path: string | null, text: string): FileResult<string> {
  const r = resolveCardsPath(cardsDir, path);
  if (!r.ok) return r;
  if (!/\.ya?ml$/i.test(path as string)) return fail(415, `only YAML files (.yaml, .yml) may be written: '${path}'`);
  if (existsSync(r.value) && lstatSync(r.value).isDirectory()) return fail(400, `'${path}' is a folder, not a file`);
  mkdirSync(dirname(r.value), { recursive: true });
  // Truncate only once the target is known to be a regular file (O_TRUNC does nothing to a FIFO,
  // but a check first keeps a device from ever being truncated).
  const fd = openRegular(r.value, constants.O_WRONLY | constants.O_CREAT, path as string);
  if (!fd.ok) return fd;
  try {
    const bytes = Buffer.from(text, "utf8");
    ftruncateSync(fd.value, 0);
    for (let at = 0; at < bytes.length; ) at += writeSync(fd.value, bytes, at, bytes.length - at, at);
  } finally {
    closeSync(fd.value);
  }
  return { ok: true, value: path as string };
}

/** Only YAML files are renamed (the same rule as writes), and only regular files. */
function yamlFile(cardsDir: string, path: string | null): FileResult<string> {
  const r = resolveCardsPath(cardsDir, path);
  if (!r.ok) return r;
  if (!/\.ya?ml$/i.test(path as string)) return fail(415, `only YAML files (.yaml, .yml) may be renamed: '${path}'`);
  const st = statOrNull(r.value);
  if (st === null) return fail(404, `no file '${path}' in cards/`);
  if (!st.isFile()) return fail(400, `'${path}' is ${kindOf(st)}, not a regular file`);
  return r;
}

/** Renames a YAML file to a new YAML path in the same game; an existing target is refused (409). */
export function renameCardsFile(cardsDir: string, from: string | null, to: string | null): FileResult<string> {
  const src = yamlFile(cardsDir, from);
  if (!src.ok) return src;
  const dst = resolveCardsPath(cardsDir, to);
  if (!dst.ok) return dst;
  if (!/\.ya?ml$/i.test(to as string)) return fail(415, `only YAML files (.yaml, .yml) may be written: '${to}'`);
  if ((from as string).split("/")[0] !== (to as string).split("/")[0])
    return fail(400, `a file is renamed within its game: '${from}' → '${to}'`);
  if (lstatOrNull(dst.value) !== null) return fail(409, `'${to}' already exists`);
  mkdirSync(dirname(dst.value), { recursive: true });
  renameSync(src.value, dst.value);
  return { ok: true, value: to as string };
}

export interface SkippedFile {
  /** Relative to cards/. */
  readonly path: string;
  readonly why: string;
}

export interface GameTree {
  readonly game: string;
  /** Paths relative to cards/, sorted, folders first as path prefixes. */
  readonly files: readonly string[];
  /** Entries that look like game files but cannot be opened as one (a FIFO, a dangling link…). */
  readonly skipped: readonly SkippedFile[];
}

const statOrNull = (p: string): Stats | null => {
  try {
    return statSync(p);
  } catch {
    return null;
  }
};

/**
 * Every game (a folder with rules.yaml) and its files; symlinks that leave cards/ are not listed.
 * Only regular files are listed: anything else with a game file's name is skipped and named, so
 * the tree never opens (and waits on) a FIFO and a dangling link is a line, not a 500.
 */
export function listCardsTree(cardsDir: string): GameTree[] {
  const root = realpathSync(cardsDir);
  const out: GameTree[] = [];
  for (const game of readdirSync(cardsDir).sort()) {
    const dir = join(cardsDir, game);
    if (statOrNull(dir)?.isDirectory() !== true || !existsSync(join(dir, "rules.yaml"))) continue;
    const files: string[] = [];
    const skipped: SkippedFile[] = [];
    const seen = new Set<string>();
    const walk = (d: string): void => {
      const real = realpathSync(d);
      if (seen.has(real)) return;
      seen.add(real);
      for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
        const p = join(d, e.name);
        const rel = relative(cardsDir, p).split(sep).join("/");
        const wanted = /\.(ya?ml|md)$/i.test(e.name);
        const st = statOrNull(p);
        if (st === null) {
          if (wanted || e.isSymbolicLink()) skipped.push({ path: rel, why: "a symbolic link to nothing" });
          continue;
        }
        if (!inside(root, realAncestor(p))) continue;
        if (st.isDirectory()) walk(p);
        else if (!wanted) continue;
        else if (st.isFile()) files.push(rel);
        else skipped.push({ path: rel, why: `${kindOf(st)}, not a regular file` });
      }
    };
    walk(dir);
    out.push({ game, files, skipped });
  }
  return out;
}
