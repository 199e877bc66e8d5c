// An inline structure suggestion (branch here, return, extract, exclude). The core proposes;
// only the user's Accept applies it (DESIGN §2.4).

import type { Suggestion } from '../model/types';
import { h } from '../ui/dom';

/** grove/suggestion/resolve's `decision`. */
export type SuggestionDecision = 'accept' | 'reject' | 'defer';

export interface SuggestionActions {
  resolveSuggestion(id: string, decision: SuggestionDecision): void;
}

const titles: Record<string, string> = {
  branch: 'Start a branch here?',
  return: 'Return to the main line?',
  extract: 'Extract a reusable capsule?',
  exclude: 'Exclude these units from the context?',
};

export function suggestionCard(s: Suggestion, actions: SuggestionActions): HTMLElement {
  const confidence = typeof s.confidence === 'number' ? ` (${Math.round(s.confidence * 100)}%)` : '';
  // The kind's question leads; the core's title (a branch's intent, a capsule's name) follows it.
  const heading = titles[s.kind] ?? `Suggestion: ${s.kind}`;
  const deferred = s.state === 'deferred';
  return h(
    'aside',
    { class: `suggestion kind-${s.kind}${deferred ? ' state-deferred' : ''}`, 'data-suggestion-id': s.id },
    h('strong', {}, heading),
    s.title ? h('span', { class: 'suggestion-title' }, ` “${s.title}”`) : null,
    deferred ? h('span', { class: 'badge suggestion-deferred' }, 'deferred') : null,
    s.reason ? h('p', {}, s.reason + confidence) : null,
    h(
      'div',
      { class: 'suggestion-buttons' },
      h('button', { class: 'primary act-accept', onclick: () => actions.resolveSuggestion(s.id, 'accept') }, 'Accept'),
      h('button', { class: 'act-reject', onclick: () => actions.resolveSuggestion(s.id, 'reject') }, 'Reject'),
      deferred ? null : h('button', { class: 'act-defer', onclick: () => actions.resolveSuggestion(s.id, 'defer') }, 'Defer'),
    ),
  );
}
