import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { chatUnits } from '../../src/chat/chatView';
import { deriveBranches, TreeIndex, unitHead } from '../../src/model/tree';
import { bigTree, sampleTree, toColumns, unit } from '../support/fixtures';
import type { Branch, CompactProjectStructure, PackedProjectStructure, UnitColumns } from '../../src/model/types';

test('pathTo lists ancestors root first and ends at the unit', () => {
  const { units, branches } = sampleTree();
  const t = new TreeIndex(units, branches);
  assert.deepEqual(t.pathTo('x2').map((u) => u.id), ['a', 'b', 'x1', 'x2']);
  assert.deepEqual(t.pathTo('z1').map((u) => u.id), ['a', 'b', 'x1', 'z1']);
  assert.deepEqual(t.pathTo(null), []);
});

test('continuation and chainTip follow the chain, not other branches', () => {
  const { units, branches } = sampleTree();
  const t = new TreeIndex(units, branches);
  assert.deepEqual(t.continuation('b').map((u) => u.id), ['c', 'd']);
  assert.deepEqual(t.continuation('x1').map((u) => u.id), ['x2']);
  assert.equal(t.chainTip('a'), 'd');
  assert.equal(t.chainTip('x1'), 'x2');
  assert.equal(t.chainTip('z1'), 'z1');
});

test('the core branch list is used when it covers every unit', () => {
  const { units, branches } = sampleTree();
  const t = new TreeIndex(units, branches);
  assert.equal(t.branches, branches);
  assert.equal(t.chain('x2')?.branch.title, 'Explore X');
  assert.equal(t.mainline()?.headId, 'a');
});

test('without a branch list, chains are derived: the oldest child continues', () => {
  const { units } = sampleTree();
  const t = new TreeIndex(units, []);
  const derived = deriveBranches(t);
  assert.deepEqual(derived[0].unitIds, ['a', 'b', 'c', 'd']);
  assert.ok(derived[0].isMainline);
  const heads = derived.slice(1).map((b) => `${b.headId}<${b.anchorId}`);
  assert.deepEqual(heads.sort(), ['x1<b', 'y1<b', 'z1<x1']);
  assert.deepEqual(derived.find((b) => b.headId === 'x1')?.unitIds, ['x1', 'x2']);
});

test('depth works on a 5,000-deep chain without recursion', () => {
  const units = [unit('u0', null)];
  for (let i = 1; i < 5000; i++) units.push(unit(`u${i}`, `u${i - 1}`));
  const t = new TreeIndex(units, []);
  assert.equal(t.depth('u4999'), 4999);
  assert.equal(t.depth('u0'), 0);
});

test('withUnits updates fields in place but rebuilds on a new parent', () => {
  const { units, branches } = sampleTree();
  const t = new TreeIndex(units, branches);
  const same = t.withUnits([{ ...t.units.get('c')!, scope: 'excluded' }]);
  assert.equal(same, t);
  assert.equal(t.units.get('c')!.scope, 'excluded');
  assert.equal(t.children.get('b')!.find((u) => u.id === 'c')!.scope, 'excluded');
  const moved = t.withUnits([{ ...t.units.get('y1')!, parentId: 'd' }]);
  assert.notEqual(moved, t);
  assert.deepEqual(moved.pathTo('y1').map((u) => u.id), ['a', 'b', 'c', 'd', 'y1']);
});

test('withUnits keeps children already listed up to date', () => {
  const { units, branches } = sampleTree();
  const t = new TreeIndex(units, branches);
  assert.deepEqual(t.children.get('b')!.map((u) => u.id), ['c', 'x1', 'y1']);  // listed before the change
  t.withUnits([{ ...t.units.get('x1')!, scope: 'excluded' }, { ...t.units.get('a')!, status: 'error' }]);
  assert.equal(t.children.get('b')!.find((u) => u.id === 'x1')!.scope, 'excluded');
  assert.equal(t.roots[0].status, 'error');
});

test('chain gives every unit its branch and its place on it', () => {
  const { units, branches } = bigTree(500);
  const t = new TreeIndex(units, branches);
  for (const b of branches)
    b.unitIds.forEach((id, index) => {
      const pos = t.chain(id)!;
      assert.equal(pos.branch, b);
      assert.equal(pos.index, index);
    });
  assert.equal(t.chain('nowhere'), undefined);
});

test('bigTree fixture covers every unit with branches', () => {
  const { units, branches } = bigTree(500);
  const t = new TreeIndex(units, branches);
  assert.equal(t.branches, branches);
  assert.equal(t.size, 500);
});

