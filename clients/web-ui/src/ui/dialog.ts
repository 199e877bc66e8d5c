// In-page dialogs. Webviews block window.confirm/prompt, so Delete's preview and Rename
// Branch use these instead. Each returns a promise that settles when the user decides.

import { h } from './dom';

function open(body: HTMLElement[], buttons: { label: string; value: string | null; primary?: boolean }[]): Promise<string | null> {
  return new Promise((resolve) => {
    const close = (v: string | null) => {
      overlay.remove();
      resolve(v);
    };
    const bar = h('div', { class: 'dialog-buttons' });
    const overlay = h('div', { class: 'dialog-overlay', role: 'dialog', 'aria-modal': 'true' }, h('div', { class: 'dialog' }, ...body, bar));
    for (const b of buttons) {
      bar.append(h('button', { class: b.primary ? 'primary' : '', 'data-action': b.label, onclick: () => close(b.value === '' ? input()?.value ?? '' : b.value) }, b.label));
    }
    const input = () => overlay.querySelector('input');
    overlay.addEventListener('keydown', (ev) => {
      if (ev.key === 'Escape') close(null);
      if (ev.key === 'Enter' && input()) close(input()!.value);
    });
    document.body.append(overlay);
    (input() ?? bar.querySelector('button.primary') as HTMLElement | null)?.focus();
  });
}

export async function confirmDialog(title: string, lines: string[], okLabel: string): Promise<boolean> {
  const body = [h('h3', {}, title), ...lines.map((l) => h('p', {}, l))];
  return (await open(body, [{ label: 'Cancel', value: null }, { label: okLabel, value: 'ok', primary: true }])) === 'ok';
}

export async function promptDialog(title: string, value: string): Promise<string | null> {
  const field = h('input', { type: 'text', value, 'aria-label': title });
  return open([h('h3', {}, title), field], [{ label: 'Cancel', value: null }, { label: 'OK', value: '', primary: true }]);
}

/** Asks the user to pick one of `choices` ([value, label]); null when cancelled. */
export async function choiceDialog(title: string, choices: [string, string][]): Promise<string | null> {
  const body = [h('h3', {}, title)];
  return open(body, [...choices.map(([value, label]) => ({ label, value })), { label: 'Cancel', value: null }]);
}

export interface FormField { readonly key: string; readonly label: string; readonly value: string; readonly multiline?: boolean }

/** A form of labelled fields; resolves to the values by key (all of them), or null when cancelled. */
export async function formDialog(title: string, fields: readonly FormField[]): Promise<Record<string, string> | null> {
  const inputs = fields.map((f) => {
    const el = f.multiline ? h('textarea', { rows: 5, 'aria-label': f.label, 'data-field': f.key }) : h('input', { type: 'text', 'aria-label': f.label, 'data-field': f.key });
    el.value = f.value;
    // Enter in a multi-line field is a new line, not OK.
    if (f.multiline) (el as HTMLElement).addEventListener('keydown', (ev: KeyboardEvent) => ev.key === 'Enter' && ev.stopPropagation());
    return [f.key, el] as const;
  });
  const body = [h('h3', {}, title), ...inputs.map(([, el], i) => h('label', { class: 'dialog-field' }, fields[i].label, el))];
  const answer = await open(body, [{ label: 'Cancel', value: null }, { label: 'Save', value: 'ok', primary: true }]);
  return answer === null ? null : Object.fromEntries(inputs.map(([key, el]) => [key, el.value]));
}
