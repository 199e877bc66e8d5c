// The capsule list: type, name, review state and whether it is enabled in this project, with
// Mark reviewed, an Enabled here switch, Edit (name, instruction, example) and Delete. The core
// refuses to enable a capsule that still needs review; the switch stays off until it is reviewed.

import type { Capsule } from '../model/types';
import { h } from '../ui/dom';

export interface CapsuleActions {
  review(id: string): void;
  setEnabled(id: string, enabled: boolean): void;
  save(id: string, fields: { name: string; instruction: string; example: string }): void;
  remove(capsule: Capsule): void;
}

const TYPE_LABEL: Record<string, string> = { task_sop: 'Task SOP', reasoning: 'Reasoning', context_case: 'Context case' };

export function reviewState(c: Capsule): string {
  if (c.reviewed) return 'reviewed';
  return c.requiresReview ? 'review pending' : 'not reviewed';
}

export function capsuleList(capsules: readonly Capsule[], projectId: string | null, actions: CapsuleActions): HTMLElement {
  if (capsules.length === 0) return h('p', { class: 'empty' }, 'No capsules yet. Accept an extract card, or select units and choose Extract capsule.');
  return h('div', { class: 'capsule-list' }, ...capsules.map((c) => capsuleItem(c, projectId, actions)));
}

function capsuleItem(c: Capsule, projectId: string | null, actions: CapsuleActions): HTMLElement {
  const enabled = projectId !== null && c.enabledIn.includes(projectId);
  const blocked = c.requiresReview && !c.reviewed;
  const toggle = h('input', { type: 'checkbox', class: 'capsule-enabled', 'aria-label': 'Enabled in this project', disabled: projectId === null || (blocked && !enabled) });
  toggle.checked = enabled;
  toggle.addEventListener('change', () => actions.setEnabled(c.id, toggle.checked));
  const name = h('input', { type: 'text', class: 'capsule-name', value: c.name, 'aria-label': 'Name' });
  const instruction = h('textarea', { class: 'capsule-instruction', rows: 4, 'aria-label': 'Instruction' });
  instruction.value = c.instruction;
  const example = h('textarea', { class: 'capsule-example', rows: 2, 'aria-label': 'Example' });
  example.value = c.example;
  const form = h(
    'div',
    { class: 'capsule-form', hidden: true },
    h('label', {}, 'Name', name),
    h('label', {}, 'Instruction', instruction),
    h('label', {}, 'Example', example),
    h('button', { class: 'primary capsule-save', onclick: () => actions.save(c.id, { name: name.value.trim(), instruction: instruction.value, example: example.value }) }, 'Save'),
  );
  return h(
    'article',
    { class: `capsule state-${reviewState(c).replace(' ', '-')}`, 'data-capsule-id': c.id },
    h('header', {}, h('span', { class: 'badge capsule-type' }, TYPE_LABEL[c.type] ?? c.type), h('strong', { class: 'capsule-title' }, c.name), h('span', { class: 'badge capsule-review-state' }, reviewState(c))),
    h('p', { class: 'capsule-text' }, c.instruction),
    c.example ? h('p', { class: 'muted' }, `Example: ${c.example}`) : null,
    h(
      'div',
      { class: 'capsule-buttons' },
      h('label', { class: 'capsule-switch', title: blocked ? 'Review it first: a capsule that needs review cannot be enabled' : 'Adds its [PATTERN] block to this project’s system prompt' }, toggle, ' Enabled here'),
      c.reviewed ? null : h('button', { class: 'primary capsule-review', onclick: () => actions.review(c.id) }, 'Mark reviewed'),
      h('button', { class: 'capsule-edit', onclick: () => (form.hidden = !form.hidden) }, 'Edit'),
      h('button', { class: 'capsule-delete', onclick: () => actions.remove(c) }, 'Delete'),
    ),
    form,
  );
}
