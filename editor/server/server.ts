/**
 * The editor's local server: the file API over cards/, the compiled games of dist/, and the app,
 * either as a production build (the default: only the built files are served) or, with `--dev`,
 * through Vite's dev middleware for HMR. It listens on 127.0.0.1 only, and every request must pass
 * guard.ts (Host, and for writes Origin and this run's secret): a web page the designer visits can
 * reach 127.0.0.1 too. docs/security.md states the rules.
 */
import { existsSync, readFileSync } from "node:fs";
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { ViteDevServer } from "vite";
import { renderDiagnostic } from "../../compiler/core/text/diagnostics.ts";
import { ensureAppBuild } from "./app-build.ts";
import { listCardsTree, readCardsFile, renameCardsFile, resolveCardsPath, writeCardsFile } from "./files.ts";
import { checkHost, checkStream, checkWriter, isSafeMethod, newToken, withToken } from "./guard.ts";
import { decodePath, readStatic } from "./static.ts";
import { type CardsWatch, watchCards } from "./watch.ts";

export const EDITOR_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "..");

export interface EditorServerOptions {
  /** The project folder holding cards/ and dist/ (default: this repository). */
  readonly root: string;
  /** 0 picks a free port. */
  readonly port: number;
  /** "built" (default): the production build, cached by its inputs hash; "dev": Vite with HMR. */
  readonly mode?: "built" | "dev";
}

export interface EditorServer {
  readonly url: string;
  /** This run's secret (the page gets it in a meta tag; writes must send it back). */
  readonly token: string;
  readonly server: Server;
  close(): Promise<void>;
}

/**
 * Sent with every response: no sniffing a type, no framing by another site, and a policy that
 * runs only this server's scripts (an injected `onerror=` would not run even if markup slipped
 * through). Monaco sets inline styles, hence 'unsafe-inline' for styles only; ajv (the schema
 * validation of the compiler core, in the page) compiles validators with `new Function`, hence
 * 'unsafe-eval' (it does not let inline scripts or event handlers run).
 */
const SECURITY_HEADERS = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
  "cross-origin-resource-policy": "same-origin",
  "content-security-policy":
    "default-src 'self'; script-src 'self' 'unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; worker-src 'self' blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
} as const;

function send(
  res: ServerResponse,
  status: number,
  type: string,
  body: string | Buffer,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    "content-type": type,
    "content-length": String(Buffer.byteLength(body)),
    "cache-control": "no-store",
    ...headers,
  });
  res.end(body);
}

