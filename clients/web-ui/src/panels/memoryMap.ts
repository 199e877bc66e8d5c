// The memory map (grove/memolet/map): every memolet as a point on the core's 2-D layout,
// coloured by cluster, with each cluster's keywords; re-cluster with a chosen k; a click on a
// point selects it, then Open shows it and Add to sandbox puts it in this project's working set.

import type { Memolet, MemoryMap } from '../model/types';
import { h } from '../ui/dom';

export interface MemoryMapActions {
  recluster(k: number | null): void;
  open(memoletId: string): void;
  addToSandbox(memoletId: string): void;
}

const SVG = 'http://www.w3.org/2000/svg';
const SIZE = 260;
const COLOURS = ['#2f80ed', '#eb5757', '#27ae60', '#f2994a', '#9b51e0', '#56ccf2', '#bb6bd9', '#6fcf97', '#f2c94c', '#828282', '#219653', '#b85c38'];

export function clusterColour(cluster: number): string {
  return COLOURS[((cluster % COLOURS.length) + COLOURS.length) % COLOURS.length];
}

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

export function memoryMapPanel(map: MemoryMap, titles: ReadonlyMap<string, Memolet>, selected: string | null, actions: MemoryMapActions & { select(id: string): void }): HTMLElement {
  const plot = svg('svg', { class: 'memory-plot', width: SIZE, height: SIZE, viewBox: `-8 -8 ${SIZE + 16} ${SIZE + 16}`, role: 'img', 'aria-label': `Memory map of ${map.points.length} memolets` });
  for (const p of map.points) {
    const dot = svg('circle', { class: `memory-point${p.id === selected ? ' selected' : ''}`, cx: (p.x * SIZE).toFixed(1), cy: (p.y * SIZE).toFixed(1), r: p.id === selected ? 7 : 5, fill: clusterColour(p.cluster), 'data-memolet-id': p.id, 'data-cluster': p.cluster });
    const title = svg('title', {});
    title.textContent = titles.get(p.id)?.title ?? p.id;
    dot.append(title);
    dot.addEventListener('click', () => actions.select(p.id));
    plot.append(dot);
  }
  const k = h('input', { type: 'number', class: 'memory-k', min: 1, max: 12, placeholder: 'auto', 'aria-label': 'Number of clusters' });
  const chosen = selected ? titles.get(selected) : undefined;
  return h(
    'div',
    { class: 'memory-map' },
    map.points.length ? plot : h('p', { class: 'empty' }, 'No memolets yet: they grow from every conversation.'),
    h('div', { class: 'memory-recluster' }, 'Clusters ', k, h('button', { class: 'memory-go', onclick: () => actions.recluster(k.value ? Math.max(1, Math.round(Number(k.value))) : null) }, 'Re-cluster')),
    selected
      ? h(
          'div',
          { class: 'memory-selected', 'data-memolet-id': selected },
          h('strong', {}, chosen?.title ?? selected),
          chosen?.summary ? h('p', { class: 'muted' }, chosen.summary) : null,
          h('button', { class: 'memory-open', onclick: () => actions.open(selected) }, 'Open'),
          h('button', { class: 'memory-add', onclick: () => actions.addToSandbox(selected) }, 'Add to sandbox'),
        )
      : null,
    h(
      'ul',
      { class: 'memory-clusters' },
      ...map.clusters.map((c) => h('li', { 'data-cluster': c.id }, h('span', { class: 'swatch', style: `background:${clusterColour(c.id)}` }), ` ${c.size} · ${c.keywords.join(', ')}`)),
    ),
  );
}
