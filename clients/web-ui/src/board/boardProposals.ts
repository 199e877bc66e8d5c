// The board's pending cards (DESIGN.md §11.4): evolve cards (evolution that would write a field
// the user edited, or every change with `evolution: "cards"`) and reorganize cards (made by
// grove/board/reorganize). They are suggestions of the workspace, not of a project; the core
// holds them, and this area only draws the pending ones with Accept, Reject and Preview.

import type { BoardChange } from '../model/boardTypes';
import type { Suggestion } from '../model/types';
import { h } from '../ui/dom';
import { sameWorkspace } from '../ui/workspaceView';

/** The keys an offline reorganize understands (PROTOCOL.md "Reorganize with an instruction"). */
export const REORGANIZE_PLACEHOLDER = 'by file, folder, language, kind, tag or topic; with a model, in your words';

export interface ProposalActions {
  resolve(card: Suggestion, decision: 'accept' | 'reject'): void;
  preview(card: Suggestion): void;
}

/** Whether a suggestion notification is a card of this workspace's board. */
export function isBoardCardNotice(params: unknown, workspaceUri: string): boolean {
  const p = params as { projectId?: unknown; workspaceUri?: unknown; suggestion?: { workspaceUri?: unknown } } | null;
  if (!p || (p.projectId !== null && p.projectId !== undefined)) return false;
  const uri = typeof p.workspaceUri === 'string' ? p.workspaceUri : p.suggestion?.workspaceUri;
  return typeof uri === 'string' && sameWorkspace(uri, workspaceUri);
}

export function kindLabel(kind: string): string {
  return kind === 'evolve' ? 'Evolve' : kind === 'reorganize' ? 'Reorganize' : kind;
}

/** What a preview of a card's ops would touch, in words. */
export function previewText(change: Pick<BoardChange, 'itemIds' | 'groupIds' | 'linkIds'>): string {
  const part = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return `Would change ${part(change.itemIds.length, 'memory', 'memories')}, ${part(change.groupIds.length, 'group', 'groups')}, ${part(change.linkIds.length, 'link', 'links')}`;
}

/** One pending card; `note` is the preview or error line under it (empty when none). */
export function proposalElement(card: Suggestion, note: { text: string; error: boolean } | undefined, actions: ProposalActions): HTMLElement {
  return h(
    'article',
    { class: `board-proposal kind-${card.kind}`, 'data-suggestion-id': card.id },
    h('header', {}, h('span', { class: 'proposal-kind' }, kindLabel(card.kind)), h('span', { class: 'proposal-title' }, card.title ?? '')),
    card.reason && h('p', { class: 'proposal-reason' }, card.reason),
    h(
      'footer',
      {},
      h('button', { 'data-action': 'accept-card', onclick: () => actions.resolve(card, 'accept') }, 'Accept'),
      h('button', { 'data-action': 'reject-card', onclick: () => actions.resolve(card, 'reject') }, 'Reject'),
      (card.ops?.length ?? 0) > 0 && h('button', { 'data-action': 'preview-card', onclick: () => actions.preview(card) }, 'Preview'),
    ),
    note && h('p', { class: `proposal-note${note.error ? ' error' : ''}` }, note.text),
  );
}
