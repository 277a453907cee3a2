// Starts `cardwright lsp` (stdio) for the YAML files under cards/ of the open project.
// CommonJS: VS Code loads extensions with require().
const { workspace } = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

exports.activate = async function activate() {
  const folder = workspace.workspaceFolders && workspace.workspaceFolders[0];
  if (!folder) return;
  const [command, ...args] = workspace.getConfiguration("cardwright").get("server.command");
  client = new LanguageClient(
    "cardwright",
    "Cardwright",
    { command, args, options: { cwd: folder.uri.fsPath } },
    { documentSelector: [{ scheme: "file", language: "yaml", pattern: "**/cards/*/**/*.{yaml,yml}" }] },
  );
  await client.start();
};

exports.deactivate = function deactivate() {
  return client ? client.stop() : undefined;
};
