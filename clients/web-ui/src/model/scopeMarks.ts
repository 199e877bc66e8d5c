// What the chat and the map show about scope. The core computes scope (grove/scope/preview);
// this only turns its answer into a mark per unit, so the UI never re-implements the rules.

import type { ScopePreview, Unit } from './types';

export type ScopeMark =
  /** The model sees this unit when continuing from the focus unit. */
  | 'in'
  /** Not seen: excluded explicitly, off the path, after the focus, or a placeholder. */
  | 'out'
  /** Would be seen but the token budget dropped it. */
  | 'truncated';

export interface UnitMark {
  readonly mark: ScopeMark;
  /** The unit's own scope flag, shown as a badge when it is not `auto`. */
  readonly flag: Unit['scope'];
}

/** The ids the preview actually sends to the model. */
export function effectiveIds(preview: ScopePreview): Set<string> {
  const ids = new Set<string>();
  for (const m of preview.messages) for (const id of m.unitIds) ids.add(id);
  return ids;
}

export function markUnits(units: Iterable<Unit>, preview: ScopePreview | null): Map<string, UnitMark> {
  const marks = new Map<string, UnitMark>();
  const inScope = preview ? effectiveIds(preview) : new Set<string>();
  const truncated = new Set(preview?.truncated ?? []);
  for (const u of units) {
    const mark: ScopeMark = truncated.has(u.id) ? 'truncated' : inScope.has(u.id) ? 'in' : 'out';
    marks.set(u.id, { mark, flag: u.scope });
  }
  return marks;
}
