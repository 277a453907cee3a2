/**
 * The authoring server as an attacker sees it (no browser): Host, Origin and the per-start secret
 * on every route; malformed requests over raw sockets; what the built app's handler serves; and
 * files under cards/ that are not regular files. docs/security.md states the rules tested here.
 */
import { execFileSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_BUILDS, appInputsHash } from "../../editor/server/app-build.ts";
import { startEditorServer, type EditorServer } from "../../editor/server/server.ts";
import { REPO } from "../kit/corpus.ts";
import { sharedAppBuild } from "../shared.ts";
import { tempDir } from "../kit/temp.ts";

let root: string;
let s: EditorServer;
let port: number;

beforeAll(async () => {
  root = tempDir("cardwright-server-");
  cpSync(join(REPO, "cards", "elementis"), join(root, "cards", "elementis"), { recursive: true });
  cpSync(join(REPO, "dist", "elementis"), join(root, "dist", "elementis"), { recursive: true });
  cpSync(join(REPO, "dist", "schemas"), join(root, "dist", "schemas"), { recursive: true });
  await sharedAppBuild();
  s = await startEditorServer({ root, port: 0 });
  port = Number(new URL(s.url).port);
}, 180_000);

afterAll(async () => {
  await s?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * One request written byte for byte on a fresh socket; the reply as the server wrote it, once the
 * server closes the socket (every request here says `connection: close` or is refused by Node's
 * parser, which closes). The socket is not half-closed first: Node drops a slow answer then.
 */
function raw(request: string): Promise<Reply> {
  return new Promise((done, fail) => {
    const sock = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    sock.on("data", (c) => chunks.push(c));
    sock.on("error", fail);
    sock.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const [head = "", ...rest] = text.split("\r\n\r\n");
      const lines = head.split("\r\n");
      const headers: Record<string, string> = {};
      for (const l of lines.slice(1)) {
        const i = l.indexOf(":");
        if (i > 0) headers[l.slice(0, i).toLowerCase()] = l.slice(i + 1).trim();
      }
      done({
        status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? "")?.[1] ?? 0),
        headers,
        body: rest.join("\r\n\r\n"),
      });
    });
    sock.write(request);
  });
}

/** A request with the given target, method, headers and body (Connection: close). */
function req(method: string, target: string, headers: Record<string, string> = {}, body = ""): Promise<Reply> {
  const all = {
    host: `127.0.0.1:${port}`,
    connection: "close",
    ...(body ? { "content-length": String(Buffer.byteLength(body)) } : {}),
    ...headers,
  };
  const head = Object.entries(all)
    .filter(([, v]) => v !== "")
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join("");
  return raw(`${method} ${target} HTTP/1.1\r\n${head}\r\n${body}`);
}

const fireball = () => readFileSync(join(root, "cards", "elementis", "cards", "fireball.yaml"), "utf8");
const asset = () =>
  readdirSync(join(APP_BUILDS, appInputsHash(), "assets")).find((f) => /^index-.*\.js$/.test(f)) as string;

