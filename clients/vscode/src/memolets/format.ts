// How memolets read in the editor's own widgets (quick pick rows, sandbox tree items), and the
// reference syntax the core resolves in message text.

import type { Memolet, Sandbox, SearchResult } from './types';

/** `@[Title](memolet:ID)`: brackets and line breaks in a title would end the reference early. */
export function referenceText(m: Pick<Memolet, 'id' | 'title'>): string {
  const title = m.title.replace(/[[\]\r\n]+/g, ' ').replace(/\s+/g, ' ').trim() || m.id;
  return `@[${title}](memolet:${m.id})`;
}

export interface ResultRow {
  readonly label: string;
  readonly description: string;
  readonly detail: string;
  readonly memolet: Memolet;
}

function oneLine(s: string, max: number): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

/**
 * One quick pick row per result, in the core's order: the title, the fused score, whether the
 * user made it (a memolet made by hand and one the core segmented from the same exchange often
 * share a title), its conversation, and the first matching sentence (the summary when the core
 * found none).
 */
export function resultRows(results: readonly SearchResult[], projectTitles: ReadonlyMap<string, string> = new Map()): ResultRow[] {
  return results.map((r) => {
    const where = projectTitles.get(r.memolet.projectId);
    return {
      label: r.memolet.title || r.memolet.id,
      description: [`score ${r.score.toFixed(3)}`, r.memolet.manual ? 'made by you' : '', where].filter(Boolean).join(' · '),
      detail: oneLine(r.sentences?.[0] ?? r.memolet.summary ?? '', 160),
      memolet: r.memolet,
    };
  });
}

export type SandboxNode =
  | { readonly kind: 'group'; readonly id: string; readonly title: string; readonly summary: string; readonly members: readonly Memolet[] }
  | { readonly kind: 'memolet'; readonly memolet: Memolet; readonly groupId: string | null };

/** The sandbox as a tree: groups (with their members) first, then memolets in no group. */
export function sandboxNodes(sandbox: Sandbox): SandboxNode[] {
  const byId = new Map(sandbox.memolets.map((m) => [m.id, m]));
  const grouped = new Set<string>();
  const nodes: SandboxNode[] = [];
  for (const g of sandbox.groups) {
    const members = g.memoletIds.map((id) => byId.get(id)).filter((m): m is Memolet => !!m);
    members.forEach((m) => grouped.add(m.id));
    nodes.push({ kind: 'group', id: g.id, title: g.title || 'Group', summary: g.summary ?? '', members });
  }
  for (const m of sandbox.memolets) if (!grouped.has(m.id)) nodes.push({ kind: 'memolet', memolet: m, groupId: null });
  return nodes;
}
