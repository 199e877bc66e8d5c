// Settings a user controls: how much Grove may propose in this project (initiative level,
// cooldown, hourly cap) and what it has learnt about how they structure conversations (the user
// model with its evidence), with a reset.

import type { Initiative, UserModel } from '../model/types';
import { h } from '../ui/dom';

export interface SettingsActions {
  saveInitiative(value: Partial<Initiative>): void;
  resetUserModel(): void;
}

const LEVELS: [Initiative['level'], string][] = [
  ['off', 'Off: no suggestions'],
  ['on_demand', 'On demand: only when I check a message or ask'],
  ['suggest', 'Suggest: cards on every send'],
];

export function settingsPanel(initiative: Initiative | null, model: UserModel | null, actions: SettingsActions): HTMLElement {
  const parts: (HTMLElement | null)[] = [];
  if (initiative) {
    const level = h('select', { class: 'initiative-level', 'aria-label': 'Initiative level' });
    for (const [v, label] of LEVELS) level.append(h('option', { value: v, selected: initiative.level === v }, label));
    const cooldown = h('input', { type: 'number', class: 'initiative-cooldown', min: 0, max: 1000, value: initiative.cooldownTurns, 'aria-label': 'Cooldown in messages' });
    const cap = h('input', { type: 'number', class: 'initiative-max', min: 0, max: 10000, value: initiative.maxPerHour, 'aria-label': 'Cards per hour at most' });
    parts.push(
      h('h4', {}, 'Initiative in this conversation'),
      h('label', {}, 'Level ', level),
      h('label', {}, 'Messages without a new card after one ', cooldown),
      h('label', {}, 'Cards per hour at most ', cap),
      h('button', { class: 'primary initiative-save', onclick: () => actions.saveInitiative({ level: level.value as Initiative['level'], cooldownTurns: Number(cooldown.value), maxPerHour: Number(cap.value) }) }, 'Save'),
    );
  }
  if (model) {
    parts.push(h('h4', {}, 'What Grove has learnt'), h('p', { class: 'usermodel-stage' }, `${model.stage.replace('_', ' ')} · ${model.events} event${model.events === 1 ? '' : 's'}`));
    for (const [name, p] of Object.entries(model.preferences)) {
      const lean = p.value > 0.1 ? 'wants more' : p.value < -0.1 ? 'wants fewer' : 'neutral';
      parts.push(
        h('div', { class: 'usermodel-pref', 'data-pref': name }, h('strong', {}, name), ` ${lean} (value ${p.value.toFixed(2)}, evidence ${p.evidence.toFixed(2)})`, p.examples.length ? h('ul', {}, ...p.examples.map((e) => h('li', {}, e))) : null),
      );
    }
    parts.push(h('button', { class: 'usermodel-reset', onclick: () => actions.resetUserModel() }, 'Reset what Grove learnt'));
  }
  return h('div', { class: 'settings' }, ...parts);
}
