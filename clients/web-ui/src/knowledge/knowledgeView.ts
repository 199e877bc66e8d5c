// The knowledge map of a workspace (issue 17, DESIGN.md §11.3): the node graph laid out
// breadth-first from left to right, semantic zoom, a toolbar on the selected node (scoped ask,
// suggest children, star, delete), node creation, edges dragged from node to node, Rearrange, the
// chat of grove/knowledge/ask, and ingestion with progress. Every change goes to the core as
// grove/knowledge/edit ops; the view re-reads the map after its own changes and on didChange.

import type { HostChannel } from '../channel/hostChannel';
import { methods as M } from '../channel/methods';
import type { WebRpc } from '../channel/rpc';
import type { Citation, IngestResult, KnowledgeChange, KnowledgeEdge, KnowledgeNode, KnowledgeOp, KnowledgeSnapshot, KnowledgeTurn, Point, ProgressParams } from '../model/knowledgeTypes';
import type { Suggestion } from '../model/types';
import { promptDialog } from '../ui/dialog';
import { clear, h } from '../ui/dom';
import { WorkspaceView } from '../ui/workspaceView';
import { startersView, turnView, type TurnActions } from './knowledgeChat';
import { layoutKnowledge, zoomDetail, type Placed } from './knowledgeLayout';

const SVG = 'http://www.w3.org/2000/svg';
const NODE_W = 200;
const NODE_H = 48;
/** LSP's progress notification (not a grove/* method, so not in the protocol mirror). */
const PROGRESS = '$/progress';

export class KnowledgeView extends WorkspaceView {
  readonly el: HTMLElement;
  private readonly viewport: HTMLElement;
  private readonly world: HTMLElement;
  private readonly edgeLayer: SVGSVGElement;
  private readonly nodeToolbar: HTMLElement;
  private readonly info: HTMLElement;
  private readonly progress: HTMLElement;
  private readonly turnsEl: HTMLElement;
  private readonly scopeChip: HTMLElement;
  private readonly input: HTMLTextAreaElement;
  private readonly suggestionsEl: HTMLElement;
  private nodes: KnowledgeNode[] = [];
  private edges: KnowledgeEdge[] = [];
  private turns: KnowledgeTurn[] = [];
  private starters: readonly string[] = [];
  private placed = new Map<string, Placed>();
  private selectedId: string | null = null;
  /** The node the next question is about (the node toolbar's Ask). */
  private scopeId: string | null = null;
  private suggestions: Suggestion[] = [];
  scale = 1;
  private pan: Point = { x: 40, y: 40 };
  private ingestToken: string | null = null;
  private asking = false;

