// The context map: a canvas that draws only the visible part of the tree, so 2,000 units pan
// as smoothly as 20. Interaction (click to locate, right-click menu, selection) is reported
// through MapActions; the view itself changes nothing.

import { fitText } from './fitText';
import { unitHead, type TreeIndex } from '../model/tree';
import type { ScopeMarks } from '../model/scopeMarks';
import type { Unit } from '../model/types';
import { layoutTree, type Layout, type NodeBox } from './layout';
import { centreOn, hitTest, LABEL_MIN_SCALE, NODE_H, NODE_W, nodeX, nodeY, toScreen, visibleNodes, visibleRows, zoomAt, type Viewport } from './geometry';
import { neighbour, type NavKey } from './keyboard';
import { theme, type Theme } from './theme';

export interface MapActions {
  locate(unitId: string): void;
  toggleSelected(unitId: string): void;
  contextMenu(unitId: string, clientX: number, clientY: number): void;
  /** Units drawn without a label because the tree came without heads: their text is wanted. */
  needLabels(unitIds: string[]): void;
}

export interface MapState {
  readonly tree: TreeIndex;
  readonly marks: ScopeMarks;
  readonly focusId: string | null;
  readonly cursorId: string | null;
  readonly hits: ReadonlySet<string>;
  readonly selection: ReadonlySet<string>;
  readonly selectMode: boolean;
}

export class MapView {
  readonly canvas: HTMLCanvasElement;
  private readonly ctx: CanvasRenderingContext2D;
  private layout: Layout | null = null;
  private layoutOf: TreeIndex | null = null;
  /** A tree laid out before it is shown (see layoutFor). */
  private ahead: { tree: TreeIndex; layout: Layout } | null = null;
  private state: MapState | null = null;
  private readonly vp: Viewport = { x: 0, y: 0, scale: 1, width: 300, height: 300 };
  private frame = 0;
  private labels = new Map<string, { content: string; text: string }>();
  private colours: Theme | null = null;
  /** The unit keyboard navigation is on (drawn with a focus ring while the canvas has focus). */
  private keyFocus: string | null = null;
  /** Milliseconds the last draw took, how many draws ran, when the last ended, and when the first
   *  complete one (a tree to draw, every label on screen) ended (the benchmarks read these). */
  lastDrawMs = 0;
  /** Nodes the last draw showed without their label (their text was still being fetched). */
  labelsMissing = 0;
  drawCount = 0;
  lastDrawEnd = 0;
  firstDrawEnd = 0;

  constructor(private readonly host: HTMLElement, private readonly actions: MapActions) {
    this.canvas = document.createElement('canvas');
    this.canvas.className = 'map-canvas';
    this.canvas.setAttribute('role', 'img');
    this.canvas.setAttribute('aria-label', 'Context map: arrow keys move, Enter shows the unit in chat, Shift+F10 opens its menu');
    this.canvas.tabIndex = 0;
    host.append(this.canvas);
    this.ctx = this.canvas.getContext('2d')!;
    new ResizeObserver(() => this.resize()).observe(host);
    this.bindPointer();
    this.resize();
  }

  /** Replaces what is shown; the layout is recomputed only when the tree itself changed. */
  update(state: MapState): void {
    if (state.tree !== this.layoutOf || !this.layout) {
      this.layout = this.ahead?.tree === state.tree ? this.ahead.layout : layoutTree(state.tree);
      this.layoutOf = state.tree;
    }
    this.ahead = null;
    this.state = state;
    this.requestDraw();
  }

  /** The layout of `tree`: the one drawn, or one laid out ahead of its `update` and kept for it.
   *  Never put in place here: a frame drawn before that update draws the state it has, whose
   *  tree may not hold this one's units. */
  private layoutFor(tree: TreeIndex): Layout {
    if (tree === this.layoutOf && this.layout) return this.layout;
    if (this.ahead?.tree !== tree) this.ahead = { tree, layout: layoutTree(tree) };
    return this.ahead.layout;
  }

