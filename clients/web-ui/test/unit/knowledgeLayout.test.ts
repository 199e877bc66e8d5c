import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { COLUMN, layoutKnowledge, zoomDetail } from '../../src/knowledge/knowledgeLayout';
import { locationLabel } from '../../src/model/location';
import { node, sampleGraph } from '../support/workspaceFixtures';

test('roots sit left and each node one column right of its nearest parent', () => {
  const l = layoutKnowledge(sampleGraph().nodes);
  assert.equal(l.get('r')!.x, 0);
  assert.equal(l.get('a')!.x, COLUMN);
  assert.equal(l.get('b')!.x, COLUMN);
  assert.equal(l.get('c')!.x, 2 * COLUMN);
  // d has two parents at depth 1: it is at depth 2 once, drawn beside its first parent.
  assert.equal(l.get('d')!.depth, 2);
});

test('siblings stack in creation order and a parent sits in the middle of its children', () => {
  const l = layoutKnowledge(sampleGraph().nodes);
  const y = (id: string) => l.get(id)!.y;
  assert.ok(y('c') < y('d'), 'c before d');
  assert.ok(y('a') < y('b'), 'a before b');
  assert.equal(y('a'), (y('c') + y('d')) / 2);
  assert.equal(y('r'), (y('a') + y('b')) / 2);
  const ys = [...l.values()].filter((p) => p.depth === 2).map((p) => p.y);
  assert.equal(new Set(ys).size, ys.length, 'no two nodes of a column overlap');
});

test('pinned nodes keep their position; a cycle does not hang the layout', () => {
  const nodes = [node('p', 'Pinned', [], 0, { position: { x: 900, y: -50 } }), node('x', 'X', ['y'], 1), node('y', 'Y', ['x'], 2)];
  const l = layoutKnowledge(nodes);
  assert.deepEqual({ x: l.get('p')!.x, y: l.get('p')!.y, pinned: l.get('p')!.pinned }, { x: 900, y: -50, pinned: true });
  assert.equal(l.get('x')!.depth, 0);
  assert.equal(l.get('y')!.depth, 1);
});

test('semantic zoom: titles only far out, details close up', () => {
  assert.equal(zoomDetail(0.4), 'far');
  assert.equal(zoomDetail(1), 'mid');
  assert.equal(zoomDetail(1.5), 'near');
});

test('locations read as file and 1-based lines', () => {
  const r = (a: number, b: number) => ({ start: { line: a, character: 0 }, end: { line: b, character: 4 } });
  assert.equal(locationLabel('file:///w/docs/a%20b.md', r(0, 0)), 'a b.md:1');
  assert.equal(locationLabel('file:///w/x.md', r(4, 9)), 'x.md:5-10');
  assert.equal(locationLabel('file:///w/x.md', { start: { line: 0, character: 0 }, end: { line: 3, character: 0 } }), 'x.md:1-3', 'whole lines selected');
});