  /** `methods`: what the server lists; Ingest and Suggest show only when it has them. */
  constructor(root: HTMLElement, rpc: WebRpc, channel: HostChannel, workspaceUri: string, private readonly methods: ReadonlySet<string> = new Set([M.knowledgeIngest, M.knowledgeSuggest])) {
    const status = h('span', { class: 'status' });
    super(rpc, channel, workspaceUri, status);
    this.info = h('span', { class: 'k-info' });
    this.progress = h('span', { class: 'k-progress', hidden: true });
    const toolbar = h(
      'div',
      { class: 'toolbar knowledge-toolbar' },
      h('span', { class: 'title' }, 'Knowledge map'),
      h('button', { 'data-action': 'new-node', onclick: () => void this.createNode(null) }, 'New node'),
      h('button', { 'data-action': 'rearrange', title: 'Unpin every node and lay the map out again', onclick: () => void this.rearrange() }, 'Rearrange'),
      h('button', { 'data-action': 'undo', onclick: () => void this.history(M.knowledgeUndo) }, 'Undo'),
      h('button', { 'data-action': 'redo', onclick: () => void this.history(M.knowledgeRedo) }, 'Redo'),
      h('button', { 'data-action': 'zoom-out', title: 'Zoom out', onclick: () => this.zoomBy(1 / 1.25) }, '−'),
      h('button', { 'data-action': 'zoom-in', title: 'Zoom in', onclick: () => this.zoomBy(1.25) }, '+'),
      methods.has(M.knowledgeIngest) && h('button', { 'data-action': 'ingest', title: "Index the workspace's documents", onclick: () => void this.ingest() }, 'Ingest'),
      this.progress,
      this.info,
      status,
    );
    this.edgeLayer = document.createElementNS(SVG, 'svg') as SVGSVGElement;
    this.edgeLayer.classList.add('k-edges');
    this.world = h('div', { class: 'k-world' });
    this.world.append(this.edgeLayer);
    this.nodeToolbar = h('div', { class: 'k-node-toolbar', hidden: true });
    this.suggestionsEl = h('div', { class: 'k-suggestions', hidden: true });
    this.viewport = h('div', { class: 'k-viewport' }, this.world, this.nodeToolbar, this.suggestionsEl);
    this.turnsEl = h('div', { class: 'k-turns' });
    this.scopeChip = h('div', { class: 'k-scope', hidden: true });
    this.input = h('textarea', { class: 'k-input', rows: 2, placeholder: 'Ask about the docs, or tell the map what to change…', 'aria-label': 'Ask the knowledge map' });
    this.input.addEventListener('keydown', (ev) => {
      if (ev.key === 'Enter' && !ev.shiftKey) {
        ev.preventDefault();
        void this.ask(this.input.value);
      }
    });
    const chat = h('aside', { class: 'k-chat' }, this.turnsEl, this.scopeChip, h('div', { class: 'k-compose' }, this.input, h('button', { class: 'primary', 'data-action': 'ask', onclick: () => void this.ask(this.input.value) }, 'Ask')));
    this.el = h('div', { class: 'knowledge-view workspace-view' }, toolbar, h('div', { class: 'k-panes' }, this.viewport, chat));
    root.append(this.el);
    this.wirePanZoom();
    rpc.on(M.knowledgeDidChange, (p) => this.onDidChange(p));
    rpc.on(PROGRESS, (p) => this.onProgress(p as ProgressParams));
  }

  protected async load(): Promise<void> {
    const snap = await this.rpc.request<KnowledgeSnapshot>(M.knowledgeGet, { workspaceUri: this.workspaceUri, include: ['graph', 'turns'] });
    this.revision = snap.knowledge.revision;
    this.nodes = [...(snap.nodes ?? [])];
    this.edges = [...(snap.edges ?? [])];
    this.turns = [...(snap.turns ?? [])];
    this.starters = snap.knowledge.starters ?? [];
    const k = snap.knowledge;
    this.info.textContent = `${k.documents} documents · ${k.chunks} chunks${k.ingesting ? ' · ingesting…' : ''}`;
    if (this.selectedId && !this.nodes.some((n) => n.id === this.selectedId)) this.selectedId = null;
    if (this.scopeId && !this.nodes.some((n) => n.id === this.scopeId)) this.scopeId = null;
    this.render();
    this.renderTurns();
  }

  // ---- the canvas ------------------------------------------------------------------------------

  private render(): void {
    this.placed = layoutKnowledge(this.nodes);
    for (const el of [...this.world.querySelectorAll('.k-node')]) el.remove();
    for (const n of this.nodes) this.world.append(this.nodeEl(n));
    this.drawEdges();
    this.applyTransform();
    this.renderNodeToolbar();
    this.renderScope();
  }

