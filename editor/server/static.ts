/**
 * Read-only files from one folder (the built app, dist/): a decoded path that stays inside the
 * folder after symbolic links are followed, and is a regular file. Anything else is a refusal
 * with a status, never an exception and never a read that could block (a FIFO is not opened for
 * reading until it is known to be a regular file).
 */
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync } from "node:fs";
import { extname, isAbsolute, join, relative } from "node:path";

export type StaticResult =
  | { readonly ok: true; readonly body: Buffer; readonly type: string }
  | { readonly ok: false; readonly status: 400 | 403 | 404; readonly error: string };

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".ttf": "font/ttf",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".wasm": "application/wasm",
  ".txt": "text/plain; charset=utf-8",
  ".ts": "text/plain; charset=utf-8",
  ".hash": "text/plain; charset=utf-8",
};

export const contentType = (p: string): string => TYPES[extname(p).toLowerCase()] ?? "application/octet-stream";

/** The decoded path of a request, or null when its percent-encoding is broken. */
export function decodePath(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return null;
  }
}

const inside = (root: string, p: string): boolean => {
  const r = relative(root, p);
  return r === "" || (!r.startsWith("..") && !isAbsolute(r));
};

/** Reads `rel` (already decoded, `/`-separated) from `rootDir`. */
export function readStatic(rootDir: string, rel: string, shown: string): StaticResult {
  const parts = rel.split("/");
  if (rel.includes("\0") || rel.includes("\\") || parts.some((s) => s === ".."))
    return { ok: false, status: 400, error: `bad path '${shown}'` };
  // `a//b` and `file/` name nothing here (a file is not a folder).
  if (parts.some((s) => s === "")) return { ok: false, status: 404, error: `not found: ${shown}` };
  let root: string;
  let real: string;
  try {
    root = realpathSync(rootDir);
    real = realpathSync(join(rootDir, ...parts));
  } catch {
    return { ok: false, status: 404, error: `not found: ${shown}` };
  }
  if (!inside(root, real))
    return { ok: false, status: 403, error: `'${shown}' leads outside the served folder through a symbolic link` };
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO returns at once instead of waiting for a writer.
    fd = openSync(real, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return { ok: false, status: 404, error: `not found: ${shown}` };
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return { ok: false, status: 404, error: `not found: ${shown} (not a regular file)` };
    const body = Buffer.alloc(st.size);
    let at = 0;
    while (at < body.length) {
      const n = readSync(fd, body, at, body.length - at, at);
      if (n === 0) break;
      at += n;
    }
    return { ok: true, body: body.subarray(0, at), type: contentType(real) };
  } finally {
    closeSync(fd);
  }
}
