// The composer sends from the focus unit, or opens a branch from the unit whose Branch action
// was clicked (the branch appears with the first message). Stop cancels a running send.
// Typing `@` opens memolet completion (when the server has memolets); the chosen item's
// `@[Title](memolet:ID)` goes into the text as is, and the core resolves it on send.

import type { MemoletCompletion } from '../model/types';
import { h } from '../ui/dom';
import { MentionPopup } from './mentionPopup';
import { applyCompletion, mentionAt, type Mention } from './references';

export interface ComposerActions {
  send(text: string): void;
  stop(): void;
  cancelBranch(): void;
  /** Memolets matching a prefix; null when the server has no memolet completion. */
  complete?(prefix: string): Promise<readonly MemoletCompletion[]> | null;
  /** "Check before sending": what Grove would suggest for this text; absent without analysis. */
  check?(text: string): void;
}

export class Composer {
  readonly el: HTMLElement;
  readonly input: HTMLTextAreaElement;
  private readonly sendButton: HTMLButtonElement;
  private readonly stopButton: HTMLButtonElement;
  readonly checkButton: HTMLButtonElement;
  private readonly banner: HTMLElement;
  private readonly popup: MentionPopup;
  private mention: Mention | null = null;
  /** Numbers completion requests so a slow answer for an old prefix never replaces a newer one. */
  private completionSeq = 0;

  constructor(host: HTMLElement, private readonly actions: ComposerActions) {
    this.input = h('textarea', { class: 'composer-input', rows: 3, placeholder: 'Message (Ctrl+Enter to send, @ for memolets)', 'aria-label': 'Message' });
    this.input.addEventListener('keydown', (ev) => this.onKey(ev));
    this.input.addEventListener('input', () => this.updateMention());
    this.input.addEventListener('blur', () => this.closeCompletion());
    this.popup = new MentionPopup((item) => this.accept(item));
    this.sendButton = h('button', { class: 'primary composer-send', onclick: () => this.submit() }, 'Send');
    this.stopButton = h('button', { class: 'composer-stop', onclick: () => actions.stop(), hidden: true }, 'Stop');
    this.checkButton = h('button', { class: 'composer-check', hidden: true, title: 'What Grove would suggest for this message, before sending it', onclick: () => this.input.value.trim() && actions.check?.(this.input.value.trim()) }, 'Check');
    this.banner = h('div', { class: 'composer-banner', hidden: true });
    this.el = h('div', { class: 'composer' }, this.banner, this.popup.el, this.input, h('div', { class: 'composer-buttons' }, this.sendButton, this.checkButton, this.stopButton));
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

  /** Inserts text at the caret (a reference chosen in the editor's memolet search). */
  insert(text: string): void {
    const { value, selectionStart: a, selectionEnd: b } = this.input;
    const before = value.slice(0, a);
    const lead = before === '' || /\s$/.test(before) ? '' : ' ';
    const piece = `${lead}${text} `;
    this.input.value = before + piece + value.slice(b);
    this.input.focus();
    this.input.setSelectionRange(a + piece.length, a + piece.length);
  }

  private onKey(ev: KeyboardEvent): void {
    if (this.popup.isOpen) {
      const item = this.popup.current();
      if (ev.key === 'ArrowDown' || ev.key === 'ArrowUp') {
        ev.preventDefault();
        this.popup.move(ev.key === 'ArrowDown' ? 1 : -1);
        return;
      }
      if ((ev.key === 'Enter' || ev.key === 'Tab') && !ev.ctrlKey && !ev.metaKey && item) {
        ev.preventDefault();
        this.accept(item);
        return;
      }
      if (ev.key === 'Escape') {
        // The list only: the host (VS Code) must not also act on this Escape.
        ev.preventDefault();
        ev.stopPropagation();
        this.closeCompletion();
        return;
      }
    }
    if (ev.key === 'Enter' && (ev.ctrlKey || ev.metaKey)) {
      ev.preventDefault();
      this.submit();
    }
  }

  private updateMention(): void {
    const caret = this.input.selectionStart;
    const mention = this.input.selectionEnd === caret ? mentionAt(this.input.value, caret) : null;
    const pending = mention ? this.actions.complete?.(mention.prefix) ?? null : null;
    if (!mention || !pending) {
      this.closeCompletion();
      return;
    }
    this.mention = mention;
    const seq = ++this.completionSeq;
    pending.then(
      (items) => {
        if (seq === this.completionSeq && this.mention) this.popup.show(items, mention.prefix);
      },
      () => {
        if (seq === this.completionSeq) this.closeCompletion();
      },
    );
  }

  private accept(item: MemoletCompletion): void {
    const mention = this.mention;
    this.closeCompletion();
    if (!mention) return;
    const next = applyCompletion(this.input.value, mention, this.input.selectionStart, item.insertText);
    this.input.value = next.text;
    this.input.focus();
    this.input.setSelectionRange(next.caret, next.caret);
  }

  private closeCompletion(): void {
    this.mention = null;
    this.completionSeq++;
    this.popup.close();
  }

  private submit(): void {
    const text = this.input.value.trim();
    if (!text || this.sendButton.disabled) return;
    this.closeCompletion();
    this.input.value = '';
    this.actions.send(text);
  }
}
