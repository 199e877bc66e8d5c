// Read-only index over one project's units and branches: parent/child links, which chain
// (branch) each unit belongs to, paths and chain tips. Pure data, no DOM, so it is unit-tested
// under Node. The core decides what a branch is; this only indexes what it sent, and derives
// chains from parent pointers only when the core sent none (older servers, tests).

import type { Branch, CodeSource, CompactProjectStructure, PackedProjectStructure, PackedUnitColumns, ProjectStructure, Role, Scope, Unit, UnitColumns, UnitKind, UnitStatus } from './types';

export interface ChainPos { readonly branch: Branch; readonly index: number }

/** A unit's label: its first non-blank line (what grove/project/structure sends as `head`). */
export function unitHead(u: Unit): string {
  if (u.loaded === false) return u.content;
  const m = /\S[^\n]*/.exec(u.content);
  return m ? m[0].trimEnd() : '';
}

/** How a tree's units are read: a Map, or a structure answer's columns (`ColumnUnits`). */
export interface UnitStore {
  get(id: string): Unit | undefined;
  has(id: string): boolean;
  readonly size: number;
  values(): IterableIterator<Unit>;
  set(id: string, unit: Unit): unknown;
}

/**
 * The units of a grove/project/structure answer, kept as its columns: each becomes a Unit when
 * first asked for (with its head as `content`, or `noHead` when the answer has none, and
 * `loaded: false` until its text is fetched). A 100,000-unit map made 100,000 objects before
 * its first draw, which shows a few hundred.
 */
class ColumnUnits implements UnitStore {
  readonly rowOf = new Map<string, number>();
  readonly rows: number;
  private readonly made: (Unit | undefined)[];
  private readonly others = new Map<string, Unit>();  // units set later that the columns lack

  constructor(
    private readonly projectId: string,
    private readonly c: UnitColumns,
    private readonly headless: boolean,
  ) {
    this.rows = c.id.length;
    for (let row = 0; row < this.rows; row++) this.rowOf.set(c.id[row], row);
    this.made = new Array(this.rows);
  }

  get size(): number {
    return this.rowOf.size + this.others.size;
  }

  has(id: string): boolean {
    return this.rowOf.has(id) || this.others.has(id);
  }

  get(id: string): Unit | undefined {
    const row = this.rowOf.get(id);
    return row === undefined ? this.others.get(id) : this.at(row);
  }

  set(id: string, unit: Unit): void {
    const row = this.rowOf.get(id);
    if (row === undefined) this.others.set(id, unit);
    else this.made[row] = unit;
  }

  *values(): IterableIterator<Unit> {
    for (const row of this.rowOf.values()) yield this.at(row);
    yield* this.others.values();
  }

  private at(row: number): Unit {
    const made = this.made[row];
    if (made) return made;
    const c = this.c;
    const p = c.parent[row];
    const unit: Unit = { id: c.id[row], projectId: this.projectId, parentId: p >= 0 ? c.id[p] : null, role: c.role[row], kind: c.kind[row], content: this.headless ? '' : c.head[row], status: c.status[row], scope: c.scope[row], seq: c.seq[row], source: c.source[row], loaded: false };
    if (this.headless) (unit as { noHead?: true }).noHead = true;  // before anyone reads it
    return (this.made[row] = unit);
  }
}

// Which chain each unit is on, as one number: its index on the chain × the branch count + the
// branch's place in `branches` (numbers, not 100,000 small objects to collect).
interface ChainLookup {
  get(id: string): number | undefined;
}

/** The chain numbers of units read from columns, by row, when the branches name rows; else
 *  undefined (some unit on no branch: the branches do not cover the tree). */
