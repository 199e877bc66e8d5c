// Webview panels hosting the shared web UI (clients/web-ui, copied to dist/web-ui by the
// build). One panel per project and view; each gets a Relay that forwards the UI's allowed
// requests to grove-server and the server's notifications back, filtered to its project.

import * as vscode from 'vscode';
import type { HostToWebview, PanelName, ViewKind } from '../../../web-ui/src/channel/messages';
import { Relay } from '../../../web-ui/host/relay';
import type { Connection } from '../connection';
import { WEBVIEW_METHODS } from '../protocol';
import { webviewHtml } from './html';

interface PanelEntry {
  readonly panel: vscode.WebviewPanel;
  readonly relay: Relay;
  readonly projectId: string;
  readonly view: ViewKind;
  ready: boolean;
  queued: HostToWebview[];
}

export class Panels implements vscode.Disposable {
  private readonly entries = new Map<string, PanelEntry>();
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly connection: Connection,
  ) {
    this.subscription = connection.onNotification((method, params) => {
      const projectId = (params as { projectId?: unknown } | null)?.projectId;
      for (const e of this.entries.values()) if (projectId === undefined || projectId === e.projectId) e.relay.notify(method, params);
    });
  }

  /** Opens (or reveals) a project's panel. `locate` reveals a unit once it is loaded. */
  open(projectId: string, title: string, view: ViewKind = 'conversation', locate?: string): vscode.WebviewPanel {
    const key = `${projectId}:${view}`;
    const existing = this.entries.get(key);
    if (existing) {
      existing.panel.reveal(undefined, true);
      if (locate) this.send(existing, { type: 'locate', unitId: locate });
      return existing.panel;
    }
    const panel = vscode.window.createWebviewPanel(
      'grove.conversation',
      view === 'map' ? `Map: ${title}` : title,
      view === 'map' ? vscode.ViewColumn.Beside : vscode.ViewColumn.Active,
      { enableScripts: true, retainContextWhenHidden: true, localResourceRoots: [this.root], enableCommandUris: false },
    );
    this.adopt(panel, projectId, title, view, locate);
    return panel;
  }

  private get root(): vscode.Uri {
    return vscode.Uri.joinPath(this.context.extensionUri, 'dist', 'web-ui');
  }

  /** Brings back the panels a window reload closed (VS Code kept each one's project and view). */
  serializer(): vscode.WebviewPanelSerializer {
    return {
      deserializeWebviewPanel: async (panel, state: { projectId?: unknown; view?: unknown } | undefined) => {
        const projectId = typeof state?.projectId === 'string' ? state.projectId : null;
        const view: ViewKind = state?.view === 'map' || state?.view === 'chat' ? state.view : 'conversation';
        if (!projectId || this.entries.has(`${projectId}:${view}`)) {
          panel.dispose();
          return;
        }
        panel.webview.options = { enableScripts: true, localResourceRoots: [this.root], enableCommandUris: false };
        this.adopt(panel, projectId, panel.title, view);
      },
    };
  }

  /** Puts the web UI in a panel and wires it to the server for one project and view. */
  private adopt(panel: vscode.WebviewPanel, projectId: string, title: string, view: ViewKind, locate?: string): void {
    const key = `${projectId}:${view}`;
    const root = this.root;
    panel.iconPath = vscode.Uri.joinPath(this.context.extensionUri, 'media', 'grove.svg');
    const webview = panel.webview;
    webview.html = webviewHtml({
      cspSource: webview.cspSource,
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(root, 'grove-web-ui.js')).toString(),
      styleUri: webview.asWebviewUri(vscode.Uri.joinPath(root, 'grove-web-ui.css')).toString(),
      title,
    });
    const entry: PanelEntry = {
      panel,
      projectId,
      view,
      ready: false,
      queued: locate ? [{ type: 'locate', unitId: locate }] : [],
      relay: new Relay(
        { request: (method, params, signal) => this.connection.request(method, params, signal) },
        (m) => void webview.postMessage(m),
        {
          allowed: WEBVIEW_METHODS,
          onReady: () => {
            void webview.postMessage({ type: 'init', projectId, view, methods: this.connection.serverMethods } satisfies HostToWebview);
            entry.ready = true;
            entry.queued.splice(0).forEach((m) => void webview.postMessage(m));
          },
          onOpenLocation: (m) => void openLocation(m.uri, m.range),
          onNotify: (m) => void (m.level === 'error' ? vscode.window.showErrorMessage(m.message) : m.level === 'warning' ? vscode.window.showWarningMessage(m.message) : vscode.window.showInformationMessage(m.message)),
          onReveal: (unitId) => {
            for (const other of this.entries.values()) if (other !== entry && other.projectId === projectId) this.send(other, { type: 'locate', unitId });
          },
        },
      ),
    };
    webview.onDidReceiveMessage((m) => entry.relay.handle(m), undefined, this.context.subscriptions);
    panel.onDidDispose(() => {
      entry.relay.dispose();
      this.entries.delete(key);
    });
    this.entries.set(key, entry);
  }

  /** Opens the conversation and one of its side panels (capsules, settings, the memory map). */
  showPanel(projectId: string, title: string, name: PanelName): void {
    const panel = this.open(projectId, title, 'conversation');
    panel.reveal(undefined, false);
    const entry = this.entries.get(`${projectId}:conversation`);
    if (entry) this.send(entry, { type: 'showPanel', panel: name });
  }

  /** Closes every panel of a project (it went to the trash). */
  close(projectId: string): void {
    for (const e of [...this.entries.values()]) if (e.projectId === projectId) e.panel.dispose();
  }

  /** Reveals a unit in every open view of its project. */
  locate(projectId: string, unitId: string): void {
    for (const e of this.entries.values()) if (e.projectId === projectId) this.send(e, { type: 'locate', unitId });
  }

  /** Puts text at the caret of a project's chat composer, opening the conversation if needed. */
  insertText(projectId: string, title: string, text: string): void {
    const panel = this.open(projectId, title, 'conversation');
    panel.reveal(undefined, false);
    const entry = this.entries.get(`${projectId}:conversation`);
    if (entry) this.send(entry, { type: 'insertText', text });
  }

  /** Asks the active conversation panel to make a memolet of its selected text; false without one. */
  rememberSelection(): boolean {
    const chats = [...this.entries.values()].filter((e) => e.view !== 'map');
    const visible = chats.filter((e) => e.panel.visible);
    const entry = chats.find((e) => e.panel.active) ?? (visible.length === 1 ? visible[0] : undefined);
    if (!entry) return false;
    this.send(entry, { type: 'rememberSelection' });
    return true;
  }

  has(projectId: string): boolean {
    return [...this.entries.values()].some((e) => e.projectId === projectId);
  }

  dispose(): void {
    this.subscription.dispose();
    for (const e of this.entries.values()) e.panel.dispose();
  }

  private send(entry: PanelEntry, message: HostToWebview): void {
    if (entry.ready) void entry.panel.webview.postMessage(message);
    else entry.queued.push(message);
  }
}

async function openLocation(uri: string, range: { start: { line: number; character: number }; end: { line: number; character: number } }): Promise<void> {
  const doc = await vscode.workspace.openTextDocument(vscode.Uri.parse(uri));
  const r = new vscode.Range(range.start.line, range.start.character, range.end.line, range.end.character);
  await vscode.window.showTextDocument(doc, { selection: r, viewColumn: vscode.ViewColumn.One });
}
