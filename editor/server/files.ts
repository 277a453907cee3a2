/**
 * The file API's one rule: every path is relative to cards/, stays inside it after symlinks are
 * followed, and only YAML may be written. Errors are data with an HTTP status, never exceptions
 * the server would have to guess about.
 */
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
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

export function readCardsFile(cardsDir: string, path: string | null): FileResult<string> {
  const r = resolveCardsPath(cardsDir, path);
  if (!r.ok) return r;
  if (!existsSync(r.value)) return fail(404, `no file '${path}' in cards/`);
  if (lstatSync(r.value).isDirectory()) return fail(400, `'${path}' is a folder, not a file`);
  return { ok: true, value: readFileSync(r.value, "utf8") };
}

export function writeCardsFile(cardsDir: string, path: string | null, text: string): FileResult<string> {
  const r = resolveCardsPath(cardsDir, path);
  if (!r.ok) return r;
  if (!/\.ya?ml$/i.test(path as string)) return fail(415, `only YAML files (.yaml, .yml) may be written: '${path}'`);
  if (existsSync(r.value) && lstatSync(r.value).isDirectory()) return fail(400, `'${path}' is a folder, not a file`);
  mkdirSync(dirname(r.value), { recursive: true });
  writeFileSync(r.value, text);
  return { ok: true, value: path as string };
}

export interface GameTree {
  readonly game: string;
  /** Paths relative to cards/, sorted, folders first as path prefixes. */
  readonly files: readonly string[];
}

/** Every game (a folder with rules.yaml) and its files; symlinks that leave cards/ are not listed. */
export function listCardsTree(cardsDir: string): GameTree[] {
  const root = realpathSync(cardsDir);
  const out: GameTree[] = [];
  for (const game of readdirSync(cardsDir).sort()) {
    const dir = join(cardsDir, game);
    if (!existsSync(join(dir, "rules.yaml"))) continue;
    const files: string[] = [];
    const walk = (d: string): void => {
      for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
        const p = join(d, e.name);
        if (!inside(root, realAncestor(p))) continue;
        if (e.isDirectory() || (e.isSymbolicLink() && lstatSync(realpathSync(p)).isDirectory())) walk(p);
        else if (/\.(ya?ml|md)$/i.test(e.name)) files.push(relative(cardsDir, p).split(sep).join("/"));
      }
    };
    walk(dir);
    out.push({ game, files });
  }
  return out;
}
