// "What the model sees": the core's grove/scope/preview answer, shown as the system prompt
// and the messages in order, with a token estimate. Principle: scope is always inspectable.

import type { ScopePreview } from '../model/types';
import { h } from './dom';

export class PreviewPanel {
  readonly el: HTMLElement;

  constructor(host: HTMLElement, onClose: () => void) {
    this.el = h('section', { class: 'preview-panel', hidden: true, 'aria-label': 'Context preview' });
    this.el.addEventListener('click', (ev) => {
      if ((ev.target as HTMLElement).classList.contains('preview-close')) onClose();
    });
    host.append(this.el);
  }

  get visible(): boolean {
    return !this.el.hidden;
  }

  show(title: string, preview: ScopePreview): void {
    this.el.hidden = false;
    const parts: (Node | null)[] = [
      h('header', {}, h('strong', {}, title), h('span', { class: 'tokens' }, `≈ ${preview.tokens} tokens`), h('button', { class: 'preview-close', title: 'Close' }, '×')),
      preview.system ? h('details', { class: 'preview-system' }, h('summary', {}, 'System prompt'), h('pre', {}, preview.system)) : null,
      ...preview.messages.map((m) => h('div', { class: `preview-message role-${m.role}`, 'data-unit-ids': m.unitIds.join(' ') }, h('span', { class: 'role' }, m.role), h('pre', {}, m.content))),
      preview.excluded.length ? h('p', { class: 'muted' }, `Excluded on this path: ${preview.excluded.length}`) : null,
      preview.included.length ? h('p', { class: 'muted' }, `Included from elsewhere: ${preview.included.length}`) : null,
      preview.truncated.length ? h('p', { class: 'muted' }, `Dropped by the budget: ${preview.truncated.length}`) : null,
    ];
    this.el.replaceChildren(...parts.filter((p): p is Node => p !== null));
  }

  hide(): void {
    this.el.hidden = true;
  }
}