  private nodeEl(n: KnowledgeNode): HTMLElement {
    const p = this.placed.get(n.id)!;
    const el = h(
      'div',
      { class: `k-node origin-${n.origin}${n.starred ? ' starred' : ''}${p.pinned ? ' pinned' : ''}${n.id === this.selectedId ? ' selected' : ''}`, 'data-node-id': n.id, style: `left:${p.x}px;top:${p.y}px;width:${NODE_W}px` },
      h('div', { class: 'k-title' }, n.starred ? '★ ' : '', n.title),
      n.details && h('div', { class: 'k-details' }, n.details),
      n.sources.length > 0 && h('div', { class: 'k-sources' }, `${n.sources.length} source${n.sources.length === 1 ? '' : 's'}`),
      h('span', { class: 'k-handle', title: 'Drag to another node to connect them', 'data-handle': n.id }),
    );
    el.addEventListener('pointerdown', (ev) => this.startNodeDrag(ev, n, el));
    return el;
  }

  private centre(id: string, side: 'left' | 'right'): Point | null {
    const p = this.placed.get(id);
    return p ? { x: p.x + (side === 'right' ? NODE_W : 0), y: p.y + NODE_H / 2 } : null;
  }

  private drawEdges(): void {
    while (this.edgeLayer.firstChild) this.edgeLayer.removeChild(this.edgeLayer.firstChild);
    let w = 0;
    let hgt = 0;
    for (const p of this.placed.values()) {
      w = Math.max(w, p.x + NODE_W + 40);
      hgt = Math.max(hgt, p.y + NODE_H + 40);
    }
    this.edgeLayer.setAttribute('width', String(w));
    this.edgeLayer.setAttribute('height', String(hgt));
    for (const e of this.edges) {
      const a = this.centre(e.from, 'right');
      const b = this.centre(e.to, 'left');
      if (!a || !b) continue;
      const mid = (a.x + b.x) / 2;
      const path = document.createElementNS(SVG, 'path');
      path.setAttribute('d', `M${a.x},${a.y} C${mid},${a.y} ${mid},${b.y} ${b.x},${b.y}`);
      path.setAttribute('class', e.hierarchy ? 'k-edge hierarchy' : 'k-edge semantic');
      path.dataset.edgeId = e.id;
      path.dataset.from = e.from;
      path.dataset.to = e.to;
      this.edgeLayer.append(path);
      if (e.label) {
        const t = document.createElementNS(SVG, 'text');
        t.setAttribute('x', String(mid));
        t.setAttribute('y', String((a.y + b.y) / 2 - 4));
        t.setAttribute('class', 'k-edge-label');
        t.textContent = e.label;
        this.edgeLayer.append(t);
      }
    }
  }

  private applyTransform(): void {
    this.world.style.transform = `translate(${this.pan.x}px, ${this.pan.y}px) scale(${this.scale})`;
    this.viewport.dataset.zoom = zoomDetail(this.scale);
    this.positionToolbar();
  }

  /** Sets the zoom (semantic zoom: details appear when zoomed in). */
  setScale(scale: number): void {
    this.scale = Math.min(3, Math.max(0.2, scale));
    this.applyTransform();
  }

  private zoomBy(f: number): void {
    this.setScale(this.scale * f);
  }

  private wirePanZoom(): void {
    this.viewport.addEventListener('wheel', (ev) => {
      ev.preventDefault();
      if (ev.ctrlKey || ev.metaKey) this.zoomBy(ev.deltaY < 0 ? 1.1 : 1 / 1.1);
      else {
        this.pan = { x: this.pan.x - ev.deltaX, y: this.pan.y - ev.deltaY };
        this.applyTransform();
      }
    }, { passive: false });
    this.viewport.addEventListener('pointerdown', (ev) => {
      if (ev.target !== this.viewport && ev.target !== this.world && ev.target !== this.edgeLayer) return;
      const start = { x: ev.clientX, y: ev.clientY, pan: this.pan };
      let moved = false;
      const move = (e: PointerEvent) => {
        moved = true;
        this.pan = { x: start.pan.x + e.clientX - start.x, y: start.pan.y + e.clientY - start.y };
        this.applyTransform();
      };
      const up = () => {
        window.removeEventListener('pointermove', move);
        window.removeEventListener('pointerup', up);
        if (!moved) this.select(null);
      };
      window.addEventListener('pointermove', move);
      window.addEventListener('pointerup', up);
    });
  }

