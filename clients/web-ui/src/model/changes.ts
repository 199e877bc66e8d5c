// Which grove/project/didChange operations touch only the listed units' fields (content,
// status, scope flags) and leave the tree's shape alone: exactly the ops PROTOCOL.md's op
// table marks "units only". Those are applied by re-fetching just those units
// (grove/unit/getMany); anything else, including undo/redo, reloads the project.

const unitsOnly = new Set(['edit', 'setScope', 'stream', 'anchor']);

export function isUnitOnlyChange(op: string): boolean {
  return unitsOnly.has(op);
}
