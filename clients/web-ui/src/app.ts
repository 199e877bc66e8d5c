// The web UI's controller: loads a project through the host channel, keeps the focus unit
// (where the next message goes), and re-renders map and chat from the core's answers and
// grove/project/didChange. It holds no state that matters: everything is re-fetched.

import type { HostChannel } from './channel/hostChannel';
import type { ViewKind } from './channel/messages';
import { RpcRequestError, type PendingCall, type WebRpc } from './channel/rpc';
import { methods as M } from './channel/methods';
import { ChatView } from './chat/chatView';
import { Composer } from './chat/composer';
import type { SuggestionDecision } from './chat/suggestionCard';
import { MapView } from './map/mapView';
import { markUnits, type UnitMark } from './model/scopeMarks';
import { TreeIndex } from './model/tree';
import type { DidChangeParams, DidStreamParams, Memolet, MemoletCompletion, Project, ProjectSnapshot, ScopePreview, SearchHit, Suggestion, Unit } from './model/types';
import { openMenu } from './ui/contextMenu';
import { nodeMenuItems } from './map/nodeMenu';
import { confirmDialog, promptDialog } from './ui/dialog';
import { h } from './ui/dom';
import { PreviewPanel } from './ui/previewPanel';
import { Toolbar } from './ui/toolbar';
import { isUnitOnlyChange } from './model/changes';

interface ChatSendResult {
  readonly userUnit: Unit;
  readonly assistantUnit: Unit;
  readonly finishReason?: string;
}

export class App {
  private serverMethods = new Set<string>();
  private projectId: string | null = null;
  private project: Project | null = null;
  private tree = new TreeIndex([], []);
  private marks: Map<string, UnitMark> = new Map();
  private focusId: string | null = null;
  private lastCursorId: string | null | undefined = undefined;
  private hits = new Set<string>();
  private hitOrder: string[] = [];
  private hitIndex = 0;
  private selection = new Set<string>();
  private selectMode = false;
  private readonly streaming = new Map<string, string>();
  private suggestions: Suggestion[] = [];
  private branchFrom: string | null = null;
  private sending: PendingCall<ChatSendResult> | null = null;
  private previewCursor: string | null | undefined = undefined;
  private queue: Promise<void> = Promise.resolve();
  private pendingChange: { full: boolean; unitIds: Set<string> } | null = null;
  /** Streamed chunks received (shown nowhere; hosts' tests check that answers really stream). */
  private streamEvents = 0;

  readonly toolbar: Toolbar;
  readonly map: MapView;
  readonly chat: ChatView;
  readonly composer: Composer;
  readonly previewPanel: PreviewPanel;

  constructor(private readonly root: HTMLElement, private readonly rpc: WebRpc, private readonly channel: HostChannel) {
    this.toolbar = new Toolbar(root, {
      search: (q) => void this.search(q),
      undo: () => void this.history(M.historyUndo),
      redo: () => void this.history(M.historyRedo),
      preview: () => void this.showPreview(this.focusId),
      toggleSelectMode: () => this.toggleSelectMode(),
      batch: (scope) => void this.setScope([...this.selection], scope),
      clearSelection: () => this.clearSelection(),
    });
    const chatPane = h('div', { class: 'pane chat-pane' });
    const mapPane = h('div', { class: 'pane map-pane' });
    const panes = h('div', { class: 'panes' }, chatPane, mapPane);
    root.append(panes);
    this.chat = new ChatView(chatPane, {
      branchFrom: (id) => this.setBranchFrom(id),
      showContext: (id) => void this.showPreview(id),
      edit: (id, content) => this.guard(() => this.rpc.request(M.unitEdit, { unitId: id, content })).then(() => undefined),
      openSource: (u) => u.source && this.channel.post({ type: 'openLocation', uri: u.source.uri, range: u.source.range }),
      locate: (id) => this.map.reveal(id),
      resolveSuggestion: (id, d) => void this.resolveSuggestion(id, d),
      remember: (id, span) => void this.remember(id, span),
      openMemolet: (id) => void this.openMemolet(id),
    });
    this.composer = new Composer(chatPane, {
      send: (text) => void this.send(text),
      stop: () => this.sending?.cancel(),
      cancelBranch: () => this.setBranchFrom(null),
      complete: (prefix) => this.completeMemolets(prefix),
    });
    this.map = new MapView(mapPane, {
      locate: (id) => void this.locate(id),
      toggleSelected: (id) => this.toggleSelected(id),
      contextMenu: (id, x, y) => this.openNodeMenu(id, x, y),
    });
    // The preview docks as a third column so it never hides the map or the chat.
    this.previewPanel = new PreviewPanel(panes, () => {
      this.previewCursor = undefined;
      this.previewPanel.hide();
    });

    rpc.on(M.projectDidChange, (p) => this.onDidChange(p as DidChangeParams));
    rpc.on(M.chatDidStream, (p) => this.onDidStream(p as DidStreamParams));
    rpc.on(M.suggestionDidCreate, () => void this.enqueue(() => this.loadSuggestions()));
    rpc.on(M.suggestionDidChange, () => void this.enqueue(() => this.loadSuggestions()));
    channel.onMessage((msg) => {
      if (msg.type === 'init') {
        this.serverMethods = new Set(msg.methods);
        this.setView(msg.view);
        if (msg.projectId) void this.open(msg.projectId);
      } else if (msg.type === 'setProject') void this.open(msg.projectId);
      else if (msg.type === 'locate') void this.locate(msg.unitId);
      else if (msg.type === 'insertText') this.composer.insert(msg.text);
      else if (msg.type === 'rememberSelection' && !this.chat.rememberSelection()) {
        this.channel.post({ type: 'notify', level: 'warning', message: 'Grove: select text in a chat message first.' });
      }
    });
  }

