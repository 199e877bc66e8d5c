// Webview panels hosting the shared web UI (clients/web-ui, copied to dist/web-ui by the
// build). One panel per project and view (conversation, map, chat), or per workspace folder and
// view (board, knowledge); each gets a Relay that forwards the UI's allowed requests to
// grove-server and the server's notifications back, filtered to its project or workspace.

import * as vscode from 'vscode';
import { WORKSPACE_VIEWS, type HostToWebview, type PanelName, type ViewKind } from '../../../web-ui/src/channel/messages';
import { sameWorkspace } from '../../../web-ui/src/ui/workspaceView';
import { Relay } from '../../../web-ui/host/relay';
import type { Connection } from '../connection';
import { WEBVIEW_METHODS } from '../protocol';
import { webviewHtml } from './html';
import { Prefetch } from './prefetch';
import { structureRequest } from '../../../web-ui/src/channel/treeRequest';

interface PanelEntry {
  readonly panel: vscode.WebviewPanel;
  readonly relay: Relay;
  /** The project of a conversation, map or chat view; null for a workspace view. */
  readonly projectId: string | null;
  /** The workspace folder of a board or knowledge view; null for a project view. */
  readonly workspaceUri: string | null;
  readonly view: ViewKind;
  ready: boolean;
  queued: HostToWebview[];
  /** The project's tree, asked for while the page loads (project views only). */
  readonly prefetch: Prefetch;
}

export class Panels implements vscode.Disposable {
  private readonly entries = new Map<string, PanelEntry>();
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly connection: Connection,
  ) {
    this.subscription = connection.onNotification((method, params) => {
      const p = params as { projectId?: unknown; workspaceUri?: unknown } | null;
      for (const e of this.entries.values()) {
        const mine = e.workspaceUri !== null ? typeof p?.workspaceUri !== 'string' || sameWorkspace(p.workspaceUri, e.workspaceUri) : p?.projectId === undefined || p.projectId === e.projectId;
        if (!mine) continue;
        // A change to the project: an early answer may predate it (other notifications leave the tree alone).
        if (method === 'grove/project/didChange') e.prefetch.drop();
        e.relay.notify(method, params);
      }
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
    const panel = this.createPanel(view === 'map' ? `Map: ${title}` : title, view === 'map' ? vscode.ViewColumn.Beside : vscode.ViewColumn.Active);
    this.adopt(panel, { projectId, workspaceUri: null }, title, view, locate);
    return panel;
  }

  /** Opens (or reveals) the memory board or the knowledge map of a workspace folder. */
  openWorkspace(view: 'board' | 'knowledge', folder: { readonly uri: string; readonly name: string }): vscode.WebviewPanel {
    const existing = this.entries.get(`${view}:${folder.uri}`);
    if (existing) {
      existing.panel.reveal(undefined, false);
      return existing.panel;
    }
    const title = `${view === 'board' ? 'Board' : 'Knowledge'}: ${folder.name}`;
    const panel = this.createPanel(title, vscode.ViewColumn.Active);
    this.adopt(panel, { projectId: null, workspaceUri: folder.uri }, title, view);
    return panel;
  }

  private createPanel(title: string, column: vscode.ViewColumn): vscode.WebviewPanel {
    return vscode.window.createWebviewPanel('grove.conversation', title, column, { enableScripts: true, retainContextWhenHidden: true, localResourceRoots: [this.root], enableCommandUris: false });
  }

  private get root(): vscode.Uri {
    return vscode.Uri.joinPath(this.context.extensionUri, 'dist', 'web-ui');
  }

  /** Brings back the panels a window reload closed (VS Code kept each one's project and view). */
  serializer(): vscode.WebviewPanelSerializer {
    return {
      deserializeWebviewPanel: async (panel, state: { projectId?: unknown; view?: unknown; workspaceUri?: unknown } | undefined) => {
        const projectId = typeof state?.projectId === 'string' ? state.projectId : null;
        const workspaceUri = typeof state?.workspaceUri === 'string' ? state.workspaceUri : null;
        const view: ViewKind = state?.view === 'map' || state?.view === 'chat' || state?.view === 'board' || state?.view === 'knowledge' ? state.view : 'conversation';
        const workspace = WORKSPACE_VIEWS.includes(view);
        const key = workspace ? `${view}:${workspaceUri}` : `${projectId}:${view}`;
        if ((workspace ? !workspaceUri : !projectId) || this.entries.has(key)) {
          panel.dispose();
          return;
        }
        panel.webview.options = { enableScripts: true, localResourceRoots: [this.root], enableCommandUris: false };
        this.adopt(panel, workspace ? { projectId: null, workspaceUri } : { projectId, workspaceUri: null }, panel.title, view);
      },
    };
  }

  /** Puts the web UI in a panel and wires it to the server for one project (or workspace) and view. */
  private adopt(panel: vscode.WebviewPanel, target: { projectId: string | null; workspaceUri: string | null }, title: string, view: ViewKind, locate?: string): void {
    const { projectId, workspaceUri } = target;
    const key = workspaceUri !== null ? `${view}:${workspaceUri}` : `${projectId}:${view}`;
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
      workspaceUri,
      view,
      ready: false,
      queued: locate ? [{ type: 'locate', unitId: locate }] : [],
      prefetch: new Prefetch(),
      relay: new Relay(
        { request: (method, params, signal) => this.forward(entry, method, params, signal) },
        (m) => void webview.postMessage(m),
        {
          allowed: WEBVIEW_METHODS,
          // A map's tree is megabytes: VS Code moves bytes to a webview as one block, an object
          // by serialising and cloning it (2 s for a 100,000-unit map in code-server).
          resultsAsBytes: true,
          onReady: () => {
            void webview.postMessage({ type: 'init', projectId, view, methods: this.connection.serverMethods, ...(workspaceUri ? { workspaceUri } : {}) } satisfies HostToWebview);
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
    if (projectId !== null) {
      const first = structureRequest(projectId);
      if (this.connection.has(first.method)) entry.prefetch.start(first.method, first.params, (m, p, signal) => this.connection.request(m, p, signal));
    }
    panel.onDidDispose(() => {
      entry.prefetch.drop();
      entry.relay.dispose();
      this.entries.delete(key);
    });
    this.entries.set(key, entry);
  }

  /** Sends a webview's request; a `workDoneToken` in it gets the server's $/progress for that
   *  token relayed back to that webview (the knowledge map's ingest progress). */
  private async forward(entry: PanelEntry, method: string, params: unknown, signal: AbortSignal): Promise<unknown> {
    // An early answer that failed is asked for again, as the page's own request.
    const early = entry.prefetch.take(method, params);
    if (early) return await early.catch(() => this.connection.request(method, params, signal));
    const token = (params as { workDoneToken?: unknown } | null)?.workDoneToken;
    const progress = typeof token === 'string' || typeof token === 'number' ? this.connection.onProgress(token, (value) => entry.relay.notify('$/progress', { token, value })) : undefined;
    try {
      return await this.connection.request(method, params, signal);
    } finally {
      progress?.dispose();
    }
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
    const chats = [...this.entries.values()].filter((e) => e.view === 'conversation' || e.view === 'chat');
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
