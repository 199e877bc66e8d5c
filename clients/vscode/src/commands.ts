// The Grove commands, one function each. They resolve "the current project" (the last one
// opened or created in this workspace) and otherwise ask.

import * as vscode from 'vscode';
import { captureParams } from './capture';
import type { Connection } from './connection';
import type { Panels } from './webview/panels';
import { previewMarkdown, type PreviewResult } from './previewFormat';
import type { Project, SearchHit, Unit } from './protocol';
import type { Node, ProjectsTree } from './projectsTree';
import type { SandboxTree } from './memolets/sandboxTree';

const CURRENT = 'grove.currentProject';

export interface Ctx {
  readonly extension: vscode.ExtensionContext;
  readonly connection: Connection;
  readonly panels: Panels;
  readonly tree: ProjectsTree;
  readonly sandbox: SandboxTree;
}

/** A project id (from commands and links) or a tree node (from the view's menus). */
export type ProjectArg = string | Node | undefined;

function argProjectId(arg: ProjectArg): string | undefined {
  if (typeof arg === 'string') return arg;
  return arg?.project.id;
}

async function getProject(ctx: Ctx, projectId: string): Promise<Project> {
  const res = await ctx.connection.request<{ project: Project }>('grove/project/get', { projectId });
  return res.project;
}

export function remember(ctx: Ctx, project: Project): void {
  void ctx.extension.workspaceState.update(CURRENT, project.id);
  ctx.sandbox.setProject(project.id, project.title);
}

/** The current project's id (the last one opened or created here), if any. */
export function currentProjectId(ctx: Ctx): string | undefined {
  return ctx.extension.workspaceState.get<string>(CURRENT);
}

/** The project a command acts on: its argument, else the current one, else a pick. */
export async function pickProject(ctx: Ctx, arg: ProjectArg, placeHolder: string): Promise<Project | undefined> {
  const explicit = argProjectId(arg) ?? ctx.extension.workspaceState.get<string>(CURRENT);
  if (explicit) {
    try {
      return await getProject(ctx, explicit);
    } catch {
      // Deleted since: fall through to the pick.
    }
  }
  const { projects } = await ctx.connection.request<{ projects: Project[] }>('grove/project/list', {});
  if (projects.length === 0) {
    const choice = await vscode.window.showInformationMessage('Grove: no conversation yet.', 'New Conversation');
    if (choice) await newConversation(ctx);
    return undefined;
  }
  const item = await vscode.window.showQuickPick(
    projects.map((p) => ({ label: p.title, description: p.updatedAt ?? '', project: p })),
    { placeHolder },
  );
  return item?.project;
}

export async function newConversation(ctx: Ctx): Promise<void> {
  const title = await vscode.window.showInputBox({ prompt: 'Title of the new conversation', value: 'New conversation', ignoreFocusOut: true });
  if (title === undefined) return;
  const workspaceUri = vscode.workspace.workspaceFolders?.[0]?.uri.toString();
  const project = await ctx.connection.request<Project>('grove/project/create', { title: title.trim() || 'New conversation', ...(workspaceUri ? { workspaceUri } : {}) });
  remember(ctx, project);
  ctx.tree.refresh();
  ctx.panels.open(project.id, project.title);
}

export async function openConversation(ctx: Ctx, arg?: ProjectArg, unitId?: string): Promise<void> {
  const project = await pickProject(ctx, arg, 'Open which conversation?');
  if (!project) return;
  remember(ctx, project);
  ctx.panels.open(project.id, project.title, 'conversation', unitId);
}

export async function showContextMap(ctx: Ctx, arg?: ProjectArg): Promise<void> {
  const project = await pickProject(ctx, arg, 'Show the map of which conversation?');
  if (!project) return;
  remember(ctx, project);
  ctx.panels.open(project.id, project.title, 'map');
}

export async function previewContext(ctx: Ctx, arg?: ProjectArg): Promise<void> {
  const project = await pickProject(ctx, arg, 'Preview the context of which conversation?');
  if (!project) return;
  const cursorId = project.cursorId ?? project.mainlineEndId ?? null;
  const preview = await ctx.connection.request<PreviewResult>('grove/scope/preview', { projectId: project.id, cursorId });
  const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content: previewMarkdown(project.title, preview) });
  await vscode.window.showTextDocument(doc, { preview: true, viewColumn: vscode.ViewColumn.Beside });
}

export async function captureSelection(ctx: Ctx): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.selection.isEmpty) {
    void vscode.window.showWarningMessage('Grove: select some code to capture first.');
    return;
  }
  const project = await pickProject(ctx, undefined, 'Capture into which conversation?');
  if (!project) return;
  const memo = await vscode.window.showInputBox({ prompt: 'Memo: why does this code matter? (optional)', placeHolder: 'e.g. the retry loop that drops errors', ignoreFocusOut: true });
  if (memo === undefined) return; // Escape cancels the capture.
  const sel = editor.selection;
  const params = captureParams({
    projectId: project.id,
    parentId: project.cursorId ?? project.mainlineEndId ?? null,
    uri: editor.document.uri.toString(),
    languageId: editor.document.languageId,
    start: { line: sel.start.line, character: sel.start.character },
    end: { line: sel.end.line, character: sel.end.character },
    text: editor.document.getText(sel),
    memo,
  });
  const unit = await ctx.connection.request<Unit>('grove/unit/append', params);
  remember(ctx, project);
  if (ctx.panels.has(project.id)) ctx.panels.locate(project.id, unit.id);
  // A selection ending at the start of a line does not include that line.
  const last = sel.end.character === 0 && sel.end.line > sel.start.line ? sel.end.line : sel.end.line + 1;
  const lines = sel.start.line + 1 === last ? `line ${last}` : `lines ${sel.start.line + 1}-${last}`;
  void vscode.window.showInformationMessage(`Grove: captured ${lines} of ${vscode.workspace.asRelativePath(editor.document.uri)} into “${project.title}”.`);
}

export async function history(ctx: Ctx, which: 'undo' | 'redo'): Promise<void> {
  const project = await pickProject(ctx, undefined, `${which === 'undo' ? 'Undo' : 'Redo'} in which conversation?`);
  if (!project) return;
  try {
    await ctx.connection.request<Project>(`grove/history/${which}`, { projectId: project.id });
  } catch (e) {
    void vscode.window.showInformationMessage(`Grove: nothing to ${which} (${e instanceof Error ? e.message : String(e)}).`);
  }
}

export async function search(ctx: Ctx): Promise<void> {
  const query = await vscode.window.showInputBox({ prompt: 'Search all conversations' });
  if (!query) return;
  const { hits } = await ctx.connection.request<{ hits: SearchHit[] }>('grove/search', { query, limit: 50 });
  if (hits.length === 0) {
    void vscode.window.showInformationMessage(`Grove: no unit matches “${query}”.`);
    return;
  }
  const { projects } = await ctx.connection.request<{ projects: Project[] }>('grove/project/list', {});
  const titles = new Map(projects.map((p) => [p.id, p.title]));
  const pick = await vscode.window.showQuickPick(
    // The core marks matches in snippets with [ and ]; a quick pick shows plain text.
    hits.map((h) => ({ label: h.snippet.replace(/[[\]]/g, '').replace(/\s+/g, ' ').slice(0, 120), description: titles.get(h.projectId) ?? '', hit: h })),
    { placeHolder: `${hits.length} match${hits.length === 1 ? '' : 'es'}`, matchOnDescription: true },
  );
  if (pick) await openConversation(ctx, pick.hit.projectId, pick.hit.unitId);
}
