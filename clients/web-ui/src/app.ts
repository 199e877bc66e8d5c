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
import { structureRequest } from './channel/treeRequest';
import { markUnits, type ScopeMarks } from './model/scopeMarks';
import { TreeIndex, unitHead } from './model/tree';
import type { Capsule, CompactProjectStructure, DidChangeParams, DidStreamParams, Initiative, Memolet, MemoletCompletion, MemoryMap, PackedProjectStructure, Project, ProjectSnapshot, ProjectStructure, ScopePreview, SearchHit, Suggestion, TurnResult, Unit, UserModel } from './model/types';
import type { PanelName } from './channel/messages';
import { capsuleList } from './panels/capsules';
import { memoryMapPanel } from './panels/memoryMap';
import { refineParams, refinePanel, type RefineState } from './panels/refine';
import { settingsPanel } from './panels/settings';
import { SidePanel } from './ui/sidePanel';
import { openMenu } from './ui/contextMenu';
import { nodeMenuItems } from './map/nodeMenu';
import { choiceDialog, confirmDialog, promptDialog } from './ui/dialog';
import { h } from './ui/dom';
import { PreviewPanel } from './ui/previewPanel';
import { Toolbar } from './ui/toolbar';
import { isUnitOnlyChange } from './model/changes';
import { splitReferences } from './chat/references';

/** The memolet ids an answer cites, in order of first citation. */
function splitCitations(text: string): string[] {
  return [...new Set(splitReferences(text).flatMap((p) => ('citation' in p && p.citation ? [p.memoletId] : [])))];
}

type ChatSendResult = TurnResult;

/** PROTOCOL.md's input limit: ids per list parameter in one call. */
const UNITS_PER_CALL = 1000;

export class App {
  private serverMethods = new Set<string>();
  /** When the page told the host it listens and when the host's init came (performance.now()). */
  private readonly startTimes = { ready: 0, init: 0 };
  private projectId: string | null = null;
  private project: Project | null = null;
  private tree = new TreeIndex([], []);
  private marks: ScopeMarks = markUnits(new Map(), null);
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
  private pendingChange: { full: boolean; unitIds: Set<string>; revision: number } | null = null;
  /** The project revision the views show (PROTOCOL.md, "When a client must refetch"). */
  private revision = -1;
  /** Streamed units whose load is queued. */
  private readonly awaited = new Set<string>();
  /** Units whose text was asked for since the tree was last read (each is asked for once). */
  private textAsked = new Set<string>();
  /** Streamed chunks received (shown nowhere; hosts' tests check that answers really stream). */
  private streamEvents = 0;
  /** What each turn of this session reported (memories used and cited), by answer id. */
  private readonly turns = new Map<string, TurnResult>();
  private refineState: RefineState | null = null;
  private memory: { map: MemoryMap; titles: Map<string, Memolet>; selected: string | null; k: number | null } | null = null;

  readonly toolbar: Toolbar;
  readonly map: MapView;
  readonly chat: ChatView;
  readonly composer: Composer;
  readonly previewPanel: PreviewPanel;
  readonly sidePanel: SidePanel;

