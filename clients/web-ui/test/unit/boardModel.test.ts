import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { badgeLabels, indexBoard, memoOf, parseTags, sourceLabel, timeline } from '../../src/board/boardModel';
import { itemEdits } from '../../src/board/boardView';
import { group, item, sampleBoard } from '../support/workspaceFixtures';

test('groups nest as the core sends them; the overview counts nested members', () => {
  const idx = indexBoard(sampleBoard());
  assert.deepEqual(idx.roots.map((r) => r.group.id), ['g1', 'g3']);
  const g1 = idx.roots[0];
  assert.deepEqual(g1.items.map((i) => i.id), ['i1', 'i2']);
  assert.deepEqual(g1.children.map((c) => c.group.id), ['g2']);
  assert.equal(g1.children[0].depth, 1);
  assert.equal(g1.total, 3);
  assert.deepEqual(idx.ungrouped.map((i) => i.id), ['i4']);
  assert.deepEqual(idx.linksOf.get('i5')!.map((l) => l.id), ['l1']);
});

test('archived items are left out unless asked for; hidden items are never drawn', () => {
  const snap = sampleBoard();
  const items = snap.items.map((i) => (i.id === 'i2' ? { ...i, archived: true } : i.id === 'i3' ? { ...i, hidden: true } : i));
  const idx = indexBoard({ ...snap, items });
  assert.deepEqual(idx.roots[0].items.map((i) => i.id), ['i1']);
  assert.equal(idx.roots[0].children[0].items.length, 0);
  const withArchived = indexBoard({ ...snap, items }, true);
  assert.deepEqual(withArchived.roots[0].items.map((i) => i.id), ['i1', 'i2']);
});

test('a group whose parent is missing or that sits in a cycle is still drawn once', () => {
  const snap = sampleBoard();
  const groups = [group('x', 'X', [], ['y'], 'y'), group('y', 'Y', [], ['x'], 'x'), group('o', 'Orphan', ['i1'], [], 'gone')];
  const idx = indexBoard({ ...snap, groups });
  const ids: string[] = [];
  const walk = (n: (typeof idx.roots)[number]) => {
    ids.push(n.group.id);
    n.children.forEach(walk);
  };
  idx.roots.forEach(walk);
  assert.deepEqual([...ids].sort(), ['o', 'x', 'y']);
});

test('the timeline is newest first, by day', () => {
  const days = timeline(sampleBoard().items);
  assert.equal(days[0].items[0].id, 'i4');
  assert.deepEqual(days.flatMap((d) => d.items.map((i) => i.id)), ['i4', 'i5', 'i3', 'i2', 'i1']);
  assert.ok(days.every((d) => d.items.every((i) => i.createdAt.startsWith(d.day))));
});

test('badges, source line and memo of a card', () => {
  const snap = sampleBoard();
  const i1 = snap.items[0];
  assert.deepEqual(badgeLabels([...snap.items[1].badges, ...i1.badges]), ['stale', 'updated']);
  assert.equal(sourceLabel(i1), 'retry.ts:11-12 · retry');
  assert.equal(sourceLabel(snap.items[3]), null);
  assert.equal(memoOf(i1), 'drops errors');
  assert.equal(memoOf(snap.items[3]), '');
});

test('the edit form sends only the fields that changed', () => {
  const i1 = sampleBoard().items[0];
  assert.deepEqual(itemEdits(i1, { title: i1.title, summary: i1.summary!, tags: 'retry', context: i1.context, memo: 'drops errors' }), {});
  assert.deepEqual(itemEdits(i1, { title: 'New', tags: 'retry, http , retry', memo: 'keeps errors' }), { title: 'New', tags: ['retry', 'http'], memo: 'keeps errors' });
  assert.deepEqual(parseTags(' a, ,b,a '), ['a', 'b']);
  const note = item('n', 'note', null, 1, { content: 'x' });
  assert.deepEqual(itemEdits(note, { content: 'y' }), { content: 'y' });
});
