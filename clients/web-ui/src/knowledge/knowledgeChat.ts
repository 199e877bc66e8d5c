// The knowledge map's chat: each turn's question, then the answer with clickable citations, "I
// don't know" said plainly, or the failure (needs a model, ambiguous with its candidates). The
// core answers, routes and edits; this only draws turns and sends the next question.

import type { Citation, KnowledgeNode, KnowledgeTurn } from '../model/knowledgeTypes';
import { locationLabel } from '../model/location';
import { h } from '../ui/dom';

export interface TurnActions {
  openCitation(c: Citation): void;
  /** A candidate of an ambiguous turn was chosen. */
  pickNode(node: KnowledgeNode): void;
  /** A starter question was chosen. */
  ask(input: string): void;
}

const FAILURE_TITLE: Record<string, string> = {
  needsModel: 'Needs a model',
  ambiguous: 'Which one?',
  unclear: 'Not sure what you mean',
  opFailed: 'Could not apply the edit',
};

export function citationChip(c: Citation, open: (c: Citation) => void): HTMLElement {
  return h('button', { class: `citation${c.stale ? ' stale' : ''}`, 'data-uri': c.uri, 'data-line': c.range.start.line, title: c.quote, onclick: () => open(c) }, `${c.title ? `${c.title} · ` : ''}${locationLabel(c.uri, c.range)}${c.stale ? ' (stale)' : ''}`);
}

export function turnView(turn: KnowledgeTurn, actions: TurnActions): HTMLElement {
  const parts: (HTMLElement | null)[] = [h('p', { class: 'turn-input' }, turn.input)];
  if (turn.failure) {
    const f = turn.failure;
    parts.push(
      h(
        'div',
        { class: `turn-failure failure-${f.kind}`, 'data-failure': f.kind },
        h('strong', {}, FAILURE_TITLE[f.kind] ?? f.kind),
        h('p', {}, f.message),
        f.candidates.length > 0 ? h('p', { class: 'candidates' }, ...f.candidates.map((c) => h('button', { class: 'candidate', 'data-node-id': c.id, onclick: () => actions.pickNode(c) }, c.title))) : null,
      ),
    );
  } else if (turn.answer) {
    const a = turn.answer;
    parts.push(
      h(
        'div',
        { class: `turn-answer${a.known ? '' : ' unknown'}`, 'data-known': String(a.known) },
        h('p', { class: 'answer-text' }, a.text || (a.known ? '' : "I don't know")),
        a.citations.length > 0 ? h('p', { class: 'citations' }, ...a.citations.map((c) => citationChip(c, actions.openCitation))) : null,
      ),
    );
  }
  // The message repeats the answer and may add a line (what the answer added
  // to the map): show only what it adds.
  const answered = turn.answer?.text ?? '';
  const extra = (answered && turn.message.startsWith(answered) ? turn.message.slice(answered.length) : turn.message).trim();
  if (extra) parts.push(h('p', { class: 'turn-message' }, extra));
  return h('article', { class: 'k-turn', 'data-turn-id': turn.id, 'data-intent': turn.intent?.label ?? '' }, ...parts);
}

export function startersView(starters: readonly string[], ask: (q: string) => void): HTMLElement | null {
  if (starters.length === 0) return null;
  return h('div', { class: 'starters' }, h('p', {}, 'Try asking:'), ...starters.map((s) => h('button', { class: 'starter', onclick: () => ask(s) }, s)));
}
