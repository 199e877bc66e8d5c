// Grove for VS Code: starts grove-server, registers the tree, the commands and the webviews.
// Activation failures are shown to the user here, because VS Code itself would not.

import * as vscode from 'vscode';
import * as commands from './commands';
import { Connection } from './connection';
import { projectBranches } from './projectBranches';
import { ProjectsTree } from './projectsTree';
import * as memolets from './memolets/commands';
import { SandboxTree } from './memolets/sandboxTree';
import { Panels } from './webview/panels';
import * as workspaceViews from './workspaceViews';

let connection: Connection | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<{ connection: Connection }> {
  const output = vscode.window.createOutputChannel('Grove');
  context.subscriptions.push(output);
  connection = new Connection(context, output);
  const tree = new ProjectsTree(connection);
  const panels = new Panels(context, connection);
  const sandbox = new SandboxTree(connection);
  const sandboxView = vscode.window.createTreeView('grove.sandbox', { treeDataProvider: sandbox });
  sandbox.attach(sandboxView);
  const previews = new commands.PreviewDocuments(connection);
  const ctx: commands.Ctx = { extension: context, connection, panels, tree, sandbox, previews };
  context.subscriptions.push(vscode.workspace.registerTextDocumentContentProvider(commands.PREVIEW_SCHEME, previews));
  // Conversation and map panels come back after a window reload.
  context.subscriptions.push(vscode.window.registerWebviewPanelSerializer('grove.conversation', panels.serializer()));
  context.subscriptions.push(panels, sandboxView, vscode.window.registerTreeDataProvider('grove.projects', tree));
  context.subscriptions.push(
    connection.onNotification((method, params) => {
      if (method === 'grove/project/didChange') {
        tree.refreshSoon();
        previews.refresh((params as { projectId: string }).projectId);
      }
      if (method === 'grove/memolet/didChange') sandbox.onMemoletsChanged((params as { projectId?: unknown } | null)?.projectId);
    }),
  );

  const register = (id: string, fn: (...args: never[]) => Promise<void> | void) =>
    context.subscriptions.push(
      vscode.commands.registerCommand(id, async (...args: never[]) => {
        try {
          await fn(...args);
        } catch (e) {
          void vscode.window.showErrorMessage(`Grove: ${e instanceof Error ? e.message : String(e)}`);
        }
      }),
    );
  register('grove.newConversation', () => commands.newConversation(ctx));
  register('grove.openConversation', (arg?: commands.ProjectArg, unitId?: string) => commands.openConversation(ctx, arg, unitId));
  register('grove.showContextMap', (arg?: commands.ProjectArg) => commands.showContextMap(ctx, arg));
  register('grove.previewContext', () => commands.previewContext(ctx));
  register('grove.captureSelection', () => commands.captureSelection(ctx));
  register('grove.undo', () => commands.history(ctx, 'undo'));
  register('grove.redo', () => commands.history(ctx, 'redo'));
  register('grove.search', () => commands.search(ctx));
  register('grove.refresh', () => tree.refresh());
  register('grove.searchMemolets', () => memolets.searchMemolets(ctx));
  register('grove.showSandbox', () => memolets.showSandbox(ctx));
  register('grove.createMemoletFromSelection', () => memolets.createFromSelection(ctx));
  register('grove.sandbox.remove', (node?: never) => memolets.removeFromSandbox(ctx, node));
  register('grove.sandbox.insertReference', (node?: never) => memolets.insertSandboxReference(ctx, node));
  register('grove.sandbox.refresh', () => sandbox.refresh());
  register('grove.sandbox.group', (node?: never) => memolets.groupInSandbox(ctx, node));
  register('grove.sandbox.ungroup', (node?: never) => memolets.ungroupInSandbox(ctx, node));
  register('grove.showCapsules', () => commands.showPanel(ctx, 'capsules'));
  register('grove.showSettings', () => commands.showPanel(ctx, 'settings'));
  register('grove.showMemoryMap', () => commands.showPanel(ctx, 'memory'));
  register('grove.renameConversation', (arg?: commands.ProjectArg) => commands.renameConversation(ctx, arg));
  register('grove.deleteConversation', (arg?: commands.ProjectArg) => commands.deleteConversation(ctx, arg));
  register('grove.openTrash', () => commands.openTrash(ctx));
  register('grove.resetScope', () => commands.resetScope(ctx));
  register('grove.branch.complete', (node?: never) => commands.branchAction(ctx, node, 'completed'));
  register('grove.branch.abandon', (node?: never) => commands.branchAction(ctx, node, 'abandoned'));
  register('grove.branch.reopen', (node?: never) => commands.branchAction(ctx, node, 'open'));
  register('grove.branch.summarize', (node?: never) => commands.branchAction(ctx, node, 'summarize'));
  register('grove.branch.return', (node?: never) => commands.returnFromBranch(ctx, node));
  register('grove.openBoard', () => workspaceViews.openBoard(ctx));
  register('grove.openKnowledgeMap', () => workspaceViews.openKnowledgeMap(ctx));
  register('grove.captureToBoard', () => workspaceViews.captureToBoard(ctx));
  context.subscriptions.push(workspaceViews.refreshOnSave(ctx));

  if (await connection.start()) {
    tree.refresh();
    // Memolet menu items only where the server makes memolets.
    void vscode.commands.executeCommand('setContext', 'grove.memolets', connection.has('grove/memolet/create'));
    // The sandbox view follows the current conversation (the last one opened here).
    const current = commands.currentProjectId(ctx);
    if (current) void projectBranches(connection, current).then((r) => sandbox.setProject(r.project.id, r.project.title), () => undefined);
    else sandbox.refresh();
  }
  return { connection };
}

export async function deactivate(): Promise<void> {
  await connection?.dispose();
}
