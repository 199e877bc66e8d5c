// Entry point of the web UI bundle: find the host channel, start the app.

import { App } from './app';
import { detectHostChannel } from './channel/hostChannel';
import { WebRpc } from './channel/rpc';

declare global {
  interface Window {
    /** The running app, for hosts' automation and the tests. */
    groveApp?: App;
  }
}

function boot(): void {
  const root = document.getElementById('grove-root') ?? document.body;
  const channel = detectHostChannel(window);
  if (!channel) {
    root.textContent = 'Grove: no host. This page must be opened by an editor (see clients/web-ui/README.md).';
    return;
  }
  const app = new App(root, new WebRpc(channel), channel);
  window.groveApp = app;
  app.start();
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', boot);
else boot();
