import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { deriveBranches, TreeIndex } from '../../src/model/tree';
import { bigTree, sampleTree, unit } from '../support/fixtures';

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

test('bigTree fixture covers every unit with branches', () => {
  const { units, branches } = bigTree(500);
  const t = new TreeIndex(units, branches);
  assert.equal(t.branches, branches);
  assert.equal(t.size, 500);
});
