// One started, version-checked connection to grove-server, shared by the tree, the commands
// and every webview. Owns the server's method list, so features missing on an older server are
// hidden instead of failing.

import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { CancellationTokenSource, type LanguageClient, WorkDoneProgress } from 'vscode-languageclient/node';
import { createClient } from './client';
import { FOUNDATION_METHODS, WEBVIEW_NOTIFICATIONS } from './protocol';
import { resolveServerPath } from './serverPath';
import { checkProtocolVersion } from './versionCheck';
import { coreStatus } from './coreStatus';
import { unreachable } from './errors';

export type NotificationListener = (method: string, params: unknown) => void;

export class Connection implements vscode.Disposable {
  private client: LanguageClient | null = null;
  private methods: readonly string[] = FOUNDATION_METHODS;
  private readonly listeners = new Set<NotificationListener>();
  private statusItem: vscode.StatusBarItem | undefined;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly output: vscode.OutputChannel,
  ) {}

  get serverMethods(): readonly string[] {
    return this.methods;
  }

  get running(): boolean {
    return this.client !== null;
  }

  /** Starts the server; on failure shows an error with the fix and returns false. */
  async start(): Promise<boolean> {
    const config = vscode.workspace.getConfiguration('grove');
    const resolved = resolveServerPath({
      setting: config.get<string>('server.path'),
      env: process.env.GROVE_SERVER,
      extensionPath: this.context.extensionPath,
      platform: process.platform,
      arch: process.arch,
      searchPath: process.env.PATH,
      isExecutable: (f) => {
        try {
          fs.accessSync(f, fs.constants.X_OK);
          return fs.statSync(f).isFile();
        } catch {
          return false;
        }
      },
    });
    if (!resolved.ok) {
      void this.showError(resolved.message);
      return false;
    }
    const { path: serverPath, source } = resolved.value;
    this.output.appendLine(`Starting grove-server from ${source}: ${serverPath}`);
    const client = createClient(serverPath, config.get<string[]>('server.args') ?? [], this.output);
    try {
      await client.start();
    } catch (e) {
      void this.showError(`Grove: grove-server failed to start (${e instanceof Error ? e.message : String(e)}). See the Grove output channel.`);
      return false;
    }
    const problem = checkProtocolVersion(client.initializeResult, serverPath);
    if (problem) {
      await client.stop().catch(() => undefined);
      void this.showError(problem);
      return false;
    }
    this.client = client;
    this.showCoreStatus(client.initializeResult);
    for (const method of WEBVIEW_NOTIFICATIONS) {
      client.onNotification(method, (params: unknown) => this.listeners.forEach((l) => l(method, params)));
    }
    this.methods = await this.listMethods();
    return true;
  }

  /** The status bar item saying whether this window owns the core or joined one. */
  private showCoreStatus(initializeResult: unknown): void {
    const status = coreStatus(initializeResult);
    this.statusItem ??= vscode.window.createStatusBarItem('grove.core', vscode.StatusBarAlignment.Left, 10);
    this.statusItem.name = 'Grove core';
    this.statusItem.text = status.text;
    this.statusItem.tooltip = status.tooltip;
    this.statusItem.show();
  }

  /** Sends a request; `signal` aborting sends $/cancelRequest. */
  async request<T>(method: string, params: unknown, signal?: AbortSignal): Promise<T> {
    if (!this.client) throw new Error('Grove: the server is not running. Run "Developer: Reload Window" after fixing the error shown at start.');
    const source = new CancellationTokenSource();
    signal?.addEventListener('abort', () => source.cancel(), { once: true });
    try {
      return await this.client.sendRequest<T>(method, params, source.token);
    } catch (e) {
      throw unreachable(e) ?? e;
    } finally {
      source.dispose();
    }
  }

  /** Listens to LSP $/progress for one work-done token (a request the client started). */
  onProgress(token: string | number, listener: (value: unknown) => void): vscode.Disposable {
    if (!this.client) return new vscode.Disposable(() => undefined);
    return this.client.onProgress(WorkDoneProgress.type, token, listener);
  }

  onNotification(listener: NotificationListener): vscode.Disposable {
    this.listeners.add(listener);
    return new vscode.Disposable(() => this.listeners.delete(listener));
  }

  has(method: string): boolean {
    return this.methods.includes(method);
  }

  async dispose(): Promise<void> {
    this.statusItem?.dispose();
    const c = this.client;
    this.client = null;
    if (c) await c.stop().catch(() => undefined);
  }

  private async listMethods(): Promise<readonly string[]> {
    try {
      const res = await this.request<{ methods?: string[] }>('grove/server/methods', {});
      return Array.isArray(res.methods) ? res.methods : FOUNDATION_METHODS;
    } catch {
      // Older servers cannot list their methods (-32601): assume the foundation set.
      return FOUNDATION_METHODS;
    }
  }

  private async showError(message: string): Promise<void> {
    this.output.appendLine(message);
    const choice = await vscode.window.showErrorMessage(message, 'Open Settings', 'Show Log');
    if (choice === 'Open Settings') void vscode.commands.executeCommand('workbench.action.openSettings', 'grove.server.path');
    if (choice === 'Show Log') this.output.show();
  }
}

