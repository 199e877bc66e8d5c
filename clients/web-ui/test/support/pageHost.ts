// A tiny host for the web UI in headless Chromium: serves dist/ under a fake origin, and
// bridges the UI's channel (window.groveHost.post / window.postMessage) to a ServerPort with
// the same Relay the VS Code extension uses. This is the contract a JetBrains host follows.

import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { Relay, type ServerPort } from '../../host/relay';
import type { HostToWebview, ViewKind, WebviewToHost } from '../../src/channel/messages';

import { webUiDir } from './paths';

declare global {
  interface Window {
    /** When each response from the host reached the page (Date.now()), recorded before the UI's
     *  own listener handles it; the first-screen benchmark splits its time with these. */
    groveResponseTimes?: number[];
  }
}

const dist = path.join(webUiDir, 'dist');
const ORIGIN = 'http://grove.test';

const PAGE = `<!DOCTYPE html><html><head><meta charset="utf-8"><link rel="stylesheet" href="/grove-web-ui.css"></head>
<body><div id="grove-root"></div>
<script>window.groveHost = { post: (m) => window.__grovePost(m) };</script>
<script src="/grove-web-ui.js"></script></body></html>`;

export interface UiHost {
  readonly page: Page;
  readonly relay: Relay;
  /** UI-level messages the page sent (openLocation, notify, reveal). */
  readonly uiMessages: WebviewToHost[];
  post(message: HostToWebview): Promise<void>;
  close(): Promise<void>;
}

export interface UiOptions {
  readonly projectId: string | null;
  readonly methods: readonly string[];
  readonly allowed: ReadonlySet<string>;
  readonly view?: ViewKind;
  /** The workspace folder of a board or knowledge view. */
  readonly workspaceUri?: string;
  readonly width?: number;
  readonly height?: number;
  /** Messages posted right after `init`, as the VS Code host posts a panel's queued `locate`. */
  readonly afterInit?: readonly HostToWebview[];
}

export async function openUi(browser: Browser, port: ServerPort, opts: UiOptions): Promise<UiHost> {
  const context = await browser.newContext({ viewport: { width: opts.width ?? 1400, height: opts.height ?? 900 } });
  const page = await context.newPage();
  const uiMessages: WebviewToHost[] = [];
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  let chain = Promise.resolve();
  // Deliver host messages strictly in order, as JSON text: Playwright's structured argument
  // serialisation is far slower than the structured clone a real webview's postMessage does.
  const post = (m: HostToWebview) => (chain = chain.then(() => page.evaluate((json) => window.postMessage(JSON.parse(json), '*'), JSON.stringify(m))).catch(() => undefined));
  const relay = new Relay(port, (m) => void post(m), {
    allowed: opts.allowed,
    onReady: () => {
      void post({ type: 'init', projectId: opts.projectId, view: opts.view ?? 'conversation', methods: opts.methods, ...(opts.workspaceUri ? { workspaceUri: opts.workspaceUri } : {}) });
      for (const m of opts.afterInit ?? []) void post(m);
    },
    onOpenLocation: (m) => uiMessages.push(m),
    onNotify: (m) => uiMessages.push(m),
    onReveal: (unitId) => uiMessages.push({ type: 'reveal', unitId }),
  });
  await page.exposeBinding('__grovePost', (_source, message: unknown) => relay.handle(message));
  await page.route(`${ORIGIN}/**`, (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/' || url.pathname === '/index.html') return route.fulfill({ contentType: 'text/html', body: PAGE });
    const file = path.join(dist, path.basename(url.pathname));
    const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'application/octet-stream';
    try {
      return route.fulfill({ contentType: type, body: readFileSync(file) });
    } catch {
      return route.fulfill({ status: 404, body: 'not found' });
    }
  });
  // Added before the page's scripts run, so it sees each response as it arrives: a window's
  // listeners run in the order they were added, and the UI's handles the response in its own.
  await page.addInitScript(() => {
    const times: number[] = (window.groveResponseTimes = []);
    window.addEventListener('message', (e) => {
      if ((e.data as { type?: string } | null)?.type === 'response') times.push(Date.now());
    });
  });
  await page.goto(`${ORIGIN}/`);
  return {
    page,
    relay,
    uiMessages,
    post,
    async close() {
      relay.dispose();
      await context.close();
      if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
    },
  };
}
