/**
 * The editor's local server: the file API over cards/, the compiled games of dist/, and the Vite
 * app (dev middleware, so the compiler and runtime sources are served as they are). It listens on
 * 127.0.0.1 only: the file API writes to disk and must never be reachable from another machine.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, extname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { renderDiagnostic } from "../../compiler/core/text/diagnostics.ts";
import { compileToDisk } from "../../compiler/node/project.ts";
import { listCardsTree, readCardsFile, resolveCardsPath, writeCardsFile } from "./files.ts";

export const EDITOR_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "..");

export interface EditorServerOptions {
  /** The project folder holding cards/ and dist/ (default: this repository). */
  readonly root: string;
  /** 0 picks a free port. */
  readonly port: number;
}

export interface EditorServer {
  readonly url: string;
  readonly server: Server;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  ".js": "text/javascript",
  ".map": "application/json",
  ".json": "application/json",
  ".ts": "text/plain",
};

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage, limit = 2_000_000): Promise<string | null> {
  return new Promise((done, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > limit) done(null);
      else chunks.push(c);
    });
    req.on("end", () => done(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** One game compiled at a time: two saves in a row must not write dist/ concurrently. */
let compiling: Promise<unknown> = Promise.resolve();

async function compileGame(
  root: string,
  game: string,
): Promise<{ ok: boolean; diagnostics: string[]; version: string | null }> {
  const run = compiling.then(() => compileToDisk(game, { root }));
  compiling = run.catch(() => undefined);
  const r = await run;
  const hashFile = join(root, "dist", game, "inputs.hash");
  return {
    ok: r.jsPath !== null,
    diagnostics: r.diagnostics.map(renderDiagnostic),
    version: r.jsPath && existsSync(hashFile) ? readFileSync(hashFile, "utf8") : null,
  };
}

async function api(root: string, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const cards = join(root, "cards");
  const path = url.searchParams.get("path");
  if (url.pathname === "/api/tree" && req.method === "GET") {
    const games = listCardsTree(cards).map((g) => {
      const hashFile = join(root, "dist", g.game, "inputs.hash");
      return { ...g, version: existsSync(hashFile) ? readFileSync(hashFile, "utf8") : null };
    });
    return json(res, 200, { games });
  }
  if (url.pathname === "/api/file" && req.method === "GET") {
    const r = readCardsFile(cards, path);
    if (!r.ok) return json(res, r.status, { error: r.error });
    res.writeHead(200, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" });
    res.end(r.value);
    return;
  }
  if (url.pathname === "/api/file" && req.method === "PUT") {
    const body = await readBody(req);
    if (body === null) return json(res, 413, { error: "the file is too large (2 MB at most)" });
    const r = writeCardsFile(cards, path, body);
    if (!r.ok) return json(res, r.status, { error: r.error });
    return json(res, 200, { ok: true, path: r.value });
  }
  if (url.pathname === "/api/compile" && req.method === "POST") {
    const game = url.searchParams.get("game") ?? "";
    const where = resolveCardsPath(cards, game);
    if (!where.ok) return json(res, where.status, { error: where.error });
    if (!/^[A-Za-z0-9_-]+$/.test(game) || !existsSync(join(where.value, "rules.yaml")))
      return json(res, 404, { error: `no game '${game}' in cards/` });
    return json(res, 200, await compileGame(root, game));
  }
  return json(res, 404, { error: `no API ${req.method ?? "?"} ${url.pathname}` });
}

/** dist/<game>/game.js, its map and dist/schemas/*.json: read-only, inside dist/ only. */
function serveDist(root: string, res: ServerResponse, url: URL): boolean {
  const dist = resolve(root, "dist");
  const p = resolve(dist, "." + decodeURIComponent(url.pathname.slice("/dist".length)));
  const rel = relative(dist, p);
  if (rel.startsWith("..") || !existsSync(p) || !statSync(p).isFile()) {
    json(res, 404, { error: `no compiled file ${url.pathname}` });
    return true;
  }
  res.writeHead(200, { "content-type": TYPES[extname(p)] ?? "application/octet-stream", "cache-control": "no-store" });
  res.end(readFileSync(p));
  return true;
}

export async function startEditorServer(opts: EditorServerOptions): Promise<EditorServer> {
  const { createServer: createVite } = await import("vite");
  const http = createHttpServer();
  const vite = await createVite({
    configFile: join(EDITOR_DIR, "vite.config.ts"),
    root: EDITOR_DIR,
    // HMR goes over this server's own port (the Vite client always connects to something).
    server: { middlewareMode: true, ws: { server: http } },
    appType: "spa",
    logLevel: "warn",
  });
  http.on("request", (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname.startsWith("/api/")) {
      api(opts.root, req, res, url).catch((e: unknown) =>
        json(res, 500, { error: e instanceof Error ? e.message : String(e) }),
      );
      return;
    }
    if (url.pathname.startsWith("/dist/")) {
      serveDist(opts.root, res, url);
      return;
    }
    vite.middlewares(req, res, () => json(res, 404, { error: `not found: ${url.pathname}` }));
  });
  await new Promise<void>((done) => http.listen(opts.port, "127.0.0.1", done));
  const port = (http.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/`,
    server: http,
    async close() {
      await vite.close();
      http.closeAllConnections();
      await new Promise<void>((done) => http.close(() => done()));
    },
  };
}
