// Chat in the web UI against the real grove-server, answered by the fake provider: streamed
// pieces appear as they arrive, and Stop keeps the partial answer.

import { strict as assert } from 'node:assert';
import { existsSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { Project, Unit } from '../../src/model/types';
import { chromiumMissing, launchChromium } from '../support/browser';
import { openUi, type UiHost } from '../support/pageHost';
import { fakeProviderPath, serverMissing, startFakeProvider, startServer, type FakeProvider, type StartedServer } from '../support/server';

const ALLOWED = new Set(['grove/project/get', 'grove/project/structure', 'grove/project/setCursor', 'grove/unit/getMany', 'grove/scope/preview', 'grove/chat/send', 'grove/unit/append', 'grove/suggestion/list', 'grove/suggestion/resolve']);
const skip = chromiumMissing() || serverMissing() || (!existsSync(fakeProviderPath()) && `fake provider not built at ${fakeProviderPath()}`);
if (skip) console.log(`# note: web UI chat tests skipped: ${skip}`);

describe('chat against grove-server and the fake provider', { skip }, () => {
  let browser: Browser;
  let provider: FakeProvider;
  const servers: StartedServer[] = [];
  const open: UiHost[] = [];

  // Each test sets one script entry, which repeats. It names no `kind`, so besides the chat turn
  // the requests the core makes on its own (memolet embeddings, the structure agent) get an
  // answer of their kind and cannot take the turn's entry out of order. Each test also gets its
  // own server (a fresh store): with no other conversation to retrieve memolets from, the core
  // makes no query-expansion request before the turn, which the stalling entry would stall.
  // Slow enough that a loaded machine still loads the answer's unit, and polls the page, before
  // the last piece: the first test must see the answer mid-stream.
  const SLOW_ANSWER = [{ chunks: ['Use ', 'yaml-cpp ', 'for YAML.'], delayMs: 800 }];
  const STALLING_ANSWER = [{ chunks: ['Partial ', 'never sent'], stallAfterChunks: 1 }];

  before(async () => {
    provider = await startFakeProvider(SLOW_ANSWER);
    browser = await launchChromium();
  });

  after(async () => {
    for (const ui of open) await ui.close();
    await browser?.close();
    for (const srv of servers) await srv.stop();
    await provider?.stop();
  });

  async function fresh(script: unknown[]): Promise<StartedServer> {
    await provider.setScript(script);
    const srv = await startServer([], provider.env);
    servers.push(srv);
    srv.server.on('notification', (method: string, params: unknown) => open.forEach((ui) => ui.relay.notify(method, params)));
    return srv;
  }

  async function show(srv: StartedServer): Promise<{ page: Page; project: Project; root: Unit }> {
    const project = await srv.server.request<Project>('grove/project/create', { title: 'Chat' });
    const root = await srv.server.request<Unit>('grove/unit/append', { projectId: project.id, parentId: null, role: 'user', content: 'How do I parse TOML?' });
    await srv.server.request<Unit>('grove/unit/append', { projectId: project.id, parentId: root.id, role: 'assistant', content: 'Use toml11.' });
    const ui = await openUi(browser, { request: (m, p, s) => srv.server.request(m, p, s) }, { projectId: project.id, methods: srv.methods, allowed: ALLOWED });
    open.push(ui);
    await ui.page.waitForFunction(() => document.querySelectorAll('article.unit').length === 2, null, { timeout: 10000 });
    return { page: ui.page, project, root };
  }

  test('a sent message streams its answer piece by piece', async (t) => {
    const srv = await fresh(SLOW_ANSWER);
    if (!srv.methods.includes('grove/chat/send')) return t.skip('no chat on this server');
    const { page } = await show(srv);
    await page.locator('.composer-input').fill('And for YAML?');
    await page.locator('.composer-send').click();
    // Mid-stream: a prefix of the answer is visible while the unit is still streaming.
    await page.waitForFunction(() => {
      const a = document.querySelector('article.role-assistant.status-streaming .content');
      return !!a && a.textContent!.startsWith('Use ') && a.textContent !== 'Use yaml-cpp for YAML.';
    }, null, { timeout: 10000 });
    await page.waitForFunction(() => [...document.querySelectorAll('article.role-assistant.status-complete .content')].some((e) => e.textContent === 'Use yaml-cpp for YAML.'), null, { timeout: 15000 });
    assert.ok((await page.evaluate(() => window.groveApp!.snapshot().streamEvents)) >= 3);
    assert.equal(await page.locator('.composer-stop').isVisible(), false);
  });

  test('Stop cancels the turn and keeps the partial answer', async (t) => {
    const srv = await fresh(STALLING_ANSWER);
    if (!srv.methods.includes('grove/chat/send')) return t.skip('no chat on this server');
    const { page, project } = await show(srv);
    // Only the turn may stall: no structure agent call beside it.
    if (srv.methods.includes('grove/initiative/set')) await srv.server.request('grove/initiative/set', { projectId: project.id, level: 'off' });
    await page.locator('.composer-input').fill('Tell me everything.');
    await page.locator('.composer-send').click();
    await page.waitForFunction(() => document.querySelector('article.role-assistant.status-streaming .content')?.textContent === 'Partial ', null, { timeout: 15000 });
    await page.locator('.composer-stop').click();
    await page.locator('.composer-stop').waitFor({ state: 'hidden', timeout: 15000 });
    await page.waitForFunction(() => document.querySelector('article.role-assistant.status-interrupted .content')?.textContent === 'Partial ', null, { timeout: 15000 });
    const snap = await srv.server.request<{ units: Unit[] }>('grove/project/get', { projectId: project.id });
    const answer = snap.units.find((u) => u.role === 'assistant' && u.status === 'interrupted');
    assert.equal(answer?.content, 'Partial ');
  });
});
