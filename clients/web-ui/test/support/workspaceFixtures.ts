// Board and knowledge-map objects shaped exactly like DESIGN.md §11 (every field present), for
// the unit tests, the scripted-host browser tests and the board benchmark.

import type { BoardGroup, BoardItem, BoardLink, BoardSnapshot, BoardSource } from '../../src/model/boardTypes';
import type { Citation, KnowledgeEdge, KnowledgeNode, KnowledgeTurn } from '../../src/model/knowledgeTypes';

export const WS = 'file:///home/dev/shop';

const day = (n: number) => new Date(Date.UTC(2026, 10, 1 + Math.floor(n / 24), n % 24)).toISOString();

export function source(file: string, line: number, over: Partial<BoardSource> = {}): BoardSource {
  const range = { start: { line, character: 0 }, end: { line: line + 2, character: 0 } };
  return {
    uri: `${WS}/${file}`,
    range,
    languageId: 'typescript',
    memo: '',
    symbol: null,
    gitCommit: 'abc123',
    contentHash: 'h',
    gitBranch: 'main',
    dirty: false,
    capturedRange: range,
    anchor: { state: 'current', checkedAt: null, diffSummary: null },
    ...over,
  };
}

export function item(id: string, kind: BoardItem['kind'], groupId: string | null, n: number, over: Partial<BoardItem> = {}): BoardItem {
  return {
    id,
    projectId: null,
    title: `Item ${id}`,
    summary: `summary of ${id}`,
    content: `content of ${id}`,
    createdAt: day(n),
    updatedAt: day(n),
    workspaceUri: WS,
    kind,
    preview: `preview of ${id}`,
    source: kind === 'snippet' ? source(`src/${id}.ts`, n) : null,
    tags: ['retry'],
    context: `captured ${id}`,
    groupId,
    archived: false,
    hidden: false,
    userEdited: [],
    badges: [],
    placement: null,
    ...over,
  };
}

export function group(id: string, title: string, itemIds: string[], groupIds: string[] = [], parentId: string | null = null): BoardGroup {
  return { id, parentId, title, summary: `about ${title}`, userEdited: [], itemIds, groupIds, origin: 'placement' };
}

export function link(id: string, from: string, to: string, label: string | null = null): BoardLink {
  return { id, from, to, label, origin: 'user' };
}

/** Two top-level groups (g1 holds nested g2), one ungrouped note, one link, badges. */
export function sampleBoard(): BoardSnapshot {
  const items = [
    item('i1', 'snippet', 'g1', 1, { title: 'Retry loop', source: source('src/retry.ts', 10, { memo: 'drops errors', symbol: 'retry' }), badges: [{ kind: 'stale', fields: [], byItemId: null, suggestionId: null, since: day(3) }] }),
    item('i2', 'chat', 'g1', 2, { title: 'Backoff discussion', badges: [{ kind: 'updated', fields: ['tags'], byItemId: 'i1', suggestionId: null, since: day(3) }] }),
    item('i3', 'note', 'g2', 3, { title: 'Budget note' }),
    item('i4', 'note', null, 30, { title: 'Loose note' }),
    item('i5', 'note', 'g3', 4, { title: 'Cache idea', userEdited: ['tags'], badges: [{ kind: 'proposed', fields: ['tags'], byItemId: 'i1', suggestionId: 's9', since: day(4) }] }),
  ];
  return {
    board: { workspaceUri: WS, revision: 3, settings: { minGroupScore: 0, relatedK: 5, relatedFloor: 0.15, linkScore: 0.6, evolveScore: 0.5, evolution: 'auto', groupMentionSize: 3 }, understanding: { text: 'You are working on retries and caching.', updatedAt: day(5), source: 'native' } },
    groups: [group('g1', 'Retries', ['i1', 'i2'], ['g2']), group('g2', 'Budgets', ['i3'], [], 'g1'), group('g3', 'Caching', ['i5'])],
    items,
    links: [link('l1', 'i1', 'i5', 'related')],
  };
}

/** A board of `n` items in groups of `perGroup` (the benchmark's shape). */
export function bigBoard(n: number, perGroup = 100): BoardSnapshot {
  const items: BoardItem[] = [];
  const groups: BoardGroup[] = [];
  const links: BoardLink[] = [];
  const kinds: BoardItem['kind'][] = ['chat', 'snippet', 'note'];
  for (let i = 0; i < n; i++) {
    const g = `g${Math.floor(i / perGroup)}`;
    if (i % perGroup === 0) groups.push(group(g, `Group ${g}`, []));
    items.push(item(`m${i}`, kinds[i % 3], g, i));
    (groups[groups.length - 1].itemIds as string[]).push(`m${i}`);
    if (i % 7 === 1) links.push(link(`l${i}`, `m${i}`, `m${i - 1}`));
  }
  return { board: { workspaceUri: WS, revision: 1, understanding: { text: 'A big board.', updatedAt: null, source: 'native' } }, groups, items, links };
}

export function citation(file: string, line: number, title = file): Citation {
  return { uri: `${WS}/${file}`, range: { start: { line, character: 0 }, end: { line: line + 3, character: 0 } }, title, quote: `quote from ${file}`, level: 0, stale: false };
}

export function node(id: string, title: string, parentIds: string[] = [], n = 0, over: Partial<KnowledgeNode> = {}): KnowledgeNode {
  return { id, title, details: `details of ${title}`, origin: 'document', sources: [], unitIds: [], parentIds, starred: false, position: null, groupId: null, createdAt: day(n), updatedAt: day(n), ...over };
}

export function edge(id: string, from: string, to: string, hierarchy = true, label: string | null = null): KnowledgeEdge {
  return { id, from, to, label, hierarchy, origin: 'document' };
}

/** root r with children a, b; a has child c; b and a both parent d; a semantic edge c ~> b. */
export function sampleGraph(): { nodes: KnowledgeNode[]; edges: KnowledgeEdge[] } {
  const nodes = [node('r', 'Shop', [], 0), node('a', 'Payments', ['r'], 1, { sources: [citation('docs/pay.md', 4, 'Payments')] }), node('b', 'Orders', ['r'], 2), node('c', 'Refunds', ['a'], 3), node('d', 'Ledger', ['a', 'b'], 4)];
  const edges = [edge('e1', 'r', 'a'), edge('e2', 'r', 'b'), edge('e3', 'a', 'c'), edge('e4', 'a', 'd'), edge('e5', 'b', 'd'), edge('e6', 'c', 'b', false, 'reduces')];
  return { nodes, edges };
}

export function turn(id: string, input: string, over: Partial<KnowledgeTurn> = {}): KnowledgeTurn {
  return { id, input, nodeId: null, intent: { label: 'search', confidence: 0.9, scores: { search: 0.9, edit: 0.05, expansion: 0.05 }, rewritten: input, nodeId: null, source: 'native' }, message: '', createdAt: day(10), answer: null, plan: null, change: null, failure: null, ...over };
}
