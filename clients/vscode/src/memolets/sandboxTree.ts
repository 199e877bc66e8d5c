// The "Memolet Sandbox" view: the current conversation's curated working set (generation
// retrieves only from it when it is not empty). Groups show their members; each memolet has
// inline Insert Reference and Remove. Refreshes on grove/memolet/didChange for its project.

import * as vscode from 'vscode';
import type { Connection } from '../connection';
import { MEMOLET_METHODS, missingMemolets } from './feature';
import { sandboxNodes, type SandboxNode } from './format';
import type { Sandbox } from './types';

export type SandboxItem = SandboxNode & { readonly projectId: string };

export class SandboxTree implements vscode.TreeDataProvider<SandboxItem> {
  private readonly changed = new vscode.EventEmitter<SandboxItem | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private project: { id: string; title: string } | null = null;
  private view: vscode.TreeView<SandboxItem> | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly connection: Connection) {}

  attach(view: vscode.TreeView<SandboxItem>): void {
    this.view = view;
  }

  get projectId(): string | null {
    return this.project?.id ?? null;
  }

  setProject(id: string, title: string): void {
    if (this.project?.id === id && this.project.title === title) return;
    this.project = { id, title };
    this.refresh();
  }

  refresh(): void {
    this.changed.fire(undefined);
  }

  /** A memolet notification: refresh (coalesced) when it concerns the shown project. */
  onMemoletsChanged(projectId: unknown): void {
    if (projectId !== undefined && projectId !== this.project?.id) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.refresh(), 100);
  }

  getTreeItem(node: SandboxItem): vscode.TreeItem {
    if (node.kind === 'group') {
      const item = new vscode.TreeItem(node.title, vscode.TreeItemCollapsibleState.Expanded);
      item.id = `group:${node.projectId}:${node.id}`;
      item.contextValue = 'sandboxGroup';
      item.description = `${node.members.length} memolet${node.members.length === 1 ? '' : 's'}`;
      item.tooltip = node.summary || undefined;
      item.iconPath = new vscode.ThemeIcon('folder-library');
      return item;
    }
    const m = node.memolet;
    const item = new vscode.TreeItem(m.title || m.id, vscode.TreeItemCollapsibleState.None);
    item.id = `memolet:${node.projectId}:${node.groupId ?? ''}:${m.id}`;
    item.contextValue = 'sandboxMemolet';
    item.description = (m.summary ?? '').replace(/\s+/g, ' ').slice(0, 80);
    item.tooltip = new vscode.MarkdownString().appendText(`${m.title}\n\n${m.summary ?? ''}`).appendMarkdown(`\n\n\`memolet:${m.id}\``);
    item.iconPath = new vscode.ThemeIcon('bookmark');
    return item;
  }

  async getChildren(node?: SandboxItem): Promise<SandboxItem[]> {
    if (node) return node.kind === 'group' ? node.members.map((memolet) => ({ kind: 'memolet', memolet, groupId: node.id, projectId: node.projectId })) : [];
    if (!this.connection.running) return this.say('The Grove server is not running.');
    const missing = missingMemolets(this.connection.serverMethods, [MEMOLET_METHODS.sandboxList]);
    if (missing) return this.say(missing);
    const project = this.project;
    if (!project) return this.say('Open a conversation to see its memolet sandbox.');
    const sandbox = await this.connection.request<Sandbox>(MEMOLET_METHODS.sandboxList, { projectId: project.id });
    if (this.view) this.view.description = project.title;
    const nodes = sandboxNodes(sandbox).map((n) => ({ ...n, projectId: project.id }));
    this.say(nodes.length === 0 ? `The sandbox of “${project.title}” is empty: Grove: Search Memolets adds to it. While it is empty, answers draw on every memolet.` : undefined);
    return nodes;
  }

  private say(message: string | undefined): [] {
    if (this.view) this.view.message = message;
    return [];
  }
}
