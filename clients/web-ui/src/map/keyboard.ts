// Keyboard navigation of the map, as a pure function over the tree: Up goes to the parent,
// Down to the first child (the continuing one), Left and Right to the previous and next
// sibling. The map view draws the keyboard focus and maps Enter / Space / Shift+F10.

import type { TreeIndex } from '../model/tree';

export type NavKey = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight';

export function neighbour(tree: TreeIndex, unitId: string, key: NavKey): string {
  const unit = tree.units.get(unitId);
  if (!unit) return unitId;
  switch (key) {
    case 'ArrowUp':
      return unit.parentId && tree.units.has(unit.parentId) ? unit.parentId : unitId;
    case 'ArrowDown':
      return tree.continuation(unitId)[0]?.id ?? tree.children.get(unitId)?.[0]?.id ?? unitId;
    case 'ArrowLeft':
    case 'ArrowRight': {
      const siblings = unit.parentId ? tree.children.get(unit.parentId) ?? [] : tree.roots;
      const i = siblings.findIndex((s) => s.id === unitId);
      const j = key === 'ArrowLeft' ? i - 1 : i + 1;
      return siblings[j]?.id ?? unitId;
    }
  }
}
