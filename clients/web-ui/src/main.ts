// Entry point of the web UI bundle: find the host channel, start the app.

import { App } from './app';
import { BoardView } from './board/boardView';
import { detectHostChannel, type HostChannel } from './channel/hostChannel';
import { WebRpc } from './channel/rpc';
import { KnowledgeView } from './knowledge/knowledgeView';

declare global {
  interface Window {
    /** The running app, for hosts' automation and the tests. */
    groveApp?: App;
    /** The workspace views, once the host's init asked for one (for tests and the benchmark). */
    groveBoard?: BoardView;
    groveKnowledge?: KnowledgeView;
  }
}

/** The board and the knowledge map are per workspace: the init names the view and the folder.
 *  The conversation UI stays idle in those pages (no project) and the stylesheet hides it. */
function mountWorkspaceViews(root: HTMLElement, rpc: WebRpc, channel: HostChannel): void {
  channel.onMessage((msg) => {
    if (msg.type !== 'init' || (msg.view !== 'board' && msg.view !== 'knowledge')) return;
    if (window.groveBoard || window.groveKnowledge) return;
    if (!msg.workspaceUri) {
      root.append(document.createTextNode('Grove: open a workspace folder to see its board and knowledge map.'));
      return;
    }
    const view = msg.view === 'board' ? (window.groveBoard = new BoardView(root, rpc, channel, msg.workspaceUri)) : (window.groveKnowledge = new KnowledgeView(root, rpc, channel, msg.workspaceUri, new Set(msg.methods)));
    void view.refresh();
  });
}

function boot(): void {
  const root = document.getElementById('grove-root') ?? document.body;
  const channel = detectHostChannel(window);
  if (!channel) {
    root.textContent = 'Grove: no host. This page must be opened by an editor (see clients/web-ui/README.md).';
    return;
  }
  const rpc = new WebRpc(channel);
  mountWorkspaceViews(root, rpc, channel);
  const app = new App(root, rpc, channel);
  window.groveApp = app;
  app.start();
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', boot);
else boot();