describe("Host: only this server's own names", () => {
  it("every route answers 403 to a foreign Host (DNS rebinding), and nothing is written or compiled", async () => {
    const before = fireball();
    const routes: [string, string, string][] = [
      ["GET", "/", ""],
      ["GET", "/index.html", ""],
      ["GET", `/assets/${asset()}`, ""],
      ["GET", "/api/tree", ""],
      ["GET", "/api/file?path=elementis/cards/fireball.yaml", ""],
      ["GET", "/api/game-files?game=elementis", ""],
      ["GET", "/dist/elementis/game.js", ""],
      ["GET", "/dist/schemas/elementis.card.schema.json", ""],
      ["PUT", "/api/file?path=elementis/cards/fireball.yaml", "id: pwned\n"],
      ["POST", "/api/compile?game=elementis", ""],
    ];
    for (const host of [
      `attacker.example:${port}`,
      "attacker.example",
      `127.0.0.1:${port + 1}`,
      `127.0.0.1.attacker.example:${port}`,
      `localhost`,
      `0.0.0.0:${port}`,
    ]) {
      for (const [method, target, body] of routes) {
        const r = await req(method, target, { host, "x-cardwright-token": s.token }, body);
        expect({ host, method, target, status: r.status }).toEqual({ host, method, target, status: 403 });
        expect(JSON.parse(r.body)).toEqual({
          error: `refused: Host '${host}' is not this server (use http://127.0.0.1:${port}/)`,
        });
      }
    }
    expect(fireball()).toBe(before);
    // HTTP/1.0 without any Host header at all (Node itself refuses an HTTP/1.1 one with a 400).
    const bare = await raw("GET /api/tree HTTP/1.0\r\n\r\n");
    expect([bare.status, JSON.parse(bare.body)]).toEqual([
      403,
      { error: `refused: Host '' is not this server (use http://127.0.0.1:${port}/)` },
    ]);
  });

  it("127.0.0.1, localhost and [::1] with this port are served", async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `LOCALHOST:${port}`]) {
      const r = await req("GET", "/api/tree", { host });
      expect({ host, status: r.status }).toEqual({ host, status: 200 });
      expect((JSON.parse(r.body) as { games: { game: string }[] }).games.map((g) => g.game)).toEqual(["elementis"]);
    }
  });
});

describe("a whole game in one read", () => {
  it("GET /api/game-files answers every file the tree lists with its text on disk; an unknown game is a 404", async () => {
    const tree = JSON.parse((await req("GET", "/api/tree")).body) as { games: { game: string; files: string[] }[] };
    const listed = tree.games.find((g) => g.game === "elementis")?.files ?? [];
    const r = await req("GET", "/api/game-files?game=elementis");
    expect(r.status).toBe(200);
    const files = (JSON.parse(r.body) as { files: Record<string, string> }).files;
    expect(Object.keys(files).sort()).toEqual([...listed].sort());
    expect(files["elementis/cards/fireball.yaml"]).toBe(fireball());
    expect(files["elementis/rules.yaml"]).toBe(readFileSync(join(root, "cards", "elementis", "rules.yaml"), "utf8"));
    for (const game of ["nope", "../elementis", ""]) {
      const missing = await req("GET", `/api/game-files?game=${encodeURIComponent(game)}`);
      expect([missing.status, JSON.parse(missing.body)]).toEqual([404, { error: `no game '${game}' under cards/` }]);
    }
  });
});