  /** Tells the host the UI is listening; it answers with `init`. */
  start(): void {
    this.channel.post({ type: 'ready' });
  }

  /** A read-only view of the state, for tests and the benchmark. */
  snapshot() {
    return { projectId: this.projectId, focusId: this.focusId, branchFrom: this.branchFrom, unitCount: this.tree.size, branches: this.tree.branches, hits: [...this.hits], streamEvents: this.streamEvents };
  }

  setView(view: ViewKind): void {
    this.root.dataset.view = view;
  }

  async open(projectId: string): Promise<void> {
    this.projectId = projectId;
    this.focusId = null;
    this.lastCursorId = undefined;
    this.hits.clear();
    this.selection.clear();
    this.streaming.clear();
    this.branchFrom = null;
    this.composer.setBranchFrom(null);
    await this.enqueue(() => this.reload());
    // Start where the user is working, not at the top-left of a large map.
    if (this.focusId) this.map.reveal(this.focusId);
  }

  // ---- loading -------------------------------------------------------------------------------

  /** Runs loads one at a time so answers never apply out of order. */
  private enqueue(job: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(job).catch((e) => {
      // A unit this load named vanished between two reads (an undo or delete elsewhere landed in
      // between): load once more from scratch instead of showing the race as an error.
      if (e instanceof RpcRequestError && e.code === 1001 && this.projectId) return this.reload().catch((e2) => this.report(e2));
      return this.report(e);
    });
    return this.queue;
  }

  private async reload(): Promise<void> {
    if (!this.projectId) return;
    const snap = await this.rpc.request<ProjectSnapshot>(M.projectGet, { projectId: this.projectId });
    this.project = snap.project;
    // At the end of a chain, keep following it as it grows (answers, other clients' messages).
    const wasTip = this.focusId !== null && this.tree.units.has(this.focusId) && this.tree.chainTip(this.focusId) === this.focusId;
    this.tree = new TreeIndex(snap.units, snap.branches);
    if (wasTip && this.focusId && this.tree.units.has(this.focusId)) this.focusId = this.tree.chainTip(this.focusId);
    this.toolbar.setTitle(snap.project.title);
    this.chooseFocus();
    await this.loadPreviewMarks();
    await this.loadSuggestions();
    this.render();
  }

  /** Applies changed units in place (scope flags, edits): the structure and layout stay. */
  private async reloadUnits(ids: string[]): Promise<void> {
    const res = await this.rpc.request<{ units: Unit[] }>(M.unitGetMany, { unitIds: ids });
    this.tree = this.tree.withUnits(res.units);
    await this.loadPreviewMarks();
    this.render();
  }

