// Structure suggestion cards from the real grove-server (offline provider, native detectors):
// after a few turns on one topic, an unrelated message makes the core propose a branch; the
// card appears in the chat, and Accept or Reject resolves it on the server.

import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import type { Project, ProjectSnapshot, Suggestion, Unit } from '../../src/model/types';
import { chromiumMissing } from '../support/browser';
import { serverMissing } from '../support/server';
import { useUiSession } from '../support/uiSession';

const skip = chromiumMissing() || serverMissing();
if (skip) console.log(`# note: web UI suggestion tests skipped: ${skip}`);

const ALLOWED = new Set(['grove/project/get', 'grove/project/structure', 'grove/project/setCursor', 'grove/unit/getMany', 'grove/scope/preview', 'grove/chat/send', 'grove/suggestion/list', 'grove/suggestion/resolve']);
const NEEDED = ['grove/chat/send', 'grove/suggestion/list', 'grove/suggestion/resolve'];

const TURNS: [string, string][] = [
  ['Our C++ HTTP client drops requests when the server returns 503. How should it retry?', 'Retry 503 responses with exponential backoff and jitter, and honour the Retry-After header.'],
  ['What backoff base and cap should the retry loop use?', 'Start the backoff at 100 ms, double it per attempt, and cap the retry delay at 30 seconds.'],
  ['How do I stop retries from overloading the server during an outage?', 'Add a retry budget and a circuit breaker so the HTTP client stops retrying when most requests fail.'],
  ['Should the retry loop also cover connection timeouts?', 'Yes: retry connect timeouts with the same backoff, but not read timeouts on non-idempotent requests.'],
];
const UNRELATED = 'Unrelated: what is a good recipe for sourdough bread with rye flour?';

describe('suggestion cards from grove-server', { skip }, () => {
  const session = useUiSession({ allowed: ALLOWED, needed: NEEDED });
  const { rpc, lacking } = session;

  /** A project with four exchanges about HTTP retries, open in the UI. */
  async function conversation(title: string): Promise<{ project: Project; page: Page }> {
    const project = await rpc<Project>('grove/project/create', { title });
    let parentId: string | null = null;
    for (const [q, a] of TURNS) {
      for (const [role, content] of [['user', q], ['assistant', a]]) parentId = (await rpc<Unit>('grove/unit/append', { projectId: project.id, parentId, role, content })).id;
    }
    const ui = await session.openView(project.id);
    await ui.page.waitForFunction((n) => document.querySelectorAll('article.unit').length === n, TURNS.length * 2, { timeout: 10000 });
    return { project, page: ui.page };
  }

  /** Sends the unrelated message through the composer; resolves with the card the core proposed. */
  async function sendUnrelated(page: Page, projectId: string): Promise<Suggestion> {
    await page.locator('.composer-input').fill(UNRELATED);
    await page.locator('.composer-send').click();
    const card = page.locator('aside.suggestion').first();
    await card.waitFor({ timeout: 20000 });
    const id = (await card.getAttribute('data-suggestion-id'))!;
    // Mark the card's element: the re-renders that follow an answer must keep it (a click on
    // Accept landing on an element being replaced would be lost).
    await card.evaluate((el) => ((el as HTMLElement).dataset.probe = 'kept'));
    const { suggestions } = await rpc<{ suggestions: Suggestion[] }>('grove/suggestion/list', { projectId });
    const s = suggestions.find((x) => x.id === id);
    assert.ok(s, `the card ${id} is a stored suggestion: ${JSON.stringify(suggestions)}`);
    assert.equal(s!.state, 'pending');
    assert.equal(s!.kind, 'branch', `an unrelated message proposes a branch: ${JSON.stringify(s)}`);
    assert.ok((s!.anchorIds ?? []).length > 0, 'it names its anchor');
    assert.match((await card.textContent()) ?? '', /Start a branch here\?/);
    if (s!.reason) assert.ok(((await card.textContent()) ?? '').includes(s!.reason), 'the card shows the core\'s reason');
    // The send finishes; the card stays while the suggestion is pending.
    await page.locator('.composer-stop').waitFor({ state: 'hidden', timeout: 20000 });
    assert.equal(await page.locator(`aside.suggestion[data-suggestion-id="${id}"]`).getAttribute('data-probe'), 'kept', 'the same card element after the answer finished');
    return s!;
  }

  async function stateOf(projectId: string, id: string): Promise<string | undefined> {
    const { suggestions } = await rpc<{ suggestions: Suggestion[] }>('grove/suggestion/list', { projectId });
    return suggestions.find((x) => x.id === id)?.state;
  }

  test('Accept on a branch card makes the unrelated exchange a branch', async (t) => {
    if (lacking(t)) return;
    const { project, page } = await conversation('Suggest accept');
    const s = await sendUnrelated(page, project.id);
    await page.locator(`aside.suggestion[data-suggestion-id="${s.id}"] .act-accept`).click();
    await page.locator(`aside.suggestion[data-suggestion-id="${s.id}"]`).waitFor({ state: 'detached', timeout: 15000 });
    assert.equal(await stateOf(project.id, s.id), 'accepted');
    const { suggestions: accepted } = await rpc<{ suggestions: Suggestion[] }>('grove/suggestion/list', { projectId: project.id, state: 'accepted' });
    assert.deepEqual(accepted.map((x) => x.id), [s.id]);
    // What accepting did: the message now heads a branch off the mainline, and the map shows it.
    const snap = await rpc<ProjectSnapshot>('grove/project/get', { projectId: project.id });
    const sent = snap.units.find((u) => u.content === UNRELATED)!;
    const branch = snap.branches.find((b) => !b.isMainline && b.unitIds.includes(sent.id));
    assert.ok(branch, `the unrelated message is on a branch: ${JSON.stringify(snap.branches)}`);
    await page.waitForFunction((id) => (window.groveApp!.map.laneOf(id) ?? 0) >= 1, sent.id, { timeout: 10000 });
  });

  test('Defer keeps the card; Reject then leaves the conversation as it is', async (t) => {
    if (lacking(t)) return;
    const { project, page } = await conversation('Suggest reject');
    const s = await sendUnrelated(page, project.id);
    const before = await rpc<ProjectSnapshot>('grove/project/get', { projectId: project.id });
    // Deferred: the card stays, marked, without Defer, and can still be rejected.
    await page.locator(`aside.suggestion[data-suggestion-id="${s.id}"] .act-defer`).click();
    await page.locator(`aside.suggestion.state-deferred[data-suggestion-id="${s.id}"]`).waitFor({ timeout: 15000 });
    assert.equal(await stateOf(project.id, s.id), 'deferred');
    assert.equal(await page.locator(`aside.suggestion[data-suggestion-id="${s.id}"] .act-defer`).count(), 0);
    await page.locator(`aside.suggestion[data-suggestion-id="${s.id}"] .act-reject`).click();
    await page.locator(`aside.suggestion[data-suggestion-id="${s.id}"]`).waitFor({ state: 'detached', timeout: 15000 });
    assert.equal(await stateOf(project.id, s.id), 'rejected');
    const { suggestions: pending } = await rpc<{ suggestions: Suggestion[] }>('grove/suggestion/list', { projectId: project.id, state: 'pending' });
    assert.ok(!pending.some((x) => x.id === s.id));
    const snap = await rpc<ProjectSnapshot>('grove/project/get', { projectId: project.id });
    assert.deepEqual(snap.branches.map((b) => [b.headId, b.isMainline, b.unitIds.length]), before.branches.map((b) => [b.headId, b.isMainline, b.unitIds.length]), 'no branch was made');
  });
});
