import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { neighbour } from '../../src/map/keyboard';
import { TreeIndex } from '../../src/model/tree';
import { sampleTree } from '../support/fixtures';

const { units, branches } = sampleTree();
const tree = new TreeIndex(units, branches);

test('Up goes to the parent and stops at the root', () => {
  assert.equal(neighbour(tree, 'x2', 'ArrowUp'), 'x1');
  assert.equal(neighbour(tree, 'a', 'ArrowUp'), 'a');
});

test('Down follows the continuing child, not a branch', () => {
  assert.equal(neighbour(tree, 'b', 'ArrowDown'), 'c');
  assert.equal(neighbour(tree, 'x1', 'ArrowDown'), 'x2');
  assert.equal(neighbour(tree, 'd', 'ArrowDown'), 'd');
});

test('Left and Right walk the siblings in seq order', () => {
  assert.equal(neighbour(tree, 'c', 'ArrowRight'), 'x1');
  assert.equal(neighbour(tree, 'x1', 'ArrowRight'), 'y1');
  assert.equal(neighbour(tree, 'y1', 'ArrowRight'), 'y1');
  assert.equal(neighbour(tree, 'x1', 'ArrowLeft'), 'c');
});
