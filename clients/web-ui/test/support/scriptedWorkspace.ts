// Scripted hosts for the board and knowledge-map views: an in-memory board and map that answer
// the §11 methods with contract-shaped objects and announce didChange, so the views' behaviour is
// tested without depending on how far the core's implementation has got. The real-server tests
// (boardServer.test.ts, knowledgeServer.test.ts) check the same views against grove-server.

import type { ServerPort } from '../../host/relay';
import type { BoardItem, BoardOp, BoardSnapshot } from '../../src/model/boardTypes';
import type { KnowledgeEdge, KnowledgeNode, KnowledgeTurn } from '../../src/model/knowledgeTypes';
import type { UiHost } from './pageHost';
import { citation, edge, node, sampleBoard, sampleGraph, turn, WS } from './workspaceFixtures';

export interface Call { readonly method: string; readonly params: any }

/**
 * The calls a scripted host received. A view sends an edit after the click that asked for it
 * returns and the view's settled() does not wait for it, so tests wait here for the n-th call.
 */
function callLog() {
  const calls: Call[] = [];
  const waiters: { method: string; n: number; done: () => void }[] = [];
  const count = (method: string) => calls.filter((c) => c.method === method).length;
  return {
    calls,
    record(call: Call): void {
      calls.push(call);
      for (const w of waiters.splice(0)) {
        if (count(w.method) >= w.n) w.done();
        else waiters.push(w);
      }
    },
    /** Resolves once `method` has been called n times in all; fails after timeoutMs saying so. */
    reached(method: string, n: number, timeoutMs = 10000): Promise<void> {
      if (count(method) >= n) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${method} was called ${count(method)} times, not ${n}, within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({ method, n, done: () => (clearTimeout(timer), resolve()) });
      });
    },
  };
}

function clone<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

