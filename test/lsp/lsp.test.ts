/**
 * `cardwright lsp` as an editor sees it: a child process speaking JSON-RPC with Content-Length
 * framing on stdio. initialize → didOpen of a broken card → its published diagnostics →
 * completion → definition.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from "vscode-jsonrpc/node";
import { ROOT } from "../../compiler/node/project.ts";

const FIREBALL = join(ROOT, "cards/elementis/cards/fireball.yaml");
const uri = pathToFileURL(FIREBALL).href;
let child: ChildProcessWithoutNullStreams;
let conn: MessageConnection;
const stderr: string[] = [];

interface PublishedDiagnostics {
  uri: string;
  diagnostics: { range: { start: { line: number; character: number }; end: { line: number; character: number } }; severity: number; code: string; source: string; message: string; data?: unknown }[];
}

beforeAll(() => {
  child = spawn(process.execPath, ["--import", "tsx", "compiler/node/cli/main.ts", "lsp"], { cwd: ROOT, stdio: ["pipe", "pipe", "pipe"] });
  child.stderr.on("data", (d: Buffer) => stderr.push(d.toString()));
  conn = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  conn.listen();
});

afterAll(async () => {
  try {
    await conn.sendRequest("shutdown");
    await conn.sendNotification("exit");
  } finally {
    conn.dispose();
    if (child.exitCode === null) child.kill();
  }
});

test("initialize, didOpen a broken card, its diagnostics, completion, definition, then an edit that fixes it", { timeout: 120_000 }, async () => {
  const init = await conn.sendRequest<{ capabilities: Record<string, unknown>; serverInfo: { name: string } }>("initialize", { processId: process.pid, rootUri: pathToFileURL(ROOT).href, capabilities: {}, workspaceFolders: null });
  expect(init.serverInfo.name).toBe("cardwright");
  expect(Object.keys(init.capabilities).sort()).toEqual(["codeActionProvider", "completionProvider", "definitionProvider", "documentSymbolProvider", "hoverProvider", "referencesProvider", "renameProvider", "semanticTokensProvider", "textDocumentSync"]);
  await conn.sendNotification("initialized", {});

  // Fireball whose effect calls a misspelt procedure.
  const text = readFileSync(FIREBALL, "utf8").replace("  deal-damage(t, 1, self)", "  deal-damge(t, 1, self)");
  // Each publication for the card, in order.
  const queue: PublishedDiagnostics[] = [];
  const waiting: ((p: PublishedDiagnostics) => void)[] = [];
  conn.onNotification("textDocument/publishDiagnostics", (p: PublishedDiagnostics) => {
    if (p.uri !== uri) return;
    const w = waiting.shift();
    if (w) w(p);
    else queue.push(p);
  });
  const next = () => new Promise<PublishedDiagnostics>((done) => (queue.length ? done(queue.shift() as PublishedDiagnostics) : waiting.push(done)));
  const published = next();
  await conn.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "yaml", version: 1, text } });
  const diags = await published;
  expect(diags.diagnostics).toEqual([
    {
      range: { start: { line: 9, character: 2 }, end: { line: 9, character: 12 } },
      severity: 1,
      code: "check/unknown-function",
      source: "cardwright",
      message: "unknown function 'deal-damge'\nhint: did you mean 'deal-damage'?",
      data: { replacement: "deal-damage" },
    },
  ]);

  // Completion on the misspelt name: statement starts; the item replaces the whole word.
  const completion = await conn.sendRequest<{ items: { label: string; kind: number; textEdit: unknown }[] }>("textDocument/completion", { textDocument: { uri }, position: { line: 9, character: 2 } });
  const labels = completion.items.map((i) => i.label);
  expect(labels).toEqual(expect.arrayContaining(["deal-damage", "let", "t", "self", "fireball"]));
  expect(labels).not.toContain("to");
  expect(completion.items.find((i) => i.label === "deal-damage")).toMatchObject({ kind: 2, textEdit: { range: { start: { line: 9, character: 2 }, end: { line: 9, character: 12 } }, newText: "deal-damage" } });

  // Definition of `magia-targets` (line 8) in rules.yaml.
  const rules = readFileSync(join(ROOT, "cards/elementis/rules.yaml"), "utf8").split("\n");
  const line = rules.findIndex((l) => l.startsWith("  magia-targets:"));
  const col = "let t = choose one of ma".length + 2;
  const def = await conn.sendRequest<{ uri: string; range: unknown }[]>("textDocument/definition", { textDocument: { uri }, position: { line: 8, character: col } });
  expect(def).toEqual([{ uri: pathToFileURL(join(ROOT, "cards/elementis/rules.yaml")).href, range: { start: { line, character: 2 }, end: { line, character: 15 } } }]);

  // An incremental edit that fixes the name: the diagnostics are cleared.
  await conn.sendNotification("textDocument/didChange", { textDocument: { uri, version: 2 }, contentChanges: [{ range: { start: { line: 9, character: 10 }, end: { line: 9, character: 10 } }, text: "a" }] });
  expect(await next()).toEqual({ uri, version: 2, diagnostics: [] });
  expect(stderr.join("")).toBe("");
});