function chainsByRow(units: ColumnUnits, branchRows: readonly (readonly number[])[]): ChainLookup | undefined {
  const at = new Float64Array(units.rows).fill(-1);
  const n = branchRows.length;
  let covered = 0;
  branchRows.forEach((rows, b) =>
    rows.forEach((row, index) => {
      if (row < 0 || row >= at.length) return;
      if (at[row] < 0) covered++;
      at[row] = index * n + b;
    }),
  );
  if (covered !== at.length || n === 0) return undefined;
  return {
    get(id: string): number | undefined {
      const row = units.rowOf.get(id);
      return row === undefined ? undefined : at[row];
    },
  };
}

export class TreeIndex {
  readonly units: UnitStore;
  readonly branches: readonly Branch[];
  private readonly chainOf: ChainLookup;
  private readonly depthCache = new Map<string, number>();
  // Children and roots are built on first use: the map and the chat read chains, and a big
  // project's first screen would otherwise build an array for nearly every unit.
  private links: { children: Map<string, Unit[]>; roots: Unit[] } | undefined;

  /** `branchRows`, with units read from columns: each branch's units as rows of the columns. */
  constructor(units: readonly Unit[] | ColumnUnits, branches: readonly Branch[], branchRows?: readonly (readonly number[])[]) {
    if (units instanceof ColumnUnits) {
      this.units = units;
      const byRow = branchRows && branches.length === branchRows.length ? chainsByRow(units, branchRows) : undefined;
      if (byRow) {
        this.branches = branches;
        this.chainOf = byRow;
        return;
      }
    } else {
      const map = new Map<string, Unit>();
      for (const u of units) map.set(u.id, u);
      this.units = map;
    }
    this.branches = branchesCover(branches, this.units) ? branches : deriveBranches(this);
    const chainOf = new Map<string, number>();
    const n = this.branches.length;
    this.branches.forEach((b, at) => b.unitIds.forEach((id, index) => chainOf.set(id, index * n + at)));
    this.chainOf = chainOf;
  }

  /** Each unit's children, oldest first. */
  get children(): ReadonlyMap<string, Unit[]> {
    return this.linked().children;
  }

  /** Units without a parent in this index, oldest first. */
  get roots(): readonly Unit[] {
    return this.linked().roots;
  }

  private linked(): { children: Map<string, Unit[]>; roots: Unit[] } {
    if (this.links) return this.links;
    const children = new Map<string, Unit[]>();
    const roots: Unit[] = [];
    for (const u of this.units.values()) {
      if (u.parentId === null || !this.units.has(u.parentId)) roots.push(u);
      else {
        const list = children.get(u.parentId);
        if (list) list.push(u);
        else children.set(u.parentId, [u]);
      }
    }
    for (const list of children.values()) list.sort((a, b) => a.seq - b.seq);
    roots.sort((a, b) => a.seq - b.seq);
    return (this.links = { children, roots });
  }

  /**
   * The index of a grove/project/structure answer: each unit carries its head as `content` (or
   * nothing, `noHead`, when the answer has no heads) and `loaded: false` until its text is
   * fetched (`missingText`, then `withUnits`).
   */
  static fromColumns(projectId: string, c: UnitColumns, branches: readonly Branch[], branchRows?: readonly (readonly number[])[]): TreeIndex {
    // Read without heads (headChars 0: the column left out, or empty on a core that sends it
    // anyway): the map asks for the text of what it shows.
    const headless = c.head.every((head) => head === '');
    return new TreeIndex(new ColumnUnits(projectId, c, headless), branches, branchRows);
  }

  /** Any form of a grove/project/structure answer (a core without `packed` sends the compact
   *  form, one without `compact` columns). */
  static fromStructure(projectId: string, answer: ProjectStructure | CompactProjectStructure | PackedProjectStructure): TreeIndex {
    const s = isPacked(answer) ? unpack(answer) : answer;
    if (!isCompact(s)) return TreeIndex.fromColumns(projectId, s.units, s.branches);
    const c = s.units;
    const source: (CodeSource | null)[] = new Array(c.id.length).fill(null);
    for (const [row, src] of c.source) source[row] = src;
    const columns: UnitColumns = {
      id: c.id,
      parent: c.parent,
      seq: c.seq,
      head: c.head ?? [],
      role: spell(c.role, ROLES, 'user'),
      kind: spell(c.kind, KINDS, 'message'),
      status: spell(c.status, STATUSES, 'complete'),
      scope: spell(c.scope, SCOPES, 'auto'),
      startsBranch: [],  // the index reads branches from `branches`, not from this column
      source,
    };
    const branches = s.branches.map(({ unitRows, ...b }) => ({ ...b, unitIds: unitRows.map((r) => c.id[r]) }));
    return TreeIndex.fromColumns(projectId, columns, branches, s.branches.map((b) => b.unitRows));
  }