  /**
   * The units of `tree` whose labels the next draw would lack (no head), centred on `centreId`
   * (as `reveal` centres) or where the map is now: asked for with the chat's text, so the first
   * draw of a project has its labels. None when the zoom shows no labels.
   */
  labelsWanted(tree: TreeIndex, centreId: string | null): string[] {
    if (this.vp.scale < LABEL_MIN_SCALE) return [];
    const layout = this.layoutFor(tree);
    const vp = { ...this.vp };
    const box = centreId ? layout.nodes.get(centreId) : undefined;
    if (box) centreOn(vp, box);
    return visibleNodes(layout, vp).filter((b) => lacksLabel(tree.units.get(b.id))).map((b) => b.id);
  }

  /** Centres the map on a unit. */
  reveal(unitId: string): void {
    const box = this.layout?.nodes.get(unitId);
    if (!box) return;
    centreOn(this.vp, box);
    this.requestDraw();
  }

  setScale(scale: number): void {
    this.vp.scale = scale;
    this.requestDraw();
  }

  panBy(dx: number, dy: number): void {
    this.vp.x += dx / this.vp.scale;
    this.vp.y += dy / this.vp.scale;
    this.requestDraw();
  }

  /** Test and automation hook: a unit's centre in canvas pixels, or null when off screen. */
  nodeCenter(unitId: string): { x: number; y: number } | null {
    const box = this.layout?.nodes.get(unitId);
    if (!box) return null;
    const [x, y] = toScreen(this.vp, nodeX(box) + NODE_W / 2, nodeY(box) + NODE_H / 2);
    if (x < 0 || y < 0 || x > this.vp.width || y > this.vp.height) return null;
    return { x, y };
  }

  /** Test hook: the units the map shows now. */
  shownIds(): string[] {
    return this.layout ? visibleNodes(this.layout, this.vp).map((b) => b.id) : [];
  }

  /** Test hook: the lane each unit is drawn in. */
  laneOf(unitId: string): number | null {
    return this.layout?.nodes.get(unitId)?.lane ?? null;
  }

  /** Draws now (the benchmark calls this to time a frame). */
  drawNow(): void {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    const t0 = performance.now();
    this.draw();
    this.lastDrawEnd = performance.now();
    this.lastDrawMs = this.lastDrawEnd - t0;
    this.drawCount++;
    if (this.firstDrawEnd === 0 && this.layout && this.layout.nodes.size > 0 && this.state && this.labelsMissing === 0) this.firstDrawEnd = this.lastDrawEnd;
  }

