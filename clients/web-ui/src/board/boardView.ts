// The memory board of a workspace (issue 16, DESIGN.md §11.2): groups as nested labelled regions,
// memories as cards, links as connectors, "what the AI understands" above, a timeline and an
// overview tree. Every change is a grove/board/edit op (or undo/redo); the view re-reads the board
// after its own changes and on grove/board/didChange. Large boards stay fast because a region
// draws its first cards and the rest on demand ("Show more").

import type { HostChannel } from '../channel/hostChannel';
import { methods as M } from '../channel/methods';
import type { WebRpc } from '../channel/rpc';
import type { BoardChange, BoardItem, BoardOp, BoardSnapshot, ItemFields } from '../model/boardTypes';
import type { Suggestion } from '../model/types';
import { formDialog, promptDialog } from '../ui/dialog';
import { clear, h } from '../ui/dom';
import { WorkspaceView } from '../ui/workspaceView';
import { boardCard, type CardActions } from './boardCard';
import { listenToRegions, regionElement, ungroupedElement, UNGROUPED, type RegionActions } from './boardRegion';
import { isBoardCardNotice, previewText, proposalElement, REORGANIZE_PLACEHOLDER, type ProposalActions } from './boardProposals';
import { indexBoard, memoOf, parseTags, timeline, type BoardIndex, type GroupNode } from './boardModel';

export type BoardTab = 'board' | 'timeline' | 'overview';

/** Cards a region draws before its "Show more" button. */
export const CARDS_PER_REGION = 24;
/** The height a region waiting to be filled reserves per row of cards, so scrolling stays put. */
const ROW_ESTIMATE = 150;
const CARD_WIDTH = 246;
const TIMELINE_ROWS = 200;
const SVG_NS = 'http://www.w3.org/2000/svg';

export class BoardView extends WorkspaceView {
  readonly el: HTMLElement;
  private readonly understanding: HTMLElement;
  /** The pending board cards (evolve, reorganize) and the Reorganize… form above them. */
  private readonly proposalsEl: HTMLElement;
  private readonly reorganizeForm: HTMLFormElement;
  private readonly reorganizeInput: HTMLInputElement;
  private proposals: Suggestion[] = [];
  /** A card's preview or failure, shown under it until the cards reload. */
  private readonly proposalNotes = new Map<string, { text: string; error: boolean }>();
  /** Card loads finished (tests wait on it). */
  proposalLoads = 0;
  private readonly body: HTMLElement;
  private readonly selectionBar: HTMLElement;
  private readonly archivedToggle: HTMLInputElement;
  private snapshot: BoardSnapshot | null = null;
  private index: BoardIndex | null = null;
  private tab: BoardTab = 'board';
  private readonly selected = new Set<string>();
  /** Cards drawn per region, kept across reloads so "Show more" sticks. */
  private readonly shown = new Map<string, number>();
  private readonly cardEls = new Map<string, HTMLElement>();
  private canvas: HTMLElement | null = null;
  /** Regions not filled yet, by region key: filling one draws its cards. */
  private readonly pending = new Map<string, () => void>();
  private observer: IntersectionObserver | null = null;
  private eagerLeft = 0;
  /** The board's width when last measured (the first render guesses the window's): how many
   *  cards a row holds, for the height a region waiting to be filled reserves. */
  private width = 0;
  private linksQueued = false;
  private timelineRows = TIMELINE_ROWS;
  /** performance.now() when the last render finished (the benchmark reads it). */
  lastRenderEnd = 0;
  /** performance.now() when links were last drawn (the benchmark waits for them). */
  lastLinksEnd = 0;
  renders = 0;
  /** performance.now() when the last board answer arrived and when it was indexed (the benchmark). */
  lastLoad = { answered: 0, indexed: 0 };

