// The VS Code client for drawc: starts `drawc lsp` (the language server is drawc itself)
// and hands it every .draw file. Everything the editor shows beyond syntax colours —
// diagnostics, completion, hover, navigation, formatting, colour swatches — comes from
// the server; this file only starts it.

const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const config = vscode.workspace.getConfiguration("drawc");
  const command = config.get("path") || "drawc";
  const args = ["lsp"];
  for (const folder of config.get("fontPath") || []) args.push("--font-path", folder);
  const serverOptions = {
    run: { command, args, transport: TransportKind.stdio },
    debug: { command, args, transport: TransportKind.stdio },
  };
  const clientOptions = {
    documentSelector: [{ scheme: "file", language: "draw" }, { scheme: "untitled", language: "draw" }],
  };
  client = new LanguageClient("drawc", "drawc", serverOptions, clientOptions);
  client.start();
  context.subscriptions.push({ dispose: () => client && client.stop() });
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
