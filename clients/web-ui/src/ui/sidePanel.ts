// A docked column beside chat and map for the views that are not the conversation itself:
// capsules, refining an answer, settings, a unit's earlier texts, a check before sending,
// the memory map. One at a time; its name is in data-panel so hosts and tests can tell.

import { h } from './dom';

export class SidePanel {
  readonly el: HTMLElement;
  private readonly body: HTMLElement;
  private readonly title: HTMLElement;
  private current: string | null = null;

  constructor(host: HTMLElement, private readonly onClose: () => void) {
    this.title = h('strong', {});
    this.body = h('div', { class: 'side-body' });
    this.el = h('section', { class: 'side-panel', hidden: true }, h('header', {}, this.title, h('button', { class: 'side-close', title: 'Close', onclick: () => this.close() }, '×')), this.body);
    host.append(this.el);
  }

  /** The panel shown, or null. */
  get name(): string | null {
    return this.current;
  }

  show(name: string, title: string, ...children: (Node | null)[]): void {
    this.current = name;
    this.el.hidden = false;
    this.el.dataset.panel = name;
    this.el.setAttribute('aria-label', title);
    this.title.textContent = title;
    this.body.replaceChildren(...children.filter((c): c is Node => c !== null));
  }

  close(): void {
    this.current = null;
    this.el.hidden = true;
    delete this.el.dataset.panel;
    this.onClose();
  }
}