  constructor(private readonly root: HTMLElement, private readonly rpc: WebRpc, private readonly channel: HostChannel) {
    this.toolbar = new Toolbar(root, {
      search: (q) => void this.search(q),
      undo: () => void this.history(M.historyUndo),
      redo: () => void this.history(M.historyRedo),
      preview: () => void this.showPreview(this.focusId),
      toggleSelectMode: () => this.toggleSelectMode(),
      batch: (scope) => void this.setScope([...this.selection], scope),
      clearSelection: () => this.clearSelection(),
      extract: () => void this.extractCapsule([...this.selection]),
      returnFromBranch: () => {
        if (this.focusId) void this.returnFromBranch(this.focusId);
      },
      panel: (name) => void this.showPanel(name),
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
      regenerate: (id) => void this.turn(M.chatRegenerate, { unitId: id }),
      refine: (id) => void this.openRefine(id),
      toggleScope: (id) => void this.setScope([id], 'toggle'),
      history: (id) => void this.showHistory(id),
      needText: (ids) => this.needText(ids),
    });
    this.composer = new Composer(chatPane, {
      send: (text) => void this.send(text),
      stop: () => this.sending?.cancel(),
      cancelBranch: () => this.setBranchFrom(null),
      complete: (prefix) => this.completeMemolets(prefix),
      check: (text) => void this.check(text),
    });
    this.map = new MapView(mapPane, {
      locate: (id) => void this.locate(id),
      toggleSelected: (id) => this.toggleSelected(id),
      contextMenu: (id, x, y) => this.openNodeMenu(id, x, y),
      needLabels: (ids) => this.needText(ids),
    });
    // The preview docks as a third column so it never hides the map or the chat.
    this.previewPanel = new PreviewPanel(panes, () => {
      this.previewCursor = undefined;
      this.previewPanel.hide();
    });
    this.sidePanel = new SidePanel(panes, () => {
      this.refineState = null;
      this.memory = null;
    });

    rpc.on(M.projectDidChange, (p) => this.onDidChange(p as DidChangeParams));
    rpc.on(M.chatDidStream, (p) => this.onDidStream(p as DidStreamParams));
    rpc.on(M.suggestionDidCreate, () => void this.enqueue(() => this.loadSuggestions()));
    rpc.on(M.suggestionDidChange, () => void this.enqueue(() => this.loadSuggestions()));
    channel.onMessage((msg) => {
      if (msg.type === 'init') {
        this.startTimes.init ||= performance.now();
        this.serverMethods = new Set(msg.methods);
        const has = (m: string) => this.serverMethods.has(m);
        this.toolbar.setFeatures({ capsules: has(M.capsuleList), settings: has(M.initiativeGet) && has(M.userModelGet), memory: has(M.memoletMap) });
        this.composer.checkButton.hidden = !has(M.suggestionAnalyze);
        this.setView(msg.view);
        if (msg.projectId) void this.open(msg.projectId);
      } else if (msg.type === 'setProject') void this.open(msg.projectId);
      // A host sends `locate` right after `init` when it opens a panel on a unit (a search hit):
      // it waits for the loads already queued (the project `init` began loading), or the unit is
      // not there yet; not for later ones, which a streaming answer keeps adding.
      else if (msg.type === 'locate') void this.queue.then(() => this.locate(msg.unitId));
      else if (msg.type === 'insertText') this.composer.insert(msg.text);
      else if (msg.type === 'showPanel') void this.showPanel(msg.panel);
      else if (msg.type === 'rememberSelection' && !this.chat.rememberSelection()) {
        this.channel.post({ type: 'notify', level: 'warning', message: 'Grove: select text in a chat message first.' });
      }
    });
  }

  /** Tells the host the UI is listening; it answers with `init`. */
  start(): void {
    this.startTimes.ready = performance.now();
    this.channel.post({ type: 'ready' });
  }

  /** A read-only view of the state, for tests and the benchmark. */
  snapshot() {
    return { projectId: this.projectId, focusId: this.focusId, branchFrom: this.branchFrom, unitCount: this.tree.size, branches: this.tree.branches, hits: [...this.hits], streamEvents: this.streamEvents, revision: this.revision, textMissing: this.tree.missingTextCount() };
  }

  /** The last requests to the core with when each was sent and answered; for automation and benchmarks. */
  requestTimings() {
    return this.rpc.recentTimings();
  }

  /** When the page said it was ready and when the host's init arrived (ms from the page's start); for benchmarks. */
  startTimings(): { readonly ready: number; readonly init: number } {
    return { ...this.startTimes };
  }

