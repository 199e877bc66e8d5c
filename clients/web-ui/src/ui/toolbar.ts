// The strip above map and chat: search, undo/redo, context preview and the selection mode
// with its batch Include / Exclude / Revert.

import { h } from './dom';

export interface ToolbarActions {
  search(query: string): void;
  undo(): void;
  redo(): void;
  preview(): void;
  toggleSelectMode(): void;
  batch(scope: 'included' | 'excluded' | 'toggle'): void;
  clearSelection(): void;
}

export class Toolbar {
  readonly el: HTMLElement;
  private readonly title: HTMLElement;
  private readonly status: HTMLElement;
  private readonly selectButton: HTMLButtonElement;
  private readonly batchBar: HTMLElement;
  private readonly searchInput: HTMLInputElement;

  constructor(host: HTMLElement, actions: ToolbarActions) {
    this.title = h('span', { class: 'title' }, 'Grove');
    this.status = h('span', { class: 'status', 'aria-live': 'polite' });
    this.searchInput = h('input', { type: 'search', class: 'search', placeholder: 'Search units', 'aria-label': 'Search units' });
    this.searchInput.addEventListener('keydown', (ev) => {
      if (ev.key === 'Enter') actions.search(this.searchInput.value.trim());
    });
    this.selectButton = h('button', { class: 'tb-select', title: 'Select units for a batch scope change', onclick: () => actions.toggleSelectMode() }, 'Select');
    this.batchBar = h(
      'span',
      { class: 'batch', hidden: true },
      h('button', { class: 'batch-include', onclick: () => actions.batch('included') }, 'Include'),
      h('button', { class: 'batch-exclude', onclick: () => actions.batch('excluded') }, 'Exclude'),
      h('button', { class: 'batch-revert', onclick: () => actions.batch('toggle') }, 'Revert'),
      h('button', { class: 'batch-clear', onclick: () => actions.clearSelection() }, 'Clear'),
    );
    this.el = h(
      'div',
      { class: 'toolbar', role: 'toolbar' },
      this.title,
      this.searchInput,
      h('button', { class: 'tb-undo', title: 'Undo', onclick: () => actions.undo() }, 'Undo'),
      h('button', { class: 'tb-redo', title: 'Redo', onclick: () => actions.redo() }, 'Redo'),
      h('button', { class: 'tb-preview', title: 'Preview what the model sees', onclick: () => actions.preview() }, 'Preview'),
      this.selectButton,
      this.batchBar,
      this.status,
    );
    host.append(this.el);
  }

  setTitle(title: string): void {
    this.title.textContent = title;
  }

  setStatus(text: string): void {
    this.status.textContent = text;
  }

  setSelection(mode: boolean, count: number): void {
    this.selectButton.classList.toggle('active', mode);
    this.selectButton.setAttribute('aria-pressed', String(mode));
    this.batchBar.hidden = !mode;
    this.batchBar.querySelectorAll('button:not(.batch-clear)').forEach((b) => ((b as HTMLButtonElement).disabled = count === 0));
    if (mode) this.setStatus(`${count} selected`);
  }

  focusSearch(query?: string): void {
    if (query !== undefined) this.searchInput.value = query;
    this.searchInput.focus();
  }
}
