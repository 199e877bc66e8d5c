// The Grove commands, one function each. They resolve "the current project" (the last one
// opened or created in this workspace) and otherwise ask.

import * as vscode from 'vscode';
import { captureParams } from './capture';
import type { Connection } from './connection';
import type { Panels } from './webview/panels';
import { previewMarkdown, type PreviewResult } from './previewFormat';
import { projectBranches, type BranchSummary } from './projectBranches';
import type { Branch, Project, SearchHit, Unit } from './protocol';
import type { PanelName } from '../../web-ui/src/channel/messages';
import type { Node, ProjectsTree } from './projectsTree';
import type { SandboxTree } from './memolets/sandboxTree';

const CURRENT = 'grove.currentProject';

export interface Ctx {
  readonly extension: vscode.ExtensionContext;
  readonly connection: Connection;
  readonly panels: Panels;
  readonly tree: ProjectsTree;
  readonly sandbox: SandboxTree;
  readonly previews: PreviewDocuments;
}

/** A project id (from commands and links) or a tree node (from the view's menus). */
export type ProjectArg = string | Node | undefined;

function argProjectId(arg: ProjectArg): string | undefined {
  if (typeof arg === 'string') return arg;
  return arg?.project.id;
}

async function getProject(ctx: Ctx, projectId: string): Promise<Project> {
  return (await projectBranches(ctx.connection, projectId)).project;
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

/** The read-only document Preview Context shows, one per conversation, reused and refreshed. */
export const PREVIEW_SCHEME = 'grove-preview';

export function previewUri(project: Project): vscode.Uri {
  return vscode.Uri.from({ scheme: PREVIEW_SCHEME, path: `/${project.title.replace(/[\\/]/g, ' ')} (context).md`, query: project.id });
}

/** Serves grove-preview: documents from the core's grove/scope/preview. */
export class PreviewDocuments implements vscode.TextDocumentContentProvider {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly connection: Connection) {}

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const { project } = await projectBranches(this.connection, uri.query);
    const cursorId = project.cursorId ?? project.mainlineEndId ?? null;
    const preview = await this.connection.request<PreviewResult>('grove/scope/preview', { projectId: project.id, cursorId });
    return previewMarkdown(project.title, preview);
  }

  /** The project changed: open previews of it show the new context. */
  refresh(projectId: string): void {
    for (const doc of vscode.workspace.textDocuments) if (doc.uri.scheme === PREVIEW_SCHEME && doc.uri.query === projectId) this.changed.fire(doc.uri);
  }
}

export async function previewContext(ctx: Ctx, arg?: ProjectArg): Promise<void> {
  const project = await pickProject(ctx, arg, 'Preview the context of which conversation?');
  if (!project) return;
  const uri = previewUri(project);
  // One preview per conversation: reveal the open one where it is instead of a new column.
  const open = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === uri.toString());
  ctx.previews.refresh(project.id);
  const doc = await vscode.workspace.openTextDocument(uri);
  await vscode.languages.setTextDocumentLanguage(doc, 'markdown');
  await vscode.window.showTextDocument(doc, { preview: true, viewColumn: open?.viewColumn ?? vscode.ViewColumn.Beside, preserveFocus: false });
}

/** Opens a side panel of the conversation (capsules, settings, the memory map). */
export async function showPanel(ctx: Ctx, panel: PanelName): Promise<void> {
  const project = await pickProject(ctx, undefined, 'In which conversation?');
  if (!project) return;
  remember(ctx, project);
  ctx.panels.showPanel(project.id, project.title, panel);
}

export async function renameConversation(ctx: Ctx, arg?: ProjectArg): Promise<void> {
  const project = await pickProject(ctx, arg, 'Rename which conversation?');
  if (!project) return;
  const title = await vscode.window.showInputBox({ prompt: 'New title', value: project.title, ignoreFocusOut: true });
  if (!title?.trim() || title.trim() === project.title) return;
  await ctx.connection.request<Project>('grove/project/rename', { projectId: project.id, title: title.trim() });
  ctx.tree.refresh();
}

export async function deleteConversation(ctx: Ctx, arg?: ProjectArg): Promise<void> {
  const project = await pickProject(ctx, arg, 'Move which conversation to the trash?');
  if (!project) return;
  const ok = await vscode.window.showWarningMessage(`Move “${project.title}” to the trash? Grove: Open Trash restores it.`, { modal: true }, 'Move to Trash');
  if (ok !== 'Move to Trash') return;
  await ctx.connection.request('grove/project/delete', { projectId: project.id });
  ctx.panels.close(project.id);
  if (currentProjectId(ctx) === project.id) void ctx.extension.workspaceState.update(CURRENT, undefined);
  ctx.tree.refresh();
}

export async function openTrash(ctx: Ctx): Promise<void> {
  const { projects } = await ctx.connection.request<{ projects: Project[] }>('grove/project/list', { includeDeleted: true });
  const trashed = projects.filter((p) => p.deletedAt);
  if (trashed.length === 0) {
    void vscode.window.showInformationMessage('Grove: the trash is empty.');
    return;
  }
  const pick = await vscode.window.showQuickPick(
    trashed.map((p) => ({ label: p.title, description: `deleted ${p.deletedAt}`, project: p })),
    { placeHolder: 'Restore which conversation?' },
  );
  if (!pick) return;
  const restored = await ctx.connection.request<Project>('grove/project/restore', { projectId: pick.project.id });
  ctx.tree.refresh();
  remember(ctx, restored);
  ctx.panels.open(restored.id, restored.title);
}

