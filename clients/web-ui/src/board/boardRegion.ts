// One region of the board (a group: header, summary, cards, nested regions) and the listeners
// that serve every region at once. A 10,000-memory board has hundreds of regions; building each
// element by element, with a listener per control, was most of the first render's scripting
// time. A region is now a clone of one shell, and its controls and drag and drop are handled by
// the canvas (delegation), by what the event's target sits in.

import type { GroupNode } from './boardModel';
import { h } from '../ui/dom';

export const DRAG_ITEM = 'application/x-grove-item';
export const DRAG_GROUP = 'application/x-grove-group';
/** The data-group-id of the "Not in a group" region. */
export const UNGROUPED = '';

export interface RegionActions {
  select(groupId: string, on: boolean): void;
  rename(groupId: string): void;
  ungroup(groupId: string): void;
  /** Cards dropped on a region (null: the "Not in a group" region). */
  moveItems(itemIds: string[], to: string | null): void;
  moveGroup(groupId: string, to: string | null): void;
}

let shell: HTMLElement | null = null;

/** A group's region without its cards (the returned `cards` element receives them). */
export function regionElement(node: GroupNode, selected: boolean): { el: HTMLElement; cards: HTMLElement } {
  shell ??= h(
    'section',
    { class: 'board-group' },
    h(
      'header',
      { draggable: 'true' },
      h('input', { type: 'checkbox', class: 'card-select' }),
      h('span', { class: 'group-title' }),
      h('span', { class: 'group-count' }),
      h('button', { class: 'link', 'data-action': 'rename-group' }, 'Rename'),
      h('button', { class: 'link', 'data-action': 'ungroup' }, 'Ungroup'),
    ),
    h('div', { class: 'cards' }),
  );
  const g = node.group;
  const el = shell.cloneNode(true) as HTMLElement;
  el.classList.add(`depth-${Math.min(node.depth, 4)}`);
  if (selected) el.classList.add('selected');
  el.dataset.groupId = g.id;
  const header = el.firstElementChild!;
  const box = header.children[0] as HTMLInputElement;
  box.checked = selected;
  box.setAttribute('aria-label', `Select group ${g.title}`);
  header.children[1].textContent = g.title;
  header.children[2].textContent = String(node.total);
  const cards = el.lastElementChild as HTMLElement;
  if (g.summary) el.insertBefore(h('p', { class: 'group-summary' }, g.summary), cards);
  return { el, cards };
}

/** The region holding the items in no group (no controls: it is not a group). */
export function ungroupedElement(count: number): { el: HTMLElement; cards: HTMLElement } {
  const cards = h('div', { class: 'cards' });
  const el = h('section', { class: 'board-group ungrouped', 'data-group-id': UNGROUPED }, h('header', {}, h('span', { class: 'group-title' }, 'Not in a group'), h('span', { class: 'group-count' }, String(count))), cards);
  return { el, cards };
}

/** The innermost region an event happened in. */
function regionOf(target: EventTarget | null): HTMLElement | null {
  return target instanceof Element ? target.closest<HTMLElement>('.board-group') : null;
}

/** A region's own header (not a card's, not a nested region's). */
function isRegionHeader(el: Element | null): el is HTMLElement {
  return !!el && el.tagName === 'HEADER' && !!el.parentElement?.classList.contains('board-group');
}

/** Listens on the canvas for every region's controls and drops, and for card drags. */
export function listenToRegions(canvas: HTMLElement, actions: RegionActions): void {
  const groupId = (region: HTMLElement) => region.dataset.groupId || null;
  canvas.addEventListener('click', (ev) => {
    const button = (ev.target as Element).closest?.('button[data-action]');
    const region = regionOf(button ?? null);
    if (!button || !region || !isRegionHeader(button.parentElement)) return;
    const id = groupId(region);
    if (!id) return;
    if (button.getAttribute('data-action') === 'rename-group') actions.rename(id);
    else if (button.getAttribute('data-action') === 'ungroup') actions.ungroup(id);
  });
  canvas.addEventListener('change', (ev) => {
    const box = ev.target as HTMLInputElement;
    const region = regionOf(box);
    const id = region && groupId(region);
    if (id && box.classList.contains('card-select') && isRegionHeader(box.parentElement)) actions.select(id, box.checked);
  });
  canvas.addEventListener('dragstart', (ev) => {
    const el = ev.target as HTMLElement;
    if (el.classList?.contains('board-card') && el.dataset.itemId) ev.dataTransfer?.setData(DRAG_ITEM, el.dataset.itemId);
    else if (isRegionHeader(el)) {
      const id = groupId(el.parentElement!);
      if (id) ev.dataTransfer?.setData(DRAG_GROUP, id);
    }
  });
  canvas.addEventListener('dragover', (ev) => {
    const region = regionOf(ev.target);
    if (!region || !(ev.dataTransfer?.types.includes(DRAG_ITEM) || ev.dataTransfer?.types.includes(DRAG_GROUP))) return;
    ev.preventDefault();
    region.classList.add('drop-here');
  });
  canvas.addEventListener('dragleave', (ev) => regionOf(ev.target)?.classList.remove('drop-here'));
  canvas.addEventListener('drop', (ev) => {
    const region = regionOf(ev.target);
    if (!region) return;
    region.classList.remove('drop-here');
    const item = ev.dataTransfer?.getData(DRAG_ITEM);
    const group = ev.dataTransfer?.getData(DRAG_GROUP);
    if (!item && !group) return;
    ev.preventDefault();
    const to = groupId(region);
    if (item) actions.moveItems([item], to);
    else if (group && group !== to) actions.moveGroup(group, to);
  });
}
