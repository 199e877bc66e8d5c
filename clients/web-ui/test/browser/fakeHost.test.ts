// UI behaviour the foundation server cannot drive yet (streamed chat, Stop, suggestion cards),
// in headless Chromium against a scripted host that answers like the protocol documents.

import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import type { ServerPort } from '../../host/relay';
import type { Branch, Unit } from '../../src/model/types';
import { chromiumMissing } from '../support/browser';
import { useScriptedSession } from '../support/scriptedSession';
import { unit } from '../support/fixtures';
import type { UiHost } from '../support/pageHost';

const skip = chromiumMissing();

const ALL = new Set(['grove/project/get', 'grove/scope/preview', 'grove/chat/send', 'grove/suggestion/list', 'grove/suggestion/resolve', 'grove/unit/getMany', 'grove/project/setCursor', 'grove/memolet/complete']);

const MEMOLETS = [
  { id: 'm1', label: 'Retry backoff', detail: 'exponential backoff with jitter', insertText: '@[Retry backoff](memolet:m1)' },
  { id: 'm2', label: 'Retry budget', detail: 'at most 10% extra load', insertText: '@[Retry budget](memolet:m2)' },
];

/** A scripted server: one project with a → b, chat that streams until released or cancelled. */
function scripted() {
  const units: Unit[] = [unit('a', null, { content: 'question' }), unit('b', 'a', { role: 'assistant', content: 'answer' })];
  const branches = (): Branch[] => [{ headId: 'a', anchorId: null, isMainline: true, unitIds: units.map((u) => u.id) }];
  const calls: { method: string; params: any }[] = [];
  let suggestions = [{ id: 's1', kind: 'branch', state: 'pending', reason: 'The topic drifted to caching.', confidence: 0.8, anchorIds: ['b'] }];
  let releaseChat: (() => void) | null = null;
  // A completion held back until released: its answer lands after later keys. `asked` settles
  // when the request for `prefix` reaches the host.
  let asked = () => {};
  const held = { prefix: null as string | null, release: null as (() => void) | null, asked: new Promise<void>((resolve) => (asked = resolve)) };
  let ui: UiHost | null = null;
  const port: ServerPort = {
    async request(method, params: any, signal) {
      calls.push({ method, params });
      switch (method) {
        case 'grove/project/get':
          return { project: { id: 'p', title: 'Scripted', revision: 1, cursorId: null, mainlineEndId: units[units.length - 1].id }, units, branches: branches() };
        case 'grove/scope/preview':
          return { system: '', messages: [{ role: 'user', content: 'x', unitIds: units.map((u) => u.id) }], tokens: 3, excluded: [], included: [], truncated: [] };
        case 'grove/suggestion/list':
          return { suggestions };
        case 'grove/memolet/complete':
          if (params.prefix === held.prefix) {
            await new Promise<void>((resolve) => {
              held.release = resolve;
              asked();
            });
          }
          return { items: MEMOLETS.filter((m) => m.label.toLowerCase().startsWith(String(params.prefix).toLowerCase())) };
        case 'grove/suggestion/resolve':
          suggestions = suggestions.filter((s) => s.id !== params.suggestionId);
          return {};
        case 'grove/chat/send': {
          const user = unit('u', params.parentId, { content: params.content });
          const answer = unit('v', 'u', { role: 'assistant', content: '', status: 'streaming' });
          units.push(user, answer);
          ui!.relay.notify('grove/project/didChange', { projectId: 'p', revision: 2, op: 'append', unitIds: ['u', 'v'] });
          for (const piece of ['Retries ', 'drop ', 'errors.']) ui!.relay.notify('grove/chat/didStream', { projectId: 'p', unitId: 'v', text: piece });
          await new Promise<void>((resolve, reject) => {
            releaseChat = resolve;
            signal.addEventListener('abort', () => reject({ code: -32800, message: 'cancelled' }));
          });
          units[units.length - 1] = { ...answer, content: 'Retries drop errors.', status: 'complete' };
          return { userUnit: user, assistantUnit: units[units.length - 1], usage: {}, finishReason: 'stop' };
        }
      }
      throw { code: -32601, message: method };
    },
  };
  return { port, calls, held, release: () => releaseChat?.(), attach: (u: UiHost) => (ui = u) };
}

