// Starts grove-server with vscode-languageclient over stdio. Grove is not a language server for
// documents, so the client selects no documents; it is used for its process management, LSP
// framing, cancellation and tracing ("grove.trace.server").

import * as vscode from 'vscode';
import { LanguageClient, type LanguageClientOptions, type ServerOptions, TransportKind } from 'vscode-languageclient/node';

export function createClient(serverPath: string, args: string[], output: vscode.OutputChannel): LanguageClient {
  const run = { command: serverPath, args, transport: TransportKind.stdio };
  const serverOptions: ServerOptions = { run, debug: run };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [],
    outputChannel: output,
    initializationOptions: { client: 'vscode' },
    // A crash should be visible, not silently restarted in a loop.
    connectionOptions: { maxRestartCount: 2 },
  };
  return new LanguageClient('grove', 'Grove', serverOptions, clientOptions);
}
