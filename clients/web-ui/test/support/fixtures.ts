// Builders for protocol objects in tests. Unit ids are short and readable ("a", "b1").

import type { Branch, Unit, UnitColumns } from '../../src/model/types';

let seq = 0;

export function unit(id: string, parentId: string | null, over: Partial<Unit> = {}): Unit {
  return { id, projectId: 'p', parentId, role: 'user', kind: 'message', content: `text ${id}`, status: 'complete', scope: 'auto', seq: ++seq, ...over };
}

export function branch(unitIds: string[], anchorId: string | null, isMainline = false, title?: string): Branch {
  return { headId: unitIds[0], anchorId, isMainline, unitIds, title: title ?? null };
}

/**
 * root a - b - c - d (mainline), branch x1 - x2 from b, branch y1 from b (second branch at the
 * same anchor), branch z1 from x1 (a branch off a branch).
 */
export function sampleTree(): { units: Unit[]; branches: Branch[] } {
  const units = [
    unit('a', null),
    unit('b', 'a', { role: 'assistant' }),
    unit('c', 'b'),
    unit('d', 'c', { role: 'assistant' }),
    unit('x1', 'b'),
    unit('x2', 'x1', { role: 'assistant' }),
    unit('y1', 'b'),
    unit('z1', 'x1'),
  ];
  const branches = [branch(['a', 'b', 'c', 'd'], null, true), branch(['x1', 'x2'], 'b', false, 'Explore X'), branch(['y1'], 'b'), branch(['z1'], 'x1')];
  return { units, branches };
}

/** A long mainline with a branch every `every` units: the benchmark's shape, smaller. */
export function bigTree(n: number, every = 10, branchLen = 4): { units: Unit[]; branches: Branch[] } {
  const units: Unit[] = [];
  const branches: Branch[] = [];
  const main: string[] = [];
  let parent: string | null = null;
  let i = 0;
  while (units.length < n) {
    const id = `m${i++}`;
    units.push(unit(id, parent, { role: i % 2 ? 'user' : 'assistant' }));
    main.push(id);
    parent = id;
    if (i % every === 0) {
      const ids: string[] = [];
      let p = id;
      for (let k = 0; k < branchLen && units.length < n; k++) {
        const bid = `${id}-b${k}`;
        units.push(unit(bid, p));
        ids.push(bid);
        p = bid;
      }
      if (ids.length) branches.push(branch(ids, id));
    }
  }
  branches.unshift(branch(main, null, true));
  return { units, branches };
}

/**
 * What grove/project/structure sends for these units: parallel columns in seq order, each
 * unit's text cut to its head (the first non-blank line, at most 100 characters) as the core does.
 */
export function toColumns(units: readonly Unit[]): UnitColumns {
  const sorted = [...units].sort((a, b) => a.seq - b.seq);
  const index = new Map(sorted.map((u, i) => [u.id, i]));
  return {
    id: sorted.map((u) => u.id),
    parent: sorted.map((u) => (u.parentId === null ? -1 : index.get(u.parentId) ?? -1)),
    role: sorted.map((u) => u.role),
    kind: sorted.map((u) => u.kind),
    status: sorted.map((u) => u.status),
    scope: sorted.map((u) => u.scope),
    seq: sorted.map((u) => u.seq),
    startsBranch: sorted.map(() => false),
    head: sorted.map((u) => (/\S[^\n]*/.exec(u.content)?.[0] ?? '').trimEnd().slice(0, 100)),
    source: sorted.map((u) => u.source ?? null),
  };
}
