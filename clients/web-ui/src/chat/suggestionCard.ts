// An inline structure suggestion (branch here, return, extract...). The core proposes; only
// the user's Accept applies it (DESIGN §2.4).

import type { Suggestion } from '../model/types';
import { h } from '../ui/dom';

export type SuggestionDecision = 'accepted' | 'rejected' | 'deferred';

export interface SuggestionActions {
  resolveSuggestion(id: string, decision: SuggestionDecision): void;
}

const titles: Record<string, string> = {
  branch: 'Start a branch here?',
  return: 'Return to the main line?',
  extract: 'Extract a reusable capsule?',
  place: 'Place this in the board?',
  expand: 'Expand this topic?',
};

export function suggestionCard(s: Suggestion, actions: SuggestionActions): HTMLElement {
  const confidence = typeof s.confidence === 'number' ? ` (${Math.round(s.confidence * 100)}%)` : '';
  return h(
    'aside',
    { class: `suggestion kind-${s.kind}`, 'data-suggestion-id': s.id },
    h('strong', {}, s.title ?? titles[s.kind] ?? `Suggestion: ${s.kind}`),
    s.reason ? h('p', {}, s.reason + confidence) : null,
    h(
      'div',
      { class: 'suggestion-buttons' },
      h('button', { class: 'primary', onclick: () => actions.resolveSuggestion(s.id, 'accepted') }, 'Accept'),
      h('button', { onclick: () => actions.resolveSuggestion(s.id, 'rejected') }, 'Reject'),
      h('button', { onclick: () => actions.resolveSuggestion(s.id, 'deferred') }, 'Defer'),
    ),
  );
}
