// The typed message channel between the web UI and whatever hosts it (VS Code webview,
// JetBrains JCEF, the test host). The UI never talks to grove-server directly: it asks its
// host to forward protocol requests, and the host forwards server notifications back.
// Keeping this contract small and data-only is what lets one bundle live in several editors.

import type { Range } from '../model/types';

/** Which part of the UI a host page shows. `board` and `knowledge` are per workspace
 *  (DESIGN.md §11): they need the init's `workspaceUri`, not a project. */
export type ViewKind = 'conversation' | 'map' | 'chat' | 'board' | 'knowledge';
export const WORKSPACE_VIEWS: readonly ViewKind[] = ['board', 'knowledge'];

export interface RpcError { readonly code: number; readonly message: string; readonly data?: unknown }

/** Messages the web UI posts to its host. */
export type WebviewToHost =
  /** The bundle has loaded and listens; the host answers with `init`. */
  | { readonly type: 'ready' }
  /** Forward one protocol request (the host enforces an allowlist). */
  | { readonly type: 'request'; readonly id: number; readonly method: string; readonly params: unknown }
  /** Cancel a forwarded request (the host sends `$/cancelRequest`). */
  | { readonly type: 'cancel'; readonly id: number }
  /** Open a file in the editor at a range (code units). */
  | { readonly type: 'openLocation'; readonly uri: string; readonly range: Range }
  /** A unit was clicked in a map-only view: the host reveals it in the project's other views. */
  | { readonly type: 'reveal'; readonly unitId: string }
  /** Show a message in the editor's own notification area. */
  | { readonly type: 'notify'; readonly level: 'info' | 'warning' | 'error'; readonly message: string };

/** Messages the host posts to the web UI. */
export type HostToWebview =
  | {
      readonly type: 'init';
      readonly projectId: string | null;
      readonly view: ViewKind;
      /** Methods the server implements (grove/server/methods), so the UI can degrade gracefully. */
      readonly methods: readonly string[];
      /** The workspace folder a board or knowledge view shows (absent for conversation views). */
      readonly workspaceUri?: string | null;
    }
  /** `resultJson`, when a host sends it instead of `result`: the result as UTF-8 JSON. A webview's
   *  postMessage moves bytes as one block, where an object is cloned node by node (a map's tree
   *  is 100,000-element arrays). */
  | { readonly type: 'response'; readonly id: number; readonly result?: unknown; readonly resultJson?: Uint8Array; readonly error?: RpcError }
  | { readonly type: 'notification'; readonly method: string; readonly params: unknown }
  /** Switch to another project (the host's tree view was clicked). */
  | { readonly type: 'setProject'; readonly projectId: string }
  /** Reveal a unit in chat and map (for example after a search in the editor). */
  | { readonly type: 'locate'; readonly unitId: string }
  /** Insert text at the composer's caret (a memolet reference chosen in the editor). */
  | { readonly type: 'insertText'; readonly text: string }
  /** Make a memolet of the text selected in a chat message (the editor's context menu). */
  | { readonly type: 'rememberSelection' }
  /** Open a side panel (an editor command: capsules, settings, the memory map). */
  | { readonly type: 'showPanel'; readonly panel: PanelName };

/** The side panels a host can open. */
export type PanelName = 'capsules' | 'settings' | 'memory';
export const PANELS: readonly PanelName[] = ['capsules', 'settings', 'memory'];

const webviewTypes = new Set(['ready', 'request', 'cancel', 'openLocation', 'reveal', 'notify']);
const hostTypes = new Set(['init', 'response', 'notification', 'setProject', 'locate', 'insertText', 'rememberSelection', 'showPanel']);

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Validates a message from the web UI before a host acts on it (the webview is untrusted input). */
export function isWebviewToHost(v: unknown): v is WebviewToHost {
  if (!isObject(v) || typeof v.type !== 'string' || !webviewTypes.has(v.type)) return false;
  switch (v.type) {
    case 'request':
      return typeof v.id === 'number' && typeof v.method === 'string';
    case 'cancel':
      return typeof v.id === 'number';
    case 'openLocation':
      return typeof v.uri === 'string' && isObject(v.range);
    case 'reveal':
      return typeof v.unitId === 'string';
    case 'notify':
      return typeof v.message === 'string' && ['info', 'warning', 'error'].includes(v.level as string);
    default:
      return true;
  }
}

/** Validates a message from the host; anything else (other extensions' messages) is ignored. */
export function isHostToWebview(v: unknown): v is HostToWebview {
  if (!isObject(v) || typeof v.type !== 'string' || !hostTypes.has(v.type)) return false;
  switch (v.type) {
    case 'response':
      return typeof v.id === 'number' && (v.resultJson === undefined || v.resultJson instanceof Uint8Array);
    case 'notification':
      return typeof v.method === 'string';
    case 'setProject':
      return typeof v.projectId === 'string';
    case 'locate':
      return typeof v.unitId === 'string';
    case 'insertText':
      return typeof v.text === 'string';
    case 'showPanel':
      return (PANELS as readonly unknown[]).includes(v.panel);
    case 'init':
      return v.workspaceUri === undefined || v.workspaceUri === null || typeof v.workspaceUri === 'string';
    default:
      return true;
  }
}