describe("writes: same origin and this run's secret", () => {
  it("a PUT or POST without the secret, with a wrong one, from another origin or marked cross-site is refused", async () => {
    const before = fireball();
    const mine = `http://127.0.0.1:${port}`;
    const cases: [Record<string, string>, string][] = [
      [{}, "refused: missing or wrong x-cardwright-token (reload the editor page)"],
      [
        { "x-cardwright-token": `${s.token}x` },
        "refused: missing or wrong x-cardwright-token (reload the editor page)",
      ],
      [{ "x-cardwright-token": "" }, "refused: missing or wrong x-cardwright-token (reload the editor page)"],
      [
        { "x-cardwright-token": s.token, origin: "http://attacker.example" },
        "refused: a request from 'http://attacker.example' may not change files (only this server's own page may)",
      ],
      [
        { "x-cardwright-token": s.token, origin: `http://localhost:${port + 1}` },
        `refused: a request from 'http://localhost:${port + 1}' may not change files (only this server's own page may)`,
      ],
      [
        { "x-cardwright-token": s.token, origin: "null" },
        "refused: a request from 'null' may not change files (only this server's own page may)",
      ],
      [
        { "x-cardwright-token": s.token, origin: mine, "sec-fetch-site": "cross-site" },
        "refused: a cross-site request may not change files",
      ],
      [
        { "x-cardwright-token": s.token, "sec-fetch-site": "same-site" },
        "refused: a same-site request may not change files",
      ],
    ];
    for (const [headers, error] of cases) {
      for (const [method, target] of [
        ["PUT", "/api/file?path=elementis/cards/fireball.yaml"],
        ["POST", "/api/compile?game=elementis"],
        ["DELETE", "/api/file?path=elementis/cards/fireball.yaml"],
      ] as const) {
        const r = await req(method, target, headers, method === "PUT" ? "id: pwned\n" : "");
        expect({ headers, method, status: r.status, body: JSON.parse(r.body) as unknown }).toEqual({
          headers,
          method,
          status: 403,
          body: { error },
        });
      }
    }
    expect(fireball()).toBe(before);
  });

  it("the app's own requests pass: same Origin (or none) with the secret", async () => {
    const text = fireball();
    const put = await req(
      "PUT",
      "/api/file?path=elementis/cards/fireball.yaml",
      { "x-cardwright-token": s.token, origin: `http://127.0.0.1:${port}`, "sec-fetch-site": "same-origin" },
      text,
    );
    expect([put.status, JSON.parse(put.body)]).toEqual([200, { ok: true, path: "elementis/cards/fireball.yaml" }]);
    const compile = await req("POST", "/api/compile?game=elementis", { "x-cardwright-token": s.token });
    expect(compile.status).toBe(200);
    expect((JSON.parse(compile.body) as { ok: boolean }).ok).toBe(true);
  });

  it("the page gets the secret in a meta tag; each start of the server has a new one", async () => {
    const page = await req("GET", "/");
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.body).toContain(`<meta name="cardwright-token" content="${s.token}" />`);
    expect(s.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const other = await startEditorServer({ root, port: 0 });
    try {
      expect(other.token).not.toBe(s.token);
      const r = await fetch(new URL("/api/compile?game=elementis", other.url), {
        method: "POST",
        headers: { "x-cardwright-token": s.token },
      });
      expect(r.status).toBe(403);
    } finally {
      await other.close();
    }
  });
});

describe("the disk's event stream and renames: guarded like writes", () => {
  it("GET /api/events needs the secret in its query and this origin; with both it streams the paths that change", async () => {
    const mine = `http://127.0.0.1:${port}`;
    const refused: [string, Record<string, string>, string][] = [
      ["/api/events", {}, "refused: missing or wrong x-cardwright-token (reload the editor page)"],
      [`/api/events?token=${s.token}x`, {}, "refused: missing or wrong x-cardwright-token (reload the editor page)"],
      [
        `/api/events?token=${s.token}`,
        { origin: "http://attacker.example" },
        "refused: a request from 'http://attacker.example' may not follow the files (only this server's own page may)",
      ],
      [
        `/api/events?token=${s.token}`,
        { "sec-fetch-site": "cross-site" },
        "refused: a cross-site request may not follow the files",
      ],
    ];
    for (const [target, headers, error] of refused) {
      const r = await fetch(`${mine}${target}`, { headers });
      expect({ target, headers, status: r.status, body: await r.json() }).toEqual({
        target,
        headers,
        status: 403,
        body: { error },
      });
    }
    const ac = new AbortController();
    const r = await fetch(`${mine}/api/events?token=${s.token}`, { headers: { origin: mine }, signal: ac.signal });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const reader = (r.body as ReadableStream<Uint8Array>).getReader();
    let got = "";
    const first = await reader.read();
    got += new TextDecoder().decode(first.value);
    writeFileSync(join(root, "cards", "elementis", "cards", "new-imp.yaml"), "id: new-imp\n");
    while (!got.includes("event: files")) got += new TextDecoder().decode((await reader.read()).value);
    while (!got.endsWith("\n\n")) got += new TextDecoder().decode((await reader.read()).value);
    ac.abort();
    expect(got).toContain('event: files\ndata: {"paths":["elementis/cards/new-imp.yaml"]}\n\n');
    rmSync(join(root, "cards", "elementis", "cards", "new-imp.yaml"));
  });

  it("POST /api/rename needs the secret, stays inside cards/ and a game, and never overwrites", async () => {
    const from = "elementis/cards/gnome.yaml";
    const text = readFileSync(join(root, "cards", from), "utf8");
    const no = await req("POST", `/api/rename?from=${from}&to=elementis/cards/x.yaml`, {}, "");
    expect(no.status).toBe(403);
    const cases: [string, number, string][] = [
      ["../x.yaml", 400, "path traversal is refused: '../x.yaml' (no '..' segments)"],
      ["elementis/cards/golem.yaml", 409, "'elementis/cards/golem.yaml' already exists"],
      ["elementis/cards/gnome.js", 415, "only YAML files (.yaml, .yml) may be written: 'elementis/cards/gnome.js'"],
      [
        "other/cards/gnome.yaml",
        400,
        "a file is renamed within its game: 'elementis/cards/gnome.yaml' → 'other/cards/gnome.yaml'",
      ],
    ];
    for (const [to, status, error] of cases) {
      const r = await req(
        "POST",
        `/api/rename?from=${from}&to=${encodeURIComponent(to)}`,
        { "x-cardwright-token": s.token },
        "",
      );
      expect({ to, status: r.status, body: JSON.parse(r.body) as unknown }).toEqual({ to, status, body: { error } });
    }
    const ok = await req(
      "POST",
      `/api/rename?from=${from}&to=elementis/cards/gnome-2.yaml`,
      { "x-cardwright-token": s.token },
      "",
    );
    expect(ok.status).toBe(200);
    expect(readFileSync(join(root, "cards", "elementis", "cards", "gnome-2.yaml"), "utf8")).toBe(text);
    renameSync(join(root, "cards", "elementis", "cards", "gnome-2.yaml"), join(root, "cards", from));
  });
});