  /** The ids among `ids` whose text has not been fetched yet (unknown ids are left out). */
  missingText(ids: Iterable<string>): string[] {
    const out: string[] = [];
    for (const id of ids) if (this.units.get(id)?.loaded === false) out.push(id);
    return out;
  }

  /** How many units have only their head. */
  missingTextCount(): number {
    let n = 0;
    for (const u of this.units.values()) if (u.loaded === false) n++;
    return n;
  }

  /**
   * Applies re-fetched units. Field changes (scope, content, status) update this index in place
   * so the map keeps its layout; a changed parent means a new shape and a new index.
   */
  withUnits(changed: readonly Unit[]): TreeIndex {
    const reshaped = changed.some((u) => !this.units.has(u.id) || this.units.get(u.id)!.parentId !== u.parentId);
    if (reshaped) {
      const merged = new Map<string, Unit>();
      for (const u of this.units.values()) merged.set(u.id, u);
      for (const u of changed) merged.set(u.id, u);
      return new TreeIndex([...merged.values()], this.branches);
    }
    for (const u of changed) {
      this.units.set(u.id, u);
      if (!this.links) continue;  // built from `units` when first asked for
      const siblings = u.parentId ? this.links.children.get(u.parentId) : this.links.roots;
      const i = siblings?.findIndex((s) => s.id === u.id) ?? -1;
      if (siblings && i >= 0) siblings[i] = u;
    }
    return this;
  }

  get size(): number {
    return this.units.size;
  }

  chain(unitId: string): ChainPos | undefined {
    const at = this.chainOf.get(unitId);
    if (at === undefined) return undefined;
    const n = this.branches.length;
    return { branch: this.branches[at % n], index: Math.floor(at / n) };
  }

  mainline(): Branch | undefined {
    return this.branches.find((b) => b.isMainline);
  }

  /** Ancestors of `unitId`, root first, the unit itself last. */
  pathTo(unitId: string | null | undefined): Unit[] {
    const path: Unit[] = [];
    const seen = new Set<string>();
    let u = unitId ? this.units.get(unitId) : undefined;
    while (u && !seen.has(u.id)) {
      seen.add(u.id);
      path.push(u);
      u = u.parentId ? this.units.get(u.parentId) : undefined;
    }
    return path.reverse();
  }

  /** The units that continue below `unitId` on its chain (not including it). */
  continuation(unitId: string): Unit[] {
    const pos = this.chain(unitId);
    if (!pos) return [];
    return pos.branch.unitIds
      .slice(pos.index + 1)
      .map((id) => this.units.get(id))
      .filter((u): u is Unit => u !== undefined);
  }

  /** The last unit of the chain that `unitId` is on. */
  chainTip(unitId: string): string {
    const pos = this.chain(unitId);
    return pos ? pos.branch.unitIds[pos.branch.unitIds.length - 1] : unitId;
  }

  depth(unitId: string): number {
    const cached = this.depthCache.get(unitId);
    if (cached !== undefined) return cached;
    // Iterative walk up to the nearest cached ancestor: trees can be thousands deep.
    const stack: string[] = [];
    const onStack = new Set<string>();
    let id: string | null = unitId;
    let base = -1;
    while (id !== null) {
      const c = this.depthCache.get(id);
      if (c !== undefined) {
        base = c;
        break;
      }
      stack.push(id);
      onStack.add(id);
      const parent: string | null = this.units.get(id)?.parentId ?? null;
      id = parent !== null && this.units.has(parent) && !onStack.has(parent) ? parent : null;
    }
    for (let i = stack.length - 1; i >= 0; i--) this.depthCache.set(stack[i], ++base);
    return this.depthCache.get(unitId)!;
  }
}

