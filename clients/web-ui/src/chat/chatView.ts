// The chat: the focus path's units with their scope marks, hover actions (Branch, Context,
// Edit, Remember), code units with file and lines, streamed answers, memolet references drawn
// as chips, and inline suggestion cards.
// Rendering is keyed by unit, so a streamed token rewrites one element, not the list.

import type { TreeIndex } from '../model/tree';
import type { ScopeMarks, UnitMark } from '../model/scopeMarks';
import type { Suggestion, TurnResult, Unit } from '../model/types';
import { clear, h } from '../ui/dom';
import { splitReferences, utf8Length } from './references';
import { suggestionCard, type SuggestionActions } from './suggestionCard';

export interface ChatActions extends SuggestionActions {
  branchFrom(unitId: string): void;
  showContext(unitId: string): void;
  edit(unitId: string, content: string): Promise<void>;
  openSource(unit: Unit): void;
  locate(unitId: string): void;
  /** Makes a memolet of a unit, or of a span of it (UTF-8 byte offsets); absent without memolets. */
  remember(unitId: string, span: { start: number; end: number } | null): void;
  /** A reference or citation chip was clicked. */
  openMemolet(memoletId: string): void;
  /** A new answer to the message (an assistant unit's question, or a user unit). */
  regenerate(unitId: string): void;
  /** Opens the refine panel for an answer. */
  refine(unitId: string): void;
  /** Flips the unit's scope for the path being viewed (exclude what is in, include what is out). */
  toggleScope(unitId: string): void;
  /** Shows the unit's earlier texts. */
  history(unitId: string): void;
  /** Shown units whose text is not loaded yet (the tree came from grove/project/structure). */
  needText(unitIds: string[]): void;
}

/** What the server offers beyond the basics, for the actions shown. */
export interface ChatFeatures {
  readonly regenerate: boolean;
  readonly refine: boolean;
  readonly revisions: boolean;
}

export interface ChatState {
  readonly tree: TreeIndex;
  readonly marks: ScopeMarks;
  readonly focusId: string | null;
  readonly hits: ReadonlySet<string>;
  readonly streaming: ReadonlyMap<string, string>;
  readonly suggestions: readonly Suggestion[];
  /** The server makes memolets (the Remember action). */
  readonly canRemember: boolean;
  readonly features: ChatFeatures;
  /** What the turns of this session reported: the memories each answer used and cited. */
  readonly turns: ReadonlyMap<string, TurnResult>;
}

/** 1-based, inclusive line range as people read it ("L3-L7"). */
export function lineLabel(unit: Unit): string {
  const r = unit.source?.range;
  if (!r) return '';
  const a = r.start.line + 1;
  // A selection ending at character 0 does not include that last line.
  const b = r.end.character === 0 && r.end.line > r.start.line ? r.end.line : r.end.line + 1;
  return a === b ? `L${a}` : `L${a}-L${b}`;
}

/**
 * What to show for a unit that is still streaming: `content` is what the core has stored so far,
 * `stream` the chunks this view received. Usually one is a prefix of the other; when the view
 * joined mid-stream, the stored part comes first and the received chunks follow it.
 */
export function streamedText(content: string, stream: string): string {
  if (stream.startsWith(content)) return stream;
  if (content.startsWith(stream)) return content;
  return content + stream;
}

/** "used 4 memories" for an answer whose turn this session saw; null otherwise. */
function usedBadge(turn: TurnResult | undefined): HTMLElement | null {
  const n = turn?.retrieved?.length ?? 0;
  const cites = turn?.citations?.length ?? 0;
  if (n === 0 && cites === 0) return null;
  return h('span', { class: 'badge used-memories', title: 'Memories in this answer’s prompt, and how many it cites' }, `used ${n} memor${n === 1 ? 'y' : 'ies'}${cites ? ` · cites ${cites}` : ''}`);
}

function turnKey(turn: TurnResult | undefined): string {
  return turn ? `${turn.retrieved?.join(',')}|${turn.citations?.map((c) => c.memoletId).join(',')}` : '';
}

