// Wire types of the memolet methods the extension reads (lsp-server/PROTOCOL.md, issue 8).

export interface Memolet {
  readonly id: string;
  readonly projectId: string;
  readonly title: string;
  readonly keywords?: readonly string[];
  readonly summary?: string;
  readonly sourceUnitIds?: readonly string[];
  readonly createdAt?: string;
  readonly manual?: boolean;
}

export interface SearchResult {
  readonly memolet: Memolet;
  readonly score: number;
  readonly sentences?: readonly string[];
}

export interface SandboxGroup {
  readonly id: string;
  readonly title: string;
  readonly summary?: string;
  readonly memoletIds: readonly string[];
}

/** grove/memolet/sandbox/list, and the answer of add/remove/group/ungroup. */
export interface Sandbox {
  readonly memolets: readonly Memolet[];
  readonly groups: readonly SandboxGroup[];
}
