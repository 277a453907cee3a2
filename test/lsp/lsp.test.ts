/**
 * `cardwright lsp` as an editor sees it: a child process speaking JSON-RPC with Content-Length
 * framing on stdio. initialize → didOpen of a broken card → its published diagnostics →
 * completion → definition → an edit → a file deleted on disk. The server works on a copy of
 * Elementis in a temporary folder (the project root it is given), so the test may change files.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, expect, test } from "vitest";
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageConnection,
} from "vscode-jsonrpc/node";
import { ROOT } from "../../compiler/node/project.ts";
import { tempDir } from "../kit/temp.ts";

let root: string;
let child: ChildProcessWithoutNullStreams;
let conn: MessageConnection;
const stderr: string[] = [];
const uriOf = (path: string) => pathToFileURL(join(root, path)).href;

interface Published {
  uri: string;
  version?: number;
  diagnostics: {
    range: { start: { line: number; character: number }; end: { line: number; character: number } };
    severity: number;
    code: string;
    source: string;
    message: string;
    data?: unknown;
  }[];
}

beforeAll(() => {
  root = tempDir("cardwright-lsp-");
  cpSync(join(ROOT, "cards", "elementis"), join(root, "cards", "elementis"), { recursive: true });
  mkdirSync(join(root, "docs", "rules"), { recursive: true });
  cpSync(join(ROOT, "docs", "rules", "elementis.md"), join(root, "docs", "rules", "elementis.md"));
  child = spawn(process.execPath, ["--import", "tsx", "compiler/node/cli/main.ts", "lsp"], {
    cwd: ROOT,
    stdio: ["pipe", "pipe", "pipe"],
  });
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
    rmSync(root, { recursive: true, force: true });
  }
});

test("initialize, didOpen a broken card, its diagnostics, completion, definition, tokens, an edit that fixes it, hover, outline, rename, a card deleted on disk", {
  timeout: 120_000,
}, async () => {
  // Publications per file, in order.
  const queues = new Map<string, { got: Published[]; waiting: ((p: Published) => void)[] }>();
  const queue = (uri: string) =>
    queues.get(uri) ??
    (queues.set(uri, { got: [], waiting: [] }).get(uri) as { got: Published[]; waiting: ((p: Published) => void)[] });
  conn.onNotification("textDocument/publishDiagnostics", (p: Published) => {
    const q = queue(p.uri);
    const w = q.waiting.shift();
    if (w) w(p);
    else q.got.push(p);
  });
  const next = (uri: string) =>
    new Promise<Published>((done) => {
      const q = queue(uri);
      if (q.got.length) done(q.got.shift() as Published);
      else q.waiting.push(done);
    });

  const init = await conn.sendRequest<{ capabilities: Record<string, unknown>; serverInfo: { name: string } }>(
    "initialize",
    { processId: process.pid, rootUri: pathToFileURL(root).href, capabilities: {}, workspaceFolders: null },
  );
  expect(init.serverInfo.name).toBe("cardwright");
  expect(Object.keys(init.capabilities).sort()).toEqual([
    "codeActionProvider",
    "completionProvider",
    "definitionProvider",
    "documentSymbolProvider",
    "hoverProvider",
    "referencesProvider",
    "renameProvider",
    "semanticTokensProvider",
    "textDocumentSync",
  ]);
  await conn.sendNotification("initialized", {});

  // Fireball whose effect calls a misspelt procedure.
  const fireball = uriOf("cards/elementis/cards/fireball.yaml");
  const text = readFileSync(join(root, "cards/elementis/cards/fireball.yaml"), "utf8").replace(
    "  deal-damage(t, 1, self)",
    "  deal-damge(t, 1, self)",
  );
  await conn.sendNotification("textDocument/didOpen", {
    textDocument: { uri: fireball, languageId: "yaml", version: 1, text },
  });
  expect(await next(fireball)).toEqual({
    uri: fireball,
    version: 1,
    diagnostics: [
      {
        range: { start: { line: 9, character: 2 }, end: { line: 9, character: 12 } },
        severity: 1,
        code: "check/unknown-function",
        source: "cardwright",
        message: "unknown function 'deal-damge'\nhint: did you mean 'deal-damage'?",
        data: { replacement: "deal-damage" },
      },
    ],
  });

  // Completion on the misspelt name: what may start a statement; the item replaces the whole word.
  const completion = await conn.sendRequest<{ items: { label: string; kind: number; textEdit: unknown }[] }>(
    "textDocument/completion",
    { textDocument: { uri: fireball }, position: { line: 9, character: 2 } },
  );
  const labels = completion.items.map((i) => i.label);
  expect(labels).toEqual(expect.arrayContaining(["deal-damage", "let", "t", "self", "fireball"]));
  expect(labels).not.toContain("to");
  expect(completion.items.find((i) => i.label === "deal-damage")).toMatchObject({
    kind: 2,
    textEdit: { range: { start: { line: 9, character: 2 }, end: { line: 9, character: 12 } }, newText: "deal-damage" },
  });

  // Definition of `magia-targets` (line 8) in rules.yaml.
  const rules = readFileSync(join(root, "cards/elementis/rules.yaml"), "utf8").split("\n");
  const line = rules.findIndex((l) => l.startsWith("  magia-targets:"));
  const col = "let t = choose one of ma".length + 2;
  const def = await conn.sendRequest<{ uri: string; range: unknown }[]>("textDocument/definition", {
    textDocument: { uri: fireball },
    position: { line: 8, character: col },
  });
  expect(def).toEqual([
    {
      uri: uriOf("cards/elementis/rules.yaml"),
      range: { start: { line, character: 2 }, end: { line, character: 15 } },
    },
  ]);

  // Semantic tokens: the effect's first token is `let` (a keyword) at line 8, column 2.
  const tokens = await conn.sendRequest<{ data: number[] }>("textDocument/semanticTokens/full", {
    textDocument: { uri: fireball },
  });
  expect(tokens.data.slice(0, 5)).toEqual([8, 2, 3, 0, 0]);
  expect(tokens.data.length % 5).toBe(0);

  // An incremental edit that fixes the name: the diagnostics are cleared.
  await conn.sendNotification("textDocument/didChange", {
    textDocument: { uri: fireball, version: 2 },
    contentChanges: [{ range: { start: { line: 9, character: 10 }, end: { line: 9, character: 10 } }, text: "a" }],
  });
  expect(await next(fireball)).toEqual({ uri: fireball, version: 2, diagnostics: [] });

  // Close the card, open a deck that lists it, then delete the card on disk: the deck's entry is an error.
  await conn.sendNotification("textDocument/didClose", { textDocument: { uri: fireball } });
  expect((await next(fireball)).diagnostics).toEqual([]);
  const deck = uriOf("cards/elementis/decks/fire.yaml");
  const deckText = readFileSync(join(root, "cards/elementis/decks/fire.yaml"), "utf8");
  await conn.sendNotification("textDocument/didOpen", {
    textDocument: { uri: deck, languageId: "yaml", version: 1, text: deckText },
  });
  expect((await next(deck)).diagnostics).toEqual([]);

  // Hover on the rule id in the deck's comment: its line from docs/rules/elementis.md.
  const ruleCol = deckText.indexOf("ES-FORMAT-BUILD");
  const hover = await conn.sendRequest<{ contents: { kind: string; value: string }; range: unknown }>(
    "textDocument/hover",
    { textDocument: { uri: deck }, position: { line: 0, character: ruleCol + 3 } },
  );
  expect(hover.contents.kind).toBe("markdown");
  expect(hover.contents.value).toMatch(/^\*\*ES-FORMAT-BUILD\*\* — Build format: both players agree on a life total/);
  expect(hover.range).toEqual({ start: { line: 0, character: ruleCol }, end: { line: 0, character: ruleCol + 15 } });

  // Outline of the deck, and a rename of a card from it (plain `changes`: this client cannot rename files).
  const outline = await conn.sendRequest<{ name: string; kind: number; children: { name: string }[] }[]>(
    "textDocument/documentSymbol",
    { textDocument: { uri: deck } },
  );
  expect(outline.map((s) => [s.name, s.kind, s.children.map((c) => c.name)])).toEqual([
    ["fire", 5, ["id", "name", "zones"]],
  ]);
  const deckLine = deckText.split("\n").findIndex((l) => l.includes("fireball"));
  const deckCol = deckText.split("\n")[deckLine]!.indexOf("fireball");
  const rename = await conn.sendRequest<{ changes: Record<string, { newText: string }[]> }>("textDocument/rename", {
    textDocument: { uri: deck },
    position: { line: deckLine, character: deckCol + 2 },
    newName: "fire-ball",
  });
  expect(Object.keys(rename.changes)).toContain(fireball);
  expect(Object.keys(rename.changes)).toContain(deck);
  await expect(
    conn.sendRequest("textDocument/rename", {
      textDocument: { uri: deck },
      position: { line: deckLine, character: deckCol + 2 },
      newName: "Fire Ball",
    }),
  ).rejects.toThrow("'Fire Ball' is not a card id");
  rmSync(join(root, "cards/elementis/cards/fireball.yaml"));
  await conn.sendNotification("workspace/didChangeWatchedFiles", { changes: [{ uri: fireball, type: 3 }] });
  const after = await next(deck);
  expect(after.diagnostics.map((d) => [d.code, d.range])).toEqual([
    [
      "deck/unknown-card",
      { start: { line: deckLine, character: deckCol }, end: { line: deckLine, character: deckCol + 8 } },
    ],
  ]);
  expect(stderr.join("")).toBe("");
});