export function fileName(uri: string): string {
  const path = decodeURIComponent(uri.replace(/^[a-z]+:\/\//i, ''));
  return path.split('/').pop() || path;
}

/** Units rendered at first on a long path; "Show earlier" adds this many more. */
export const CHAT_WINDOW = 120;

export interface ChatUnits { readonly path: Unit[]; readonly after: Unit[]; readonly hidden: number }

/**
 * What the chat shows for a focus: the last `window` units of its path (long paths render their
 * end first, so the DOM stays small however deep the tree is), the rest of its chain, and how
 * many earlier units are left out. The controller loads the text of exactly these units.
 */
export function chatUnits(tree: TreeIndex, focusId: string | null, window: number): ChatUnits {
  const fullPath = focusId ? tree.pathTo(focusId) : [];
  const after = focusId ? tree.continuation(focusId) : [];
  const hidden = Math.max(0, fullPath.length - window);
  return { path: fullPath.slice(hidden), after, hidden };
}

export class ChatView {
  readonly list: HTMLElement;
  private readonly rendered = new Map<string, { key: string; el: HTMLElement }>();
  /** Cards by suggestion, reused while unchanged: a re-render must not swap a card under a click. */
  private readonly cardEls = new Map<string, { key: string; el: HTMLElement }>();
  private editing: string | null = null;
  /** The unit `reveal` flashed, until its animation ends: a re-render meanwhile (its text
   *  arriving, say) keeps the highlight instead of dropping it. */
  private flashing: string | null = null;
  /** How many units of the path (counted back from its end) are rendered. */
  private window = CHAT_WINDOW;
  private last: ChatState | null = null;
  // One "show earlier" button, relabelled: a new one on every update would make every update
  // look like a change to the list.
  private readonly earlier = h('button', { class: 'show-earlier', onclick: () => this.showEarlier(CHAT_WINDOW) });

  constructor(host: HTMLElement, private readonly actions: ChatActions) {
    this.list = h('div', { class: 'chat-units', role: 'log', 'aria-live': 'polite' });
    this.list.addEventListener('animationend', (e) => {
      if (e.animationName === 'flash' && e.target instanceof HTMLElement && e.target.dataset.unitId === this.flashing) this.flashing = null;
    });
    host.append(this.list);
  }

  /** What this chat shows for a focus (see `chatUnits`), with its current window. */
  unitsFor(tree: TreeIndex, focusId: string | null): ChatUnits {
    return chatUnits(tree, focusId, this.window);
  }

  update(st: ChatState): void {
    this.last = st;
    const { path, after, hidden } = this.unitsFor(st.tree, st.focusId);
    const wanted: HTMLElement[] = [];
    if (hidden > 0) {
      this.earlier.textContent = `Show ${Math.min(hidden, CHAT_WINDOW)} earlier of ${hidden}`;
      wanted.push(this.earlier);
    }
    const keep = new Set<string>();
    const cards = new Map<string, Suggestion[]>();
    const loose: Suggestion[] = [];
    const shown = [...path, ...after];
    const shownIds = new Set(shown.map((u) => u.id));
    const missing = st.tree.missingText(shownIds);
    if (missing.length > 0) this.actions.needText(missing);
    for (const s of st.suggestions) {
      // After the last unit it is about that this chat shows; otherwise at the end.
      const target = [...(s.anchorIds ?? [])].reverse().find((id) => shownIds.has(id));
      if (target) cards.set(target, [...(cards.get(target) ?? []), s]);
      else loose.push(s);
    }
    for (const [i, unit] of shown.entries()) {
      const afterFocus = i >= path.length;
      const mark = st.marks.get(unit.id);
      const stream = st.streaming.get(unit.id);
      const key = [unit.content, unit.status, unit.scope, mark?.mark, afterFocus, st.hits.has(unit.id), unit.id === st.focusId, stream, this.editing === unit.id, st.canRemember, turnKey(st.turns.get(unit.id)), st.features.regenerate, st.features.refine, st.features.revisions].join('\u0000');
      let entry = this.rendered.get(unit.id);
      if (!entry || entry.key !== key) {
        const el = this.renderUnit(unit, mark, afterFocus, st, stream);
        entry?.el.replaceWith(el);
        entry = { key, el };
        this.rendered.set(unit.id, entry);
      }
      keep.add(unit.id);
      wanted.push(entry.el);
      for (const s of cards.get(unit.id) ?? []) wanted.push(this.card(s));
    }
    for (const s of loose) wanted.push(this.card(s));
    const live = new Set(st.suggestions.map((s) => s.id));
    for (const id of [...this.cardEls.keys()]) if (!live.has(id)) this.cardEls.delete(id);
    for (const id of [...this.rendered.keys()]) if (!keep.has(id)) this.rendered.delete(id);

    // The same elements in the same order: nothing to move, and no layout to force by reading
    // the scroll height (a second render after the cards came, on a long chat).
    const now = this.list.children;
    if (wanted.length > 0 && wanted.length === now.length && wanted.every((el, i) => now[i] === el)) return;
    const atBottom = this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight < 40;
    clear(this.list);
    if (wanted.length === 0) this.list.append(h('p', { class: 'empty' }, 'No messages yet. Write one below.'));
    else this.list.append(...wanted);
    if (atBottom) this.list.scrollTop = this.list.scrollHeight;
  }

  private card(s: Suggestion): HTMLElement {
    const key = JSON.stringify(s);
    const known = this.cardEls.get(s.id);
    if (known && known.key === key) return known.el;
    const el = suggestionCard(s, this.actions);
    this.cardEls.set(s.id, { key, el });
    return el;
  }

  private showEarlier(count: number): void {
    this.window += count;
    if (this.last) this.update(this.last);
  }

  /** Scrolls a unit into view and flashes it. */
  reveal(unitId: string): void {
    if (!this.rendered.has(unitId) && this.last?.focusId) {
      // An earlier unit of a long path: widen the window to include it.
      const index = this.last.tree.pathTo(this.last.focusId).findIndex((u) => u.id === unitId);
      if (index >= 0) this.showEarlier(this.last.tree.pathTo(this.last.focusId).length - index - this.window + 1);
    }
    const el = this.rendered.get(unitId)?.el;
    if (!el) return;
    el.scrollIntoView({ block: 'center' });
    el.classList.remove('flash');
    void el.offsetWidth; // restart the CSS animation
    el.classList.add('flash');
    this.flashing = unitId;
  }

  private renderUnit(unit: Unit, mark: UnitMark | undefined, afterFocus: boolean, st: ChatState, stream: string | undefined): HTMLElement {
    const classes = ['unit', `role-${unit.role}`, `kind-${unit.kind}`, `mark-${mark?.mark ?? 'out'}`, `flag-${unit.scope}`, `status-${unit.status}`];
    if (afterFocus) classes.push('after-focus');
    if (st.hits.has(unit.id)) classes.push('hit');
    if (unit.id === st.focusId) classes.push('focus');
    if (unit.loaded === false) classes.push('text-loading');
    if (unit.id === this.flashing) classes.push('flash');
    const badge = unit.scope !== 'auto' ? h('span', { class: `badge badge-${unit.scope}` }, unit.scope) : null;
    const markTitle = mark?.mark === 'in' ? 'The model sees this unit' : mark?.mark === 'truncated' ? 'Dropped by the token budget' : 'The model does not see this unit';
    const header = h(
      'header',
      {},
      h('span', { class: 'scope-mark', title: markTitle, 'data-mark': mark?.mark ?? 'out' }, mark?.mark === 'in' ? '●' : '○'),
      h('span', { class: 'role' }, unit.kind === 'placeholder' ? 'deleted' : unit.role),
      badge,
      unit.status === 'streaming' ? h('span', { class: 'badge' }, 'streaming…') : null,
      unit.status === 'interrupted' ? h('span', { class: 'badge' }, 'stopped') : null,
      unit.status === 'error' ? h('span', { class: 'badge badge-excluded' }, 'error') : null,
      usedBadge(st.turns.get(unit.id)),
      h(
        'span',
        { class: 'actions' },
        h('button', { class: 'act-branch', title: 'Branch from this unit', onclick: () => this.actions.branchFrom(unit.id) }, 'Branch'),
        h('button', { class: 'act-context', title: 'What the model sees from here', onclick: () => this.actions.showContext(unit.id) }, 'Context'),
        unit.kind !== 'placeholder' ? h('button', { class: 'act-edit', title: 'Edit this unit', onclick: () => this.startEdit(unit, st) }, 'Edit') : null,
        unit.kind !== 'placeholder' ? h('button', { class: 'act-scope', title: mark?.mark === 'in' ? 'Leave this unit out of what the model sees from here' : 'Let the model see this unit from here', onclick: () => this.actions.toggleScope(unit.id) }, mark?.mark === 'in' ? 'Exclude' : 'Include') : null,
        st.features.regenerate && unit.kind === 'message' && unit.status !== 'streaming' ? h('button', { class: 'act-regenerate', title: 'A new answer to this message (the old one stays, on its own branch)', onclick: () => this.actions.regenerate(unit.id) }, 'Regenerate') : null,
        st.features.refine && unit.role === 'assistant' && unit.kind === 'message' && unit.status !== 'streaming' ? h('button', { class: 'act-refine', title: 'Regenerate with memories added, removed, highlighted, obscured or grouped', onclick: () => this.actions.refine(unit.id) }, 'Refine') : null,
        st.features.revisions && unit.editedAt ? h('button', { class: 'act-history', title: 'Earlier texts of this unit', onclick: () => this.actions.history(unit.id) }, 'History') : null,
        unit.kind !== 'placeholder' && st.canRemember
          ? h('button', { class: 'act-remember', title: 'Make a memolet of this unit, or of the text selected in it', onmousedown: (ev: Event) => ev.preventDefault(), onclick: () => this.remember(unit) }, 'Remember')
          : null,
      ),
    );
    const body = this.editing === unit.id ? this.editor(unit, st) : this.content(unit, stream);
    // data-vscode-context: VS Code offers "Create Memolet from Selection" on a message's context menu.
    return h('article', { class: classes.join(' '), 'data-unit-id': unit.id, 'data-vscode-context': JSON.stringify({ webviewSection: 'message', unitId: unit.id }), ondblclick: () => this.actions.locate(unit.id) }, header, body);
  }

  private content(unit: Unit, stream: string | undefined): HTMLElement {
    if (unit.kind === 'code' && unit.source) {
      const src = unit.source;
      return h(
        'div',
        { class: 'content' },
        h('a', { class: 'code-ref', href: '#', title: src.uri, onclick: (ev: Event) => (ev.preventDefault(), this.actions.openSource(unit)) }, `${fileName(src.uri)} ${lineLabel(unit)}`),
        src.memo ? h('p', { class: 'memo' }, src.memo) : null,
        h('pre', {}, h('code', { class: src.languageId ? `language-${src.languageId}` : '' }, unit.content)),
      );
    }
    const text = unit.status === 'streaming' && stream ? streamedText(unit.content, stream) : unit.content;
    return h('div', { class: 'content' }, ...this.withChips(text, this.last?.turns.get(unit.id)));
  }

  /**
   * Plain text with `@[Title](memolet:ID)` drawn as a chip that shows the title, and an answer's
   * `[citation:ID]` as a chip with the cited memolet's title (from the turn, when this session
   * saw it) that opens the memolet.
   */
  private withChips(text: string, turn: TurnResult | undefined): (string | HTMLElement)[] {
    const cited = new Map((turn?.citations ?? []).map((c) => [c.memoletId, c.title]));
    return splitReferences(text).map((p) => {
      if ('text' in p) return p.text;
      const open = (ev: Event) => (ev.preventDefault(), this.actions.openMemolet(p.memoletId));
      if (p.citation) return h('a', { class: 'citation-ref', href: '#', 'data-memolet-id': p.memoletId, title: `cites memolet:${p.memoletId}`, onclick: open }, cited.get(p.memoletId) ?? p.memoletId);
      return h('a', { class: 'memolet-ref', href: '#', 'data-memolet-id': p.memoletId, title: `memolet:${p.memoletId}`, onclick: open }, `@${p.title || p.memoletId}`);
    });
  }

  /** Remember for the message holding the current selection; false when none holds it. */
  rememberSelection(): boolean {
    const sel = document.getSelection();
    const node = sel && sel.rangeCount > 0 && !sel.isCollapsed ? sel.getRangeAt(0).startContainer : null;
    const el = (node instanceof Element ? node : node?.parentElement)?.closest('article.unit');
    const unit = el ? this.last?.tree.units.get(el.getAttribute('data-unit-id') ?? '') : undefined;
    if (!unit) return false;
    this.remember(unit);
    return true;
  }

  /**
   * Remember: the text selected inside this unit becomes the memolet's span; with no selection
   * (or a selection across chips, whose text differs from the stored content) the whole unit.
   */
  private remember(unit: Unit): void {
    const body = this.rendered.get(unit.id)?.el.querySelector(unit.kind === 'code' ? '.content pre code' : '.content') as HTMLElement | null;
    const sel = document.getSelection();
    let span: { start: number; end: number } | null = null;
    if (body && sel && sel.rangeCount > 0 && !sel.isCollapsed && body.textContent === unit.content) {
      const range = sel.getRangeAt(0);
      if (body.contains(range.startContainer) && body.contains(range.endContainer)) {
        const head = document.createRange();
        head.setStart(body, 0);
        head.setEnd(range.startContainer, range.startOffset);
        const from = head.toString().length;
        const to = from + range.toString().length;
        span = { start: utf8Length(unit.content.slice(0, from)), end: utf8Length(unit.content.slice(0, to)) };
      }
    }
    this.actions.remember(unit.id, span);
  }

  private startEdit(unit: Unit, st: ChatState): void {
    this.editing = unit.id;
    this.update(st);
    (this.rendered.get(unit.id)?.el.querySelector('textarea') as HTMLTextAreaElement | null)?.focus();
  }

  private editor(unit: Unit, st: ChatState): HTMLElement {
    const area = h('textarea', { class: 'edit-area', rows: 4 });
    area.value = unit.content;
    const done = () => {
      this.editing = null;
      this.update(st);
    };
    return h(
      'div',
      { class: 'content editing' },
      area,
      h(
        'div',
        { class: 'edit-buttons' },
        h('button', { class: 'primary act-save', onclick: () => void this.actions.edit(unit.id, area.value).then(done, done) }, 'Save'),
        h('button', { class: 'act-cancel', onclick: done }, 'Cancel'),
      ),
    );
  }
}
