// The abstract host channel: a postMessage-style pipe. Each host supplies one:
// - VS Code: acquireVsCodeApi().postMessage out, window 'message' events in.
// - Any other host (JCEF, the test host, a browser dev page): it defines
//   window.groveHost = { post(msg) } before the bundle loads and delivers messages with
//   window.postMessage(msg, '*'). See README.md.

import { isHostToWebview, type HostToWebview, type WebviewToHost } from './messages';

export interface HostChannel {
  post(message: WebviewToHost): void;
  /** Registers a listener; returns a function that removes it. */
  onMessage(listener: (message: HostToWebview) => void): () => void;
}

interface VsCodeApi { postMessage(message: unknown): void; setState?(state: unknown): void }
interface GenericHost { post(message: unknown): void }

declare global {
  interface Window {
    groveHost?: GenericHost;
    acquireVsCodeApi?: () => VsCodeApi;
  }
}

/** A channel that posts with `send` and receives `message` events from `target`. */
export function windowChannel(send: (message: unknown) => void, target: Window): HostChannel {
  return {
    post: (message) => send(message),
    onMessage(listener) {
      const handler = (event: MessageEvent) => {
        if (isHostToWebview(event.data)) listener(event.data);
      };
      target.addEventListener('message', handler);
      return () => target.removeEventListener('message', handler);
    },
  };
}

/** Finds the host this page runs in, or null when there is none. */
export function detectHostChannel(win: Window): HostChannel | null {
  if (typeof win.acquireVsCodeApi === 'function') {
    const api = win.acquireVsCodeApi();
    const channel = windowChannel((m) => api.postMessage(m), win);
    // VS Code keeps this state with the panel, so it can bring the panel back after a reload.
    channel.onMessage((m) => {
      if (m.type === 'init' && (m.projectId || m.workspaceUri)) api.setState?.({ projectId: m.projectId, view: m.view, workspaceUri: m.workspaceUri ?? null });
      else if (m.type === 'setProject') api.setState?.({ projectId: m.projectId, view: 'conversation' });
    });
    return channel;
  }
  const host = win.groveHost;
  if (host && typeof host.post === 'function') return windowChannel((m) => host.post(m), win);
  return null;
}