describe("malformed requests: a 400, and the server goes on", () => {
  it("broken percent-encoding and targets new URL throws on get 400", async () => {
    const cases: [string, string][] = [
      ["/dist/%E0%A4%A", "bad request target '/dist/%E0%A4%A': broken percent-encoding"],
      ["/%E0%A4%A", "bad request target '/%E0%A4%A': broken percent-encoding"],
      ["/assets/%FF", "bad request target '/assets/%FF': broken percent-encoding"],
      ["http://[", "bad request target 'http://[': expected a path such as /api/tree"],
      ["//[", "bad request target '//[': expected a path such as /api/tree"],
      ["http://a:99999/", "bad request target 'http://a:99999/': expected a path such as /api/tree"],
      ["*", "bad request target '*': expected a path such as /api/tree"],
    ];
    for (const [target, error] of cases) {
      const r = await req("GET", target);
      expect({ target, status: r.status, body: JSON.parse(r.body) as unknown }).toEqual({
        target,
        status: 400,
        body: { error },
      });
    }
    expect((await req("GET", "/api/tree")).status).toBe(200);
  });

  it("a few hundred malformed targets over raw sockets: every one answered, then the API still answers", async () => {
    const pieces = [
      "%",
      "%E0%A4%A",
      "%ZZ",
      "%C0%AF",
      "[",
      "]",
      "//",
      "http://[",
      "http://a:99999/",
      "..",
      "%2e%2e",
      "\\",
      "?",
      "#",
      "@",
      ":",
      "%00",
      "\u00ff",
      "~",
    ];
    const targets: string[] = [];
    for (const a of pieces)
      for (const b of ["", "/dist/", "/api/", "//", "http://", "/assets/"]) targets.push(`${b}${a}`, `${b}${a}${a}x`);
    targets.push(...Array.from({ length: 40 }, (_, i) => `/dist/${"%E0".repeat(i + 1)}`));
    expect(targets.length).toBeGreaterThanOrEqual(250);
    const seen = new Map<number, number>();
    for (const t of targets) {
      const r = await raw(`GET ${t} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nconnection: close\r\n\r\n`);
      // Node's parser answers some (a target with a space-less control byte) before we see them.
      expect({ t, ok: [400, 403, 404].includes(r.status) }).toEqual({ t, ok: true });
      seen.set(r.status, (seen.get(r.status) ?? 0) + 1);
    }
    expect(seen.get(400)).toBeGreaterThan(100);
    const tree = await req("GET", "/api/tree");
    expect(tree.status).toBe(200);
    // And requests that are not HTTP at all.
    for (const junk of [
      "GET\r\n\r\n",
      "\u0000\u0001\u0002",
      "GET / HTTP/9.9\r\n\r\n",
      `GET /api/tree HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\ncontent-length: -5\r\n\r\n`,
    ]) {
      const r = await raw(junk);
      expect({ junk, status: r.status }).toEqual({ junk, status: 400 });
    }
    expect((await req("GET", "/api/tree")).status).toBe(200);
  });
});