test('a tree read as columns has the same shape, with heads as text marked not loaded', () => {
  const { units, branches } = sampleTree();
  const withText = units.map((u) => (u.id === 'c' ? { ...u, content: '\n  first line of c\nsecond line' } : u));
  const t = TreeIndex.fromColumns('p', toColumns(withText), branches);
  const full = new TreeIndex(withText, branches);
  assert.equal(t.size, full.size);
  for (const u of full.units.values()) {
    const c = t.units.get(u.id)!;
    assert.deepEqual([c.parentId, c.role, c.kind, c.status, c.scope, c.seq], [u.parentId, u.role, u.kind, u.status, u.scope, u.seq], u.id);
    assert.equal(c.loaded, false);
    // The map labels a unit the same whether its text is loaded or only its head.
    assert.equal(unitHead(c), unitHead(u), u.id);
  }
  assert.equal(t.units.get('c')!.content, 'first line of c');
  assert.equal(t.units.get('a')!.parentId, null);
  assert.deepEqual(t.pathTo('z1').map((u) => u.id), ['a', 'b', 'x1', 'z1']);
  assert.equal(t.chainTip('b'), 'd');
});

/** What the core sends with compact: true (PROTOCOL.md): first letters, rows; without the head
 *  column when asked with headChars: 0 (`withHeads` false). */
function compactOf(cols: UnitColumns, branches: readonly Branch[], withHeads: boolean): CompactProjectStructure {
  const letters = (v: readonly string[]) => v.map((x) => x[0]).join('');
  const row = new Map(cols.id.map((id, i) => [id, i]));
  return {
    project: { id: 'p' } as CompactProjectStructure['project'],
    branches: branches.map(({ unitIds, ...b }) => ({ ...b, unitRows: unitIds.map((id) => row.get(id)!) })),
    units: {
      id: cols.id, parent: cols.parent, seq: cols.seq, ...(withHeads ? { head: cols.head } : {}),
      role: letters(cols.role), kind: letters(cols.kind), status: letters(cols.status), scope: letters(cols.scope),
      startsBranch: [],
      source: cols.source.flatMap((s, i) => (s ? [[i, s] as const] : [])),
    },
  };
}

test('a compact structure reads as the same tree as its columns', () => {
  const { units, branches } = sampleTree();
  const source = { uri: 'file:///a.ts', range: { start: { line: 1, character: 0 }, end: { line: 2, character: 0 } }, languageId: 'ts' };
  const varied = units.map((u) =>
    u.id === 'c' ? { ...u, kind: 'code' as const, source, scope: 'excluded' as const } : u.id === 'x1' ? { ...u, role: 'system' as const, status: 'interrupted' as const, scope: 'included' as const } : u.id === 'd' ? { ...u, kind: 'note' as const, status: 'error' as const } : u,
  );
  const cols = toColumns(varied);
  const compact = compactOf(cols, branches, true);
  const a = TreeIndex.fromStructure('p', compact);
  const b = TreeIndex.fromColumns('p', cols, branches);
  assert.deepEqual([...a.units.values()], [...b.units.values()]);
  assert.deepEqual(a.branches, b.branches);
  assert.equal(a.units.get('c')!.kind, 'code');
  assert.deepEqual(a.units.get('c')!.source, source);
  assert.deepEqual([a.units.get('x1')!.role, a.units.get('x1')!.status, a.units.get('x1')!.scope], ['system', 'interrupted', 'included']);
  // And the columns form still reads through the same door (a core without `compact`).
  assert.deepEqual([...TreeIndex.fromStructure('p', { project: compact.project, branches, units: cols }).units.values()], [...b.units.values()]);
});

test('a packed structure reads as the same tree as the compact one it was written from', () => {
  const { units, branches } = sampleTree();
  // Ids sharing starts of several lengths, and a parent missing from the answer.
  const renamed = new Map(units.map((u, i) => [u.id, i % 3 === 0 ? `u_1m8mm${i}x` : `u_1m8mmcvs${i}`]));
  const cols = toColumns(units.map((u) => ({ ...u, id: renamed.get(u.id)!, parentId: u.parentId ? renamed.get(u.parentId)! : null })));
  const compact = compactOf(cols, branches.map((b) => ({ ...b, headId: renamed.get(b.headId)!, unitIds: b.unitIds.map((id) => renamed.get(id)!) })), false);
  const c = compact.units;
  const parent = c.parent.map((p, i) => (i === 2 ? -1 : p));  // as for a parent not listed
  const shared = (a: string, b: string) => {
    let k = 0;
    while (k < 35 && k < a.length && k < b.length && a[k] === b[k]) k++;
    return k;
  };
  // Written as PROTOCOL.md describes it.
  const { id: _id, parent: _parent, seq: _seq, ...rest } = c;
  const packed: PackedProjectStructure = {
    project: compact.project,
    branches: compact.branches.map(({ unitRows, ...b }) => ({ ...b, unitRowSteps: unitRows.map((r, i) => r - (i ? unitRows[i - 1] : 0)) })),
    units: {
      ...rest,
      idFronts: c.id.map((id, i) => { const k = shared(id, i ? c.id[i - 1] : ''); return k.toString(36) + id.slice(k); }),
      parentGaps: parent.map((p, i) => (p < 0 ? 0 : i - p)),
      seqSteps: c.seq.map((q, i) => q - (i ? c.seq[i - 1] : 0)),
    },
  };
  assert.ok(packed.units.idFronts.some((f) => f[0] !== '0'), 'some ids share a start');
  const a = TreeIndex.fromStructure('p', packed);
  const b = TreeIndex.fromStructure('p', { ...compact, units: { ...c, parent } });
  assert.deepEqual([...a.units.values()], [...b.units.values()]);
  assert.deepEqual(a.branches, b.branches);
});