  private requestDraw(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.drawNow();
    });
  }

  private resize(): void {
    const dpr = window.devicePixelRatio || 1;
    const w = Math.max(1, this.host.clientWidth);
    const hgt = Math.max(1, this.host.clientHeight);
    this.vp.width = w;
    this.vp.height = hgt;
    this.canvas.width = Math.round(w * dpr);
    this.canvas.height = Math.round(hgt * dpr);
    this.canvas.style.width = `${w}px`;
    this.canvas.style.height = `${hgt}px`;
    this.ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    this.colours = null;
    this.requestDraw();
  }

  private bindPointer(): void {
    let drag: { x: number; y: number; moved: boolean } | null = null;
    // A drag ends with a click event; remember it so a pan never counts as a click.
    let dragged = false;
    const local = (ev: MouseEvent): [number, number] => {
      const r = this.canvas.getBoundingClientRect();
      return [ev.clientX - r.left, ev.clientY - r.top];
    };
    this.canvas.addEventListener('pointerdown', (ev) => {
      if (ev.button !== 0) return;
      drag = { x: ev.clientX, y: ev.clientY, moved: false };
      dragged = false;
      this.canvas.setPointerCapture?.(ev.pointerId);
    });
    this.canvas.addEventListener('pointermove', (ev) => {
      if (!drag) return;
      const dx = ev.clientX - drag.x;
      const dy = ev.clientY - drag.y;
      if (!drag.moved && Math.abs(dx) + Math.abs(dy) < 4) return;
      drag.moved = true;
      dragged = true;
      drag.x = ev.clientX;
      drag.y = ev.clientY;
      this.panBy(-dx, -dy);
    });
    this.canvas.addEventListener('pointerup', () => {
      drag = null;
    });
    this.canvas.addEventListener('click', (ev) => {
      if (dragged) return;
      const box = this.layout && hitTest(this.layout, this.vp, ...local(ev));
      if (!box) return;
      if (this.state?.selectMode || ev.shiftKey) this.actions.toggleSelected(box.id);
      else this.actions.locate(box.id);
    });
    this.canvas.addEventListener('contextmenu', (ev) => {
      ev.preventDefault();
      const box = this.layout && hitTest(this.layout, this.vp, ...local(ev));
      if (box) this.actions.contextMenu(box.id, ev.clientX, ev.clientY);
    });
    this.canvas.addEventListener('keydown', (ev) => this.onKey(ev));
    this.canvas.addEventListener('focus', () => this.requestDraw());
    this.canvas.addEventListener('blur', () => this.requestDraw());
    this.canvas.addEventListener(
      'wheel',
      (ev) => {
        ev.preventDefault();
        if (ev.ctrlKey) zoomAt(this.vp, Math.exp(-ev.deltaY / 300), ...local(ev));
        else this.panBy(ev.deltaX, ev.deltaY);
        this.requestDraw();
      },
      { passive: false },
    );
  }

  private onKey(ev: KeyboardEvent): void {
    const st = this.state;
    if (!st || st.tree.size === 0) return;
    const current = this.keyFocus && st.tree.units.has(this.keyFocus) ? this.keyFocus : st.focusId ?? st.tree.roots[0]?.id ?? null;
    if (!current) return;
    if (ev.key.startsWith('Arrow')) {
      this.keyFocus = neighbour(st.tree, current, ev.key as NavKey);
      this.reveal(this.keyFocus);
    } else if (ev.key === 'Enter') {
      this.actions.locate(current);
    } else if (ev.key === ' ') {
      this.actions.toggleSelected(current);
    } else if (ev.key === 'ContextMenu' || (ev.key === 'F10' && ev.shiftKey)) {
      const c = this.nodeCenter(current);
      const r = this.canvas.getBoundingClientRect();
      if (c) this.actions.contextMenu(current, r.left + c.x, r.top + c.y);
    } else return;
    ev.preventDefault();
  }

  private draw(): void {
    const ctx = this.ctx;
    const c = (this.colours ??= theme(this.host));
    ctx.fillStyle = c.background;
    ctx.fillRect(0, 0, this.vp.width, this.vp.height);
    const layout = this.layout;
    const st = this.state;
    if (!layout || !st) return;
    const s = this.vp.scale;

    // Edges: every edge spans one row gap, so only the visible rows' buckets are walked.
    const [r0, r1] = visibleRows(this.vp, layout.rows.length);
    ctx.lineWidth = 1.5;
    for (let r = r0; r <= Math.min(r1 + 1, layout.rows.length - 1); r++) {
      for (const e of layout.edgesOf(r)) {
        const a = layout.nodes.get(e.from)!;
        const b = layout.nodes.get(e.to)!;
        const [ax, ay] = toScreen(this.vp, nodeX(a) + NODE_W / 2, nodeY(a) + NODE_H);
        const [bx, by] = toScreen(this.vp, nodeX(b) + NODE_W / 2, nodeY(b));
        ctx.strokeStyle = e.opensBranch ? c.branchEdge : c.edge;
        ctx.beginPath();
        ctx.moveTo(ax, ay);
        if (e.opensBranch) ctx.bezierCurveTo(ax, ay + 12 * s, bx, by - 12 * s, bx, by);
        else ctx.lineTo(bx, by);
        ctx.stroke();
      }
    }

    ctx.font = `${Math.max(8, Math.round(12 * s))}px ${c.fontFamily}`;
    ctx.textBaseline = 'middle';
    const unlabelled: string[] = [];
    for (const box of visibleNodes(layout, this.vp)) if (this.drawNode(box, st, c)) unlabelled.push(box.id);
    this.labelsMissing = unlabelled.length;
    if (unlabelled.length > 0) this.actions.needLabels(unlabelled);

    // Branch titles above each branch head, where there is room.
    ctx.fillStyle = c.muted;
    for (const ch of layout.chains) {
      const b = st.tree.branches.find((x) => x.headId === ch.headId);
      const box = layout.nodes.get(ch.headId);
      if (!b?.title || !box || b.isMainline) continue;
      const [x, y] = toScreen(this.vp, nodeX(box), nodeY(box) - 7);
      if (y < -10 || y > this.vp.height + 10) continue;
      // On a plate of the background, so the branch edge does not run through the title.
      const title = fitText(b.title, NODE_W * s - 8, (t) => ctx.measureText(t).width);
      const tw = ctx.measureText(title).width;
      ctx.fillStyle = c.background;
      ctx.fillRect(x + 2, y - 7 * Math.max(1, s), tw + 4, 14 * Math.max(1, s));
      ctx.fillStyle = c.muted;
      ctx.fillText(title, x + 4, y);
    }
  }

  /** Draws one node; true when it lacks its label (its unit came without a head). */
  private drawNode(box: NodeBox, st: MapState, c: Theme): boolean {
    const ctx = this.ctx;
    const unit = st.tree.units.get(box.id)!;
    const mark = st.marks.get(box.id);
    const [x, y] = toScreen(this.vp, nodeX(box), nodeY(box));
    const w = NODE_W * this.vp.scale;
    const hh = NODE_H * this.vp.scale;
    const out = mark?.mark !== 'in';

    ctx.globalAlpha = out ? 0.45 : 1;
    ctx.fillStyle = c.nodeFill;
    ctx.fillRect(x, y, w, hh);
    ctx.fillStyle = unit.kind === 'placeholder' ? c.placeholder : unit.role === 'user' ? c.user : unit.role === 'assistant' ? c.assistant : c.system;
    ctx.fillRect(x, y, 4, hh);
    ctx.globalAlpha = 1;

    if (st.hits.has(box.id)) {
      ctx.strokeStyle = c.hit;
      ctx.lineWidth = 4;
      ctx.strokeRect(x - 3, y - 3, w + 6, hh + 6);
    }
    const flag = mark?.flag ?? unit.scope;
    ctx.lineWidth = flag === 'auto' ? 1 : 2.5;
    ctx.strokeStyle = flag === 'excluded' ? c.excluded : flag === 'included' ? c.included : c.border;
    ctx.setLineDash(out ? [4, 3] : []);
    ctx.strokeRect(x, y, w, hh);
    ctx.setLineDash([]);
    if (st.selection.has(box.id)) {
      ctx.strokeStyle = c.selection;
      ctx.lineWidth = 2;
      ctx.strokeRect(x - 2, y - 2, w + 4, hh + 4);
    }
    if (box.id === this.keyFocus && document.activeElement === this.canvas) {
      ctx.strokeStyle = c.cursor;
      ctx.lineWidth = 2;
      ctx.setLineDash([2, 2]);
      ctx.strokeRect(x - 4, y - 4, w + 8, hh + 8);
      ctx.setLineDash([]);
    }
    if (box.id === st.cursorId || box.id === st.focusId) {
      // The cursor (where the next message goes) gets a marker on the left edge.
      ctx.fillStyle = c.cursor;
      ctx.fillRect(x - 7, y, 4, hh);
    }
    if (this.vp.scale < LABEL_MIN_SCALE) return false;
    ctx.fillStyle = c.foreground;
    ctx.fillText(this.label(unit.id, unit.kind === 'code' ? `{ } ${unit.source?.uri.split('/').pop() ?? 'code'}` : unitHead(unit), w - 14), x + 9, y + hh / 2);
    return lacksLabel(unit);
  }

  /** The unit's label, cut with an ellipsis to the node's width at the current zoom. */
  private label(id: string, head: string, width: number): string {
    const key = `${Math.round(width)}|${this.ctx.font}|${head}`;
    const cached = this.labels.get(id);
    if (cached && cached.content === key) return cached.text;
    const text = fitText(head || '…', width, (t) => this.ctx.measureText(t).width);
    this.labels.set(id, { content: key, text });
    return text;
  }
}

/** A node whose label is its text's first line, which its unit does not have yet (the tree came
 *  without heads); code units are labelled by their file. */
function lacksLabel(unit: Unit | undefined): boolean {
  return unit?.noHead === true && unit.kind !== 'code';
}
