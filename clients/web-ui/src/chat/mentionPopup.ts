// The `@` completion list above the composer: memolets whose title matches what follows the
// `@`, as grove/memolet/complete ranks them. The composer owns the keyboard (arrows move,
// Enter/Tab insert, Escape closes) and tells the list; the list only draws and remembers the
// highlighted row. Rows react on mousedown so the textarea keeps its focus and caret.

import type { MemoletCompletion } from '../model/types';
import { clear, h } from '../ui/dom';

export class MentionPopup {
  readonly el: HTMLElement;
  private items: readonly MemoletCompletion[] = [];
  private active = 0;

  constructor(private readonly pick: (item: MemoletCompletion) => void) {
    this.el = h('div', { class: 'mention-popup', role: 'listbox', 'aria-label': 'Memolets', hidden: true });
  }

  get isOpen(): boolean {
    return !this.el.hidden;
  }

  show(items: readonly MemoletCompletion[], prefix: string): void {
    // Each key asks again, and an answer may land after the user moved the highlight: keep it
    // on the same memolet when the new list still has it.
    const kept = this.isOpen ? this.items[this.active]?.id : undefined;
    this.items = items;
    this.active = 0;
    this.el.dataset.prefix = prefix;
    clear(this.el);
    if (items.length === 0) {
      this.el.append(h('div', { class: 'mention-empty' }, prefix ? `No memolet matches “${prefix}”` : 'No memolets yet'));
    }
    items.forEach((item, i) => {
      const row = h(
        'div',
        { class: 'mention-item', role: 'option', 'data-memolet-id': item.id, onmousedown: (ev: Event) => (ev.preventDefault(), this.pick(item)) },
        h('span', { class: 'mention-label' }, item.label),
        item.detail ? h('span', { class: 'mention-detail' }, item.detail) : null,
      );
      row.addEventListener('mousemove', () => this.highlight(i));
      this.el.append(row);
    });
    this.el.hidden = false;
    this.highlight(Math.max(0, items.findIndex((item) => item.id === kept)));
  }

  close(): void {
    this.el.hidden = true;
    this.items = [];
  }

  /** Moves the highlight by `delta` rows, wrapping around. */
  move(delta: number): void {
    if (this.items.length === 0) return;
    this.highlight((this.active + delta + this.items.length) % this.items.length);
  }

  /** The highlighted item, if the list has any. */
  current(): MemoletCompletion | undefined {
    return this.items[this.active];
  }

  private highlight(i: number): void {
    this.active = i;
    this.el.querySelectorAll('.mention-item').forEach((row, k) => {
      row.classList.toggle('active', k === i);
      row.setAttribute('aria-selected', String(k === i));
      if (k === i) (row as HTMLElement).scrollIntoView?.({ block: 'nearest' });
    });
  }
}
