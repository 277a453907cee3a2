/**
 * `cardwright lsp` under a burst of changes: gitcg's rules.yaml opened, then N incremental
 * didChange notifications written at once (each types a space at the end of the file); prints the time from the
 * last change written to the diagnostics of the final version, how many publications came, and
 * the time of one check of that file alone (a single change after the burst settled).
 * `npx tsx bench/lsp-burst.ts [N]` (default 5,000).
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from "vscode-jsonrpc/node";
import { ROOT } from "../compiler/node/project.ts";

const N = Number(process.argv[2] ?? 5000);
const child = spawn(process.execPath, ["--import", "tsx", "compiler/node/cli/main.ts", "lsp"], {
  cwd: ROOT,
  stdio: ["pipe", "pipe", "inherit"],
});
const conn = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
conn.listen();
const published: { version: number; at: number }[] = [];
let wanted = -1;
let arrived: () => void = () => {};
conn.onNotification("textDocument/publishDiagnostics", (p: { version: number }) => {
  published.push({ version: p.version, at: performance.now() });
  if (p.version === wanted) arrived();
});
const until = (version: number) =>
  new Promise<void>(
    (done) => ((wanted = version), (arrived = done), published.some((p) => p.version === version) && done()),
  );
const frame = (m: unknown) => {
  const body = JSON.stringify(m);
  return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
};

await conn.sendRequest("initialize", {
  processId: process.pid,
  rootUri: pathToFileURL(ROOT).href,
  capabilities: {},
  workspaceFolders: null,
});
await conn.sendNotification("initialized", {});
const uri = pathToFileURL(join(ROOT, "cards/gitcg/rules.yaml")).href;
const text = readFileSync(join(ROOT, "cards/gitcg/rules.yaml"), "utf8");
await conn.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "yaml", version: 1, text } });
await until(1);

const lines = text.split("\n");
const line = lines.length - 1;
const col = (lines[line] as string).length;
let burst = "";
for (let k = 1; k <= N; k++) {
  const at = { line, character: col + k - 1 };
  burst += frame({
    jsonrpc: "2.0",
    method: "textDocument/didChange",
    params: { textDocument: { uri, version: k + 1 }, contentChanges: [{ range: { start: at, end: at }, text: " " }] },
  });
}
published.length = 0;
await new Promise<void>((done) => child.stdin.write(burst, () => done()));
const t0 = performance.now();
await until(N + 1);
const drained = performance.now() - t0;
const count = published.length;

// One change alone: the time of one check (and the settle delay) of rules.yaml.
published.length = 0;
const t1 = performance.now();
await conn.sendNotification("textDocument/didChange", {
  textDocument: { uri, version: N + 2 },
  contentChanges: [{ text }],
});
await until(N + 2);
const one = performance.now() - t1;

console.log(
  `lsp burst of ${N} changes to gitcg rules.yaml: final diagnostics ${drained.toFixed(0)} ms after the last change, ${count} publication(s); one change alone: ${one.toFixed(0)} ms (check + settle)`,
);
await conn.sendRequest("shutdown");
await conn.sendNotification("exit");
conn.dispose();