  private chooseFocus(): void {
    const p = this.project!;
    const cursor = p.cursorId ?? null;
    // Follow the shared cursor when another client (or the core) moved it.
    if (cursor !== this.lastCursorId && cursor && this.tree.units.has(cursor)) this.focusId = cursor;
    this.lastCursorId = cursor;
    if (this.focusId && this.tree.units.has(this.focusId)) return;
    const main = this.tree.mainline();
    const end = p.mainlineEndId && this.tree.units.has(p.mainlineEndId) ? p.mainlineEndId : null;
    this.focusId = end ?? (main ? main.unitIds[main.unitIds.length - 1] ?? null : null);
  }

  private async loadPreviewMarks(): Promise<void> {
    if (!this.projectId) return;
    const preview = await this.rpc.request<ScopePreview>(M.scopePreview, { projectId: this.projectId, cursorId: this.focusId });
    this.marks = markUnits(this.tree.units.values(), preview);
    if (this.previewCursor !== undefined) await this.refreshPreviewPanel();
  }

  private async loadSuggestions(): Promise<void> {
    if (!this.projectId || !this.serverMethods.has(M.suggestionList)) return;
    // Cards are optional: a failure here is reported but must not keep the chat from rendering.
    const res = await this.guard(() => this.rpc.request<{ suggestions: Suggestion[] }>(M.suggestionList, { projectId: this.projectId }));
    // Deferred cards stay (the user may still accept or reject them); resolved and ignored ones go.
    this.suggestions = (res?.suggestions ?? []).filter((s) => !s.state || s.state === 'pending' || s.state === 'deferred');
    this.render();
  }

  private onDidChange(p: DidChangeParams): void {
    if (p.projectId !== this.projectId) return;
    const known = p.unitIds.every((id) => this.tree.units.has(id));
    const full = !(known && isUnitOnlyChange(p.op) && p.unitIds.length > 0);
    // Coalesce bursts of notifications into one load.
    if (this.pendingChange) {
      this.pendingChange.full ||= full;
      p.unitIds.forEach((id) => this.pendingChange!.unitIds.add(id));
      return;
    }
    this.pendingChange = { full, unitIds: new Set(p.unitIds) };
    void this.enqueue(async () => {
      const change = this.pendingChange!;
      this.pendingChange = null;
      if (change.full) await this.reload();
      else await this.reloadUnits([...change.unitIds]);
    });
  }

  private onDidStream(p: DidStreamParams): void {
    if (p.projectId !== this.projectId) return;
    this.streamEvents++;
    this.streaming.set(p.unitId, (this.streaming.get(p.unitId) ?? '') + p.text);
    if (!this.tree.units.has(p.unitId)) {
      // The answer's unit is new: load it and follow it.
      void this.enqueue(async () => {
        await this.reload();
        if (this.sending && this.tree.units.has(p.unitId)) {
          this.focusId = p.unitId;
          await this.loadPreviewMarks();
          this.render();
        }
      });
      return;
    }
    this.render();
  }

  private render(): void {
    // Streamed text is only a preview of a unit that is still streaming; the unit's own content
    // takes over once the core marks it complete (or interrupted).
    for (const id of [...this.streaming.keys()]) {
      const u = this.tree.units.get(id);
      if (u && u.status !== 'streaming') this.streaming.delete(id);
    }
    const st = {
      tree: this.tree,
      marks: this.marks,
      focusId: this.focusId,
      cursorId: this.project?.cursorId ?? null,
      hits: this.hits,
      selection: this.selection,
      selectMode: this.selectMode,
      streaming: this.streaming,
      suggestions: this.suggestions,
      canRemember: this.serverMethods.has(M.memoletCreate),
    };
    this.map.update(st);
    this.chat.update(st);
    this.toolbar.setSelection(this.selectMode, this.selection.size);
  }

  // ---- actions -------------------------------------------------------------------------------

  /** Shows a unit in chat; a unit off the shown path switches the chat to that unit's chain. */
  async locate(unitId: string): Promise<void> {
    if (!this.tree.units.has(unitId)) return;
    const shown = this.focusId ? [...this.tree.pathTo(this.focusId), ...this.tree.continuation(this.focusId)] : [];
    if (!shown.some((u) => u.id === unitId)) {
      this.focusId = this.tree.chainTip(unitId);
      if (this.serverMethods.has(M.projectSetCursor)) {
        this.lastCursorId = this.focusId;
        await this.guard(() => this.rpc.request(M.projectSetCursor, { projectId: this.projectId, cursorId: this.focusId }));
      }
      await this.enqueue(() => this.loadPreviewMarks());
      this.render();
    }
    this.chat.reveal(unitId);
    this.map.reveal(unitId);
    // A map-only view has no chat of its own: let the host show the unit in the conversation.
    if (this.root.dataset.view === 'map') this.channel.post({ type: 'reveal', unitId });
  }

