// Map geometry: world coordinates of lanes and rows, the pan/zoom viewport, culling and hit
// testing. Pure arithmetic, unit-tested under Node; the canvas view only draws what it returns.

import type { Layout, NodeBox } from './layout';

export const NODE_W = 150;
export const NODE_H = 28;
/** Below this zoom nodes are drawn without labels (too small to read). */
export const LABEL_MIN_SCALE = 0.45;
export const LANE_W = 180;
export const ROW_H = 44;
export const MARGIN = 24;

export interface Viewport {
  /** World coordinate at the canvas's left/top edge. */
  x: number;
  y: number;
  scale: number;
  width: number;
  height: number;
}

export function nodeX(box: NodeBox): number {
  return MARGIN + box.lane * LANE_W;
}

export function nodeY(box: NodeBox): number {
  return MARGIN + box.row * ROW_H;
}

export function toScreen(vp: Viewport, wx: number, wy: number): [number, number] {
  return [(wx - vp.x) * vp.scale, (wy - vp.y) * vp.scale];
}

export function toWorld(vp: Viewport, sx: number, sy: number): [number, number] {
  return [vp.x + sx / vp.scale, vp.y + sy / vp.scale];
}

/** The rows whose nodes can intersect the viewport (inclusive range, clamped). */
export function visibleRows(vp: Viewport, rowCount: number): [number, number] {
  const top = Math.floor((vp.y - MARGIN - NODE_H) / ROW_H);
  const bottom = Math.ceil((vp.y + vp.height / vp.scale - MARGIN) / ROW_H);
  return [Math.max(0, top), Math.min(rowCount - 1, bottom)];
}

/** Nodes intersecting the viewport; cost is proportional to what is visible, not to the tree. */
export function visibleNodes(layout: Layout, vp: Viewport): NodeBox[] {
  const [r0, r1] = visibleRows(vp, layout.rows.length);
  const right = vp.x + vp.width / vp.scale;
  const bottom = vp.y + vp.height / vp.scale;
  const out: NodeBox[] = [];
  for (let r = r0; r <= r1; r++) {
    const y = MARGIN + r * ROW_H;
    if (y + NODE_H < vp.y || y > bottom) continue;
    for (const box of layout.rows[r]) {
      const x = nodeX(box);
      if (x + NODE_W >= vp.x && x <= right) out.push(box);
    }
  }
  return out;
}

export function hitTest(layout: Layout, vp: Viewport, sx: number, sy: number): NodeBox | null {
  const [wx, wy] = toWorld(vp, sx, sy);
  const row = Math.floor((wy - MARGIN) / ROW_H);
  if (row < 0 || row >= layout.rows.length) return null;
  for (const box of layout.rows[row]) {
    const x = nodeX(box);
    const y = nodeY(box);
    if (wx >= x && wx <= x + NODE_W && wy >= y && wy <= y + NODE_H) return box;
  }
  return null;
}

/** Pans so that `box` is centred. */
export function centreOn(vp: Viewport, box: NodeBox): void {
  vp.x = nodeX(box) + NODE_W / 2 - vp.width / vp.scale / 2;
  vp.y = nodeY(box) + NODE_H / 2 - vp.height / vp.scale / 2;
}

/** Zooms by `factor` keeping the world point under (sx, sy) fixed. */
export function zoomAt(vp: Viewport, factor: number, sx: number, sy: number): void {
  const [wx, wy] = toWorld(vp, sx, sy);
  vp.scale = Math.min(2.5, Math.max(0.2, vp.scale * factor));
  vp.x = wx - sx / vp.scale;
  vp.y = wy - sy / vp.scale;
}