  /** The node under a client point, if any. */
  private nodeAt(x: number, y: number): string | null {
    const hit = document.elementsFromPoint(x, y).find((e) => (e as HTMLElement).dataset?.nodeId) as HTMLElement | undefined;
    return hit?.dataset.nodeId ?? null;
  }

  /** Pointer down on a node: from its handle, drag an edge to another node (AddEdge); from its
   *  body, a click selects it and a drag pins it where it is dropped (UpdateNode position). */
  private startNodeDrag(ev: PointerEvent, n: KnowledgeNode, el: HTMLElement): void {
    if ((ev.target as HTMLElement).closest('button')) return;
    ev.stopPropagation();
    const fromHandle = (ev.target as HTMLElement).dataset.handle !== undefined;
    const start = { x: ev.clientX, y: ev.clientY };
    const origin = this.placed.get(n.id)!;
    let moved = false;
    let line: SVGLineElement | null = null;
    const move = (e: PointerEvent) => {
      const dx = (e.clientX - start.x) / this.scale;
      const dy = (e.clientY - start.y) / this.scale;
      if (!moved && Math.hypot(dx, dy) < 4) return;
      moved = true;
      if (fromHandle) {
        const a = this.centre(n.id, 'right')!;
        if (!line) {
          line = document.createElementNS(SVG, 'line') as SVGLineElement;
          line.setAttribute('class', 'k-edge-draft');
          this.edgeLayer.append(line);
        }
        line.setAttribute('x1', String(a.x));
        line.setAttribute('y1', String(a.y));
        line.setAttribute('x2', String(a.x + dx));
        line.setAttribute('y2', String(a.y + dy));
      } else {
        el.style.left = `${origin.x + dx}px`;
        el.style.top = `${origin.y + dy}px`;
      }
    };
    const up = (e: PointerEvent) => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      (line as SVGLineElement | null)?.remove();
      if (!moved) {
        if (!fromHandle) this.select(n.id);
        return;
      }
      if (fromHandle) {
        const to = this.nodeAt(e.clientX, e.clientY);
        if (to && to !== n.id) void this.edit([{ op: 'AddEdge', from: n.id, to, label: null }]);
      } else {
        const position = { x: Math.round(origin.x + (e.clientX - start.x) / this.scale), y: Math.round(origin.y + (e.clientY - start.y) / this.scale) };
        void this.edit([{ op: 'UpdateNode', id: n.id, position }]);
      }
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  }

  // ---- the selected node's toolbar ------------------------------------------------------------

  select(id: string | null): void {
    this.selectedId = id;
    this.world.querySelectorAll('.k-node').forEach((e) => e.classList.toggle('selected', (e as HTMLElement).dataset.nodeId === id));
    if (!id) this.showSuggestions([]);
    this.renderNodeToolbar();
  }

  private renderNodeToolbar(): void {
    clear(this.nodeToolbar);
    const n = this.nodes.find((x) => x.id === this.selectedId);
    this.nodeToolbar.hidden = !n;
    if (!n) return;
    this.nodeToolbar.dataset.nodeId = n.id;
    this.nodeToolbar.append(
      h('button', { 'data-action': 'ask-node', title: 'Ask about this node', onclick: () => this.scopeTo(n.id) }, 'Ask'),
      ...(this.methods.has(M.knowledgeSuggest) ? [h('button', { 'data-action': 'suggest', title: 'Suggest children from the documents', onclick: () => void this.suggest(n.id) }, 'Suggest')] : []),
      h('button', { 'data-action': 'add-child', onclick: () => void this.createNode(n.id) }, 'Add child'),
      h('button', { 'data-action': 'star', onclick: () => void this.edit([{ op: 'UpdateNode', id: n.id, starred: !n.starred }]) }, n.starred ? 'Unstar' : 'Star'),
      h('button', { 'data-action': 'delete-node', onclick: () => void this.edit([{ op: 'DeleteNode', id: n.id }]) }, 'Delete'),
      ...n.sources.slice(0, 3).map((c) => h('button', { class: 'link', 'data-action': 'open-source', onclick: () => this.openCitation(c) }, `Open ${c.title || 'source'}`)),
    );
    this.positionToolbar();
  }

