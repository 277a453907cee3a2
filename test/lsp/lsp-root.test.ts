/**
 * Where `cardwright lsp` finds its project. Editors root it at odd folders (a root pattern of
 * `cards` gives a game's own folder) and start it in them; before, it read the game folder as
 * the project, knew none of its files and published nothing. Now it walks up to the folder
 * holding `cards/<game>/rules.yaml`; with none it says why on stderr and exits 2, and every
 * other stop says why too (it used to exit 1 with nothing on stderr).
 */
import { spawn } from "node:child_process";
import { cpSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, expect, test } from "vitest";
import {
  createMessageConnection,
  type MessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
} from "vscode-jsonrpc/node";
import { ROOT } from "../../compiler/node/project.ts";
import { tempDir } from "../kit/temp.ts";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});

function realTempDir(): string {
  const dir = realpathSync(tempDir("cardwright-lsp-root-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The installed command's way in (bin.js), started in `cwd`. */
function start(cwd: string) {
  const child = spawn(process.execPath, [join(ROOT, "compiler", "node", "cli", "bin.js"), "lsp"], {
    cwd,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((done) => child.on("exit", (code) => done(code)));
  const conn: MessageConnection = createMessageConnection(
    new StreamMessageReader(child.stdout),
    new StreamMessageWriter(child.stdin),
  );
  conn.listen();
  cleanups.push(() => {
    conn.dispose();
    if (child.exitCode === null) child.kill();
  });
  return { child, conn, stderr: () => stderr, exited };
}

const initialize = (conn: MessageConnection, folder: string) =>
  conn.sendRequest("initialize", {
    processId: process.pid,
    rootUri: pathToFileURL(folder).href,
    capabilities: {},
    workspaceFolders: null,
  });

test("rooted at and started in a game's folder, the server finds the project above it and publishes", {
  timeout: 60_000,
}, async () => {
  const project = realTempDir();
  cpSync(join(ROOT, "cards", "elementis"), join(project, "cards", "elementis"), { recursive: true });
  const game = join(project, "cards", "elementis");
  const { conn } = start(game);
  const published: { uri: string; diagnostics: { message: string; range: unknown }[] }[] = [];
  conn.onNotification("textDocument/publishDiagnostics", (p: (typeof published)[number]) => void published.push(p));
  await initialize(conn, game);
  await conn.sendNotification("initialized", {});

  const path = join(game, "cards", "fireball.yaml");
  const text = readFileSync(path, "utf8").replace("  deal-damage(t, 1, self)", "  deal-damagx(t, 1, self)");
  const uri = pathToFileURL(path).href;
  await conn.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "yaml", version: 1, text } });
  await expect.poll(() => published.length, { timeout: 30_000 }).toBe(1);
  expect(published[0]).toEqual({
    uri,
    version: 1,
    diagnostics: [
      expect.objectContaining({
        message: "unknown function 'deal-damagx'\nhint: did you mean 'deal-damage'?",
        range: { start: { line: 9, character: 2 }, end: { line: 9, character: 13 } },
      }),
    ],
  });
  await conn.sendRequest("shutdown");
  await conn.sendNotification("exit");
});

test("with no project at or above its folders the server answers initialize with why and exits 2", {
  timeout: 60_000,
}, async () => {
  const nowhere = realTempDir();
  const { conn, stderr, exited } = start(nowhere);
  const reason = `no Cardwright project at or above ${nowhere} (the client's root) or ${nowhere} (the working folder): a project is a folder holding cards/<game>/rules.yaml`;
  await expect(initialize(conn, nowhere)).rejects.toThrow(reason);
  expect(await exited).toBe(2);
  expect(stderr()).toBe(`cardwright lsp: ${reason}; exiting\n`);
});

test("input closed without shutdown: exit 1 with the reason on stderr", { timeout: 60_000 }, async () => {
  const { child, conn, stderr, exited } = start(ROOT);
  await initialize(conn, ROOT);
  child.stdin.end();
  expect(await exited).toBe(1);
  expect(stderr()).toBe("cardwright lsp: the client closed the input without a shutdown request; exiting\n");
});
