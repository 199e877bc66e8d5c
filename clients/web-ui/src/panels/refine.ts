// Refining an answer by its memories (grove/chat/refine): the memolets the answer used and
// cited, each set to keep, remove, highlight or obscure; others added by search; two or more
// ticked ones grouped with a weight; then Regenerate. The core writes the refined prompt.

import { h } from '../ui/dom';

export type RefineMark = 'keep' | 'remove' | 'highlight' | 'obscure';

export interface RefineEntry {
  readonly id: string;
  title: string;
  cited: boolean;
  retrieved: boolean;
  added: boolean;
  mark: RefineMark;
  picked: boolean;
}

export interface RefineState {
  readonly unitId: string;
  readonly entries: RefineEntry[];
  readonly groups: { a: string; b: string; weight: number }[];
  found: { id: string; title: string }[];
}

export interface RefineActions {
  changed(): void;
  search(query: string): void;
  regenerate(): void;
}

/** grove/chat/refine's params for the choices made. */
export function refineParams(st: RefineState): Record<string, unknown> {
  const out: Record<string, string[] | RefineState['groups']> = {};
  const push = (key: string, id: string) => ((out[key] ??= [] as string[]) as string[]).push(id);
  for (const e of st.entries) {
    if (e.mark !== 'keep') push(e.mark, e.id);
    else if (e.added) push('add', e.id);
  }
  if (st.groups.length) out.group = st.groups;
  return { unitId: st.unitId, ...out };
}

export function refinePanel(st: RefineState, actions: RefineActions): HTMLElement {
  const title = (id: string) => st.entries.find((e) => e.id === id)?.title ?? id;
  const entries = st.entries.map((e) => {
    const select = h('select', { class: 'refine-mark', 'aria-label': `What to do with ${e.title}` });
    for (const m of ['keep', 'remove', 'highlight', 'obscure'] as RefineMark[]) select.append(h('option', { value: m, selected: e.mark === m }, m));
    select.addEventListener('change', () => ((e.mark = select.value as RefineMark), actions.changed()));
    const pick = h('input', { type: 'checkbox', class: 'refine-pick', 'aria-label': `Pick ${e.title} for a group` });
    pick.checked = e.picked;
    pick.addEventListener('change', () => ((e.picked = pick.checked), actions.changed()));
    const tags = [e.cited && 'cited', e.retrieved && 'retrieved', e.added && 'added'].filter(Boolean).join(', ');
    return h('li', { class: `refine-entry mark-${e.mark}`, 'data-memolet-id': e.id }, pick, h('span', { class: 'refine-title' }, e.title), tags ? h('span', { class: 'muted' }, ` ${tags} `) : null, select);
  });
  const weight = h('input', { type: 'number', class: 'refine-weight', min: 0, max: 1, step: 0.1, value: 0.5, 'aria-label': 'Weight of the first picked memory' });
  const group = () => {
    const picked = st.entries.filter((e) => e.picked);
    for (let i = 1; i < picked.length; i++) st.groups.push({ a: picked[0].id, b: picked[i].id, weight: Math.min(1, Math.max(0, Number(weight.value) || 0.5)) });
    picked.forEach((e) => (e.picked = false));
    actions.changed();
  };
  const query = h('input', { type: 'search', class: 'refine-query', placeholder: 'Find a memory to add', 'aria-label': 'Find a memory to add' });
  query.addEventListener('keydown', (ev) => ev.key === 'Enter' && actions.search(query.value.trim()));
  const add = (f: { id: string; title: string }) => {
    const known = st.entries.find((e) => e.id === f.id);
    if (known) known.added = true;
    else st.entries.push({ id: f.id, title: f.title, cited: false, retrieved: false, added: true, mark: 'keep', picked: false });
    st.found = [];
    actions.changed();
  };
  const empty = st.entries.length === 0 ? h('p', { class: 'empty' }, 'This answer used no memories in this session. Add some below.') : null;
  return h(
    'div',
    { class: 'refine' },
    empty,
    h('ul', { class: 'refine-entries' }, ...entries),
    h('div', { class: 'refine-group-bar' }, h('button', { class: 'refine-group', onclick: group }, 'Group picked'), ' weight ', weight),
    st.groups.length ? h('ul', { class: 'refine-groups' }, ...st.groups.map((g) => h('li', {}, `${title(g.a)} + ${title(g.b)} · weight ${g.weight}`))) : null,
    h('div', { class: 'refine-add' }, query, h('button', { class: 'refine-search', onclick: () => actions.search(query.value.trim()) }, 'Search')),
    st.found.length ? h('ul', { class: 'refine-found' }, ...st.found.map((f) => h('li', {}, h('button', { class: 'refine-add-one', 'data-memolet-id': f.id, onclick: () => add(f) }, `Add “${f.title}”`)))) : null,
    h('button', { class: 'primary refine-go', onclick: () => actions.regenerate() }, 'Regenerate with these'),
  );
}