  private positionToolbar(): void {
    const p = this.selectedId ? this.placed.get(this.selectedId) : undefined;
    if (!p) return;
    const left = `${this.pan.x + p.x * this.scale}px`;
    this.nodeToolbar.style.left = left;
    this.nodeToolbar.style.top = `${this.pan.y + p.y * this.scale - 34}px`;
    this.suggestionsEl.style.left = left;
    this.suggestionsEl.style.top = `${this.pan.y + (p.y + NODE_H) * this.scale + 6}px`;
  }

  private scopeTo(id: string | null): void {
    this.scopeId = id;
    this.renderScope();
    if (id) this.input.focus();
  }

  private renderScope(): void {
    clear(this.scopeChip);
    const n = this.nodes.find((x) => x.id === this.scopeId);
    this.scopeChip.hidden = !n;
    if (n) this.scopeChip.append(`About: ${n.title} `, h('button', { class: 'link', 'data-action': 'clear-scope', onclick: () => this.scopeTo(null) }, '×'));
  }

  // ---- chat ------------------------------------------------------------------------------------

  private readonly turnActions: TurnActions = {
    openCitation: (c) => this.openCitation(c),
    pickNode: (node) => {
      this.select(node.id);
      this.scopeTo(node.id);
    },
    ask: (q) => void this.ask(q),
  };

  private openCitation(c: Citation): void {
    this.channel.post({ type: 'openLocation', uri: c.uri, range: c.range });
  }

  private renderTurns(): void {
    clear(this.turnsEl);
    if (this.turns.length === 0) {
      const starters = startersView(this.starters, (q) => void this.ask(q));
      this.turnsEl.append(starters ?? h('p', { class: 'k-empty' }, 'Ask about the workspace’s documents, or say “add X under Y”.'));
    }
    for (const t of this.turns) this.turnsEl.append(turnView(t, this.turnActions));
    this.turnsEl.scrollTop = this.turnsEl.scrollHeight;
  }

  async ask(text: string): Promise<KnowledgeTurn | undefined> {
    const input = text.trim();
    if (!input || this.asking) return undefined;
    this.asking = true;
    this.status.textContent = 'Thinking…';
    try {
      const turn = await this.guard(() => this.rpc.request<KnowledgeTurn>(M.knowledgeAsk, { workspaceUri: this.workspaceUri, input, ...(this.scopeId ? { nodeId: this.scopeId } : {}) }));
      if (!turn) return undefined;
      this.status.textContent = '';
      this.input.value = '';
      // Shown at once; the reload that follows (turns are read with the map) keeps it.
      if (!this.turns.some((t) => t.id === turn.id)) this.turns.push(turn);
      this.renderTurns();
      await this.afterChange(turn.change ?? { revision: this.revision });
      return turn;
    } finally {
      this.asking = false;
    }
  }

  // ---- suggestions -----------------------------------------------------------------------------

  private async suggest(nodeId: string): Promise<void> {
    const res = await this.guard(() => this.rpc.request<{ suggestions: Suggestion[] }>(M.knowledgeSuggest, { workspaceUri: this.workspaceUri, nodeId, limit: 5 }));
    if (!res) return;
    this.showSuggestions(res.suggestions);
    if (res.suggestions.length === 0) this.status.textContent = 'No new children found in the documents.';
  }

