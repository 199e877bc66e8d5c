// The composer sends from the focus unit, or opens a branch from the unit whose Branch action
// was clicked (the branch appears with the first message). Stop cancels a running send.

import { h } from '../ui/dom';

export interface ComposerActions {
  send(text: string): void;
  stop(): void;
  cancelBranch(): void;
}

export class Composer {
  readonly el: HTMLElement;
  private readonly input: HTMLTextAreaElement;
  private readonly sendButton: HTMLButtonElement;
  private readonly stopButton: HTMLButtonElement;
  private readonly banner: HTMLElement;

  constructor(host: HTMLElement, private readonly actions: ComposerActions) {
    this.input = h('textarea', { class: 'composer-input', rows: 3, placeholder: 'Message (Ctrl+Enter to send)', 'aria-label': 'Message' });
    this.input.addEventListener('keydown', (ev) => {
      if (ev.key === 'Enter' && (ev.ctrlKey || ev.metaKey)) {
        ev.preventDefault();
        this.submit();
      }
    });
    this.sendButton = h('button', { class: 'primary composer-send', onclick: () => this.submit() }, 'Send');
    this.stopButton = h('button', { class: 'composer-stop', onclick: () => actions.stop(), hidden: true }, 'Stop');
    this.banner = h('div', { class: 'composer-banner', hidden: true });
    this.el = h('div', { class: 'composer' }, this.banner, this.input, h('div', { class: 'composer-buttons' }, this.sendButton, this.stopButton));
    host.append(this.el);
  }

  /** Shows which unit the next message branches from, or hides the banner (null). */
  setBranchFrom(label: string | null): void {
    this.banner.hidden = label === null;
    this.banner.replaceChildren();
    if (label !== null) {
      this.banner.append(`Branching from: ${label} `, h('button', { class: 'link', onclick: () => this.actions.cancelBranch() }, 'cancel'));
      this.input.focus();
    }
  }

  setBusy(busy: boolean): void {
    this.stopButton.hidden = !busy;
    this.sendButton.disabled = busy;
  }

  private submit(): void {
    const text = this.input.value.trim();
    if (!text || this.sendButton.disabled) return;
    this.input.value = '';
    this.actions.send(text);
  }
}
