// What the extension shows of a conversation outside its webview: its title, its branches with
// their lengths and last units (the Grove view, the branch pickers), which branch a unit is on.
// Read with grove/project/branches, whose answer is the size of the branches: grove/project/get
// of a 100,000-unit conversation is a 40 MB answer for a title. A core without the method (an
// older build set in grove.server.path) is read whole, as before.

import type { Connection } from './connection';
import type { Branch, Project, Unit } from './protocol';

export interface BranchSummary extends Omit<Branch, 'unitIds'> {
  readonly unitCount: number;
  /** Its last unit: where opening the branch goes. */
  readonly tipId: string;
  /** Its first unit's first line (at most 100 characters). */
  readonly head: string;
}

export interface ProjectBranches {
  readonly project: Project;
  readonly branches: readonly BranchSummary[];
  /** With `unitId`: the head of the branch holding that unit. */
  readonly unitBranch?: string;
}

type Requester = Pick<Connection, 'request' | 'has'>;

export async function projectBranches(connection: Requester, projectId: string, unitId?: string): Promise<ProjectBranches> {
  const params = unitId === undefined ? { projectId } : { projectId, unitId };
  if (connection.has('grove/project/branches')) return connection.request<ProjectBranches>('grove/project/branches', params);
  const whole = await connection.request<{ project: Project; units: Unit[]; branches: Branch[] }>('grove/project/get', { projectId });
  return fromWholeProject(whole, unitId);
}

/** The same answer derived from grove/project/get's. */
export function fromWholeProject(whole: { project: Project; units: readonly Unit[]; branches: readonly Branch[] }, unitId?: string): ProjectBranches {
  const units = new Map(whole.units.map((u) => [u.id, u]));
  const branches = whole.branches.map(({ unitIds, ...b }) => ({
    ...b,
    unitCount: unitIds.length,
    tipId: unitIds[unitIds.length - 1],
    head: (units.get(b.headId)?.content ?? '').trimStart().split('\n', 1)[0].slice(0, 100).trimEnd(),
  }));
  const holder = unitId === undefined ? undefined : whole.branches.find((b) => b.unitIds.includes(unitId))?.headId;
  return unitId === undefined || holder === undefined ? { project: whole.project, branches } : { project: whole.project, branches, unitBranch: holder };
}