export function scriptedBoard(initial: BoardSnapshot = sampleBoard()) {
  let state = clone(initial) as any;
  const past: any[] = [];
  const { calls, record, reached } = callLog();
  /** Cards whose accept the core refuses (what they name is gone). */
  const unappliable = new Set<string>();
  let ui: UiHost | null = null;
  const change = (op: string, itemIds: string[] = []) => {
    state.board.revision++;
    const c = { workspaceUri: WS, revision: state.board.revision, itemIds, groupIds: [], linkIds: [], op };
    ui?.relay.notify('grove/board/didChange', c);
    return c;
  };
  const setGroup = (itemId: string, to: string | null) => {
    for (const g of state.groups) g.itemIds = g.itemIds.filter((x: string) => x !== itemId);
    const it = state.items.find((i: BoardItem) => i.id === itemId);
    it.groupId = to;
    if (to) state.groups.find((g: any) => g.id === to).itemIds.push(itemId);
  };
  const apply = (op: BoardOp) => {
    switch (op.op) {
      case 'Move':
        for (const id of op.itemIds ?? []) setGroup(id, op.to);
        for (const id of op.groupIds ?? []) {
          for (const g of state.groups) g.groupIds = g.groupIds.filter((x: string) => x !== id);
          state.groups.find((g: any) => g.id === id).parentId = op.to;
          if (op.to) state.groups.find((g: any) => g.id === op.to).groupIds.push(id);
        }
        return;
      case 'UpdateGroup': {
        const g = state.groups.find((x: any) => x.id === op.id);
        if (op.title !== undefined) g.title = op.title;
        if (op.summary !== undefined) g.summary = op.summary;
        return;
      }
      case 'Group': {
        const id = `g${state.groups.length + 10}`;
        state.groups.push({ id, parentId: op.parentId ?? null, title: op.title ?? 'new group', summary: '', userEdited: [], itemIds: [], groupIds: [], origin: 'user' });
        for (const i of op.itemIds ?? []) setGroup(i, id);
        return;
      }
      case 'Link':
        state.links.push({ id: `l${state.links.length + 10}`, from: op.from, to: op.to, label: op.label ?? null, origin: 'user' });
        return;
      case 'Unlink':
        state.links = state.links.filter((l: any) => l.id !== op.id);
        return;
      case 'UpdateItem': {
        const it = state.items.find((i: any) => i.id === op.id);
        if (!it) throw { code: 1001, message: `boardItemNotFound: ${op.id}` };
        for (const k of ['title', 'summary', 'tags', 'context', 'archived', 'hidden'] as const) if ((op as any)[k] !== undefined) it[k] = (op as any)[k];
        if (op.memo !== undefined && it.source) it.source.memo = op.memo;
        if (op.dismissBadges) it.badges = [];
        return;
      }
      default:
        throw { code: 1002, message: `cannotApply: ${op.op}` };
    }
  };
  const port: ServerPort = {
    async request(method, params: any) {
      record({ method, params });
      switch (method) {
        case 'grove/board/get': {
          const items = state.items.filter((i: any) => params.archived || !i.archived);
          return { ...clone(state), items: clone(items) };
        }
        case 'grove/board/edit': {
          if (params.preview) {
            // Runs on a copy: nothing is stored or announced.
            const kept = state;
            state = clone(state);
            (params.ops as BoardOp[]).forEach(apply);
            state = kept;
            const itemIds = (params.ops as any[]).flatMap((o) => (o.op === 'UpdateItem' ? [o.id] : o.itemIds ?? []));
            return { workspaceUri: WS, revision: state.board.revision, itemIds, groupIds: [], linkIds: [], op: 'edit' };
          }
          const before = clone(state);
          (params.ops as BoardOp[]).forEach(apply);
          past.push(before);
          return { ...change('edit'), refs: {} };
        }
        case 'grove/suggestion/list': {
          // The board's pending cards: one evolve card per `proposed` badge.
          const cards = state.items.flatMap((i: any) =>
            i.badges
              .filter((b: any) => b.kind === 'proposed' && b.suggestionId)
              .map((b: any) => ({ id: b.suggestionId, projectId: null, workspaceUri: WS, kind: 'evolve', state: 'pending', title: `Update ${i.title}`, reason: `${b.fields.join(', ')} from a related memory`, anchorIds: [i.id], ops: [{ op: 'UpdateItem', id: i.id, tags: [...i.tags, 'cache'] }] })),
          );
          return { suggestions: params.state === undefined || params.state === 'pending' ? cards : [] };
        }
        case 'grove/suggestion/resolve': {
          if (unappliable.has(params.suggestionId)) throw { code: 1002, message: 'cannotApply: a memory the card names is gone', data: { kind: 'cannotApply', opIndex: 0 } };
          const it = state.items.find((i: any) => i.badges.some((b: any) => b.suggestionId === params.suggestionId));
          if (!it) throw { code: 1001, message: 'suggestionNotFound' };
          it.badges = it.badges.filter((b: any) => b.suggestionId !== params.suggestionId);
          if (params.decision === 'accept') it.tags = [...it.tags, 'cache'];
          change('accept', [it.id]);
          return {};
        }
        case 'grove/board/undo': {
          const prev = past.pop();
          if (!prev) throw { code: 1002, message: 'nothingToUndo' };
          const revision = state.board.revision;
          state = prev;
          state.board.revision = revision;
          return change('undo');
        }
      }
      throw { code: -32601, message: method };
    },
  };
  return { port, calls, unappliable, state: () => state as BoardSnapshot, attach: (u: UiHost) => (ui = u), edits: () => calls.filter((c) => c.method === 'grove/board/edit').map((c) => c.params.ops), editsReach: (n: number) => reached('grove/board/edit', n) };
}

