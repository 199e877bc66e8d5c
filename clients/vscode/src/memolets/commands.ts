// The memolet commands: search with live results (then add to the sandbox or insert a
// reference into the chat composer), show the sandbox, remove from it.

import * as vscode from 'vscode';
import { currentProjectId, pickProject, remember, type Ctx } from '../commands';
import { projectBranches } from '../projectBranches';
import type { Project } from '../protocol';
import { MEMOLET_METHODS, missingMemolets } from './feature';
import { referenceText, resultRows, type ResultRow } from './format';
import type { SandboxItem } from './sandboxTree';
import type { Memolet, Sandbox, SearchResult } from './types';

/** False (after telling the user) when the server lacks memolets. */
function hasMemolets(ctx: Ctx, needed: readonly string[]): boolean {
  const message = missingMemolets(ctx.connection.serverMethods, needed);
  if (message) void vscode.window.showWarningMessage(message);
  return !message;
}

const ADD = 'Add to Sandbox';
const INSERT = 'Insert Reference';

export async function searchMemolets(ctx: Ctx): Promise<void> {
  if (!hasMemolets(ctx, [MEMOLET_METHODS.search])) return;
  const memolet = await pickMemolet(ctx);
  if (!memolet) return;
  const action = await vscode.window.showQuickPick(
    [
      { label: ADD, description: 'answers in the current conversation draw on it' },
      { label: INSERT, description: `puts ${referenceText(memolet)} into the chat composer` },
    ],
    { placeHolder: `“${memolet.title}”` },
  );
  if (action?.label === ADD) await addToSandbox(ctx, memolet);
  else if (action?.label === INSERT) await insertReference(ctx, memolet);
}

/** A quick pick whose rows are grove/memolet/search results for what is typed, live. */
async function pickMemolet(ctx: Ctx): Promise<Memolet | undefined> {
  const { projects } = await ctx.connection.request<{ projects: Project[] }>('grove/project/list', {});
  const titles = new Map(projects.map((p) => [p.id, p.title]));
  const qp = vscode.window.createQuickPick<vscode.QuickPickItem & { row?: ResultRow }>();
  qp.title = 'Grove: Search Memolets';
  qp.placeholder = 'What are you looking for? (searches the memory of every conversation)';
  // The core ranks; the quick pick must neither filter nor re-sort its rows.
  qp.matchOnDescription = false;
  qp.matchOnDetail = false;
  let inflight: AbortController | null = null;
  const search = async (query: string) => {
    inflight?.abort();
    if (!query.trim()) {
      qp.items = [];
      qp.busy = false;
      return;
    }
    const mine = (inflight = new AbortController());
    qp.busy = true;
    try {
      const res = await ctx.connection.request<{ results: SearchResult[] }>(MEMOLET_METHODS.search, { query, limit: 20 }, mine.signal);
      if (mine.signal.aborted) return;
      const rows = resultRows(res.results ?? [], titles);
      qp.items = rows.length
        ? rows.map((row) => ({ label: row.label, description: row.description, detail: row.detail, alwaysShow: true, row }))
        : [{ label: `No memolet matches “${query}”`, alwaysShow: true }];
    } catch (e) {
      if (!mine.signal.aborted) qp.items = [{ label: `Search failed: ${e instanceof Error ? e.message : String(e)}`, alwaysShow: true }];
    } finally {
      if (inflight === mine) qp.busy = false;
    }
  };
  qp.onDidChangeValue((v) => void search(v));
  return new Promise<Memolet | undefined>((resolve) => {
    qp.onDidAccept(() => {
      const row = qp.selectedItems[0]?.row;
      if (!row) return; // a message row: keep the pick open
      resolve(row.memolet);
      qp.hide();
    });
    qp.onDidHide(() => {
      inflight?.abort();
      resolve(undefined);
      qp.dispose();
    });
    qp.show();
  });
}