  private showSuggestions(list: Suggestion[]): void {
    this.suggestions = list;
    clear(this.suggestionsEl);
    this.suggestionsEl.hidden = list.length === 0;
    for (const s of list) {
      const relation = (s as { relation?: string }).relation;
      this.suggestionsEl.append(
        h(
          'div',
          { class: 'k-suggestion', 'data-suggestion-id': s.id },
          h('span', {}, s.title ?? s.reason ?? s.id, relation ? h('em', {}, ` (${relation})`) : null),
          h('button', { 'data-action': 'accept', onclick: () => void this.resolve(s.id, 'accept') }, 'Add'),
          h('button', { 'data-action': 'reject', onclick: () => void this.resolve(s.id, 'reject') }, 'Dismiss'),
        ),
      );
    }
  }

  private async resolve(suggestionId: string, decision: 'accept' | 'reject'): Promise<void> {
    const res = await this.guard(() => this.rpc.request(M.suggestionResolve, { suggestionId, decision }));
    if (res === undefined) return;
    this.showSuggestions(this.suggestions.filter((s) => s.id !== suggestionId));
    if (decision === 'accept') await this.refresh();
  }

  // ---- edits -----------------------------------------------------------------------------------

  private async createNode(parentId: string | null): Promise<void> {
    const title = await promptDialog(parentId ? 'Title of the new child' : 'Title of the new node', '');
    if (!title?.trim()) return;
    await this.edit([{ op: 'AddNode', title: title.trim(), parentId, origin: 'user' }]);
  }

  /** Unpins every pinned node (position null) so the layout places them again. */
  private async rearrange(): Promise<void> {
    const pinned = this.nodes.filter((n) => n.position !== null);
    if (pinned.length) await this.edit(pinned.map((n) => ({ op: 'UpdateNode', id: n.id, position: null })));
  }

  /** One grove/knowledge/edit call: one undo entry in the core. */
  async edit(ops: KnowledgeOp[]): Promise<void> {
    const change = await this.guard(() => this.rpc.request<KnowledgeChange>(M.knowledgeEdit, { workspaceUri: this.workspaceUri, ops }));
    if (change) await this.afterChange(change);
    else this.render();
  }

  private async history(method: string): Promise<void> {
    const change = await this.guard(() => this.rpc.request<KnowledgeChange>(method, { workspaceUri: this.workspaceUri }));
    if (change) await this.afterChange(change);
  }

  // ---- ingestion -------------------------------------------------------------------------------

  private async ingest(): Promise<void> {
    if (this.ingestToken) return;
    const token = `grove-webui-ingest-${Date.now()}`;
    this.ingestToken = token;
    this.progress.hidden = false;
    this.progress.textContent = 'Ingesting…';
    this.el.classList.add('ingesting');
    try {
      const res = await this.guard(() => this.rpc.request<IngestResult>(M.knowledgeIngest, { workspaceUri: this.workspaceUri, workDoneToken: token }));
      if (res) this.progress.textContent = `${res.cancelled ? 'Ingest cancelled' : 'Ingested'}: ${res.documents} documents, ${res.chunks} chunks (${res.added.length} added, ${res.updated.length} updated, ${res.removed.length} removed${res.skipped.length ? `, ${res.skipped.length} skipped` : ''})`;
      else this.progress.hidden = true;
    } finally {
      this.ingestToken = null;
      this.el.classList.remove('ingesting');
    }
    await this.refresh();
  }

  private onProgress(p: ProgressParams): void {
    if (!p || p.token !== this.ingestToken || !p.value) return;
    const v = p.value;
    const pct = typeof v.percentage === 'number' ? `${Math.round(v.percentage)}% ` : '';
    this.progress.textContent = `${v.kind === 'begin' ? v.title ?? 'Ingesting' : v.kind === 'end' ? 'Finishing' : 'Ingesting'}: ${pct}${v.message ?? ''}`.trim();
  }

  /** For tests: the drawn position of a node. */
  positionOf(id: string): Placed | undefined {
    return this.placed.get(id);
  }
}