  constructor(root: HTMLElement, rpc: WebRpc, channel: HostChannel, workspaceUri: string) {
    const status = h('span', { class: 'status' });
    super(rpc, channel, workspaceUri, status);
    this.archivedToggle = h('input', { type: 'checkbox', 'data-action': 'show-archived' });
    this.archivedToggle.addEventListener('change', () => void this.refresh());
    const tabs = (['board', 'timeline', 'overview'] as const).map((t) => h('button', { class: 'tab', 'data-tab': t, onclick: () => this.setTab(t) }, t[0].toUpperCase() + t.slice(1)));
    this.selectionBar = h('span', { class: 'selection-bar' });
    const toolbar = h(
      'div',
      { class: 'toolbar board-toolbar' },
      h('span', { class: 'title' }, 'Memory board'),
      ...tabs,
      h('button', { 'data-action': 'undo', title: 'Undo the last board change', onclick: () => void this.history(M.boardUndo) }, 'Undo'),
      h('button', { 'data-action': 'redo', title: 'Redo', onclick: () => void this.history(M.boardRedo) }, 'Redo'),
      h('button', { 'data-action': 'reorganize', title: 'Propose a regrouping of the selection (none selected: the whole board)', onclick: () => this.openReorganize() }, 'Reorganize…'),
      h('label', { class: 'toggle' }, this.archivedToggle, 'Show archived'),
      this.selectionBar,
      status,
    );
    this.understanding = h('section', { class: 'board-understanding' });
    this.reorganizeInput = h('input', { type: 'text', class: 'reorganize-instruction', placeholder: REORGANIZE_PLACEHOLDER, 'aria-label': 'Reorganize instruction' });
    this.reorganizeForm = h(
      'form',
      { class: 'reorganize-form', hidden: true },
      this.reorganizeInput,
      h('button', { type: 'submit', 'data-action': 'reorganize-send' }, 'Propose'),
      h('button', { type: 'button', 'data-action': 'reorganize-cancel', onclick: () => (this.reorganizeForm.hidden = true) }, 'Cancel'),
    );
    this.reorganizeForm.addEventListener('submit', (e) => {
      e.preventDefault();
      void this.reorganize(this.reorganizeInput.value);
    });
    this.proposalsEl = h('div', { class: 'board-proposal-list' });
    const cards = h('section', { class: 'board-proposals' }, this.reorganizeForm, this.proposalsEl);
    this.body = h('div', { class: 'board-body' });
    this.el = h('div', { class: 'board-view workspace-view' }, toolbar, this.understanding, cards, this.body);
    root.append(this.el);
    rpc.on(M.boardDidChange, (p) => this.onDidChange(p));
    const onCard = (p: unknown) => {
      if (isBoardCardNotice(p, this.workspaceUri)) void this.loadProposals();
    };
    rpc.on(M.suggestionDidCreate, onCard);
    rpc.on(M.suggestionDidChange, onCard);
    this.renderSelectionBar();
  }

  get tabShown(): BoardTab {
    return this.tab;
  }

  setTab(tab: BoardTab): void {
    this.tab = tab;
    this.render();
  }

  protected async load(): Promise<void> {
    const snapshot = await this.rpc.request<BoardSnapshot>(M.boardGet, { workspaceUri: this.workspaceUri, archived: this.archivedToggle.checked });
    const answered = performance.now();
    this.snapshot = snapshot;
    this.revision = snapshot.board.revision;
    this.index = indexBoard(snapshot, this.archivedToggle.checked);
    this.lastLoad = { answered, indexed: performance.now() };
    for (const id of [...this.selected]) if (!this.index.items.has(id) && !this.index.groups.has(id)) this.selected.delete(id);
    this.render();
    await this.loadProposals();
  }

  // ---- board cards (evolve, reorganize) --------------------------------------------------------

  /** Re-reads the workspace's pending cards (after a load, a card notification, a resolve). */
  private async loadProposals(): Promise<void> {
    const res = await this.guard(() => this.rpc.request<{ suggestions: Suggestion[] }>(M.suggestionList, { workspaceUri: this.workspaceUri, state: 'pending' }));
    if (res) {
      // The workspace's list holds its knowledge map's cards too; the board shows its own.
      this.proposals = res.suggestions.filter((c) => c.kind === 'evolve' || c.kind === 'reorganize');
      for (const id of [...this.proposalNotes.keys()]) if (!this.proposals.some((c) => c.id === id)) this.proposalNotes.delete(id);
    }
    this.renderProposals();
    this.proposalLoads++;
  }