describe("the built app: only its own files", () => {
  it("serves index.html and hashed assets with their types; no Vite dev routes, no CORS, no repository files", async () => {
    const js = await req("GET", `/assets/${asset()}`);
    expect(js.status).toBe(200);
    expect(js.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(js.headers["x-content-type-options"]).toBe("nosniff");
    expect(js.headers["access-control-allow-origin"]).toBeUndefined();
    const css = readdirSync(join(APP_BUILDS, appInputsHash(), "assets")).find((f) => f.endsWith(".css")) as string;
    expect((await req("GET", `/assets/${css}`)).headers["content-type"]).toBe("text/css; charset=utf-8");
    const page = await req("GET", "/", { origin: "http://localhost:3000" });
    expect(page.headers["access-control-allow-origin"]).toBeUndefined();
    expect(page.headers["content-security-policy"]).toContain("script-src 'self'");
    for (const target of [
      `/@fs${REPO}/package.json`,
      "/@fs/etc/passwd",
      "/__open-in-editor?file=package.json",
      "/@vite/client",
      "/src/main.ts",
      "/package.json",
      "/node_modules/vite/package.json",
      "/index.html/",
    ]) {
      const r = await req("GET", target);
      expect({ target, status: r.status }).toEqual({ target, status: 404 });
    }
  });

  it("refuses traversal, and symbolic links out of the build and dist/", async () => {
    for (const target of [
      "/..%2f..%2fpackage.json",
      "/assets/..%2f..%2f..%2f..%2fpackage.json",
      "/dist/..%2fcards%2felementis%2frules.yaml",
      "/dist/%2e%2e/cards/elementis/rules.yaml",
      "/assets/..%5c..%5cpackage.json",
    ]) {
      const r = await req("GET", target);
      expect({ target, status: r.status }).toEqual({ target, status: 400 });
    }
    writeFileSync(join(root, "secret.txt"), "secret");
    symlinkSync(join(root, "secret.txt"), join(root, "dist", "elementis", "leak.js"));
    symlinkSync(root, join(root, "dist", "up"));
    try {
      for (const target of ["/dist/elementis/leak.js", "/dist/up/secret.txt"]) {
        const r = await req("GET", target);
        expect({ target, status: r.status, body: JSON.parse(r.body) as unknown }).toEqual({
          target,
          status: 403,
          body: { error: `'${target}' leads outside the served folder through a symbolic link` },
        });
      }
    } finally {
      rmSync(join(root, "dist", "elementis", "leak.js"));
      rmSync(join(root, "dist", "up"));
    }
    expect((await req("GET", "/dist/elementis/game.js")).headers["content-type"]).toBe(
      "text/javascript; charset=utf-8",
    );
  });

  it("the build is cached by the inputs hash of the editor sources and the lockfile", () => {
    const hash = appInputsHash();
    expect(existsSync(join(APP_BUILDS, hash, "index.html"))).toBe(true);
    // A copy of the inputs with one byte of editor/src changed hashes differently.
    const copy = tempDir("cardwright-apphash-");
    try {
      for (const d of ["editor/src", "compiler/core", "compiler/scenarios", "grammar", "runtime"])
        cpSync(join(REPO, d), join(copy, d), { recursive: true });
      for (const f of ["editor/index.html", "editor/vite.config.ts", "package-lock.json"])
        cpSync(join(REPO, f), join(copy, f));
      expect(appInputsHash(copy)).toBe(hash);
      writeFileSync(
        join(copy, "editor/src/style.css"),
        readFileSync(join(copy, "editor/src/style.css"), "utf8") + "\n",
      );
      const changed = appInputsHash(copy);
      expect(changed).not.toBe(hash);
      writeFileSync(join(copy, "package-lock.json"), readFileSync(join(copy, "package-lock.json"), "utf8") + "\n");
      expect(appInputsHash(copy)).not.toBe(changed);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});

describe("odd files under cards/", () => {
  it("a FIFO named *.yaml and a dangling link are skipped and named; the tree, reads and writes do not hang or fail", async () => {
    const cardsDir = join(root, "cards", "elementis", "cards");
    execFileSync("mkfifo", [join(cardsDir, "pipe.yaml")]);
    symlinkSync(join(root, "nowhere.yaml"), join(cardsDir, "dangling.yaml"));
    mkdirSync(join(cardsDir, "loop"));
    symlinkSync(cardsDir, join(cardsDir, "loop", "again"));
    try {
      const tree = await req("GET", "/api/tree");
      expect(tree.status).toBe(200);
      const game = (JSON.parse(tree.body) as { games: { game: string; files: string[]; skipped: unknown[] }[] })
        .games[0];
      expect(game?.skipped).toEqual([
        { path: "elementis/cards/dangling.yaml", why: "a symbolic link to nothing" },
        { path: "elementis/cards/pipe.yaml", why: "a named pipe (FIFO), not a regular file" },
      ]);
      expect(game?.files).toContain("elementis/cards/fireball.yaml");
      expect(game?.files.filter((f) => /pipe|dangling|loop/.test(f))).toEqual([]);
      const whole = await req("GET", "/api/game-files?game=elementis");
      expect(whole.status).toBe(200);
      expect(
        Object.keys((JSON.parse(whole.body) as { files: object }).files).filter((f) => /pipe|dangling|loop/.test(f)),
      ).toEqual([]);
      const read = await req("GET", "/api/file?path=elementis/cards/pipe.yaml");
      expect([read.status, JSON.parse(read.body)]).toEqual([
        400,
        { error: "'elementis/cards/pipe.yaml' is a named pipe (FIFO), not a regular file" },
      ]);
      const write = await req(
        "PUT",
        "/api/file?path=elementis/cards/pipe.yaml",
        { "x-cardwright-token": s.token },
        "id: x\n",
      );
      expect([write.status, JSON.parse(write.body)]).toEqual([
        400,
        { error: "'elementis/cards/pipe.yaml' is a named pipe (FIFO), not a regular file" },
      ]);
      const dangling = await req(
        "PUT",
        "/api/file?path=elementis/cards/dangling.yaml",
        { "x-cardwright-token": s.token },
        "id: x\n",
      );
      expect(dangling.status).toBe(403);
      expect(existsSync(join(root, "nowhere.yaml"))).toBe(false);
      // A compile (compiler/node/project.ts, as `check` reads) names each instead of waiting on the FIFO.
      const compile = async () => {
        const r = await req("POST", "/api/compile?game=elementis", { "x-cardwright-token": s.token });
        expect(r.status).toBe(200);
        const body = JSON.parse(r.body) as { ok: boolean; diagnostics: string[] };
        return { ok: body.ok, diagnostics: body.diagnostics.map((d) => d.slice(d.indexOf("cards/elementis/"))) };
      };
      expect(await compile()).toEqual({
        ok: false,
        diagnostics: [
          "cards/elementis/cards/dangling.yaml:1:1: error io/unreadable: the file does not exist (a broken symbolic link?)",
        ],
      });
      rmSync(join(cardsDir, "dangling.yaml"));
      rmSync(join(cardsDir, "loop"), { recursive: true });
      expect(await compile()).toEqual({
        ok: false,
        diagnostics: [
          "cards/elementis/cards/pipe.yaml:1:1: error io/unreadable: the file is a named pipe (FIFO), not a regular file",
        ],
      });
    } finally {
      rmSync(join(cardsDir, "pipe.yaml"));
      rmSync(join(cardsDir, "dangling.yaml"), { force: true });
      rmSync(join(cardsDir, "loop"), { recursive: true, force: true });
    }
    expect((await req("GET", "/api/tree")).status).toBe(200);
  });
});
