// Which grove/project/didChange operations touch only the listed units' fields (scope flags,
// content) and leave the tree's shape alone. Those are applied by re-fetching just those units
// (grove/unit/getMany); anything else, including undo/redo, reloads the project.

const unitOnly = /(^|[/.])(setScope|scope|edit|stream|unit\/edit|unit\/setScope)$/i;

export function isUnitOnlyChange(op: string): boolean {
  return unitOnly.test(op) && !/undo|redo|reset|delete|append|mainline|branch/i.test(op);
}