  private renderProposals(): void {
    clear(this.proposalsEl);
    if (this.proposals.length === 0) return;
    this.proposalsEl.append(h('h4', {}, `Cards (${this.proposals.length})`), ...this.proposals.map((c) => proposalElement(c, this.proposalNotes.get(c.id), this.proposalActions)));
  }

  private readonly proposalActions: ProposalActions = {
    resolve: (card, decision) => void this.resolve(card.id, decision),
    preview: (card) => void this.previewProposal(card),
  };

  /** Runs the card's ops with preview: true and marks what they would touch (nothing is stored). */
  private async previewProposal(card: Suggestion): Promise<void> {
    const fail = (text: string) => this.proposalNotes.set(card.id, { text, error: true });
    const change = await this.guard(() => this.rpc.request<BoardChange>(M.boardEdit, { workspaceUri: this.workspaceUri, ops: card.ops ?? [], preview: true }), fail);
    this.el.querySelectorAll('.previewed').forEach((e) => e.classList.remove('previewed'));
    if (change) {
      this.proposalNotes.set(card.id, { text: previewText(change), error: false });
      for (const id of [...change.itemIds, ...change.groupIds]) this.el.querySelectorAll(`.board-body [data-item-id="${CSS.escape(id)}"], .board-body [data-group-id="${CSS.escape(id)}"]`).forEach((e) => e.classList.add('previewed'));
    }
    this.renderProposals();
  }

  /** Scrolls to the card a `proposed` badge names and highlights it. */
  showProposal(suggestionId: string): void {
    const el = this.proposalsEl.querySelector(`[data-suggestion-id="${CSS.escape(suggestionId)}"]`);
    el?.scrollIntoView({ block: 'nearest' });
    el?.classList.remove('flash');
    el?.classList.add('flash');
  }

  private openReorganize(): void {
    this.reorganizeForm.hidden = false;
    this.reorganizeInput.focus();
  }

  /** Asks the core for a reorganize card of the selection (none: the whole board). Offline an
   *  instruction naming no key is needsModel, whose message lists the keys: shown as it is. */
  private async reorganize(instruction: string): Promise<void> {
    if (!instruction.trim()) return;
    const { itemIds, groupIds } = this.selection();
    const params = { workspaceUri: this.workspaceUri, instruction, ...(itemIds.length ? { itemIds } : {}), ...(groupIds.length ? { groupIds } : {}) };
    // A free instruction waits for the model (up to a minute): one request at a time, and say so.
    const send = this.reorganizeForm.querySelector<HTMLButtonElement>('[data-action="reorganize-send"]');
    if (send) (send.disabled = true), (send.textContent = 'Proposing…');
    const res = await this.guard(() => this.rpc.request<{ suggestion: Suggestion }>(M.boardReorganize, params));
    if (send) (send.disabled = false), (send.textContent = 'Propose');
    if (!res) return;
    this.reorganizeForm.hidden = true;
    this.reorganizeInput.value = '';
    await this.loadProposals();
    this.showProposal(res.suggestion.id);
  }

  // ---- rendering -------------------------------------------------------------------------------

  private render(): void {
    const index = this.index;
    const snapshot = this.snapshot;
    this.el.querySelectorAll('.tab').forEach((b) => b.classList.toggle('active', (b as HTMLElement).dataset.tab === this.tab));
    if (!index || !snapshot) return;
    const u = snapshot.board.understanding;
    clear(this.understanding);
    this.understanding.append(h('h4', {}, 'Board understanding'), h('p', { class: 'understanding-text' }, u.text || 'Nothing captured yet.'));
    clear(this.body);
    this.cardEls.clear();
    this.pending.clear();
    this.observer?.disconnect();
    this.observer = null;
    this.canvas = null;
    if (this.tab === 'board') this.renderBoard(index);
    else if (this.tab === 'timeline') this.renderTimeline(index);
    else this.renderOverview(index);
    this.renderSelectionBar();
    this.renders++;
    this.lastRenderEnd = performance.now();
  }

