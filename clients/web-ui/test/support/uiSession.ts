// The describe-level setup the browser tests against grove-server share: one headless Chromium
// and one server per describe block, the server's notifications relayed to every open UI (as the
// VS Code extension relays them to its webviews), and everything closed afterwards.

import { after, before, type TestContext } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './browser';
import { openUi, type UiHost } from './pageHost';
import { startServer, type StartedServer } from './server';
import type { HostToWebview, ViewKind } from '../../src/channel/messages';
import type { Project, Unit } from '../../src/model/types';

export interface UiSession {
  /** Valid inside tests and hooks (set by the `before` hook this session registers). */
  readonly browser: Browser;
  readonly srv: StartedServer;
  /** Every UI opened so far; closed in `after`. */
  readonly open: UiHost[];
  rpc<T>(method: string, params: unknown): Promise<T>;
  /** Opens the UI on a project, bridged to the server with only the `allowed` methods; `log`
   *  gets each request's method as it is sent and `<method> answered` when its answer comes. */
  openView(projectId: string | null, log?: string[], where?: { view: ViewKind; workspaceUri: string }, afterInit?: readonly HostToWebview[]): Promise<UiHost>;
  /** Opens the conversation view on a project and waits until opening is over: its units loaded
   *  (or the chat shown empty, with `emptyOk`) and the map centred on the focus. */
  showProject(projectId: string, opts?: { emptyOk?: boolean }): Promise<Page>;
  /** Skips `t` (with a printed reason) while the server lacks one of `needed`; the final run must not skip. */
  lacking(t: TestContext): boolean;
  /** A project holding `turns` (question, answer) appended in a row; the units in order. */
  seed(title: string, turns: [string, string][]): Promise<{ project: Project; units: Unit[] }>;
}

/** Call at the top of a `describe` body: registers its before/after hooks. */
export function useUiSession(opts: { allowed: ReadonlySet<string>; needed?: readonly string[] }): UiSession {
  let browser: Browser | undefined;
  let srv: StartedServer | undefined;
  const open: UiHost[] = [];
  const started = (): StartedServer => {
    if (!srv) throw new Error('grove-server not started (use the session inside tests)');
    return srv;
  };
  const launched = (): Browser => {
    if (!browser) throw new Error('Chromium not launched (use the session inside tests)');
    return browser;
  };

  before(async () => {
    browser = await launchChromium();
    srv = await startServer();
    srv.server.on('notification', (method: string, params: unknown) => open.forEach((ui) => ui.relay.notify(method, params)));
  });

  after(async () => {
    // Everything is closed even when a page reported errors, which are thrown after: a server
    // left running keeps the test process alive for good.
    const failures: unknown[] = [];
    for (const ui of open) await ui.close().catch((e: unknown) => failures.push(e));
    await browser?.close();
    await srv?.stop();
    if (failures.length > 0) throw failures[0];
  });

  return {
    get browser() {
      return launched();
    },
    get srv() {
      return started();
    },
    open,
    rpc: <T>(method: string, params: unknown) => started().server.request<T>(method, params),
    async openView(projectId, log, where, afterInit) {
      const s = started();
      const request = async (m: string, p: unknown, signal?: AbortSignal) => {
        log?.push(m);
        try {
          return await s.server.request(m, p, signal);
        } finally {
          log?.push(`${m} answered`);
        }
      };
      const ui = await openUi(launched(), { request }, { projectId, methods: s.methods, allowed: opts.allowed, ...where, afterInit });
      open.push(ui);
      return ui;
    },
    async showProject(projectId, opts) {
      const { page } = await this.openView(projectId);
      await page.waitForFunction((emptyOk) => (window.groveApp?.snapshot().unitCount ?? 0) > 0 || (emptyOk && document.querySelector('.chat-units .empty')), !!opts?.emptyOk, { timeout: 10000 });
      // Opening ends by centring the map on the focus once its loads are done: a node's point
      // taken before that would be clicked after the map moved.
      await page.evaluate(() => window.groveApp!.settled());
      return page;
    },
    async seed(title, turns) {
      const request = <T>(method: string, params: unknown) => started().server.request<T>(method, params);
      const project = await request<Project>('grove/project/create', { title });
      const units: Unit[] = [];
      let parentId: string | null = null;
      for (const [q, a] of turns) {
        for (const [role, content] of [['user', q], ['assistant', a]]) {
          const u: Unit = await request<Unit>('grove/unit/append', { projectId: project.id, parentId, role, content });
          units.push(u);
          parentId = u.id;
        }
      }
      return { project, units };
    },
    lacking(t) {
      const missing = (opts.needed ?? []).filter((m) => !started().methods.includes(m));
      if (missing.length) t.skip(`server lacks ${missing.join(', ')}`);
      return missing.length > 0;
    },
  };
}