function isCompact(s: ProjectStructure | CompactProjectStructure): s is CompactProjectStructure {
  return typeof s.units.role === 'string';
}

function isPacked(s: ProjectStructure | CompactProjectStructure | PackedProjectStructure): s is PackedProjectStructure {
  return Array.isArray((s.units as Partial<PackedUnitColumns>).idFronts);
}

/** A packed answer as the compact one it was written from: ids, parents, seqs and rows summed up. */
function unpack(s: PackedProjectStructure): CompactProjectStructure {
  const { idFronts, parentGaps, seqSteps, ...rest } = s.units;
  const n = idFronts.length;
  const id: string[] = new Array(n);
  const parent: number[] = new Array(n);
  const seq: number[] = new Array(n);
  let before = '';
  let at = 0;
  for (let i = 0; i < n; i++) {
    const front = idFronts[i];
    before = before.slice(0, parseInt(front[0], 36)) + front.slice(1);
    id[i] = before;
    parent[i] = parentGaps[i] === 0 ? -1 : i - parentGaps[i];
    seq[i] = at += seqSteps[i];
  }
  const branches = s.branches.map(({ unitRowSteps, ...b }) => {
    let row = 0;
    return { ...b, unitRows: unitRowSteps.map((step) => (row += step)) };
  });
  return { project: s.project, branches, units: { ...rest, id, parent, seq } };
}

// A compact structure's letters: each value's first letter (PROTOCOL.md, grove/project/structure).
const ROLES: Readonly<Record<string, Role>> = { u: 'user', a: 'assistant', s: 'system' };
const KINDS: Readonly<Record<string, UnitKind>> = { m: 'message', c: 'code', n: 'note', p: 'placeholder' };
const STATUSES: Readonly<Record<string, UnitStatus>> = { c: 'complete', s: 'streaming', i: 'interrupted', e: 'error' };
const SCOPES: Readonly<Record<string, Scope>> = { a: 'auto', i: 'included', e: 'excluded' };

/** One letter per unit back to its value; a letter this client does not know reads as `fallback`. */
function spell<T extends string>(letters: string, values: Readonly<Record<string, T>>, fallback: T): T[] {
  const out: T[] = new Array(letters.length);
  for (let i = 0; i < letters.length; i++) out[i] = values[letters[i]] ?? fallback;
  return out;
}

function branchesCover(branches: readonly Branch[], units: UnitStore): boolean {
  if (branches.length === 0) return units.size === 0;
  let covered = 0;
  for (const b of branches) for (const id of b.unitIds) if (units.has(id)) covered++;
  return covered === units.size;
}

/**
 * Chains from parent pointers alone: the oldest child continues its parent's chain and every
 * other child starts a branch. This matches DESIGN §4 except that it cannot see explicit
 * `branch` metadata, which is why the core's own list is preferred whenever it is complete.
 */
export function deriveBranches(tree: TreeIndex): Branch[] {
  const result: Branch[] = [];
  const heads: { unit: Unit; anchor: string | null }[] = tree.roots.map((r) => ({ unit: r, anchor: null }));
  while (heads.length > 0) {
    const { unit: head, anchor } = heads.shift()!;
    const ids: string[] = [];
    let u: Unit | undefined = head;
    while (u) {
      ids.push(u.id);
      const kids: Unit[] = tree.children.get(u.id) ?? [];
      for (const k of kids.slice(1)) heads.push({ unit: k, anchor: u.id });
      u = kids[0];
    }
    result.push({ headId: head.id, anchorId: anchor, isMainline: result.length === 0, unitIds: ids });
  }
  return result;
}
