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
  /** Extracts a capsule from the selected units. */
  extract(): void;
  /** Returns from the branch the chat is on (completed, with its summary). */
  returnFromBranch(): void;
  /** Opens a side panel: capsules, settings or the memory map. */
  panel(name: 'capsules' | 'settings' | 'memory'): void;
}

/** Which optional parts the server offers. */
export interface ToolbarFeatures {
  readonly capsules: boolean;
  readonly settings: boolean;
  readonly memory: boolean;
}

export class Toolbar {
  readonly el: HTMLElement;
  private readonly title: HTMLElement;
  private readonly status: HTMLElement;
  private readonly selectButton: HTMLButtonElement;
  private readonly batchBar: HTMLElement;
  private readonly searchInput: HTMLInputElement;
  private readonly branch: HTMLElement;
  private readonly returnButton: HTMLButtonElement;
  private readonly optional: Record<keyof ToolbarFeatures, HTMLElement[]>;

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
      h('button', { class: 'batch-extract', hidden: true, title: 'Extract a reusable capsule from the selected units', onclick: () => actions.extract() }, 'Extract capsule'),
      h('button', { class: 'batch-clear', onclick: () => actions.clearSelection() }, 'Clear'),
    );
    this.branch = h('span', { class: 'tb-branch', title: 'The branch your next message and captures go to' });
    this.returnButton = h('button', { class: 'tb-return', hidden: true, title: 'Complete this branch with its summary and go back to where it branched off', onclick: () => actions.returnFromBranch() }, 'Return');
    const panelButton = (name: 'capsules' | 'settings' | 'memory', label: string, title: string) => h('button', { class: `tb-${name}`, hidden: true, title, onclick: () => actions.panel(name) }, label);
    const capsules = panelButton('capsules', 'Capsules', 'Review, edit and enable capsules');
    const settings = panelButton('settings', 'Settings', 'Initiative and what Grove has learnt');
    const memory = panelButton('memory', 'Memory', 'The memory map: every memolet by cluster');
    this.optional = { capsules: [capsules, this.batchBar.querySelector('.batch-extract') as HTMLElement], settings: [settings], memory: [memory] };
    this.el = h(
      'div',
      { class: 'toolbar', role: 'toolbar' },
      this.title,
      this.branch,
      this.returnButton,
      this.searchInput,
      h('button', { class: 'tb-undo', title: 'Undo', onclick: () => actions.undo() }, 'Undo'),
      h('button', { class: 'tb-redo', title: 'Redo', onclick: () => actions.redo() }, 'Redo'),
      h('button', { class: 'tb-preview', title: 'Preview what the model sees', onclick: () => actions.preview() }, 'Preview'),
      this.selectButton,
      capsules,
      settings,
      memory,
      this.batchBar,
      this.status,
    );
    host.append(this.el);
  }

  setTitle(title: string): void {
    this.title.textContent = title;
  }

  /** Shows the buttons of what the server offers. */
  setFeatures(f: ToolbarFeatures): void {
    for (const key of Object.keys(this.optional) as (keyof ToolbarFeatures)[]) for (const el of this.optional[key]) el.hidden = !f[key];
  }

  /** Names the branch the chat is on (where the next message and a capture land); `canReturn`
   *  when it is a branch the user can return from. */
  setBranch(label: string, canReturn = false): void {
    this.branch.textContent = label;
    this.returnButton.hidden = !canReturn;
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
