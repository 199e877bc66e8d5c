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

/** A unit's mark by id; what the chat and the map read. */
export interface ScopeMarks {
  get(id: string): UnitMark | undefined;
}

/**
 * The marks of `units` under `preview`, each worked out when it is asked for: a view reads the
 * few units it shows, and walking a 100,000-unit tree to mark every unit cost 50-130 ms on every
 * move of the focus. A unit not in `units` has no mark, as before.
 */
export function markUnits(units: { get(id: string): Unit | undefined }, preview: ScopePreview | null): ScopeMarks {
  const inScope = preview ? effectiveIds(preview) : new Set<string>();
  const truncated = new Set(preview?.truncated ?? []);
  return {
    get(id: string): UnitMark | undefined {
      const u = units.get(id);
      if (!u) return undefined;
      const mark: ScopeMark = truncated.has(id) ? 'truncated' : inScope.has(id) ? 'in' : 'out';
      return { mark, flag: u.scope };
    },
  };
}
