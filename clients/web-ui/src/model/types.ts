// Wire types of the Grove protocol that the web UI reads (DESIGN.md §4, §6).
// The core owns these objects; the UI only renders them, so every field is read-only here.

export type Role = 'user' | 'assistant' | 'system';
export type UnitKind = 'message' | 'code' | 'note' | 'placeholder';
export type UnitStatus = 'complete' | 'streaming' | 'interrupted' | 'error';
export type Scope = 'auto' | 'included' | 'excluded';

export interface Position { readonly line: number; readonly character: number }
export interface Range { readonly start: Position; readonly end: Position }

export interface CodeSource {
  readonly uri: string;
  readonly range: Range;
  readonly languageId?: string;
  readonly memo?: string;
  readonly symbol?: string;
  readonly gitCommit?: string;
  readonly contentHash?: string;
}

export interface Unit {
  readonly id: string;
  readonly projectId: string;
  readonly parentId: string | null;
  readonly role: Role;
  readonly kind: UnitKind;
  readonly content: string;
  readonly status: UnitStatus;
  readonly scope: Scope;
  readonly seq: number;
  readonly createdAt?: string;
  readonly editedAt?: string | null;
  readonly source?: CodeSource | null;
  /**
   * false when the unit came from grove/project/structure: `content` is then only its head (the
   * first non-blank line, at most 100 characters) and the text comes from grove/unit/getMany.
   * Absent on units the core sent whole.
   */
  readonly loaded?: false;
  /** true when the structure came without heads (`headChars: 0`): `content` is empty until the
   *  map asks for the text of what it shows. */
  readonly noHead?: true;
}

export interface Project {
  readonly id: string;
  readonly title: string;
  readonly workspaceUri?: string | null;
  readonly mainlineStartId?: string | null;
  readonly mainlineEndId?: string | null;
  readonly cursorId?: string | null;
  readonly revision: number;
}

export interface Branch {
  readonly headId: string;
  readonly anchorId: string | null;
  readonly title?: string | null;
  readonly intent?: string | null;
  readonly status?: string | null;
  readonly summary?: string | null;
  readonly isMainline: boolean;
  readonly unitIds: readonly string[];
}

export interface ProjectSnapshot {
  readonly project: Project;
  readonly units: readonly Unit[];
  readonly branches: readonly Branch[];
}

/** grove/project/structure: the tree without text, as parallel columns (index i = i-th unit in seq order). */
export interface UnitColumns {
  readonly id: readonly string[];
  /** Index of the parent in these arrays; -1 for the root. */
  readonly parent: readonly number[];
  readonly role: readonly Role[];
  readonly kind: readonly UnitKind[];
  readonly status: readonly UnitStatus[];
  readonly scope: readonly Scope[];
  readonly seq: readonly number[];
  readonly startsBranch: readonly boolean[];
  readonly head: readonly string[];
  readonly source: readonly (CodeSource | null)[];
}

export interface ProjectStructure {
  readonly project: Project;
  readonly branches: readonly Branch[];
  readonly units: UnitColumns;
}

/** grove/project/structure with `compact: true`: each enum column one string of the values' first
 *  letters, `startsBranch` and `source` by row, and branches naming their units by row. */
export interface CompactUnitColumns {
  readonly id: readonly string[];
  readonly parent: readonly number[];
  readonly seq: readonly number[];
  /** Left out when asked with `headChars: 0`. */
  readonly head?: readonly string[];
  readonly role: string;
  readonly kind: string;
  readonly status: string;
  readonly scope: string;
  readonly startsBranch: readonly number[];
  readonly source: readonly (readonly [number, CodeSource])[];
}

export type CompactBranch = Omit<Branch, 'unitIds'> & { readonly unitRows: readonly number[] };

/** grove/project/structure with `packed: true`: compact, with the columns that grow by small steps
 *  written as steps (PROTOCOL.md). */
export interface PackedUnitColumns extends Omit<CompactUnitColumns, 'id' | 'parent' | 'seq'> {
  /** Each id as one base-36 digit (how many characters it shares with the id before it), then the rest. */
  readonly idFronts: readonly string[];
  /** How many rows back each unit's parent is; 0 for none. */
  readonly parentGaps: readonly number[];
  /** Each seq less the one before it (the first: itself). */
  readonly seqSteps: readonly number[];
}

