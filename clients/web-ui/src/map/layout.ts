// Tree layout for the context map: the mainline runs straight down lane 0 and every branch
// gets its own lane to the right of the chain it leaves, starting one row below its anchor.
// Lanes are reused when rows do not overlap, so wide trees stay compact. Rows are depths,
// so every parent→child edge spans exactly one row: the renderer asks for the edges of the rows
// it shows, and each row's are worked out when first asked for (a big tree draws a few rows).

import type { TreeIndex } from '../model/tree';

export interface NodeBox {
  readonly id: string;
  readonly lane: number;
  readonly row: number;
  /** Index into `Layout.chains` of the chain holding this unit. */
  readonly chain: number;
}

export interface Edge {
  readonly from: string;
  readonly to: string;
  /** True when the edge opens a branch (child in another chain than its parent). */
  readonly opensBranch: boolean;
}

export interface Layout {
  readonly nodes: Map<string, NodeBox>;
  /** Nodes per row, for culling. */
  readonly rows: NodeBox[][];
  /** The edges into the units of `row` (from their parents). */
  edgesOf(row: number): readonly Edge[];
  readonly lanes: number;
  readonly chains: readonly { readonly headId: string; readonly lane: number; readonly isMainline: boolean }[];
}

/** Lane occupancy as sorted, non-overlapping [fromRow, toRow] intervals. */
class LaneBook {
  private readonly lanes: [number, number][][] = [];

  /** The first lane at or right of `minLane` free over [from, to]; reserves it. */
  take(minLane: number, from: number, to: number): number {
    for (let lane = minLane; ; lane++) {
      const used = (this.lanes[lane] ??= []);
      if (used.every(([a, b]) => to < a || from > b)) {
        used.push([from, to]);
        return lane;
      }
    }
  }

  get count(): number {
    return this.lanes.length;
  }
}

export function layoutTree(tree: TreeIndex): Layout {
  const nodes = new Map<string, NodeBox>();
  const rows: NodeBox[][] = [];
  const book = new LaneBook();
  const chains: { headId: string; lane: number; isMainline: boolean }[] = [];

  // Mainline first, then branches in the order their heads appear (depth, then seq), so a
  // branch is placed after the chain it leaves and lands to the right of it.
  const order = tree.branches
    .map((b, i) => ({ b, i, depth: tree.depth(b.headId), seq: tree.units.get(b.headId)?.seq ?? 0 }))
    .sort((x, y) => Number(y.b.isMainline) - Number(x.b.isMainline) || x.depth - y.depth || x.seq - y.seq);

  for (const { b, depth } of order) {
    const anchorLane = b.anchorId ? nodes.get(b.anchorId)?.lane ?? -1 : -1;
    const first = b.anchorId ? depth - 1 : depth; // keep the anchor's row free for the edge
    const last = depth + b.unitIds.length - 1;
    const lane = b.isMainline ? book.take(0, first, last) : book.take(anchorLane + 1, first, last);
    const chain = chains.length;
    chains.push({ headId: b.headId, lane, isMainline: b.isMainline });
    b.unitIds.forEach((id, k) => {
      if (!tree.units.has(id)) return;
      const box: NodeBox = { id, lane, row: depth + k, chain };
      nodes.set(id, box);
      (rows[box.row] ??= []).push(box);
    });
  }

  for (let r = 0; r < rows.length; r++) rows[r] ??= [];
  const edges: Edge[][] = [];
  const edgesOf = (row: number): readonly Edge[] => {
    if (edges[row]) return edges[row];
    const into: Edge[] = [];
    for (const box of rows[row] ?? []) {
      const parentId = tree.units.get(box.id)?.parentId;
      const parent = parentId ? nodes.get(parentId) : undefined;
      if (parent) into.push({ from: parent.id, to: box.id, opensBranch: parent.chain !== box.chain });
    }
    return (edges[row] = into);
  };
  return { nodes, rows, edgesOf, lanes: book.count, chains };
}