  private renderBoard(index: BoardIndex): void {
    const svg = document.createElementNS(SVG_NS, 'svg');
    svg.classList.add('board-links');
    const canvas = h('div', { class: 'board-canvas' });
    canvas.append(svg);
    listenToRegions(canvas, this.regionActions);
    // About a screenful of cards is drawn with the render (at least one region's worth); the
    // regions further down fill when they scroll into view. Layout is most of a first render's
    // cost, and it grows with the cards drawn.
    this.eagerLeft = Math.max(CARDS_PER_REGION, this.perRow() * Math.ceil((window.innerHeight || 900) / ROW_ESTIMATE));
    this.observer = new IntersectionObserver((entries) => {
      for (const e of entries) {
        if (!e.isIntersecting) continue;
        const key = (e.target as HTMLElement).dataset.groupId ?? UNGROUPED;
        this.observer?.unobserve(e.target);
        this.fillPending(key);
      }
    }, { root: this.body, rootMargin: '400px' });
    for (const root of index.roots) canvas.append(this.region(root));
    if (index.ungrouped.length > 0 || index.roots.length === 0) canvas.append(this.ungroupedRegion(index));
    this.body.append(canvas);
    this.canvas = canvas;
    this.queueLinks();
  }

  /** Draws the links before the next frame, when the render is laid out once for the frame. */
  private queueLinks(): void {
    if (this.linksQueued) return;
    this.linksQueued = true;
    requestAnimationFrame(() => {
      this.linksQueued = false;
      this.drawLinks();
      this.lastLinksEnd = performance.now();
    });
  }

  private fillPending(key: string): void {
    const fill = this.pending.get(key);
    if (!fill) return;
    this.pending.delete(key);
    fill();
    this.queueLinks();
  }

  private region(node: GroupNode): HTMLElement {
    const { el, cards } = regionElement(node, this.selected.has(node.group.id));
    this.fillLater(el, cards, node.group.id, node.items);
    for (const child of node.children) el.append(this.region(child));
    return el;
  }

  private ungroupedRegion(index: BoardIndex): HTMLElement {
    const { el, cards } = ungroupedElement(index.ungrouped.length);
    this.fillLater(el, cards, UNGROUPED, index.ungrouped);
    return el;
  }

  private readonly regionActions: RegionActions = {
    select: (id, on) => this.select(id, on),
    rename: (id) => {
      const g = this.index?.groups.get(id);
      if (g) void this.renameGroup(g.id, g.title, g.summary);
    },
    ungroup: (id) => void this.edit([{ op: 'Ungroup', id }]),
    moveItems: (itemIds, to) => void this.moveItems(itemIds, to),
    moveGroup: (id, to) => void this.edit([{ op: 'Move', groupIds: [id], to }]),
  };

  /** Fills a region now while the render's budget lasts, else when it scrolls into view (a
   *  10,000-memory board draws only what can be seen; the region keeps its estimated height). */
  private fillLater(region: HTMLElement, container: HTMLElement, key: string, items: readonly BoardItem[]): void {
    const count = Math.min(items.length, this.shown.get(key) ?? CARDS_PER_REGION);
    if (count <= this.eagerLeft) {
      this.eagerLeft -= count;
      // In view: laid out at once (not content-visibility: auto, which would skip it until the
      // frame finds it visible, and measuring its cards for the links would force a layout each).
      region.classList.add('eager');
      this.fillCards(container, key, items);
      return;
    }
    this.eagerLeft = 0;
    container.style.minHeight = `${Math.ceil(count / this.perRow()) * ROW_ESTIMATE}px`;
    this.pending.set(key, () => {
      container.style.minHeight = '';
      this.fillCards(container, key, items);
    });
    this.observer?.observe(region);
  }

  /** Cards in a row of the board, from its width when last measured (else the window's: reading
   *  it during a render would force a layout). */
  private perRow(): number {
    return Math.max(1, Math.floor((this.width || window.innerWidth || 1000) / CARD_WIDTH));
  }

