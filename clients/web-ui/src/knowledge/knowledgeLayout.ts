// Horizontal breadth-first layout of the knowledge map (MindTrellis's canvas): roots in the left
// column, each node one column right of its nearest parent, siblings stacked so a parent sits
// beside the middle of its children. Positions are for drawing only: a node the user pinned keeps
// its `position`, and the graph itself is the core's.

import type { KnowledgeNode, Point } from '../model/knowledgeTypes';

export const COLUMN = 260;
export const ROW = 72;

export interface Placed extends Point {
  readonly depth: number;
  readonly pinned: boolean;
}

/** Creation order, then id: the order the core's outline uses for roots and siblings. */
function byCreation(a: KnowledgeNode, b: KnowledgeNode): number {
  return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export function layoutKnowledge(nodes: readonly KnowledgeNode[]): Map<string, Placed> {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const sorted = [...nodes].sort(byCreation);
  const children = new Map<string, KnowledgeNode[]>();
  for (const n of sorted) for (const p of n.parentIds) if (byId.has(p)) (children.get(p) ?? children.set(p, []).get(p)!).push(n);

  // Breadth-first depths from the roots; a node only reachable through a cycle becomes a root.
  const depth = new Map<string, number>();
  const order: KnowledgeNode[] = [];
  const visit = (starts: KnowledgeNode[]) => {
    const queue = starts.filter((s) => !depth.has(s.id));
    queue.forEach((s) => depth.set(s.id, 0));
    for (let i = 0; i < queue.length; i++) {
      const n = queue[i];
      order.push(n);
      for (const c of children.get(n.id) ?? []) {
        if (depth.has(c.id)) continue;
        depth.set(c.id, depth.get(n.id)! + 1);
        queue.push(c);
      }
    }
  };
  visit(sorted.filter((n) => !n.parentIds.some((p) => byId.has(p))));
  for (const n of sorted) if (!depth.has(n.id)) visit([n]);

  // Each node hangs under its first parent one column to the left (its tree parent); rows are
  // given to the leaves of that tree in order, and a parent takes the middle of its children.
  const treeChildren = new Map<string, KnowledgeNode[]>();
  const treeRoots: KnowledgeNode[] = [];
  for (const n of order) {
    const d = depth.get(n.id)!;
    const parent = n.parentIds.find((p) => byId.has(p) && depth.get(p) === d - 1);
    if (d === 0 || !parent) treeRoots.push(n);
    else (treeChildren.get(parent) ?? treeChildren.set(parent, []).get(parent)!).push(n);
  }
  const row = new Map<string, number>();
  let next = 0;
  const place = (n: KnowledgeNode): number => {
    const kids = treeChildren.get(n.id) ?? [];
    if (kids.length === 0) {
      row.set(n.id, next++);
    } else {
      const rows = kids.map(place);
      row.set(n.id, (rows[0] + rows[rows.length - 1]) / 2);
    }
    return row.get(n.id)!;
  };
  treeRoots.sort(byCreation).forEach(place);

  const out = new Map<string, Placed>();
  for (const n of nodes) {
    const d = depth.get(n.id)!;
    out.set(n.id, n.position ? { x: n.position.x, y: n.position.y, depth: d, pinned: true } : { x: d * COLUMN, y: row.get(n.id)! * ROW, depth: d, pinned: false });
  }
  return out;
}

/** Which details a zoom level shows (semantic zoom): titles only far out, details close up. */
export type ZoomDetail = 'far' | 'mid' | 'near';
export function zoomDetail(scale: number): ZoomDetail {
  return scale < 0.6 ? 'far' : scale < 1.25 ? 'mid' : 'near';
}
