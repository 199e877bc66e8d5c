// Wire types of the knowledge map (DESIGN.md §11.3). The core owns the graph, the answers and
// the edits; the map view draws them and sends KnowledgeOps back.

import type { Range } from './types';

export type IntentLabel = 'search' | 'edit' | 'expansion';
export type NodeOrigin = 'document' | 'user' | 'model' | 'conversation';

export interface Intent {
  readonly label: IntentLabel;
  readonly confidence: number;
  readonly scores: Readonly<Record<IntentLabel, number>>;
  readonly rewritten: string;
  readonly nodeId: string | null;
  readonly source: 'native' | 'model';
}

export interface Citation {
  readonly uri: string;
  readonly range: Range;
  readonly title: string;
  readonly quote: string;
  readonly level: number;
  readonly stale: boolean;
}

export interface Point { readonly x: number; readonly y: number }

export interface KnowledgeNode {
  readonly id: string;
  readonly title: string;
  readonly details: string;
  readonly origin: NodeOrigin;
  readonly sources: readonly Citation[];
  readonly unitIds: readonly string[];
  readonly parentIds: readonly string[];
  readonly starred: boolean;
  readonly position: Point | null;
  readonly groupId: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface KnowledgeEdge {
  readonly id: string;
  readonly from: string;
  readonly to: string;
  readonly label: string | null;
  readonly hierarchy: boolean;
  readonly origin: NodeOrigin;
}

export interface KnowledgeGroup { readonly id: string; readonly title: string; readonly nodeIds: readonly string[] }

export interface KnowledgeChange {
  readonly workspaceUri: string;
  readonly revision: number;
  readonly nodeIds: readonly string[];
  readonly edgeIds: readonly string[];
  readonly groupIds: readonly string[];
  readonly documentUris: readonly string[];
  readonly op: string;
}

export type KnowledgeOp =
  | { readonly op: 'AddNode'; readonly ref?: string; readonly title: string; readonly details?: string; readonly parentId?: string | null; readonly label?: string; readonly origin?: NodeOrigin; readonly position?: Point }
  | { readonly op: 'UpdateNode'; readonly id: string; readonly title?: string; readonly details?: string; readonly starred?: boolean; readonly position?: Point | null; readonly groupId?: string | null }
  | { readonly op: 'DeleteNode'; readonly id: string; readonly subtree?: boolean }
  | { readonly op: 'AddEdge'; readonly ref?: string; readonly from: string; readonly to: string; readonly label?: string | null; readonly hierarchy?: boolean }
  | { readonly op: 'DeleteEdge'; readonly id: string }
  | { readonly op: string; readonly [key: string]: unknown };

export interface KnowledgeTurn {
  readonly id: string;
  readonly input: string;
  readonly nodeId: string | null;
  readonly intent: Intent | null;
  readonly message: string;
  readonly createdAt: string;
  readonly answer: {
    readonly text: string;
    readonly known: boolean;
    readonly citations: readonly Citation[];
    readonly graphAnswer: string | null;
    readonly refinedQuery: string | null;
    readonly chunks?: readonly unknown[];
  } | null;
  readonly plan: unknown | null;
  readonly change: KnowledgeChange | null;
  readonly failure: { readonly kind: 'unclear' | 'ambiguous' | 'needsModel' | 'opFailed'; readonly message: string; readonly candidates: readonly KnowledgeNode[] } | null;
}

export interface KnowledgeInfo {
  readonly workspaceUri: string;
  readonly revision: number;
  readonly documents: number;
  readonly chunks: number;
  readonly levels: readonly number[];
  readonly ingesting: boolean;
  readonly ingestedAt: string | null;
  readonly starters: readonly string[];
  readonly settings?: unknown;
}

/** The answer of grove/knowledge/get with include graph and turns. */
export interface KnowledgeSnapshot {
  readonly knowledge: KnowledgeInfo;
  readonly nodes?: readonly KnowledgeNode[];
  readonly edges?: readonly KnowledgeEdge[];
  readonly groups?: readonly KnowledgeGroup[];
  readonly turns?: readonly KnowledgeTurn[];
}

export interface IngestResult {
  readonly documents: number;
  readonly added: readonly string[];
  readonly updated: readonly string[];
  readonly removed: readonly string[];
  readonly chunks: number;
  readonly levels: readonly number[];
  readonly skipped: readonly { readonly uri: string; readonly reason: string }[];
  readonly cancelled: boolean;
}

/** LSP $/progress value (board-and-knowledge.md, "Progress and cancel"). */
export interface ProgressParams {
  readonly token: string | number;
  readonly value: { readonly kind: 'begin' | 'report' | 'end'; readonly title?: string; readonly message?: string; readonly percentage?: number };
}