async function addToSandbox(ctx: Ctx, memolet: Memolet): Promise<void> {
  const project = await pickProject(ctx, undefined, `Add “${memolet.title}” to the sandbox of which conversation?`);
  if (!project) return;
  if (!hasMemolets(ctx, [MEMOLET_METHODS.sandboxAdd])) return;
  await ctx.connection.request(MEMOLET_METHODS.sandboxAdd, { projectId: project.id, memoletId: memolet.id });
  remember(ctx, project);
  ctx.sandbox.refresh();
  void vscode.window.showInformationMessage(`Grove: “${memolet.title}” is in the sandbox of “${project.title}”.`);
}

async function insertReference(ctx: Ctx, memolet: Memolet): Promise<void> {
  const project = await pickProject(ctx, undefined, `Insert the reference into which conversation?`);
  if (!project) return;
  remember(ctx, project);
  ctx.panels.insertText(project.id, project.title, referenceText(memolet));
}

export async function showSandbox(ctx: Ctx): Promise<void> {
  if (!hasMemolets(ctx, [MEMOLET_METHODS.sandboxList])) return;
  const project = await pickProject(ctx, currentProjectId(ctx), 'Show the sandbox of which conversation?');
  if (!project) return;
  remember(ctx, project);
  ctx.sandbox.refresh();
  await vscode.commands.executeCommand('grove.sandbox.focus');
}

/** From the chat's context menu: the selected text of a message becomes a memolet. */
export async function createFromSelection(ctx: Ctx): Promise<void> {
  if (!hasMemolets(ctx, [MEMOLET_METHODS.create])) return;
  if (!ctx.panels.rememberSelection()) void vscode.window.showWarningMessage('Grove: open a conversation and select text in one of its messages first.');
}

export async function removeFromSandbox(ctx: Ctx, node: SandboxItem | undefined): Promise<void> {
  if (node?.kind !== 'memolet') return;
  await ctx.connection.request(MEMOLET_METHODS.sandboxRemove, { projectId: node.projectId, memoletId: node.memolet.id });
  ctx.sandbox.refresh();
}

export async function insertSandboxReference(ctx: Ctx, node: SandboxItem | undefined): Promise<void> {
  if (node?.kind !== 'memolet') return;
  const { project } = await projectBranches(ctx.connection, node.projectId);
  ctx.panels.insertText(project.id, project.title, referenceText(node.memolet));
}

/** Groups a sandbox memolet with others picked from the sandbox (a group needs two or more). */
export async function groupInSandbox(ctx: Ctx, node: SandboxItem | undefined): Promise<void> {
  if (node?.kind !== 'memolet' || !hasMemolets(ctx, [MEMOLET_METHODS.sandboxGroup])) return;
  const sandbox = await ctx.connection.request<Sandbox>(MEMOLET_METHODS.sandboxList, { projectId: node.projectId });
  const others = sandbox.memolets.filter((m) => m.id !== node.memolet.id);
  if (others.length === 0) {
    void vscode.window.showInformationMessage('Grove: a group needs two memolets in the sandbox; add another first.');
    return;
  }
  const picks = await vscode.window.showQuickPick(
    others.map((m) => ({ label: m.title || m.id, memolet: m })),
    { canPickMany: true, placeHolder: `Group “${node.memolet.title}” with…` },
  );
  if (!picks?.length) return;
  await ctx.connection.request(MEMOLET_METHODS.sandboxGroup, { projectId: node.projectId, memoletIds: [node.memolet.id, ...picks.map((p) => p.memolet.id)] });
  ctx.sandbox.refresh();
}

export async function ungroupInSandbox(ctx: Ctx, node: SandboxItem | undefined): Promise<void> {
  if (node?.kind !== 'group' || !hasMemolets(ctx, [MEMOLET_METHODS.sandboxUngroup])) return;
  await ctx.connection.request(MEMOLET_METHODS.sandboxUngroup, { projectId: node.projectId, groupId: node.id });
  ctx.sandbox.refresh();
}
