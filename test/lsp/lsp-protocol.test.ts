/**
 * `cardwright lsp` against a client that misbehaves or is fast: raw bytes on its stdin.
 * - A frame that breaks the base protocol (no Content-Length, a negative one) ends the server
 *   with the reason on stderr; before, it stayed alive and never answered again.
 * - A burst of changes written at once is checked once: one publishDiagnostics, for the final
 *   version and its text, none for the versions in between.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, expect, test } from "vitest";
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageConnection,
} from "vscode-jsonrpc/node";
import { ROOT } from "../../compiler/node/project.ts";
import { tempDir } from "../kit/temp.ts";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

const frame = (message: unknown) => {
  const body = JSON.stringify(message);
  return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
};

function start(root: string): {
  child: ChildProcessWithoutNullStreams;
  conn: MessageConnection;
  stderr: () => string;
  exited: Promise<number | null>;
} {
  const child = spawn(process.execPath, ["--import", "tsx", "compiler/node/cli/main.ts", "lsp"], {
    cwd: ROOT,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let err = "";
  child.stderr.on("data", (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((done) => child.on("exit", (code) => done(code)));
  const conn = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  conn.listen();
  cleanups.push(() => {
    conn.dispose();
    if (child.exitCode === null) child.kill();
  });
  return { child, conn, stderr: () => err, exited };
}

const initialize = (conn: MessageConnection, root: string) =>
  conn.sendRequest<{ serverInfo: { name: string } }>("initialize", {
    processId: process.pid,
    rootUri: pathToFileURL(root).href,
    capabilities: {},
    workspaceFolders: null,
  });

for (const [name, header, reason] of [
  [
    "no Content-Length",
    "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}",
    "cardwright lsp: frame has no Content-Length header; exiting\n",
  ],
  [
    "Content-Length: -5",
    "Content-Length: -5\r\n\r\n{}",
    'cardwright lsp: Content-Length must be a non-negative whole number, got "-5"; exiting\n',
  ],
] as const) {
  test(`a frame with ${name} ends the server with the reason on stderr`, { timeout: 60_000 }, async () => {
    const { child, conn, stderr, exited } = start(ROOT);
    // Alive and answering first.
    expect((await initialize(conn, ROOT)).serverInfo.name).toBe("cardwright");
    child.stdin.write(header);
    expect(await exited).toBe(1);
    expect(stderr()).toBe(reason);
  });
}

test("a burst of changes to one document publishes once, for the final version and text", {
  timeout: 120_000,
}, async () => {
  const root = tempDir("cardwright-lsp-burst-");
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  cpSync(join(ROOT, "cards", "elementis"), join(root, "cards", "elementis"), { recursive: true });
  mkdirSync(join(root, "docs", "rules"), { recursive: true });
  const { child, conn } = start(root);
  const published: { uri: string; version: number; diagnostics: { message: string; range: unknown }[] }[] = [];
  conn.onNotification("textDocument/publishDiagnostics", (p: (typeof published)[number]) => void published.push(p));
  await initialize(conn, root);
  await conn.sendNotification("initialized", {});

  const path = join(root, "cards/elementis/cards/fireball.yaml");
  const uri = pathToFileURL(path).href;
  const text = readFileSync(path, "utf8");
  expect(text).toContain("  deal-damage(t, 1, self)");
  await conn.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "yaml", version: 1, text } });
  await expect.poll(() => published.length, { timeout: 60_000 }).toBe(1);
  expect(published.splice(0)).toEqual([{ uri, version: 1, diagnostics: [] }]);

  // Versions 2..41, each a full text calling a different unknown procedure, in one write.
  const N = 40;
  const versionText = (k: number) =>
    text.replace("  deal-damage(t, 1, self)", `  deal-damage${"x".repeat(k)}(t, 1, self)`);
  let burst = "";
  for (let k = 1; k <= N; k++)
    burst += frame({
      jsonrpc: "2.0",
      method: "textDocument/didChange",
      params: { textDocument: { uri, version: k + 1 }, contentChanges: [{ text: versionText(k) }] },
    });
  child.stdin.write(burst);

  await expect.poll(() => published.some((p) => p.version === N + 1), { timeout: 60_000 }).toBe(true);
  // A request answered after the publication: nothing else was published meanwhile.
  await conn.sendRequest("textDocument/documentSymbol", { textDocument: { uri } });
  expect(published.map((p) => p.version)).toEqual([N + 1]);
  const line = versionText(N)
    .split("\n")
    .findIndex((l) => l.includes("deal-damagex"));
  expect(published[0]?.diagnostics.map((d) => [d.message, d.range])).toEqual([
    [
      `unknown function 'deal-damage${"x".repeat(N)}'`,
      { start: { line, character: 2 }, end: { line, character: 2 + "deal-damage".length + N } },
    ],
  ]);
});
