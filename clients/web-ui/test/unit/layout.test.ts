import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { layoutTree } from '../../src/map/layout';
import { TreeIndex } from '../../src/model/tree';
import { bigTree, branch, sampleTree, unit } from '../support/fixtures';

test('the mainline runs straight down lane 0, one row per depth', () => {
  const { units, branches } = sampleTree();
  const l = layoutTree(new TreeIndex(units, branches));
  for (const [id, row] of [['a', 0], ['b', 1], ['c', 2], ['d', 3]] as const) {
    assert.equal(l.nodes.get(id)!.lane, 0, id);
    assert.equal(l.nodes.get(id)!.row, row, id);
  }
});

test('branches leave to the right, start one row below their anchor, and never overlap', () => {
  const { units, branches } = sampleTree();
  const l = layoutTree(new TreeIndex(units, branches));
  const x1 = l.nodes.get('x1')!;
  const y1 = l.nodes.get('y1')!;
  const z1 = l.nodes.get('z1')!;
  assert.equal(x1.row, 2);
  assert.equal(l.nodes.get('x2')!.lane, x1.lane, 'a branch is one straight lane');
  assert.ok(x1.lane >= 1 && y1.lane >= 1);
  assert.notEqual(x1.lane, y1.lane, 'two branches from one anchor need two lanes');
  assert.ok(z1.lane > x1.lane, 'a branch off a branch sits right of it');
  const seen = new Set<string>();
  for (const box of l.nodes.values()) {
    const key = `${box.lane}:${box.row}`;
    assert.ok(!seen.has(key), `two nodes share ${key}`);
    seen.add(key);
  }
});

test('lanes are reused by branches whose rows do not overlap', () => {
  const units = [unit('a', null), unit('b', 'a'), unit('c', 'b'), unit('d', 'c'), unit('e', 'd'), unit('p', 'a'), unit('q', 'd')];
  const branches = [branch(['a', 'b', 'c', 'd', 'e'], null, true), branch(['p'], 'a'), branch(['q'], 'd')];
  const l = layoutTree(new TreeIndex(units, branches));
  assert.equal(l.nodes.get('p')!.lane, 1);
  assert.equal(l.nodes.get('q')!.lane, 1);
  assert.equal(l.lanes, 2);
});

test('edges connect each unit to its parent and mark branch openings', () => {
  const { units, branches } = sampleTree();
  const l = layoutTree(new TreeIndex(units, branches));
  const edges = l.rows.flatMap((_, row) => l.edgesOf(row));
  assert.equal(edges.length, units.length - 1);
  const opening = edges.filter((e) => e.opensBranch).map((e) => `${e.from}>${e.to}`).sort();
  assert.deepEqual(opening, ['b>x1', 'b>y1', 'x1>z1']);
  for (let row = 0; row < l.rows.length; row++) for (const e of l.edgesOf(row)) assert.equal(l.nodes.get(e.to)!.row, row);
});

test('a 2,000-unit tree lays out every unit', () => {
  const { units, branches } = bigTree(2000);
  const l = layoutTree(new TreeIndex(units, branches));
  assert.equal(l.nodes.size, 2000);
  assert.equal(l.rows.reduce((n, r) => n + r.length, 0), 2000);
});
