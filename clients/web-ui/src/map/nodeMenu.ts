// The right-click menu of a map node, as data: which actions a unit offers depends on where it
// is (Rename Branch and Return from Branch only inside a branch). The app supplies what each action does.

import type { TreeIndex } from '../model/tree';
import type { MenuItem } from '../ui/contextMenu';

export interface NodeActions {
  branchFrom(unitId: string): void;
  setScope(unitIds: string[], scope: 'included' | 'excluded' | 'toggle'): void;
  setMainline(edge: 'startId' | 'endId', unitId: string): void;
  delete(unitId: string): void;
  renameBranch(unitId: string): void;
  /** Completes the unit's branch with its summary and goes back to the path it left. */
  returnFromBranch(unitId: string): void;
}

export function nodeMenuItems(unitId: string, tree: TreeIndex, act: NodeActions): MenuItem[] {
  const chain = tree.chain(unitId);
  const placeholder = tree.units.get(unitId)?.kind === 'placeholder';
  return [
    { label: 'Branch from Here', run: () => act.branchFrom(unitId) },
    { label: 'Include', run: () => act.setScope([unitId], 'included'), disabled: placeholder },
    { label: 'Exclude', run: () => act.setScope([unitId], 'excluded'), disabled: placeholder },
    { label: 'Revert', run: () => act.setScope([unitId], 'toggle'), disabled: placeholder },
    { label: 'Set Mainline Start', run: () => act.setMainline('startId', unitId) },
    { label: 'Set Mainline End', run: () => act.setMainline('endId', unitId) },
    { label: 'Delete…', run: () => act.delete(unitId) },
    { label: 'Rename Branch…', run: () => act.renameBranch(unitId), disabled: !chain || chain.branch.isMainline },
    { label: 'Return from Branch…', run: () => act.returnFromBranch(unitId), disabled: !chain || chain.branch.isMainline },
  ];
}
