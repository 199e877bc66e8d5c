// Pure helpers of the board view: the group tree (regions and the overview), the timeline, and
// what a card shows. No decisions about placement live here: groups, badges and order of the
// members come from the core; the view only arranges them for drawing.

import { locationLabel } from '../model/location';
import type { Badge, BoardGroup, BoardItem, BoardLink, BoardSnapshot } from '../model/boardTypes';

export interface GroupNode {
  readonly group: BoardGroup;
  readonly depth: number;
  readonly children: GroupNode[];
  readonly items: BoardItem[];
  /** Items in this group and every nested group (what the overview counts). */
  total: number;
}

export interface BoardIndex {
  readonly items: Map<string, BoardItem>;
  readonly groups: Map<string, BoardGroup>;
  /** Top-level groups, in the core's order. */
  readonly roots: GroupNode[];
  /** Items in no group (shown in their own region). */
  readonly ungrouped: BoardItem[];
  /** Links by item id, both ends. */
  readonly linksOf: Map<string, BoardLink[]>;
}

/** Builds the group tree. A group named by a missing parent is shown at the top level, and a
 *  group reached twice (a cycle the core should never send) only once. One pass over each list:
 *  it runs on every load of a board that may hold 10,000 memories. */
export function indexBoard(snapshot: BoardSnapshot, showArchived = false): BoardIndex {
  const items = new Map<string, BoardItem>();
  for (const i of snapshot.items) if (!i.hidden && (showArchived || !i.archived)) items.set(i.id, i);
  const groups = new Map<string, BoardGroup>();
  for (const g of snapshot.groups) groups.set(g.id, g);
  const seen = new Set<string>();
  /** Items some drawn group holds: the others go to the "not in a group" region. */
  const placed = new Set<string>();
  const build = (g: BoardGroup, depth: number): GroupNode => {
    seen.add(g.id);
    const members: BoardItem[] = [];
    for (const id of g.itemIds) {
      const item = items.get(id);
      if (item) {
        members.push(item);
        placed.add(id);
      }
    }
    const node: GroupNode = { group: g, depth, children: [], items: members, total: members.length };
    for (const childId of g.groupIds) {
      const child = groups.get(childId);
      if (child && !seen.has(child.id)) {
        const c = build(child, depth + 1);
        node.children.push(c);
        node.total += c.total;
      }
    }
    return node;
  };
  const roots: GroupNode[] = [];
  for (const g of snapshot.groups) if ((g.parentId === null || !groups.has(g.parentId)) && !seen.has(g.id)) roots.push(build(g, 0));
  // Groups only reachable through a cycle still get drawn.
  for (const g of snapshot.groups) if (!seen.has(g.id)) roots.push(build(g, 0));
  const ungrouped: BoardItem[] = [];
  for (const i of items.values()) if (!placed.has(i.id)) ungrouped.push(i);
  const linksOf = new Map<string, BoardLink[]>();
  const addLink = (end: string, l: BoardLink) => {
    const list = linksOf.get(end);
    if (list) list.push(l);
    else linksOf.set(end, [l]);
  };
  for (const l of snapshot.links) {
    addLink(l.from, l);
    addLink(l.to, l);
  }
  return { items, groups, roots, ungrouped, linksOf };
}

/** Items newest first, bucketed by day (the timeline). */
export function timeline(items: Iterable<BoardItem>): { day: string; items: BoardItem[] }[] {
  const sorted = [...items].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? -1 : 1));
  const days: { day: string; items: BoardItem[] }[] = [];
  for (const item of sorted) {
    const day = item.createdAt.slice(0, 10);
    if (days.length === 0 || days[days.length - 1].day !== day) days.push({ day, items: [] });
    days[days.length - 1].items.push(item);
  }
  return days;
}

/** The badge chips a card shows, in a stable order. */
export function badgeLabels(badges: readonly Badge[]): string[] {
  const order = ['stale', 'missing', 'updated', 'proposed'];
  return [...new Set(badges.map((b) => b.kind))].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

/** The source line of a snippet card: file, lines and symbol. */
export function sourceLabel(item: BoardItem): string | null {
  const s = item.source;
  return s ? `${locationLabel(s.uri, s.range)}${s.symbol ? ` · ${s.symbol}` : ''}` : null;
}

/** The memo of a card: a snippet's source memo (board-and-knowledge.md, "Capture"). */
export function memoOf(item: BoardItem): string {
  return item.source?.memo ?? '';
}

/** Splits a comma-separated tag field into tags (the edit form's inverse of join). */
export function parseTags(text: string): string[] {
  return [...new Set(text.split(',').map((t) => t.trim()).filter(Boolean))];
}
