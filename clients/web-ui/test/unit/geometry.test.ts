import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { centreOn, hitTest, NODE_H, NODE_W, nodeX, nodeY, toScreen, toWorld, visibleNodes, zoomAt, type Viewport } from '../../src/map/geometry';
import { layoutTree } from '../../src/map/layout';
import { TreeIndex } from '../../src/model/tree';
import { bigTree } from '../support/fixtures';

const big = bigTree(2000);
const layout = layoutTree(new TreeIndex(big.units, big.branches));

test('only nodes inside the viewport are drawn', () => {
  const vp: Viewport = { x: 0, y: 0, scale: 1, width: 400, height: 300 };
  const visible = visibleNodes(layout, vp);
  assert.ok(visible.length > 0 && visible.length < 40, `visible ${visible.length}`);
  for (const b of visible) {
    const [sx, sy] = toScreen(vp, nodeX(b), nodeY(b));
    assert.ok(sx + NODE_W >= 0 && sx <= vp.width && sy + NODE_H >= 0 && sy <= vp.height);
  }
  // Nothing visible is missed.
  const all = [...layout.nodes.values()].filter((b) => {
    const [sx, sy] = toScreen(vp, nodeX(b), nodeY(b));
    return sx + NODE_W > 0 && sx < vp.width && sy + NODE_H > 0 && sy < vp.height;
  });
  for (const b of all) assert.ok(visible.includes(b), b.id);
});

test('hitTest finds the node under a point and nothing between nodes', () => {
  const vp: Viewport = { x: 0, y: 0, scale: 1, width: 800, height: 600 };
  const box = layout.nodes.get('m3')!;
  centreOn(vp, box);
  const [sx, sy] = toScreen(vp, nodeX(box) + 5, nodeY(box) + 5);
  assert.equal(hitTest(layout, vp, sx, sy)?.id, 'm3');
  const [gx, gy] = toScreen(vp, nodeX(box) + 5, nodeY(box) + NODE_H + 4);
  assert.equal(hitTest(layout, vp, gx, gy), null);
});

test('zoomAt keeps the point under the pointer fixed', () => {
  const vp: Viewport = { x: 100, y: 50, scale: 1, width: 800, height: 600 };
  const before = toWorld(vp, 200, 150);
  zoomAt(vp, 1.7, 200, 150);
  const after = toWorld(vp, 200, 150);
  assert.ok(Math.abs(before[0] - after[0]) < 1e-9 && Math.abs(before[1] - after[1]) < 1e-9);
  assert.equal(vp.scale, 1.7);
});