export type PackedBranch = Omit<Branch, 'unitIds'> & { readonly unitRowSteps: readonly number[] };

export interface PackedProjectStructure {
  readonly project: Project;
  readonly branches: readonly PackedBranch[];
  readonly units: PackedUnitColumns;
}

export interface CompactProjectStructure {
  readonly project: Project;
  readonly branches: readonly CompactBranch[];
  readonly units: CompactUnitColumns;
}

export interface PreviewMessage { readonly role: Role; readonly content: string; readonly unitIds: readonly string[] }

export interface ScopePreview {
  readonly system: string;
  readonly messages: readonly PreviewMessage[];
  readonly tokens: number;
  readonly excluded: readonly string[];
  readonly included: readonly string[];
  readonly truncated: readonly string[];
}

export interface DidChangeParams {
  readonly projectId: string;
  readonly revision: number;
  readonly op: string;
  readonly unitIds: readonly string[];
}

export interface DidStreamParams { readonly projectId: string; readonly unitId: string; readonly text: string }

export interface SearchHit { readonly unitId: string; readonly projectId: string; readonly snippet: string; readonly score: number }

/** Structure suggestion (issue 7). Only the fields the cards render are assumed. */
export interface Suggestion {
  readonly id: string;
  /** null for a board card (evolve, reorganize), which belongs to a workspace instead. */
  readonly projectId?: string | null;
  /** branch | return | extract | exclude; board cards: evolve | reorganize */
  readonly kind: string;
  /** pending | accepted | rejected | deferred | ignored */
  readonly state?: string;
  readonly reason?: string;
  readonly confidence?: number;
  /** The units the suggestion is about (branch: the anchor; return: branch head and parent tip; ...). */
  readonly anchorIds?: readonly string[];
  readonly title?: string;
  readonly triggerUnitId?: string;
  readonly delegated?: boolean;
  /** A board card's workspace and what accepting it applies (grove/board/edit ops). */
  readonly workspaceUri?: string;
  readonly ops?: readonly unknown[];
}

/** One `@` completion item (grove/memolet/complete); insertText is `@[Title](memolet:ID)`. */
export interface MemoletCompletion {
  readonly id: string;
  readonly label: string;
  readonly detail?: string;
  readonly insertText: string;
}

/** A memolet: a piece of long-term memory cut from conversations (issue 8). */
export interface Memolet {
  readonly id: string;
  readonly projectId: string;
  readonly title: string;
  readonly summary?: string;
  readonly sourceUnitIds: readonly string[];
}

/** What a chat turn (send, regenerate, refine) reports besides its units. */
export interface TurnResult {
  readonly userUnit: Unit;
  readonly assistantUnit: Unit;
  readonly finishReason?: string;
  /** The memolets the answer cites, in order of first citation. */
  readonly citations?: readonly { readonly memoletId: string; readonly title: string }[];
  /** Every memolet id that was in the prompt. */
  readonly retrieved?: readonly string[];
  /** The project revision once the answer was stored (every change result carries it). */
  readonly revision?: number;
  /** Where the change moved the cursor (to the answer). */
  readonly cursorId?: string | null;
}

/** A reusable pattern extracted from units, enabled per project after review. */
export interface Capsule {
  readonly id: string;
  readonly type: 'reasoning' | 'task_sop' | 'context_case';
  readonly name: string;
  readonly instruction: string;
  readonly example: string;
  readonly requiresReview: boolean;
  readonly reviewed: boolean;
  readonly enabledIn: readonly string[];
  readonly projectId: string;
  readonly sourceUnitIds: readonly string[];
}

export interface Initiative { readonly level: 'off' | 'on_demand' | 'suggest'; readonly cooldownTurns: number; readonly maxPerHour: number }

export interface Preference { readonly value: number; readonly evidence: number; readonly examples: readonly string[] }
export interface UserModel { readonly stage: string; readonly events: number; readonly preferences: Readonly<Record<string, Preference>> }

/** grove/memolet/map: 2-D points coloured by cluster, with each cluster's keywords. */
export interface MemoryMap {
  readonly points: readonly { readonly id: string; readonly x: number; readonly y: number; readonly cluster: number }[];
  readonly clusters: readonly { readonly id: number; readonly keywords: readonly string[]; readonly size: number }[];
}