  setBranchFrom(unitId: string | null): void {
    this.branchFrom = unitId;
    const u = unitId ? this.tree.units.get(unitId) : undefined;
    this.composer.setBranchFrom(u ? `“${u.content.slice(0, 40)}”` : null);
  }

  async send(text: string): Promise<void> {
    if (!this.projectId) return;
    const parentId = this.branchFrom ?? this.focusId;
    const branch = this.branchFrom ? { title: text.slice(0, 48) } : undefined;
    this.setBranchFrom(null);
    if (this.serverMethods.has(M.chatSend)) {
      const call = this.rpc.call<ChatSendResult>(M.chatSend, { projectId: this.projectId, parentId, content: text, ...(branch ? { branch } : {}) });
      this.sending = call;
      this.composer.setBusy(true);
      try {
        const res = await call.promise;
        this.focusId = res.assistantUnit.id;
      } catch (e) {
        if (!(e instanceof RpcRequestError && e.code === -32800)) this.report(e);
      } finally {
        this.sending = null;
        this.composer.setBusy(false);
        this.streaming.clear();
        await this.enqueue(() => this.reload());
      }
      return;
    }
    // No chat on this server yet: record the message as a unit so the tree still grows.
    const unit = await this.guard(() => this.rpc.request<Unit>(M.unitAppend, { projectId: this.projectId, parentId, role: 'user', kind: 'message', content: text, ...(branch ? { branch } : {}) }));
    if (unit) this.focusId = unit.id;
    await this.enqueue(() => this.reload());
  }

  private async setScope(unitIds: string[], scope: 'auto' | 'included' | 'excluded' | 'toggle'): Promise<void> {
    if (unitIds.length === 0) return;
    await this.guard(() => this.rpc.request(M.unitSetScope, { unitIds, scope, ...(this.focusId ? { cursorId: this.focusId } : {}) }));
    this.clearSelection();
  }

  private async history(method: string): Promise<void> {
    await this.guard(() => this.rpc.request(method, { projectId: this.projectId }));
  }

  private async search(query: string): Promise<void> {
    if (!query) {
      this.hits.clear();
      this.hitOrder = [];
      this.toolbar.setStatus('');
      this.render();
      return;
    }
    if (this.hitOrder.length > 0 && this.lastQuery === query) {
      // Enter again walks through the matches.
      this.hitIndex = (this.hitIndex + 1) % this.hitOrder.length;
      await this.locate(this.hitOrder[this.hitIndex]);
      return;
    }
    const res = await this.guard(() => this.rpc.request<{ hits: SearchHit[] }>(M.search, { query, projectId: this.projectId, limit: 200 }));
    this.lastQuery = query;
    this.hitOrder = (res?.hits ?? []).map((x) => x.unitId).filter((id) => this.tree.units.has(id));
    this.hits = new Set(this.hitOrder);
    this.hitIndex = 0;
    this.toolbar.setStatus(`${this.hitOrder.length} match${this.hitOrder.length === 1 ? '' : 'es'}`);
    this.render();
    if (this.hitOrder.length > 0) await this.locate(this.hitOrder[0]);
  }
  private lastQuery = '';

  private async showPreview(cursorId: string | null): Promise<void> {
    this.previewCursor = cursorId;
    await this.guard(() => this.refreshPreviewPanel());
  }

  private async refreshPreviewPanel(): Promise<void> {
    if (!this.projectId || this.previewCursor === undefined) return;
    const preview = await this.rpc.request<ScopePreview>(M.scopePreview, { projectId: this.projectId, cursorId: this.previewCursor });
    const u = this.previewCursor ? this.tree.units.get(this.previewCursor) : undefined;
    this.previewPanel.show(u ? `Context from “${u.content.slice(0, 30)}”` : 'Context (no cursor)', preview);
  }

  private toggleSelectMode(): void {
    this.selectMode = !this.selectMode;
    if (!this.selectMode) this.selection.clear();
    this.render();
  }

  private toggleSelected(unitId: string): void {
    if (!this.selectMode) this.selectMode = true;
    if (this.selection.has(unitId)) this.selection.delete(unitId);
    else this.selection.add(unitId);
    this.render();
  }