describe('web UI with a scripted host', { skip }, () => {
  const session = useScriptedSession();

  async function show(s: ReturnType<typeof scripted>) {
    const ui = await session.show(s, { projectId: 'p', methods: [...ALL], allowed: ALL });
    await ui.page.locator('article.unit[data-unit-id="b"]').waitFor();
    return ui.page;
  }

  test('a sent message streams its answer, then shows the final unit', async () => {
    const s = scripted();
    const page = await show(s);
    await page.locator('.composer-input').fill('why do retries fail?');
    await page.locator('.composer-send').click();
    await page.waitForFunction(() => document.querySelector('article[data-unit-id="v"] .content')?.textContent === 'Retries drop errors.', null, { timeout: 10000 });
    assert.ok(await page.locator('.composer-stop').isVisible(), 'Stop is offered while the answer streams');
    const send = s.calls.find((c) => c.method === 'grove/chat/send')!;
    assert.deepEqual(send.params, { projectId: 'p', parentId: 'b', content: 'why do retries fail?' });
    s.release();
    await page.locator('.composer-stop').waitFor({ state: 'hidden' });
    await page.waitForFunction(() => document.querySelector('article[data-unit-id="v"]')?.classList.contains('status-complete'), null, { timeout: 10000 });
  });

  test('Stop cancels the running send', async () => {
    const s = scripted();
    const page = await show(s);
    await page.locator('.composer-input').fill('long question');
    await page.locator('.composer-send').click();
    await page.locator('.composer-stop').waitFor();
    await page.locator('.composer-stop').click();
    await page.locator('.composer-stop').waitFor({ state: 'hidden' });
    assert.equal(await page.locator('.composer-send').isDisabled(), false);
    assert.equal(await page.locator('.toolbar .status').textContent(), '', 'a cancel is not reported as an error');
  });

  test('Branch on a unit sends the next message as a branch from it', async () => {
    const s = scripted();
    const page = await show(s);
    await page.locator('article[data-unit-id="a"]').hover();
    await page.locator('article[data-unit-id="a"] .act-branch').click();
    await page.locator('.composer-banner').waitFor();
    await page.locator('.composer-input').fill('another angle');
    await page.locator('.composer-send').click();
    await page.locator('.composer-stop').waitFor();
    const send = s.calls.find((c) => c.method === 'grove/chat/send')!;
    assert.equal(send.params.parentId, 'a');
    assert.deepEqual(send.params.branch, { title: 'another angle' });
    s.release();
  });

  test('suggestion cards render inline and Accept resolves them', async () => {
    const s = scripted();
    const page = await show(s);
    const card = page.locator('aside.suggestion[data-suggestion-id="s1"]');
    await card.waitFor();
    assert.match((await card.textContent()) ?? '', /Start a branch here\?.*topic drifted to caching\. \(80%\)/);
    // Inline: right after the unit it is about.
    assert.equal(await page.evaluate(() => document.querySelector('aside.suggestion')?.previousElementSibling?.getAttribute('data-unit-id')), 'b');
    await card.locator('button', { hasText: 'Accept' }).click();
    await card.waitFor({ state: 'detached' });
    assert.deepEqual(s.calls.find((c) => c.method === 'grove/suggestion/resolve')?.params, { suggestionId: 's1', decision: 'accept' });
  });

  test('@ completion shows the host\'s items; the chosen reference is sent and drawn as a chip', async () => {
    const s = scripted();
    const page = await show(s);
    await page.locator('.composer-input').click();
    await page.keyboard.type('try @retry');
    await page.waitForFunction(() => document.querySelectorAll('.mention-popup[data-prefix="retry"]:not([hidden]) .mention-item').length === 2, null, { timeout: 10000 });
    assert.deepEqual(s.calls.filter((c) => c.method === 'grove/memolet/complete').pop()?.params, { prefix: 'retry', limit: 8, projectId: 'p' });
    assert.deepEqual(await page.locator('.mention-item .mention-detail').allTextContents(), MEMOLETS.map((m) => m.detail));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    assert.equal(await page.locator('.composer-input').inputValue(), 'try @[Retry budget](memolet:m2) ');
    await page.keyboard.press('Control+Enter');
    await page.locator('article[data-unit-id="u"] .memolet-ref[data-memolet-id="m2"]').waitFor();
    assert.equal(await page.locator('article[data-unit-id="u"] .content').textContent(), 'try @Retry budget');
    assert.equal(s.calls.find((c) => c.method === 'grove/chat/send')?.params.content, 'try @[Retry budget](memolet:m2)');
    s.release();
  });

  test('@ completion: an answer that lands after an arrow key keeps the highlighted memolet', async () => {
    const s = scripted();
    s.held.prefix = 'retry';
    const page = await show(s);
    await page.locator('.composer-input').click();
    await page.keyboard.type('try @retr');
    await page.waitForFunction(() => document.querySelectorAll('.mention-popup[data-prefix="retr"]:not([hidden]) .mention-item').length === 2, null, { timeout: 10000 });
    await page.keyboard.press('ArrowDown');
    await page.keyboard.type('y');
    await s.held.asked;
    assert.equal(await page.locator('.mention-popup').getAttribute('data-prefix'), 'retr', 'the answer for "retry" is held');
    s.held.release!();
    await page.waitForFunction(() => document.querySelectorAll('.mention-popup[data-prefix="retry"]:not([hidden]) .mention-item').length === 2, null, { timeout: 10000 });
    assert.equal(await page.locator('.mention-item.active').getAttribute('data-memolet-id'), 'm2');
    await page.keyboard.press('Enter');
    assert.equal(await page.locator('.composer-input').inputValue(), 'try @[Retry budget](memolet:m2) ');
  });

  test('without grove/memolet/complete on the server, @ opens nothing', async () => {
    const s = scripted();
    const ui = await session.show(s, { projectId: 'p', methods: [...ALL].filter((m) => m !== 'grove/memolet/complete'), allowed: ALL });
    await ui.page.locator('article.unit[data-unit-id="b"]').waitFor();
    await ui.page.locator('.composer-input').click();
    await ui.page.keyboard.type('@re');
    assert.equal(await ui.page.locator('.mention-popup').isHidden(), true);
    assert.ok(!s.calls.some((c) => c.method === 'grove/memolet/complete'));
    assert.equal(await ui.page.locator('article .act-remember').count(), 0, 'no Remember without memolets');
  });
});
