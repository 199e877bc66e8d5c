// mirrors lsp-server/PROTOCOL.md (protocol version 1)
//
// Every method of the Grove protocol, once. A unit test compares this list with the
// `**Method:**` lines of lsp-server/PROTOCOL.md in both directions, so the client cannot drift
// from the contract (Continue's hand-copied lists are the cautionary tale). Whoever adds a
// method to the protocol adds it here in the same change, with `used: false` until this
// client calls it.

export const PROTOCOL_VERSION = 1;

export type Direction = 'client→server' | 'server→client';

export interface MethodInfo {
  readonly kind: 'request' | 'notification';
  readonly direction: Direction;
  /** The web UI may send it through its host (requests only). */
  readonly webview: boolean;
  /** This client calls or handles it today. */
  readonly used: boolean;
}

const req = (webview: boolean, used = true): MethodInfo => ({ kind: 'request', direction: 'client→server', webview, used });
const note = (direction: Direction, used = true): MethodInfo => ({ kind: 'notification', direction, webview: false, used });

// Method names are double-quoted: tests/protocol/ProtocolDocTest.cpp looks for "<method>" here.
export const METHODS = {
  // Lifecycle (vscode-languageclient sends these itself; PROTOCOL.md documents them in prose).
  "initialize": req(false),
  "initialized": note('client→server'),
  "shutdown": req(false),
  "exit": note('client→server'),
  "$/cancelRequest": note('client→server'),

  "grove/project/create": req(false),
  "grove/project/list": req(false),
  "grove/project/get": req(true),
  "grove/project/structure": req(true),
  "grove/project/branches": req(false),
  "grove/project/rename": req(false),
  "grove/project/delete": req(false),
  "grove/project/restore": req(false),
  "grove/project/setCursor": req(true),
  "grove/project/didChange": note('server→client'),

  "grove/unit/append": req(true),
  "grove/unit/get": req(true, false),
  "grove/unit/getMany": req(true),
  "grove/unit/revisions": req(true),
  "grove/unit/edit": req(true),
  "grove/unit/setScope": req(true),
  "grove/unit/delete": req(true),

  "grove/mainline/set": req(true),
  "grove/branch/update": req(true),
  "grove/branch/return": req(true),
  "grove/scope/preview": req(true),
  "grove/scope/reset": req(true),
  "grove/history/undo": req(true),
  "grove/history/redo": req(true),
  "grove/search": req(true),

  "grove/chat/send": req(true),
  "grove/chat/didStream": note('server→client'),
  "grove/chat/regenerate": req(true),
  "grove/branch/summarize": req(true),
  "grove/provider/list": req(false, false),

  "grove/suggestion/analyze": req(true),
  "grove/suggestion/list": req(true),
  "grove/suggestion/resolve": req(true),
  "grove/suggestion/didCreate": note('server→client'),
  "grove/suggestion/didChange": note('server→client'),
  "grove/initiative/get": req(true),
  "grove/initiative/set": req(true),
  "grove/capsule/extract": req(true),
  "grove/capsule/list": req(true),
  "grove/capsule/update": req(true),
  "grove/capsule/setEnabled": req(true),
  "grove/capsule/delete": req(true),
  "grove/userModel/get": req(true),
  "grove/userModel/reset": req(true),

  // Memolets (issue 8).
  "grove/memolet/create": req(true),
  "grove/memolet/get": req(true),
  "grove/memolet/list": req(true),
  "grove/memolet/search": req(true),
  "grove/memolet/map": req(true),
  "grove/memolet/complete": req(true),
  "grove/memolet/sandbox/list": req(false),
  "grove/memolet/sandbox/add": req(true),
  "grove/memolet/sandbox/remove": req(false),
  "grove/memolet/sandbox/group": req(false),
  "grove/memolet/sandbox/ungroup": req(false),
  "grove/memolet/didChange": note('server→client'),
  "grove/chat/refine": req(true),

  // Captured code's anchors (issue 16): not called by the extension yet.
  "grove/workspace/refresh": req(false),

  // Import and export (issue 18): the command line uses them; no editor command yet.
  "grove/import/run": req(false, false),
  "grove/export/run": req(false, false),

  // The memory board (issue 16): the board view calls these through its host; the extension
  // captures (Capture Selection to Board).
  "grove/board/capture": req(false),
  "grove/board/get": req(true),
  "grove/board/edit": req(true),
  "grove/board/undo": req(true),
  "grove/board/redo": req(true),
  "grove/board/reorganize": req(true),
  "grove/board/didChange": note('server→client'),
  "grove/workspace/configure": req(false, false),
  // Knowledge map (issue 17): the map view calls these through its host.
  "grove/knowledge/get": req(true),
  "grove/knowledge/classify": req(false, false),
  "grove/knowledge/ask": req(true),
  "grove/knowledge/edit": req(true),
  "grove/knowledge/undo": req(true),
  "grove/knowledge/redo": req(true),
  "grove/knowledge/toUnit": req(false, false),
  "grove/knowledge/suggest": req(true),
  "grove/knowledge/fromUnit": req(false, false),
  "grove/knowledge/ingest": req(true),
  "grove/knowledge/didChange": note('server→client'),

  "grove/server/methods": req(false),
  "grove/server/clients": req(false, false),
} as const satisfies Record<string, MethodInfo>;

/**
 * Methods announced for a later issue and not yet in PROTOCOL.md (DESIGN.md §11's). The
 * web UI uses them only when grove/server/methods lists them. The mirror test fails once one of
 * them is documented, so it moves up into METHODS with its documented shape.
 */
export const PLANNED = {} as const satisfies Record<string, MethodInfo>;

const ALL: Record<string, MethodInfo> = { ...METHODS, ...PLANNED };

export type MethodName = keyof typeof METHODS | keyof typeof PLANNED;

/** Requests the web UI may send through its host. */
export const WEBVIEW_METHODS: ReadonlySet<string> = new Set(
  Object.entries(ALL)
    .filter(([, m]) => m.webview)
    .map(([name]) => name),
);

/** Notifications the host forwards to the web UI. */
export const WEBVIEW_NOTIFICATIONS: readonly string[] = Object.entries(ALL)
  .filter(([, m]) => m.kind === 'notification' && m.direction === 'server→client')
  .map(([name]) => name);

/** The foundation methods (DESIGN §6), assumed when the server cannot list its own. */
export const FOUNDATION_METHODS: readonly string[] = Object.keys(METHODS).filter((m) => /^grove\/(project|unit|mainline|branch|scope|history|search)/.test(m) && !m.endsWith('/setCursor'));

// Wire types the extension itself reads (the web UI has its own in clients/web-ui/src/model).
export interface Project {
  readonly id: string;
  readonly title: string;
  readonly workspaceUri?: string | null;
  readonly cursorId?: string | null;
  readonly mainlineEndId?: string | null;
  readonly revision: number;
  readonly updatedAt?: string;
  readonly deletedAt?: string | null;
}

export interface Branch {
  readonly headId: string;
  readonly anchorId: string | null;
  readonly title?: string | null;
  readonly status?: string | null;
  readonly summary?: string | null;
  readonly isMainline: boolean;
  readonly unitIds: readonly string[];
}

export interface Unit {
  readonly id: string;
  readonly parentId: string | null;
  readonly role: string;
  readonly kind: string;
  readonly content: string;
}

export interface SearchHit {
  readonly unitId: string;
  readonly projectId: string;
  readonly snippet: string;
  readonly score: number;
}