  private clearSelection(): void {
    this.selection.clear();
    this.render();
  }

  private openNodeMenu(unitId: string, x: number, y: number): void {
    const items = nodeMenuItems(unitId, this.tree, {
      branchFrom: (id) => this.setBranchFrom(id),
      setScope: (ids, scope) => void this.setScope(ids, scope),
      setMainline: (edge, id) => void this.guard(() => this.rpc.request(M.mainlineSet, { projectId: this.projectId, [edge]: id })),
      delete: (id) => void this.deleteUnit(id),
      renameBranch: (id) => void this.renameBranch(id),
    });
    openMenu(items, x, y);
  }

  private async deleteUnit(unitId: string): Promise<void> {
    const preview = await this.guard(() => this.rpc.request<{ removed: string[]; placeholders: string[] }>(M.unitDelete, { unitIds: [unitId], preview: true }));
    if (!preview) return;
    const lines = [`Removes ${preview.removed.length} unit${preview.removed.length === 1 ? '' : 's'}.`];
    if (preview.placeholders.length) lines.push(`Leaves ${preview.placeholders.length} placeholder${preview.placeholders.length === 1 ? '' : 's'} to keep the tree connected.`);
    lines.push('Undo brings it back.');
    if (await confirmDialog('Delete unit?', lines, 'Delete')) {
      await this.guard(() => this.rpc.request(M.unitDelete, { unitIds: [unitId] }));
    }
  }

  private async renameBranch(unitId: string): Promise<void> {
    const branch = this.tree.chain(unitId)?.branch;
    if (!branch) return;
    const title = await promptDialog('Rename branch', branch.title ?? '');
    if (title === null) return;
    await this.guard(() => this.rpc.request(M.branchUpdate, { projectId: this.projectId, headId: branch.headId, title }));
  }

  private async resolveSuggestion(id: string, decision: SuggestionDecision): Promise<void> {
    await this.guard(() => this.rpc.request(M.suggestionResolve, { suggestionId: id, decision }));
    await this.enqueue(() => this.loadSuggestions());
  }

  // ---- memolets ------------------------------------------------------------------------------

  /** `@` completion; null when the server has no memolets (the composer then shows nothing). */
  private completeMemolets(prefix: string): Promise<readonly MemoletCompletion[]> | null {
    if (!this.serverMethods.has(M.memoletComplete)) return null;
    return this.rpc
      .request<{ items: MemoletCompletion[] }>(M.memoletComplete, { prefix, limit: 8, ...(this.projectId ? { projectId: this.projectId } : {}) })
      .then((r) => r.items ?? []);
  }

  private async remember(unitId: string, span: { start: number; end: number } | null): Promise<void> {
    if (!this.projectId) return;
    const params = span ? { projectId: this.projectId, unitId, span } : { projectId: this.projectId, unitIds: [unitId] };
    const m = await this.guard(() => this.rpc.request<Memolet>(M.memoletCreate, params));
    if (m) {
      this.toolbar.setStatus(`Memolet “${m.title}” created`);
      this.channel.post({ type: 'notify', level: 'info', message: `Grove: memolet “${m.title}” created. Type @ in a message to refer to it.` });
    }
  }

  /** A reference chip: show where the memolet came from when it is in this conversation. */
  private async openMemolet(memoletId: string): Promise<void> {
    if (!this.serverMethods.has(M.memoletGet)) return;
    const res = await this.guard(() => this.rpc.request<{ memolet: Memolet; text: string }>(M.memoletGet, { memoletId }));
    if (!res) return;
    const here = res.memolet.sourceUnitIds.find((id) => this.tree.units.has(id));
    if (here) await this.locate(here);
    this.toolbar.setStatus(`@${res.memolet.title}: ${res.memolet.summary || res.text.slice(0, 120)}`);
  }

  /** Runs a request and reports its failure to the user instead of throwing. */
  private async guard<T>(fn: () => Promise<T>): Promise<T | undefined> {
    try {
      return await fn();
    } catch (e) {
      this.report(e);
      return undefined;
    }
  }

  private report(e: unknown): void {
    const message = e instanceof Error ? e.message : String(e);
    this.toolbar.setStatus(`Error: ${message}`);
    this.channel.post({ type: 'notify', level: 'error', message: `Grove: ${message}` });
  }
}
