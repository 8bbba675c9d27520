// The VS Code client for drawc: starts `drawc lsp` (the language server is drawc itself)
// and hands it every .draw file. Everything the editor shows beyond syntax colours —
// diagnostics, completion, hover, navigation, formatting, colour swatches — comes from
// the server; this file starts it, and tells it where the cursor is (`drawc/cursor`, a
// notification of drawc's own: the protocol has none), so a running `drawc preview` of the
// same file outlines the statement under the cursor.

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
  context.subscriptions.push(
    vscode.window.onDidChangeTextEditorSelection((event) => {
      const document = event.textEditor.document;
      if (!client || !client.isRunning() || document.languageId !== "draw" || event.selections.length === 0) return;
      if (!vscode.workspace.getConfiguration("drawc").get("preview.followCursor", true)) return;
      const active = event.selections[0].active;
      client.sendNotification("drawc/cursor", {
        textDocument: { uri: document.uri.toString() },
        position: { line: active.line, character: active.character },
      });
    })
  );
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