  /** Draws a region's first cards, and a button for the rest. */
  private fillCards(container: HTMLElement, key: string, items: readonly BoardItem[]): void {
    const count = Math.min(items.length, this.shown.get(key) ?? CARDS_PER_REGION);
    for (let i = 0; i < count; i++) container.append(this.card(items[i]));
    if (count < items.length) {
      container.append(
        h('button', { class: 'show-more', 'data-action': 'show-more', onclick: () => {
          // Only this region grows, in place: the rest of the board and the scroll stay.
          this.shown.set(key, count + CARDS_PER_REGION * 4);
          clear(container);
          this.fillCards(container, key, items);
          this.queueLinks();
        } }, `Show ${Math.min(items.length - count, CARDS_PER_REGION * 4)} more of ${items.length - count}`),
      );
    }
  }

  private card(item: BoardItem): HTMLElement {
    const index = this.index!;
    const el = boardCard(item, index.linksOf.get(item.id) ?? [], (id) => index.items.get(id)?.title ?? id, this.selected.has(item.id), this.cardActions);
    this.cardEls.set(item.id, el);
    return el;
  }

  private readonly cardActions: CardActions = {
    select: (id, on) => this.select(id, on),
    open: (item) => item.source && this.channel.post({ type: 'openLocation', uri: item.source.uri, range: item.source.range }),
    edit: (item) => void this.editItem(item),
    archive: (item, archived) => void this.edit([{ op: 'UpdateItem', id: item.id, archived }]),
    dismissBadges: (item) => void this.edit([{ op: 'UpdateItem', id: item.id, dismissBadges: true }]),
    unlink: (linkId) => void this.edit([{ op: 'Unlink', id: linkId }]),
    resolve: (suggestionId, decision) => void this.resolve(suggestionId, decision),
    showProposal: (suggestionId) => this.showProposal(suggestionId),
  };

  /** Accepting applies the card's ops as one board undo entry (the core announces it); a card
   *  that cannot apply any more (1002 cannotApply) says so under itself. */
  private async resolve(suggestionId: string, decision: 'accept' | 'reject'): Promise<void> {
    const fail = (text: string) => this.proposalNotes.set(suggestionId, { text, error: true });
    const res = await this.guard(() => this.rpc.request(M.suggestionResolve, { suggestionId, decision }), fail);
    if (res !== undefined) await this.refresh();
    else this.renderProposals();
  }

  /** Connectors between linked cards that are drawn (both ends), as straight SVG lines. Every
   *  position is read before anything is written: a write between two reads would make the
   *  browser lay the whole board out again for the next read (once per line on a large board). */
  drawLinks(): void {
    const canvas = this.canvas;
    if (!canvas || !this.snapshot) return;
    const svg = canvas.querySelector('svg.board-links') as SVGSVGElement;
    const ends: { id: string; a: HTMLElement; b: HTMLElement }[] = [];
    for (const link of this.snapshot.links) {
      const a = this.cardEls.get(link.from);
      const b = this.cardEls.get(link.to);
      if (a && b) ends.push({ id: link.id, a, b });
    }
    // Reads: one layout serves all of them.
    const width = canvas.scrollWidth;
    const height = canvas.scrollHeight;
    this.width = canvas.clientWidth || this.width;
    const base = canvas.getBoundingClientRect();
    const centres = new Map<HTMLElement, { x: number; y: number }>();
    const centre = (el: HTMLElement) => {
      let c = centres.get(el);
      if (!c) {
        const r = el.getBoundingClientRect();
        c = { x: r.left - base.left + canvas.scrollLeft + r.width / 2, y: r.top - base.top + canvas.scrollTop + r.height / 2 };
        centres.set(el, c);
      }
      return c;
    };
    const lines = ends.map((e) => ({ id: e.id, p: centre(e.a), q: centre(e.b) }));
    // Writes.
    const fragment = document.createDocumentFragment();
    for (const { id, p, q } of lines) {
      const line = document.createElementNS(SVG_NS, 'line');
      line.setAttribute('x1', String(p.x));
      line.setAttribute('y1', String(p.y));
      line.setAttribute('x2', String(q.x));
      line.setAttribute('y2', String(q.y));
      line.dataset.linkId = id;
      fragment.append(line);
    }
    svg.replaceChildren(fragment);
    svg.setAttribute('width', String(width));
    svg.setAttribute('height', String(height));
  }

