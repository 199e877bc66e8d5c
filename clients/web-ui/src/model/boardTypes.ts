// Wire types of the memory board (DESIGN.md §11.2). The core owns them (placement, evolution,
// badges, the understanding text); the board view only renders them and sends BoardOps back.

import type { Range } from './types';

export interface Anchor {
  readonly state: 'current' | 'moved' | 'stale' | 'missing' | 'unchecked';
  readonly checkedAt: string | null;
  readonly diffSummary: string | null;
}

export interface BoardSource {
  readonly uri: string;
  readonly range: Range;
  readonly languageId?: string;
  readonly memo?: string;
  readonly symbol?: string | null;
  readonly gitCommit?: string | null;
  readonly contentHash?: string;
  readonly gitBranch: string | null;
  readonly dirty: boolean | null;
  readonly capturedRange: Range;
  readonly anchor: Anchor;
}

export type BoardItemKind = 'chat' | 'snippet' | 'note';
export type BadgeKind = 'updated' | 'proposed' | 'stale' | 'missing';

export interface Badge {
  readonly kind: BadgeKind;
  readonly fields: readonly string[];
  readonly byItemId: string | null;
  readonly suggestionId: string | null;
  readonly since: string;
}

export interface Placement {
  readonly groupId: string;
  readonly score: number;
  readonly created: boolean;
  readonly threshold: number;
  readonly related: readonly { readonly itemId: string; readonly sigma: number }[];
  readonly groups: readonly { readonly groupId: string; readonly score: number }[];
  readonly method: 'native' | 'model' | 'manual';
}

/** A board item is a memolet (the Memolet fields the view reads, plus the board's own). */
export interface BoardItem {
  readonly id: string;
  readonly projectId: string | null;
  readonly title: string;
  readonly summary?: string;
  readonly content?: string;
  readonly createdAt: string;
  readonly updatedAt?: string;
  readonly workspaceUri: string;
  readonly kind: BoardItemKind;
  readonly preview: string;
  readonly source: BoardSource | null;
  readonly tags: readonly string[];
  readonly context: string;
  readonly groupId: string | null;
  readonly archived: boolean;
  readonly hidden: boolean;
  readonly userEdited: readonly string[];
  readonly badges: readonly Badge[];
  readonly placement: Placement | null;
}

export type BoardOrigin = 'placement' | 'user' | 'reorganize';

export interface BoardGroup {
  readonly id: string;
  readonly parentId: string | null;
  readonly title: string;
  readonly summary: string;
  readonly userEdited: readonly ('title' | 'summary')[];
  readonly itemIds: readonly string[];
  readonly groupIds: readonly string[];
  readonly origin: BoardOrigin;
}

export interface BoardLink {
  readonly id: string;
  readonly from: string;
  readonly to: string;
  readonly label: string | null;
  readonly origin: BoardOrigin;
}

export interface Board {
  readonly workspaceUri: string;
  readonly revision: number;
  readonly settings?: unknown;
  readonly understanding: { readonly text: string; readonly updatedAt: string | null; readonly source: 'native' | 'model' };
}

/** The answer of grove/board/get. */
export interface BoardSnapshot {
  readonly board: Board;
  readonly groups: readonly BoardGroup[];
  readonly items: readonly BoardItem[];
  readonly links: readonly BoardLink[];
}

export interface BoardChange {
  readonly workspaceUri: string;
  readonly revision: number;
  readonly itemIds: readonly string[];
  readonly groupIds: readonly string[];
  readonly linkIds: readonly string[];
  readonly op: string;
}

/** The fields UpdateItem writes (every written field joins userEdited in the core). */
export interface ItemFields {
  title?: string;
  summary?: string;
  tags?: string[];
  context?: string;
  memo?: string;
  content?: string;
}

export type BoardOp =
  | ({ readonly op: 'UpdateItem'; readonly id: string; readonly hidden?: boolean; readonly archived?: boolean; readonly dismissBadges?: true } & ItemFields)
  | { readonly op: 'Move'; readonly itemIds?: readonly string[]; readonly groupIds?: readonly string[]; readonly to: string | null }
  | { readonly op: 'Group'; readonly ref?: string; readonly itemIds?: readonly string[]; readonly groupIds?: readonly string[]; readonly title?: string; readonly parentId?: string | null }
  | { readonly op: 'UpdateGroup'; readonly id: string; readonly title?: string; readonly summary?: string }
  | { readonly op: 'Ungroup'; readonly id: string }
  | { readonly op: 'Link'; readonly ref?: string; readonly from: string; readonly to: string; readonly label?: string | null }
  | { readonly op: 'Unlink'; readonly id: string };
