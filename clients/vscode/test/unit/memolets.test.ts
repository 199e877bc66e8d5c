import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { MEMOLET_METHODS, missingMemolets } from '../../src/memolets/feature';
import { referenceText, resultRows, sandboxNodes } from '../../src/memolets/format';
import type { Memolet } from '../../src/memolets/types';

const m = (id: string, title: string, over: Partial<Memolet> = {}): Memolet => ({ id, projectId: 'p1', title, summary: `summary of ${title}`, ...over });

test('a reference is @[Title](memolet:ID), with brackets and line breaks kept out of the title', () => {
  assert.equal(referenceText(m('a1', 'Retry backoff')), '@[Retry backoff](memolet:a1)');
  assert.equal(referenceText(m('a2', 'Arrays [x] and\nmaps')), '@[Arrays x and maps](memolet:a2)');
  assert.equal(referenceText(m('a3', '  ')), '@[a3](memolet:a3)', 'an empty title falls back to the id');
});

test('search rows keep the core order and show title, score, who made it, conversation and a matching sentence', () => {
  const rows = resultRows(
    [
      { memolet: m('a', 'Retry backoff'), score: 0.0328, sentences: ['Use   exponential\nbackoff.', 'Second.'] },
      { memolet: m('b', 'YAML', { projectId: 'p2', manual: true }), score: 0.01, sentences: [] },
      { memolet: m('c', '', { summary: 'x'.repeat(300) }), score: 0.005 },
    ],
    new Map([['p1', 'Client work']]),
  );
  assert.deepEqual(rows.map((r) => r.label), ['Retry backoff', 'YAML', 'c']);
  assert.equal(rows[0].description, 'score 0.033 · Client work');
  assert.equal(rows[0].detail, 'Use exponential backoff.');
  assert.equal(rows[1].description, 'score 0.010 · made by you', 'made by hand is said; an unknown conversation is left out');
  assert.equal(rows[1].detail, 'summary of YAML', 'no matching sentence: the summary');
  assert.equal(rows[2].detail.length, 160);
  assert.ok(rows[2].detail.endsWith('…'));
  assert.equal(rows[1].memolet.id, 'b');
});

test('the sandbox tree: groups with their members first, then memolets in no group', () => {
  const a = m('a', 'A');
  const b = m('b', 'B');
  const c = m('c', 'C');
  const nodes = sandboxNodes({ memolets: [a, b, c], groups: [{ id: 'g1', title: 'Retries', summary: 'all about retries', memoletIds: ['c', 'a', 'gone'] }] });
  assert.deepEqual(nodes, [
    { kind: 'group', id: 'g1', title: 'Retries', summary: 'all about retries', members: [c, a] },
    { kind: 'memolet', memolet: b, groupId: null },
  ]);
  assert.deepEqual(sandboxNodes({ memolets: [], groups: [] }), []);
});

test('a server without memolets gets a clear message naming what it lacks', () => {
  assert.equal(missingMemolets([MEMOLET_METHODS.search, 'grove/project/get'], [MEMOLET_METHODS.search]), null);
  const msg = missingMemolets(['grove/project/get'], [MEMOLET_METHODS.search, MEMOLET_METHODS.sandboxAdd]);
  assert.match(msg ?? '', /has no memolets \(it lacks grove\/memolet\/search, grove\/memolet\/sandbox\/add\)/);
  assert.match(msg ?? '', /grove\.server\.path/);
});
