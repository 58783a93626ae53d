// Starts baton-lsp for Swift and GraphQL files. The server finds every baton.json in the
// workspace itself; this only launches it over stdio and forwards file changes.
'use strict';

const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration('baton').get('serverPath') || 'baton-lsp';
  const serverOptions = { command, args: ['--stdio'] };
  const clientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'swift' },
      { scheme: 'file', language: 'graphql' },
    ],
    synchronize: {
      // Configuration, schema and documents changed outside the editor (git checkout, codegen).
      fileEvents: vscode.workspace.createFileSystemWatcher('**/{baton.json,*.graphql,*.graphqls,*.gql,*.swift}'),
    },
  };
  client = new LanguageClient('baton', 'Baton', serverOptions, clientOptions);
  context.subscriptions.push(client);
  client.start();
  // Swift files get two servers: baton-lsp (the GraphQL in marker literals) and sourcekit-lsp
  // (the Swift), which the Swift extension starts. Both attach to the same documents; VS Code
  // shows both servers' diagnostics and merges completion and hover. Nothing to configure.
  const swift = ['swiftlang.swift-vscode', 'sswg.swift-lang'].some((id) => vscode.extensions.getExtension(id));
  if (!swift) {
    client.outputChannel.appendLine(
      'The Swift extension (swiftlang.swift-vscode) is not installed: Swift files get baton-lsp only, no sourcekit-lsp.');
  }
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
