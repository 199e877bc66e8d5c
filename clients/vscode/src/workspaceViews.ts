// The per-workspace commands (DESIGN.md §11): open the memory board or the knowledge map of a
// workspace folder, capture the selection onto the board, and tell the core when a file is saved
// so captured ranges and ingested documents follow the code (grove/workspace/refresh).

import * as vscode from 'vscode';
import { boardCaptureParams, enclosingSymbol, type SymbolNode } from './capture';
import { askMemo, selectedEditor } from './commands';
import type { Connection } from './connection';
import type { Panels } from './webview/panels';

export interface WorkspaceCtx {
  readonly connection: Connection;
  readonly panels: Panels;
}

/** The workspace folder a command acts on: the active file's, else the only one, else a pick. */
async function pickFolder(placeHolder: string): Promise<vscode.WorkspaceFolder | undefined> {
  const active = vscode.window.activeTextEditor?.document.uri;
  const own = active ? vscode.workspace.getWorkspaceFolder(active) : undefined;
  if (own) return own;
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (folders.length === 0) {
    void vscode.window.showWarningMessage('Grove: open a folder first; the board and the knowledge map belong to a workspace folder.');
    return undefined;
  }
  if (folders.length === 1) return folders[0];
  return vscode.window.showWorkspaceFolderPick({ placeHolder });
}

function needs(ctx: WorkspaceCtx, method: string, what: string): boolean {
  if (ctx.connection.has(method)) return true;
  void vscode.window.showWarningMessage(`Grove: this grove-server has no ${what} (${method}).`);
  return false;
}

export async function openBoard(ctx: WorkspaceCtx): Promise<void> {
  if (!needs(ctx, 'grove/board/get', 'memory board')) return;
  const folder = await pickFolder('Open the board of which folder?');
  if (folder) ctx.panels.openWorkspace('board', { uri: folder.uri.toString(), name: folder.name });
}

export async function openKnowledgeMap(ctx: WorkspaceCtx): Promise<void> {
  if (!needs(ctx, 'grove/knowledge/get', 'knowledge map')) return;
  const folder = await pickFolder('Open the knowledge map of which folder?');
  if (folder) ctx.panels.openWorkspace('knowledge', { uri: folder.uri.toString(), name: folder.name });
}

export async function captureToBoard(ctx: WorkspaceCtx): Promise<void> {
  const editor = selectedEditor();
  if (!editor) return;
  if (!needs(ctx, 'grove/board/capture', 'memory board')) return;
  const folder = vscode.workspace.getWorkspaceFolder(editor.document.uri);
  if (!folder) {
    void vscode.window.showWarningMessage('Grove: this file is in no workspace folder; the board belongs to a folder.');
    return;
  }
  const memo = await askMemo();
  if (memo === undefined) return; // Escape cancels the capture.
  const sel = editor.selection;
  // Languages without a symbol provider answer undefined (or the command fails): no symbol then.
  const symbols = await Promise.resolve(vscode.commands.executeCommand<SymbolNode[] | undefined>('vscode.executeDocumentSymbolProvider', editor.document.uri)).catch(() => undefined);
  const params = boardCaptureParams({
    workspaceUri: folder.uri.toString(),
    uri: editor.document.uri.toString(),
    languageId: editor.document.languageId,
    start: { line: sel.start.line, character: sel.start.character },
    end: { line: sel.end.line, character: sel.end.character },
    text: editor.document.getText(sel),
    memo,
    symbol: enclosingSymbol(Array.isArray(symbols) ? symbols.filter((s) => s && 'range' in s) : undefined, sel.start),
  });
  const res = await ctx.connection.request<{ item: { title: string }; placement: { created: boolean; groupId: string } | null }>('grove/board/capture', params);
  const action = await vscode.window.showInformationMessage(`Grove: captured “${res.item.title}” to the board of ${folder.name}${res.placement?.created ? ' (in a new group)' : ''}.`, 'Open Board');
  if (action) ctx.panels.openWorkspace('board', { uri: folder.uri.toString(), name: folder.name });
}

/** On save, the core re-checks the file's captured ranges and ingested text. */
export function refreshOnSave(ctx: WorkspaceCtx): vscode.Disposable {
  return vscode.workspace.onDidSaveTextDocument((doc) => {
    if (!ctx.connection.has('grove/workspace/refresh')) return;
    const folder = vscode.workspace.getWorkspaceFolder(doc.uri);
    if (!folder) return;
    ctx.connection.request('grove/workspace/refresh', { workspaceUri: folder.uri.toString(), changes: [{ uri: doc.uri.toString(), type: 'changed' }] }).catch((e: unknown) => {
      // A failed refresh only delays staleness badges; it must not interrupt saving.
      console.warn('grove/workspace/refresh failed', e);
    });
  });
}