  private renderTimeline(index: BoardIndex): void {
    const list = h('div', { class: 'board-timeline' });
    let rows = 0;
    for (const day of timeline(index.items.values())) {
      if (rows >= this.timelineRows) break;
      const dayEl = h('section', { class: 'timeline-day' }, h('h4', {}, day.day));
      for (const item of day.items) {
        if (rows++ >= this.timelineRows) break;
        const group = item.groupId ? index.groups.get(item.groupId)?.title ?? '' : '';
        dayEl.append(h('button', { class: `timeline-row kind-${item.kind}`, 'data-item-id': item.id, onclick: () => this.reveal(item.id) }, h('span', { class: 'time' }, item.createdAt.slice(11, 16)), h('span', { class: 'card-kind' }, item.kind), h('span', { class: 'card-title' }, item.title), group && h('span', { class: 'group-title' }, group)));
      }
      list.append(dayEl);
    }
    if (rows < index.items.size) list.append(h('button', { class: 'show-more', onclick: () => {
      this.timelineRows += TIMELINE_ROWS * 5;
      this.render();
    } }, 'Show older'));
    this.body.append(list);
  }

  private renderOverview(index: BoardIndex): void {
    const tree = (nodes: GroupNode[]): HTMLElement =>
      h('ul', {}, ...nodes.map((n) => h('li', { 'data-group-id': n.group.id }, h('button', { class: 'link', onclick: () => this.revealGroup(n.group.id) }, `${n.group.title} (${n.total})`), n.children.length > 0 && tree(n.children))));
    this.body.append(h('div', { class: 'board-overview' }, tree(index.roots), index.ungrouped.length > 0 && h('p', {}, `Not in a group: ${index.ungrouped.length}`)));
  }

  /** Shows an item's card on the board (drawing its region far enough) and highlights it. */
  reveal(itemId: string): void {
    const item = this.index?.items.get(itemId);
    if (!item) return;
    const key = item.groupId ?? UNGROUPED;
    const members = key === UNGROUPED ? this.index!.ungrouped : this.index!.groups.get(key)?.itemIds ?? [];
    const at = members.findIndex((m) => (typeof m === 'string' ? m : m.id) === itemId);
    if (at >= (this.shown.get(key) ?? CARDS_PER_REGION)) this.shown.set(key, at + 1);
    this.setTab('board');
    this.fillPending(key);
    const el = this.cardEls.get(itemId);
    el?.scrollIntoView({ block: 'center' });
    el?.classList.add('flash');
  }

  revealGroup(groupId: string): void {
    this.setTab('board');
    this.body.querySelector(`[data-group-id="${CSS.escape(groupId)}"]`)?.scrollIntoView({ block: 'start' });
  }

  // ---- selection and operations ----------------------------------------------------------------

  private select(id: string, on: boolean): void {
    if (on) this.selected.add(id);
    else this.selected.delete(id);
    this.el.querySelectorAll(`[data-item-id="${CSS.escape(id)}"], [data-group-id="${CSS.escape(id)}"]`).forEach((e) => e.classList.toggle('selected', on));
    this.renderSelectionBar();
  }

  private selection(): { itemIds: string[]; groupIds: string[] } {
    const itemIds = [...this.selected].filter((id) => this.index?.items.has(id));
    const groupIds = [...this.selected].filter((id) => this.index?.groups.has(id));
    return { itemIds, groupIds };
  }

  private renderSelectionBar(): void {
    clear(this.selectionBar);
    const { itemIds, groupIds } = this.selection();
    const n = itemIds.length + groupIds.length;
    if (n === 0) return;
    const bar = [
      h('span', {}, `${n} selected`),
      h('button', { 'data-action': 'group-selection', onclick: () => void this.groupSelection() }, 'Create group'),
      itemIds.length === 2 && groupIds.length === 0 && h('button', { 'data-action': 'link-selection', onclick: () => void this.linkSelection() }, 'Link'),
      h('button', { 'data-action': 'clear-selection', onclick: () => {
        this.selected.clear();
        this.render();
      } }, 'Clear'),
    ];
    for (const el of bar) if (el) this.selectionBar.append(el);
  }