export async function resetScope(ctx: Ctx): Promise<void> {
  const project = await pickProject(ctx, undefined, 'Reset the scope of which conversation?');
  if (!project) return;
  await ctx.connection.request('grove/scope/reset', { projectId: project.id });
  void vscode.window.showInformationMessage(`Grove: every unit of “${project.title}” is back to automatic scope (Grove: Undo takes it back).`);
}

/** Where a capture lands: the branch holding the unit it is appended to. */
async function landingBranch(ctx: Ctx, projectId: string, parentId: string | null): Promise<string> {
  if (!parentId) return 'as the first unit';
  const { branches, unitBranch } = await projectBranches(ctx.connection, projectId, parentId);
  const b = branches.find((x) => x.headId === unitBranch);
  return !b || b.isMainline ? 'on the main line' : `on the branch “${b.title || 'untitled'}”`;
}

/** The editor whose selection a capture takes; warns and answers undefined when nothing is selected. */
export function selectedEditor(): vscode.TextEditor | undefined {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.selection.isEmpty) {
    void vscode.window.showWarningMessage('Grove: select some code to capture first.');
    return undefined;
  }
  return editor;
}

/** Asks for a capture's memo; undefined when the user pressed Escape (the capture is cancelled). */
export function askMemo(): Thenable<string | undefined> {
  return vscode.window.showInputBox({ prompt: 'Memo: why does this code matter? (optional)', placeHolder: 'e.g. the retry loop that drops errors', ignoreFocusOut: true });
}

export async function captureSelection(ctx: Ctx): Promise<void> {
  const editor = selectedEditor();
  if (!editor) return;
  const project = await pickProject(ctx, undefined, 'Capture into which conversation?');
  if (!project) return;
  const memo = await askMemo();
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
  const where = await landingBranch(ctx, project.id, params.parentId).catch(() => '');
  remember(ctx, project);
  if (ctx.panels.has(project.id)) ctx.panels.locate(project.id, unit.id);
  // A selection ending at the start of a line does not include that line.
  const last = sel.end.character === 0 && sel.end.line > sel.start.line ? sel.end.line : sel.end.line + 1;
  const lines = sel.start.line + 1 === last ? `line ${last}` : `lines ${sel.start.line + 1}-${last}`;
  void vscode.window.showInformationMessage(`Grove: captured ${lines} of ${vscode.workspace.asRelativePath(editor.document.uri)} into “${project.title}”${where ? ` ${where}` : ''}.`);
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

/** Marks a branch of the projects tree completed or abandoned (or open again), or summarizes it. */
export async function branchAction(ctx: Ctx, node: Node | undefined, action: 'completed' | 'abandoned' | 'open' | 'summarize'): Promise<void> {
  if (node?.kind !== 'branch') {
    void vscode.window.showInformationMessage('Grove: pick a branch in the Grove view (right-click it).');
    return;
  }
  const params = { projectId: node.project.id, headId: node.branch.headId };
  if (action === 'summarize') {
    const b = await ctx.connection.request<Branch>('grove/branch/summarize', params);
    void vscode.window.showInformationMessage(`Grove: “${node.label}”: ${b.summary || '(no summary)'}`);
  } else {
    await ctx.connection.request<Branch>('grove/branch/update', { ...params, status: action });
  }
  ctx.tree.refresh();
}

/**
 * Returns from a branch by hand, as an accepted return card does: the core marks it completed
 * with the summary typed here (empty: the one it writes) and moves the cursor back to the path
 * the branch left. From the Grove view's branch menu, or the palette (a conversation, then one of
 * its open branches).
 */
export async function returnFromBranch(ctx: Ctx, node: Node | undefined): Promise<void> {
  let target: { project: Project; branch: BranchSummary } | undefined;
  if (node?.kind === 'branch') target = { project: node.project, branch: node.branch };
  else {
    const project = await pickProject(ctx, undefined, 'Return from a branch of which conversation?');
    if (!project) return;
    const { branches } = await projectBranches(ctx.connection, project.id);
    const open = branches.filter((b) => !b.isMainline && b.status === 'open');
    if (open.length === 0) {
      void vscode.window.showInformationMessage(`Grove: “${project.title}” has no open branch to return from.`);
      return;
    }
    const pick = await vscode.window.showQuickPick(open.map((b) => ({ label: b.title || 'untitled branch', description: b.summary ?? '', branch: b })), { placeHolder: 'Return from which branch?' });
    if (!pick) return;
    target = { project, branch: pick.branch };
  }
  if (target.branch.isMainline) {
    void vscode.window.showInformationMessage('Grove: the main line has no path to return to.');
    return;
  }
  const summary = await vscode.window.showInputBox({ prompt: `What did “${target.branch.title || 'the branch'}” find? (empty: Grove summarizes it)` });
  if (summary === undefined) return;
  const params = { projectId: target.project.id, headId: target.branch.headId, ...(summary.trim() ? { summary } : {}) };
  const res = await ctx.connection.request<{ branch: Branch }>('grove/branch/return', params);
  void vscode.window.showInformationMessage(`Grove: returned from “${target.branch.title || 'the branch'}” (completed): ${res.branch.summary || '(no summary)'}`);
  ctx.tree.refresh();
}