  /** Resolves once every load queued so far (and any it queued) has run; for tests. */
  async settled(): Promise<void> {
    for (let q = this.queue; ; ) {
      await q;
      if (q === this.queue) return;
      q = this.queue;
    }
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
    this.revision = -1;
    await this.enqueue(() => this.reload(true));
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

  /** Loads the project and the scope at the focus. Suggestions only when the project is opened
   *  (`withSuggestions`): afterwards their own notifications say when they change. */
  private async reload(withSuggestions = false): Promise<void> {
    if (!this.projectId) return;
    // At the end of a chain, keep following it as it grows (answers, other clients' messages).
    const wasTip = this.focusId !== null && this.tree.units.has(this.focusId) && this.tree.chainTip(this.focusId) === this.focusId;
    const read = await this.readTree(this.projectId);
    this.project = read.project;
    this.revision = Math.max(this.revision, read.project.revision);
    this.tree = read.tree;
    this.textAsked.clear();
    if (wasTip && this.focusId && this.tree.units.has(this.focusId)) this.focusId = this.tree.chainTip(this.focusId);
    this.toolbar.setTitle(read.project.title);
    this.chooseFocus();
    // The map's labels on screen come with the chat's text (a tree read without heads): centred
    // on the focus when the project was just opened (revealed after the render below), else
    // where the map is.
    await this.focusMoved(this.map.labelsWanted(this.tree, withSuggestions ? this.focusId : null));
    // Drawn before the cards are asked for: they are one more round trip, and loadSuggestions
    // draws again when they come.
    this.render();
    // Just opened: start where the user is working, not at the top-left of a large map; before
    // the first frame is drawn, which would otherwise show (and fetch the labels of) the top-left.
    if (withSuggestions && this.focusId) this.map.reveal(this.focusId);
    if (withSuggestions) await this.loadSuggestions();
  }

  /** After a change of ours whose result names the `revision` it made: when the views already
   *  show it (its didChange was applied first) only the focus (its text and scope) is asked for;
   *  otherwise the project is loaded once, and the didChange that follows is skipped. */
  private async catchUp(revision: number | undefined): Promise<void> {
    if (revision === undefined || revision > this.revision) return this.reload();
    await this.focusMoved();
    this.render();
  }

  /**
   * The whole tree: its structure without text (grove/project/structure; the text of what the
   * chat shows follows with grove/unit/getMany), or everything on cores without that read.
   */
  private async readTree(projectId: string): Promise<{ project: Project; tree: TreeIndex }> {
    if (this.serverMethods.has(M.projectStructure)) {
      const { method, params } = structureRequest(projectId);
      const s = await this.rpc.request<ProjectStructure | CompactProjectStructure | PackedProjectStructure>(method, params);
      return { project: s.project, tree: TreeIndex.fromStructure(projectId, s) };
    }
    const snap = await this.rpc.request<ProjectSnapshot>(M.projectGet, { projectId });
    return { project: snap.project, tree: new TreeIndex(snap.units, snap.branches) };
  }

  /** The focus is new (or the tree is): the text the chat will show (and of `alsoIds`) and the
   *  scope marks. */
  private async focusMoved(alsoIds: readonly string[] = []): Promise<void> {
    const { path, after } = this.chat.unitsFor(this.tree, this.focusId);
    const ids = new Set([...path, ...after].map((u) => u.id));
    for (const id of alsoIds) ids.add(id);
    // Independent reads, so one round trip: the marks go by id and scope, which the text leaves alone.
    await Promise.all([this.loadText([...ids]), this.loadPreviewMarks()]);
  }

  /** Fetches the text of those of `ids` that have only their head (see withUnitsById). */
  private async loadText(ids: readonly string[]): Promise<void> {
    const missing = this.tree.missingText(ids);
    if (missing.length === 0) return;
    missing.forEach((id) => this.textAsked.add(id));
    await this.withUnitsById(missing);
  }

  /**
   * Puts the units of `ids` into the tree, read with grove/unit/getMany in parts of PROTOCOL.md's
   * limit of 1000 ids a call, asked together: a long path revealed from far back, or a change to
   * many units, would be refused whole. The parts that arrive are kept when another fails, whose
   * error is then thrown.
   */
  private async withUnitsById(ids: readonly string[]): Promise<void> {
    const parts: Promise<{ units: Unit[] }>[] = [];
    for (let i = 0; i < ids.length; i += UNITS_PER_CALL) {
      parts.push(this.rpc.request<{ units: Unit[] }>(M.unitGetMany, { unitIds: ids.slice(i, i + UNITS_PER_CALL) }));
    }
    const settled = await Promise.allSettled(parts);
    this.tree = this.tree.withUnits(settled.flatMap((r) => (r.status === 'fulfilled' ? r.value.units : [])));
    const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /** The chat met units without text (an earlier part of a long path): load them, then redraw. */
  private needText(ids: string[]): void {
    // Once per tree: a unit the core no longer returns must not be asked for on every render.
    const fresh = ids.filter((id) => !this.textAsked.has(id));
    if (fresh.length === 0) return;
    fresh.forEach((id) => this.textAsked.add(id));
    void this.enqueue(async () => {
      await this.loadText(fresh);
      this.render();
    });
  }

  /** Applies changed units in place (scope flags, edits): the structure and layout stay. */
  private async reloadUnits(ids: string[]): Promise<void> {
    await this.withUnitsById(ids);
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
    // The marks need the ids only: without the text (half a megabyte at the tip of 1,000
    // messages). A core that does not know withText sends the text, which changes nothing here.
    const preview = await this.rpc.request<ScopePreview>(M.scopePreview, { projectId: this.projectId, cursorId: this.focusId, withText: false });
    this.marks = markUnits(this.tree.units, preview);
    if (this.previewCursor !== undefined) await this.refreshPreviewPanel();
  }

  private async loadSuggestions(): Promise<void> {
    if (!this.projectId || !this.serverMethods.has(M.suggestionList)) return;
    // Cards are optional: a failure here is reported but must not keep the chat from rendering.
    const res = await this.guard(() => this.rpc.request<{ suggestions: Suggestion[] }>(M.suggestionList, { projectId: this.projectId }));
    // Deferred cards stay (the user may still accept or reject them); resolved and ignored ones go.
    const shown = (res?.suggestions ?? []).filter((s) => !s.state || s.state === 'pending' || s.state === 'deferred');
    // No cards before or after (most opens): the views are already drawn as they should be.
    if (shown.length === 0 && this.suggestions.length === 0) return;
    this.suggestions = shown;
    this.render();
  }

  private onDidChange(p: DidChangeParams): void {
    if (p.projectId !== this.projectId) return;
    // Already shown: announced after a result or a reload that brought the views there.
    if (p.revision <= this.revision) return;
    const known = p.unitIds.every((id) => this.tree.units.has(id));
    const full = !(known && isUnitOnlyChange(p.op) && p.unitIds.length > 0);
    // Coalesce bursts of notifications into one load.
    if (this.pendingChange) {
      this.pendingChange.full ||= full;
      this.pendingChange.revision = Math.max(this.pendingChange.revision, p.revision);
      p.unitIds.forEach((id) => this.pendingChange!.unitIds.add(id));
      return;
    }
    this.pendingChange = { full, unitIds: new Set(p.unitIds), revision: p.revision };
    void this.enqueue(async () => {
      const change = this.pendingChange!;
      this.pendingChange = null;
      if (change.revision <= this.revision) return;  // a reload meanwhile brought it
      if (change.full) await this.reload();
      else {
        await this.reloadUnits([...change.unitIds]);
        this.revision = Math.max(this.revision, change.revision);
      }
    });
  }

  private onDidStream(p: DidStreamParams): void {
    if (p.projectId !== this.projectId) return;
    this.streamEvents++;
    this.streaming.set(p.unitId, (this.streaming.get(p.unitId) ?? '') + p.text);
    if (!this.tree.units.has(p.unitId)) {
      // The answer's unit is new: load it (once, however many pieces arrive before the load
      // lands) and follow it.
      if (this.awaited.has(p.unitId)) return;
      this.awaited.add(p.unitId);
      void this.enqueue(async () => {
        try {
          await this.reload();
        } finally {
          this.awaited.delete(p.unitId);
        }
        if (this.sending && this.tree.units.has(p.unitId)) {
          this.focusId = p.unitId;
          await this.focusMoved();
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
      features: { regenerate: this.serverMethods.has(M.chatRegenerate), refine: this.serverMethods.has(M.chatRefine), revisions: this.serverMethods.has(M.unitRevisions) },
      turns: this.turns,
    };
    this.map.update(st);
    this.chat.update(st);
    const here = this.focusId ? this.tree.chain(this.focusId)?.branch : undefined;
    this.toolbar.setBranch(this.branchLabel(), !!here && !here.isMainline && this.serverMethods.has(M.branchReturn));
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
      await this.enqueue(() => this.focusMoved());
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
    this.composer.setBranchFrom(u ? `“${unitHead(u).slice(0, 40)}”` : null);
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
      let revision: number | undefined;
      try {
        const res = await call.promise;
        this.took(res);
        revision = res.revision;
      } catch (e) {
        if (!(e instanceof RpcRequestError && e.code === -32800)) this.report(e);
      } finally {
        this.sending = null;
        this.composer.setBusy(false);
        this.streaming.clear();
        await this.enqueue(() => this.catchUp(revision));
      }
      return;
    }
    // No chat on this server yet: record the message as a unit so the tree still grows.
    const unit = await this.guard(() => this.rpc.request<Unit>(M.unitAppend, { projectId: this.projectId, parentId, role: 'user', kind: 'message', content: text, ...(branch ? { branch } : {}) }));
    if (unit) this.focusId = unit.id;
    await this.enqueue(() => this.reload());
  }

  /** Keeps what a turn reported and follows its answer. */
  private took(res: TurnResult): void {
    this.focusId = res.assistantUnit.id;
    if (res.retrieved || res.citations) this.turns.set(res.assistantUnit.id, res);
  }

  /** Regenerate or refine: a new answer (on a branch of its own), followed like a sent one. */
  private async turn(method: string, params: Record<string, unknown>): Promise<TurnResult | undefined> {
    if (this.sending) {
      this.toolbar.setStatus('An answer is still running: stop it first.');
      return undefined;
    }
    const call = this.rpc.call<TurnResult>(method, params);
    this.sending = call;
    this.composer.setBusy(true);
    let revision: number | undefined;
    try {
      const res = await call.promise;
      this.took(res);
      revision = res.revision;
      return res;
    } catch (e) {
      if (!(e instanceof RpcRequestError && e.code === -32800)) this.report(e);
      return undefined;
    } finally {
      this.sending = null;
      this.composer.setBusy(false);
      this.streaming.clear();
      await this.enqueue(() => this.catchUp(revision));
    }
  }

  /** The branch the chat is on: where the next message (and an editor's capture) goes. */
  private branchLabel(): string {
    if (!this.focusId) return '';
    const chain = this.tree.chain(this.focusId);
    if (!chain?.branch || chain.branch.isMainline) return 'on the main line';
    const b = chain.branch;
    return `on branch “${b.title || 'untitled'}”${b.status && b.status !== 'open' ? ` (${b.status})` : ''}`;
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
    this.previewPanel.show(u ? `Context from “${unitHead(u).slice(0, 30)}”` : 'Context (no cursor)', preview);
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
      returnFromBranch: (id) => void this.returnFromBranch(id),
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

  /** Does by hand what an accepted return card does: the core completes the branch with the
   *  summary typed here (empty: the one it writes) and moves the cursor back, which the
   *  didChange that follows shows. */
  private async returnFromBranch(unitId: string): Promise<void> {
    const branch = this.tree.chain(unitId)?.branch;
    if (!branch || branch.isMainline) return;
    const title = branch.title || 'untitled';
    const summary = await promptDialog(`Return from “${title}”: what did it find? (empty: Grove summarizes it)`, '');
    if (summary === null) return;
    const params = { projectId: this.projectId, headId: branch.headId, ...(summary.trim() ? { summary } : {}) };
    const res = await this.guard(() => this.rpc.request<{ branch: { summary: string | null } }>(M.branchReturn, params));
    if (res) this.toolbar.setStatus(`Returned from “${title}” (completed)`);
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
    // Its full text beside the chat, whichever conversation it came from.
    if (this.sidePanel.name !== 'refine' && this.sidePanel.name !== 'memory') {
      this.sidePanel.show('memolet', res.memolet.title, h('p', { class: 'muted' }, `memolet:${res.memolet.id}`), h('pre', { class: 'memolet-text' }, res.text));
    }
  }

  // ---- side panels -------------------------------------------------------------------------

  async showPanel(name: PanelName): Promise<void> {
    if (name === 'capsules') await this.showCapsules();
    else if (name === 'settings') await this.showSettings();
    else await this.showMemory(null);
  }

  private async showCapsules(): Promise<void> {
    const res = await this.guard(() => this.rpc.request<{ capsules: Capsule[] }>(M.capsuleList, {}));
    if (!res) return;
    const again = () => void this.showCapsules();
    const change = async (method: string, params: Record<string, unknown>, done: string) => {
      if (await this.guard(() => this.rpc.request<Capsule>(method, params))) this.toolbar.setStatus(done);
      again();
    };
    this.sidePanel.show(
      'capsules',
      `Capsules (${res.capsules.length})`,
      capsuleList(res.capsules, this.projectId, {
        review: (id) => void change(M.capsuleUpdate, { capsuleId: id, reviewed: true }, 'Capsule reviewed: it can be enabled now.'),
        setEnabled: (id, enabled) => void change(M.capsuleSetEnabled, { capsuleId: id, projectId: this.projectId, enabled }, enabled ? 'Capsule enabled in this conversation.' : 'Capsule disabled here.'),
        save: (id, fields) => void change(M.capsuleUpdate, { capsuleId: id, ...fields }, 'Capsule saved.'),
        remove: async (c) => {
          if (await confirmDialog('Delete capsule?', [`“${c.name}” leaves every conversation it is enabled in.`], 'Delete')) await change(M.capsuleDelete, { capsuleId: c.id }, 'Capsule deleted.');
        },
      }),
    );
  }

  private async extractCapsule(unitIds: string[]): Promise<void> {
    if (!this.projectId || unitIds.length === 0) return;
    const type = await choiceDialog('Extract a capsule of these units', [
      ['task_sop', 'Task SOP: the steps of a procedure'],
      ['reasoning', 'Reasoning: a way of working a problem out'],
      ['context_case', 'Context case: a situation and what mattered in it'],
    ]);
    if (!type) return;
    const c = await this.guard(() => this.rpc.request<Capsule>(M.capsuleExtract, { projectId: this.projectId, unitIds, type }));
    if (!c) return;
    this.clearSelection();
    this.toolbar.setStatus(`Capsule “${c.name}” extracted: review it before enabling it.`);
    await this.showCapsules();
  }

  private async showSettings(): Promise<void> {
    const [initiative, model] = await Promise.all([
      this.projectId ? this.guard(() => this.rpc.request<Initiative>(M.initiativeGet, { projectId: this.projectId })) : Promise.resolve(undefined),
      this.guard(() => this.rpc.request<UserModel>(M.userModelGet, {})),
    ]);
    this.sidePanel.show(
      'settings',
      'Settings',
      settingsPanel(initiative ?? null, model ?? null, {
        saveInitiative: async (value) => {
          if (await this.guard(() => this.rpc.request<Initiative>(M.initiativeSet, { projectId: this.projectId, ...value }))) this.toolbar.setStatus('Initiative saved.');
          await this.showSettings();
        },
        resetUserModel: async () => {
          if (!(await confirmDialog('Reset what Grove learnt?', ['Grove forgets how you like conversations structured and starts learning again.'], 'Reset'))) return;
          await this.guard(() => this.rpc.request<UserModel>(M.userModelReset, {}));
          await this.showSettings();
        },
      }),
    );
  }

  /** The refine panel for an answer: the memories it used and cited (this session), plus any added. */
  private async openRefine(unitId: string): Promise<void> {
    // Its citations are read from its text.
    await this.enqueue(() => this.loadText([unitId]));
    const unit = this.tree.units.get(unitId);
    if (!unit) return;
    const turn = this.turns.get(unitId);
    const st: RefineState = { unitId, entries: [], groups: [], found: [] };
    const put = (id: string, patch: Partial<RefineState['entries'][number]>) => {
      let e = st.entries.find((x) => x.id === id);
      if (!e) st.entries.push((e = { id, title: id, cited: false, retrieved: false, added: false, mark: 'keep', picked: false }));
      Object.assign(e, patch);
    };
    for (const id of turn?.retrieved ?? []) put(id, { retrieved: true });
    for (const c of turn?.citations ?? []) put(c.memoletId, { cited: true, title: c.title });
    for (const p of splitCitations(unit.content)) put(p, { cited: true });
    await Promise.all(
      st.entries.filter((e) => e.title === e.id).map(async (e) => {
        const got = await this.rpc.request<{ memolet: Memolet }>(M.memoletGet, { memoletId: e.id }).catch(() => null);
        if (got) e.title = got.memolet.title;
      }),
    );
    this.refineState = st;
    this.renderRefine();
  }

  private renderRefine(): void {
    const st = this.refineState;
    if (!st) return;
    const n = this.turns.get(st.unitId)?.retrieved?.length;
    this.sidePanel.show(
      'refine',
      n === undefined ? 'Refine this answer' : `Refine this answer (used ${n} memor${n === 1 ? 'y' : 'ies'})`,
      refinePanel(st, {
        changed: () => this.renderRefine(),
        search: async (query) => {
          if (!query) return;
          const res = await this.guard(() => this.rpc.request<{ results: { memolet: Memolet }[] }>(M.memoletSearch, { query, limit: 8 }));
          st.found = (res?.results ?? []).map((r) => ({ id: r.memolet.id, title: r.memolet.title }));
          this.renderRefine();
        },
        regenerate: async () => {
          const res = await this.turn(M.chatRefine, refineParams(st));
          if (res) await this.openRefine(res.assistantUnit.id);
        },
      }),
    );
  }

  private async showHistory(unitId: string): Promise<void> {
    const res = await this.guard(() => this.rpc.request<{ revisions: { content: string; editedAt: string }[] }>(M.unitRevisions, { unitId }));
    if (!res) return;
    const restore = async (content: string) => {
      await this.guard(() => this.rpc.request(M.unitEdit, { unitId, content }));
      this.toolbar.setStatus('Earlier text restored (Undo takes it back).');
      await this.showHistory(unitId);
    };
    this.sidePanel.show(
      'history',
      'Earlier texts',
      res.revisions.length === 0 ? h('p', { class: 'empty' }, 'This unit has not been edited.') : null,
      h('ol', { class: 'revisions' }, ...res.revisions.map((r) => h('li', { class: 'revision' }, h('span', { class: 'muted' }, r.editedAt), h('pre', {}, r.content), h('button', { class: 'revision-restore', onclick: () => void restore(r.content) }, 'Restore')))),
    );
  }

  /** "Check before sending": the suggestions the core would make for this text, nothing stored. */
  private async check(prompt: string): Promise<void> {
    if (!this.projectId) return;
    const res = await this.guard(() => this.rpc.request<{ suggestions: Suggestion[] }>(M.suggestionAnalyze, { projectId: this.projectId, cursorId: this.focusId, prompt }));
    if (!res) return;
    this.sidePanel.show(
      'check',
      'Before sending',
      res.suggestions.length === 0
        ? h('p', { class: 'check-none' }, 'Nothing to suggest: send it as it is.')
        : h('ul', { class: 'check-list' }, ...res.suggestions.map((s) => h('li', { class: `check-item kind-${s.kind}` }, h('strong', {}, s.kind), s.title ? ` “${s.title}”` : '', s.reason ? `: ${s.reason}` : ''))),
    );
  }

  private async showMemory(k: number | null): Promise<void> {
    const [map, list] = await Promise.all([
      this.guard(() => this.rpc.request<MemoryMap>(M.memoletMap, k ? { k } : {})),
      this.guard(() => this.rpc.request<{ memolets: Memolet[] }>(M.memoletList, {})),
    ]);
    if (!map) return;
    this.memory = { map, titles: new Map((list?.memolets ?? []).map((m) => [m.id, m])), selected: null, k };
    this.renderMemory();
  }

  private renderMemory(): void {
    const mem = this.memory;
    if (!mem) return;
    this.sidePanel.show(
      'memory',
      `Memory map · ${mem.map.points.length} memolets in ${mem.map.clusters.length} clusters`,
      memoryMapPanel(mem.map, mem.titles, mem.selected, {
        select: (id) => ((mem.selected = id), this.renderMemory()),
        recluster: (k) => void this.showMemory(k),
        open: (id) => void this.openMemolet(id),
        addToSandbox: async (id) => {
          if (this.projectId && (await this.guard(() => this.rpc.request(M.sandboxAdd, { projectId: this.projectId, memoletId: id })))) this.toolbar.setStatus(`“${mem.titles.get(id)?.title ?? id}” added to this conversation’s sandbox.`);
        },
      }),
    );
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
