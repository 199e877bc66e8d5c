// One memory card: coloured by kind (chat, snippet, note), with its badges, the memo as a note on
// snippets, the source line that opens the captured range, tags, links and the card's actions.

import type { BoardItem, BoardLink } from '../model/boardTypes';
import { h } from '../ui/dom';
import { badgeLabels, memoOf, sourceLabel } from './boardModel';

export interface CardActions {
  select(id: string, on: boolean): void;
  open(item: BoardItem): void;
  edit(item: BoardItem): void;
  archive(item: BoardItem, archived: boolean): void;
  dismissBadges(item: BoardItem): void;
  unlink(linkId: string): void;
  /** Accept or reject the card a `proposed` badge points to (evolution of a user-edited field). */
  resolve(suggestionId: string, decision: 'accept' | 'reject'): void;
  /** Shows that card in the board's Cards area. */
  showProposal(suggestionId: string): void;
}

const PREVIEW_LINES = 6;

export function boardCard(item: BoardItem, links: readonly BoardLink[], title: (id: string) => string, selected: boolean, actions: CardActions): HTMLElement {
  const badges = badgeLabels(item.badges);
  const source = sourceLabel(item);
  const memo = memoOf(item);
  const preview = item.preview.split('\n').slice(0, PREVIEW_LINES).join('\n');
  const anchor = item.source?.anchor;
  const check = h('input', { type: 'checkbox', class: 'card-select', 'aria-label': `Select ${item.title}` });
  check.checked = selected;
  check.addEventListener('change', () => actions.select(item.id, check.checked));
  return h(
    'article',
    { class: `board-card kind-${item.kind}${item.archived ? ' archived' : ''}${selected ? ' selected' : ''}`, 'data-item-id': item.id, draggable: 'true', title: item.summary ?? '' },
    h('header', {}, check, h('span', { class: 'card-kind' }, item.kind), h('span', { class: 'card-title' }, item.title), ...badges.map((b) => h('span', { class: `badge badge-${b}`, 'data-badge': b, title: b === 'stale' ? anchor?.diffSummary ?? 'changed since captured' : b }, b))),
    source && h('button', { class: 'link card-source', 'data-action': 'open', onclick: () => actions.open(item) }, source),
    item.kind === 'snippet' ? h('pre', { class: 'card-preview' }, preview) : h('p', { class: 'card-preview' }, preview),
    memo && h('p', { class: 'card-memo', title: 'memo' }, memo),
    item.tags.length > 0 && h('p', { class: 'card-tags' }, ...item.tags.map((t) => h('span', { class: 'tag' }, t))),
    links.length > 0 &&
      h(
        'p',
        { class: 'card-links' },
        ...links.map((l) =>
          h('span', { class: 'card-link', 'data-link-id': l.id }, `↔ ${title(l.from === item.id ? l.to : l.from)}${l.label ? ` (${l.label})` : ''}`, h('button', { class: 'link', 'data-action': 'unlink', title: 'Unlink', onclick: () => actions.unlink(l.id) }, '×')),
        ),
      ),
    h(
      'footer',
      {},
      h('button', { 'data-action': 'edit', onclick: () => actions.edit(item) }, 'Edit'),
      item.archived ? h('button', { 'data-action': 'restore', onclick: () => actions.archive(item, false) }, 'Restore') : h('button', { 'data-action': 'archive', onclick: () => actions.archive(item, true) }, 'Archive'),
      badges.length > 0 && h('button', { 'data-action': 'dismiss', onclick: () => actions.dismissBadges(item) }, 'Dismiss badges'),
    ),
    ...item.badges
      .filter((b) => b.kind === 'proposed' && b.suggestionId)
      .map((b) =>
        h(
          'p',
          { class: 'card-proposal', 'data-suggestion-id': b.suggestionId! },
          h('button', { class: 'link', 'data-action': 'show-proposal', title: 'Show the card', onclick: () => actions.showProposal(b.suggestionId!) }, `Proposed change to ${b.fields.join(', ') || 'this card'}`),
          h('button', { 'data-action': 'accept', onclick: () => actions.resolve(b.suggestionId!, 'accept') }, 'Accept'),
          h('button', { 'data-action': 'reject', onclick: () => actions.resolve(b.suggestionId!, 'reject') }, 'Reject'),
        ),
      ),
  );
}