test('a compact structure places every unit on its chain from the branches\' rows, or derives chains when they miss a unit', () => {
  const { units, branches } = bigTree(500);
  const cols = toColumns(units);
  const fromRows = TreeIndex.fromStructure('p', compactOf(cols, branches, false));
  const fromIds = new TreeIndex(units, branches);
  for (const u of units) {
    const [a, b] = [fromRows.chain(u.id)!, fromIds.chain(u.id)!];
    assert.equal(a.branch.headId, b.branch.headId, u.id);
    assert.equal(a.index, b.index, u.id);
    assert.equal(fromRows.chainTip(u.id), fromIds.chainTip(u.id));
  }
  // A branch list that leaves a unit out is not used: chains come from the parents.
  const partial = TreeIndex.fromStructure('p', compactOf(cols, branches.slice(0, -1), false));
  assert.notEqual(partial.branches.length, branches.length - 1);
  for (const u of units) assert.ok(partial.chain(u.id), u.id);
});

/** The ids among `ids` of units known without even their head. */
const headless = (tree: TreeIndex, ids: readonly string[]) => ids.filter((id) => tree.units.get(id)?.noHead);

test('a compact structure without heads marks its units as headless until their text is fetched', () => {
  const { units, branches } = sampleTree();
  const cols = toColumns(units);
  const t = TreeIndex.fromStructure('p', compactOf(cols, branches, false));
  const withHeads = TreeIndex.fromColumns('p', cols, branches);
  assert.deepEqual(t.branches, withHeads.branches);
  assert.deepEqual(t.pathTo('z1').map((u) => u.id), withHeads.pathTo('z1').map((u) => u.id));
  assert.equal(t.units.get('c')!.content, '');
  assert.equal(unitHead(t.units.get('c')!), '');
  assert.deepEqual(headless(t, ['a', 'c', 'nope']), ['a', 'c']);
  assert.deepEqual(headless(withHeads, ['a', 'c']), [], 'a structure with heads lacks none');
  // A core that writes the column anyway at headChars 0 sends empty heads: read the same way.
  const emptyHeads = TreeIndex.fromColumns('p', { ...cols, head: cols.head.map(() => '') }, branches);
  assert.deepEqual(headless(emptyHeads, ['a', 'c']), ['a', 'c']);
  // Fetched, a unit has its text and is no longer headless.
  const fetched = t.withUnits([{ ...units.find((u) => u.id === 'c')!, content: '\n  first line of c\nsecond line' }]);
  assert.deepEqual(headless(fetched, ['a', 'c']), ['a']);
  assert.equal(unitHead(fetched.units.get('c')!), 'first line of c');
});

test('the text fetched is what the chat shows for the focus: the end of its path and the rest of its chain', () => {
  const { units, branches } = sampleTree();
  const t = TreeIndex.fromColumns('p', toColumns(units), branches);
  const shown = (focus: string, window = 120) => {
    const { path, after } = chatUnits(t, focus, window);
    return t.missingText([...path, ...after].map((u) => u.id));
  };
  assert.deepEqual(shown('b'), ['a', 'b', 'c', 'd'], 'the mainline, not the branches at b');
  assert.deepEqual(shown('x1'), ['a', 'b', 'x1', 'x2'], 'another chain: its own path');
  assert.deepEqual(shown('x2', 2), ['x1', 'x2'], 'a long path: only the window');
  // Once fetched, a unit is whole and is not asked for again.
  const fetched = ['a', 'b', 'c', 'd'].map((id) => units.find((u) => u.id === id)!);
  assert.equal(t.withUnits(fetched), t, 'loading text keeps the layout');
  assert.deepEqual(shown('b'), []);
  assert.equal(t.units.get('c')!.content, 'text c');
  assert.equal(t.units.get('c')!.loaded, undefined);
  assert.deepEqual(shown('x1'), ['x1', 'x2']);
  assert.deepEqual(t.missingText(['nope', 'y1']), ['y1'], 'unknown ids are left out');
});
