// The activity-bar tree: projects, and under each its mainline and branches. Clicking a project
// opens its conversation; clicking a branch opens it at the branch's head.

import * as vscode from 'vscode';
import type { Connection } from './connection';
import { projectBranches, type BranchSummary } from './projectBranches';
import type { Project } from './protocol';

export type Node = { kind: 'project'; project: Project } | { kind: 'branch'; project: Project; branch: BranchSummary; label: string };

export function branchLabel(branch: BranchSummary): string {
  if (branch.isMainline) return 'Mainline';
  if (branch.title) return branch.title;
  return branch.head.slice(0, 40) || 'Branch';
}

export class ProjectsTree implements vscode.TreeDataProvider<Node> {
  private readonly changed = new vscode.EventEmitter<Node | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly connection: Connection) {}

  refresh(): void {
    this.changed.fire(undefined);
  }

  /** Coalesces bursts of didChange notifications into one refresh. */
  refreshSoon(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.refresh(), 150);
  }

  getTreeItem(node: Node): vscode.TreeItem {
    if (node.kind === 'project') {
      const item = new vscode.TreeItem(node.project.title, vscode.TreeItemCollapsibleState.Collapsed);
      item.id = `project:${node.project.id}`;
      item.contextValue = 'project';
      item.iconPath = new vscode.ThemeIcon('comment-discussion');
      item.command = { command: 'grove.openConversation', title: 'Open Conversation', arguments: [node.project.id] };
      return item;
    }
    const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.None);
    item.id = `branch:${node.project.id}:${node.branch.headId}`;
    item.contextValue = 'branch';
    item.description = `${node.branch.unitCount} unit${node.branch.unitCount === 1 ? '' : 's'}${node.branch.status && node.branch.status !== 'open' ? ` · ${node.branch.status}` : ''}`;
    item.iconPath = new vscode.ThemeIcon(node.branch.isMainline ? 'arrow-down' : 'git-branch');
    item.command = { command: 'grove.openConversation', title: 'Open Conversation', arguments: [node.project.id, node.branch.tipId] };
    return item;
  }

  async getChildren(node?: Node): Promise<Node[]> {
    if (!this.connection.running) return [];
    if (!node) {
      const res = await this.connection.request<{ projects: Project[] }>('grove/project/list', {});
      return res.projects.map((project) => ({ kind: 'project', project }));
    }
    if (node.kind !== 'project') return [];
    const res = await projectBranches(this.connection, node.project.id);
    return [...res.branches]
      .sort((a, b) => Number(b.isMainline) - Number(a.isMainline))
      .map((branch) => ({ kind: 'branch', project: node.project, branch, label: branchLabel(branch) }));
  }
}