export function scriptedKnowledge() {
  const g = sampleGraph();
  const nodes: KnowledgeNode[] = clone(g.nodes);
  let edges: KnowledgeEdge[] = clone(g.edges);
  const turns: KnowledgeTurn[] = [];
  const { calls, record, reached } = callLog();
  let revision = 1;
  let ui: UiHost | null = null;
  let releaseIngest: (() => void) | null = null;
  const changed = (op: string) => {
    revision++;
    const c = { workspaceUri: WS, revision, nodeIds: [], edgeIds: [], groupIds: [], documentUris: [], op };
    ui?.relay.notify('grove/knowledge/didChange', c);
    return c;
  };
  const answers: Record<string, Partial<KnowledgeTurn>> = {
    'how are refunds paid?': { message: 'Refunds go back to the card.', answer: { text: 'Refunds go back to the card within 5 days.', known: true, citations: [citation('docs/refunds.md', 11, 'Refunds')], graphAnswer: null, refinedQuery: 'refunds paid' } },
    'what is the moon made of?': { message: "I don't know", answer: { text: "I don't know", known: false, citations: [], graphAnswer: null, refinedQuery: 'moon made' } },
    'reorganise everything nicely': { intent: null, message: '', failure: { kind: 'needsModel', message: 'This edit needs a model: configure a provider.', candidates: [] } },
    'expand ledger': { failure: { kind: 'ambiguous', message: 'Several nodes are called Ledger.', candidates: [node('d', 'Ledger', ['a', 'b'], 4), node('d2', 'Ledger', [], 5)] } },
  };
  const port: ServerPort = {
    async request(method, params: any) {
      record({ method, params });
      switch (method) {
        case 'grove/knowledge/get':
          return { knowledge: { workspaceUri: WS, revision, documents: 3, chunks: 12, levels: [12, 3], ingesting: false, ingestedAt: null, starters: ['How are refunds paid?'], settings: {} }, nodes: clone(nodes), edges: clone(edges), groups: [], turns: clone(turns) };
        case 'grove/knowledge/ask': {
          const t = turn(`t${turns.length + 1}`, params.input, { nodeId: params.nodeId ?? null, ...(answers[String(params.input).toLowerCase()] ?? { answer: { text: "I don't know", known: false, citations: [], graphAnswer: null, refinedQuery: null } }) });
          turns.push(t);
          return t;
        }
        case 'grove/knowledge/edit': {
          for (const op of params.ops) {
            if (op.op === 'AddNode') {
              const id = `n${nodes.length + 1}`;
              nodes.push(node(id, op.title, op.parentId ? [op.parentId] : [], 20 + nodes.length, { origin: 'user' }));
              if (op.parentId) edges.push(edge(`e${edges.length + 10}`, op.parentId, id));
            } else if (op.op === 'AddEdge') edges.push(edge(`e${edges.length + 10}`, op.from, op.to, false, op.label ?? null));
            else if (op.op === 'UpdateNode') {
              const n = nodes.find((x) => x.id === op.id) as any;
              if (op.starred !== undefined) n.starred = op.starred;
              if (op.position !== undefined) n.position = op.position;
            } else if (op.op === 'DeleteNode') {
              nodes.splice(nodes.findIndex((x) => x.id === op.id), 1);
              edges = edges.filter((e) => e.from !== op.id && e.to !== op.id);
              for (const n of nodes as any[]) n.parentIds = n.parentIds.filter((p: string) => p !== op.id);
            }
          }
          return { ...changed('edit'), refs: {} };
        }
        case 'grove/knowledge/suggest':
          return { suggestions: [{ id: 's1', kind: 'child', state: 'pending', title: 'Chargebacks', relation: 'includes', workspaceUri: WS, projectId: null }, { id: 's2', kind: 'child', state: 'pending', title: 'Partial refunds', relation: 'includes', workspaceUri: WS, projectId: null }] };
        case 'grove/suggestion/resolve':
          if (params.decision === 'accept') {
            nodes.push(node('n-s', 'Chargebacks', [calls.find((c) => c.method === 'grove/knowledge/suggest')!.params.nodeId], 30));
            changed('accept');
          }
          return {};
        case 'grove/knowledge/ingest': {
          const token = params.workDoneToken;
          ui?.relay.notify('$/progress', { token, value: { kind: 'begin', title: 'Ingesting', cancellable: true } });
          ui?.relay.notify('$/progress', { token, value: { kind: 'report', message: '1/2 docs/pay.md', percentage: 50 } });
          await new Promise<void>((r) => (releaseIngest = r));
          ui?.relay.notify('$/progress', { token, value: { kind: 'end', message: 'done' } });
          changed('ingest');
          return { documents: 2, added: ['a', 'b'], updated: [], removed: [], chunks: 9, levels: [9, 2], skipped: [], cancelled: false };
        }
      }
      throw { code: -32601, message: method };
    },
  };
  return { port, calls, nodes, edges: () => edges, attach: (u: UiHost) => (ui = u), releaseIngest: () => releaseIngest?.(), edits: () => calls.filter((c) => c.method === 'grove/knowledge/edit').map((c) => c.params.ops), editsReach: (n: number) => reached('grove/knowledge/edit', n) };
}