  private async groupSelection(): Promise<void> {
    const { itemIds, groupIds } = this.selection();
    const title = await promptDialog('Name of the new group (empty: let Grove name it)', '');
    if (title === null) return;
    const op: BoardOp = { op: 'Group', ...(itemIds.length ? { itemIds } : {}), ...(groupIds.length ? { groupIds } : {}), ...(title.trim() ? { title: title.trim() } : {}) };
    this.selected.clear();
    await this.edit([op]);
  }

  private async linkSelection(): Promise<void> {
    const [from, to] = this.selection().itemIds;
    const label = await promptDialog('Label of the link (optional)', '');
    if (label === null) return;
    this.selected.clear();
    await this.edit([{ op: 'Link', from, to, label: label.trim() || null }]);
  }

  private async moveItems(itemIds: string[], to: string | null): Promise<void> {
    const moving = itemIds.filter((id) => (this.index?.items.get(id)?.groupId ?? null) !== to);
    if (moving.length) await this.edit([{ op: 'Move', itemIds: moving, to }]);
  }

  private async editItem(item: BoardItem): Promise<void> {
    const fields = [
      { key: 'title', label: 'Title', value: item.title },
      { key: 'summary', label: 'Summary', value: item.summary ?? '', multiline: true },
      { key: 'tags', label: 'Tags (comma-separated)', value: item.tags.join(', ') },
      { key: 'context', label: 'Context', value: item.context, multiline: true },
      ...(item.kind === 'snippet' ? [{ key: 'memo', label: 'Memo', value: memoOf(item), multiline: true }] : []),
      // A chat item's text follows its units (the core answers notEditable).
      ...(item.kind !== 'chat' ? [{ key: 'content', label: 'Content', value: item.content ?? item.preview, multiline: true }] : []),
    ];
    const values = await formDialog(`Edit “${item.title}”`, fields);
    if (!values) return;
    const op = itemEdits(item, values);
    if (Object.keys(op).length > 0) await this.edit([{ op: 'UpdateItem', id: item.id, ...op }]);
  }

  private async renameGroup(id: string, title: string, summary: string): Promise<void> {
    const values = await formDialog('Edit group', [
      { key: 'title', label: 'Title', value: title },
      { key: 'summary', label: 'Summary', value: summary, multiline: true },
    ]);
    if (!values) return;
    const op = { ...(values.title !== title ? { title: values.title } : {}), ...(values.summary !== summary ? { summary: values.summary } : {}) };
    if (Object.keys(op).length) await this.edit([{ op: 'UpdateGroup', id, ...op }]);
  }

  /** One grove/board/edit call (one undo entry in the core), then the board as it now is. */
  async edit(ops: BoardOp[]): Promise<void> {
    const change = await this.guard(() => this.rpc.request<BoardChange>(M.boardEdit, { workspaceUri: this.workspaceUri, ops }));
    if (change) await this.afterChange(change);
  }

  private async history(method: string): Promise<void> {
    const change = await this.guard(() => this.rpc.request<BoardChange>(method, { workspaceUri: this.workspaceUri }));
    if (change) await this.afterChange(change);
  }
}

/** The UpdateItem fields a form changed (only those: every written field joins userEdited). */
export function itemEdits(item: BoardItem, values: Record<string, string>): ItemFields {
  const out: ItemFields = {};
  if (values.title !== undefined && values.title !== item.title) out.title = values.title;
  if (values.summary !== undefined && values.summary !== (item.summary ?? '')) out.summary = values.summary;
  if (values.tags !== undefined) {
    const tags = parseTags(values.tags);
    if (tags.join('\n') !== item.tags.join('\n')) out.tags = tags;
  }
  if (values.context !== undefined && values.context !== item.context) out.context = values.context;
  if (values.memo !== undefined && values.memo !== memoOf(item)) out.memo = values.memo;
  if (values.content !== undefined && values.content !== (item.content ?? item.preview)) out.content = values.content;
  return out;
}