function json(res: ServerResponse, status: number, body: unknown): void {
  send(res, status, "application/json; charset=utf-8", JSON.stringify(body));
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
  // The compiler is loaded on the first compile asked for, not when the server starts (a second of start-up).
  const run = compiling.then(async () =>
    (await import("../../compiler/node/project.ts")).compileToDisk(game, { root }),
  );
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
    // `skipped`: files that are not regular files (a FIFO, a dangling link), named for the app.
    const games = listCardsTree(cards).map((g) => {
      const hashFile = join(root, "dist", g.game, "inputs.hash");
      return { ...g, version: existsSync(hashFile) ? readFileSync(hashFile, "utf8") : null };
    });
    return json(res, 200, { games });
  }
  if (url.pathname === "/api/game-files" && req.method === "GET") {
    // Every file of one game in one answer (the page loads a game whole; GI has 300 files): the
    // files the tree lists, each read as /api/file reads it; one that went since is left out.
    const name = url.searchParams.get("game") ?? "";
    const tree = listCardsTree(cards).find((g) => g.game === name);
    if (tree === undefined) return json(res, 404, { error: `no game '${name}' under cards/` });
    const files: Record<string, string> = {};
    for (const f of tree.files) {
      const r = readCardsFile(cards, f);
      if (r.ok) files[f] = r.value;
      else if (r.status !== 404) return json(res, r.status, { error: r.error });
    }
    return json(res, 200, { files });
  }
  if (url.pathname === "/api/file" && req.method === "GET") {
    const r = readCardsFile(cards, path);
    // `ifExists=1`: a file that is gone (deleted or renamed on disk) is a 204, not an error.
    if (!r.ok && r.status === 404 && url.searchParams.get("ifExists") === "1") return send(res, 204, "text/plain", "");
    if (!r.ok) return json(res, r.status, { error: r.error });
    return send(res, 200, "text/plain; charset=utf-8", r.value);
  }
  if (url.pathname === "/api/file" && req.method === "PUT") {
    const body = await readBody(req);
    if (body === null) return json(res, 413, { error: "the file is too large (2 MB at most)" });
    const r = writeCardsFile(cards, path, body);
    if (!r.ok) return json(res, r.status, { error: r.error });
    return json(res, 200, { ok: true, path: r.value });
  }
  if (url.pathname === "/api/rename" && req.method === "POST") {
    const r = renameCardsFile(cards, url.searchParams.get("from"), url.searchParams.get("to"));
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

/**
 * `GET /api/events?token=…`: server-sent events, one `files` event per batch of paths that changed
 * under cards/ (`data: {"paths":[…]}`). Guarded as a write is (guard.ts, checkStream): the paths
 * are the designer's.
 */
function serveEvents(watch: CardsWatch, req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(200, {
    ...SECURITY_HEADERS,
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-store",
    connection: "keep-alive",
  });
  res.write(": cardwright files\n\n");
  const stop = watch.subscribe((paths) => res.write(`event: files\ndata: ${JSON.stringify({ paths })}\n\n`));
  req.on("close", stop);
}

/** dist/<game>/game.js, its map and dist/schemas/*.json: read-only, inside dist/ only. */
function serveDist(root: string, res: ServerResponse, path: string): void {
  const r = readStatic(resolve(root, "dist"), path.slice("/dist/".length), path);
  if (!r.ok) return json(res, r.status, { error: r.status === 404 ? `no compiled file ${path}` : r.error });
  send(res, 200, r.type, r.body);
}

/** The built app: its files only, index.html with this run's secret. */
function serveApp(dir: string, token: string, res: ServerResponse, path: string): void {
  const rel = path === "/" ? "index.html" : path.slice(1);
  const r = readStatic(dir, rel, path);
  if (!r.ok) return json(res, r.status, { error: r.error });
  if (rel === "index.html") return send(res, 200, r.type, withToken(r.body.toString("utf8"), token));
  // Built assets carry a content hash in their names: the browser may keep them.
  send(
    res,
    200,
    r.type,
    r.body,
    rel.startsWith("assets/") ? { "cache-control": "public, max-age=31536000, immutable" } : {},
  );
}

/**
 * The request target as a path, or why it is refused. Only the origin form (`/path?query`) is
 * served: absolute (`http://[`) and scheme-relative (`//[`) targets are what a proxy gets, and
 * `new URL` throws on many of them.
 */
function targetOf(raw: string | undefined): { url: URL; path: string } | { error: string } {
  if (raw === undefined || !raw.startsWith("/") || raw.startsWith("//"))
    return { error: `bad request target '${raw ?? ""}': expected a path such as /api/tree` };
  let url: URL;
  try {
    url = new URL(raw, "http://127.0.0.1");
  } catch {
    return { error: `bad request target '${raw}'` };
  }
  // The path as sent, not as URL normalised it: `/dist/%2e%2e/x` is refused, not served as `/x`.
  const path = decodePath(raw.replace(/[?#].*$/s, ""));
  if (path === null) return { error: `bad request target '${raw}': broken percent-encoding` };
  if (path.split(/[\\/]/).some((s) => s === ".." || s === "."))
    return { error: `bad request target '${raw}': no '.' or '..' segments` };
  return { url, path };
}

/** Vite's dev middleware for `--dev`: HMR, with the repository's files kept out of reach. */
async function devServer(http: Server, token: string): Promise<ViteDevServer> {
  const { createServer: createVite } = await import("vite");
  return createVite({
    configFile: join(EDITOR_DIR, "vite.config.ts"),
    root: EDITOR_DIR,
    server: {
      middlewareMode: true,
      // HMR goes over this server's own port (the Vite client always connects to something).
      ws: { server: http },
      // fs.strict and its allow list, cors: false and allowedHosts are in vite.config.ts (Vite
      // would concatenate an allow list given here with the file's).
    },
    plugins: [{ name: "cardwright-token", transformIndexHtml: (html: string) => withToken(html, token) }],
    appType: "spa",
    logLevel: "warn",
  });
}

export async function startEditorServer(opts: EditorServerOptions): Promise<EditorServer> {
  const mode = opts.mode ?? "built";
  const token = newToken();
  const http = createHttpServer();
  let port = 0;
  const app = mode === "built" ? await ensureAppBuild() : null;
  const vite = mode === "dev" ? await devServer(http, token) : null;
  const watch = watchCards(join(opts.root, "cards"));
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const host = checkHost(req.headers, port);
    if (host) return json(res, host.status, { error: host.error });
    const t = targetOf(req.url);
    if ("error" in t) return json(res, 400, { error: t.error });
    if (!isSafeMethod(req.method)) {
      const w = checkWriter(req.headers, token);
      if (w) return json(res, w.status, { error: w.error });
    }
    if (t.path === "/api/events" && req.method === "GET") {
      const s = checkStream(req.headers, t.url, token);
      if (s) return json(res, s.status, { error: s.error });
      return serveEvents(watch, req, res);
    }
    if (t.path.startsWith("/api/")) return api(opts.root, req, res, t.url);
    if (!isSafeMethod(req.method)) return json(res, 405, { error: `${req.method ?? "?"} is not allowed on ${t.path}` });
    if (t.path.startsWith("/dist/")) return serveDist(opts.root, res, t.path);
    if (app) return serveApp(app.dir, token, res, t.path);
    if (t.path === "/__open-in-editor" || t.path.startsWith("/__open-in-editor/"))
      return json(res, 404, { error: "not served" });
    vite?.middlewares(req, res, () => json(res, 404, { error: `not found: ${t.path}` }));
  };
  http.on("request", (req, res) => {
    handle(req, res).catch((e: unknown) => json(res, 500, { error: e instanceof Error ? e.message : String(e) }));
  });
  // A request Node's parser refuses (bad bytes, a huge header) gets a 400 and its socket closes.
  http.on("clientError", (_e, socket) => {
    if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n");
    else socket.destroy();
  });
  await new Promise<void>((done) => http.listen(opts.port, "127.0.0.1", done));
  port = (http.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/`,
    token,
    server: http,
    async close() {
      watch.close();
      await vite?.close();
      http.closeAllConnections();
      await new Promise<void>((done) => http.close(() => done()));
    },
  };
}
