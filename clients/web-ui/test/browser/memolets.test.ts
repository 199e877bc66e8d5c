// Memolets in the chat, against the real grove-server (offline provider): `@` completion in the
// composer (keyboard and mouse), the reference kept in the sent message and drawn as a chip,
// and Remember making a memolet of selected text.

import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import type { ProjectSnapshot } from '../../src/model/types';
import { chromiumMissing } from '../support/browser';
import { serverMissing } from '../support/server';
import { useUiSession } from '../support/uiSession';

const skip = chromiumMissing() || serverMissing();
if (skip) console.log(`# note: web UI memolet tests skipped: ${skip}`);

const ALLOWED = new Set([
  'grove/project/get', 'grove/project/structure', 'grove/project/setCursor', 'grove/unit/getMany', 'grove/scope/preview', 'grove/chat/send', 'grove/unit/append',
  'grove/memolet/complete', 'grove/memolet/create', 'grove/memolet/get', 'grove/suggestion/list', 'grove/suggestion/resolve',
]);
const NEEDED = ['grove/memolet/complete', 'grove/memolet/create', 'grove/memolet/get', 'grove/memolet/list', 'grove/chat/send'];

interface Memolet { id: string; title: string; projectId: string; sourceUnitIds: string[]; manual?: boolean; span?: { unitId: string; start: number; end: number } }
interface Completion { id: string; label: string; insertText: string }

describe('memolets in the web UI against grove-server', { skip }, () => {
  const session = useUiSession({ allowed: ALLOWED, needed: NEEDED });
  const { rpc, lacking } = session;

  const { seed } = session;

  const show = (projectId: string) => session.showProject(projectId);

  const popupLabels = (page: Page) => page.locator('.mention-popup .mention-item .mention-label').allTextContents();
  const activeId = (page: Page) => page.locator('.mention-popup .mention-item.active').getAttribute('data-memolet-id');
  const composerValue = (page: Page) => page.locator('.composer-input').inputValue();

  test('@ completion: arrows and Enter insert the reference, the sent text keeps it, the chat shows a chip', async (t) => {
    if (lacking(t)) return;
    const { project, units } = await seed('Completion', [
      ['How should the HTTP client retry failed requests?', 'Use exponential backoff with jitter, capped at 30 seconds.'],
      ['And how many retries per request?', 'Keep a retry budget: at most 10% extra load from retries.'],
      ['Which YAML parser for the config?', 'yaml-cpp, with the schema checked at load time.'],
    ]);
    const backoff = await rpc<Memolet>('grove/memolet/create', { projectId: project.id, unitIds: [units[0].id, units[1].id], title: 'Retry backoff' });
    const budget = await rpc<Memolet>('grove/memolet/create', { projectId: project.id, unitIds: [units[2].id, units[3].id], title: 'Retry budget' });
    await rpc<Memolet>('grove/memolet/create', { projectId: project.id, unitIds: [units[4].id, units[5].id], title: 'YAML parser' });
    assert.equal(backoff.title, 'Retry backoff');
    // What the core itself completes for this prefix: the list must show exactly these, in order
    // (memolets the core segmented on its own may match too).
    const expected = (await rpc<{ items: Completion[] }>('grove/memolet/complete', { prefix: 'Retry', projectId: project.id, limit: 8 })).items;
    const ids = expected.map((i) => i.id);
    assert.ok(ids.includes(backoff.id) && ids.includes(budget.id), `completion for "Retry": ${JSON.stringify(expected)}`);

    const page = await show(project.id);
    const input = page.locator('.composer-input');
    await input.click();
    await page.keyboard.type('Apply @Retry');
    // The list for the whole prefix: each key asks again, and an earlier answer may show first.
    await page.waitForFunction((n) => document.querySelectorAll('.mention-popup[data-prefix="Retry"]:not([hidden]) .mention-item').length === n, expected.length, { timeout: 10000 });
    assert.deepEqual(await popupLabels(page), expected.map((i) => i.label));
    assert.equal(await activeId(page), expected[0].id);
    await page.keyboard.press('ArrowDown');
    assert.equal(await activeId(page), expected[1].id);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    assert.equal(await activeId(page), expected[expected.length - 1].id, 'the highlight wraps around');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const chosen = expected[1];
    assert.equal(await activeId(page), chosen.id);
    await page.keyboard.press('Enter');
    await page.locator('.mention-popup').waitFor({ state: 'hidden' });
    assert.equal(await composerValue(page), `Apply ${chosen.insertText} `);
    assert.equal(chosen.insertText, `@[${chosen.label}](memolet:${chosen.id})`);

    // Typing on after the reference: the caret sits after the inserted space.
    await page.keyboard.type('here too');
    assert.equal(await composerValue(page), `Apply ${chosen.insertText} here too`);
    await page.keyboard.press('Control+Enter');

    // The stored user unit keeps the reference verbatim (the core resolves it), and the chat
    // draws it as a chip with the title.
    const chip = page.locator(`article.role-user .memolet-ref[data-memolet-id="${chosen.id}"]`);
    await chip.waitFor({ timeout: 15000 });
    assert.equal(await chip.textContent(), `@${chosen.label}`);
    const article = page.locator('article.role-user', { has: page.locator(`.memolet-ref[data-memolet-id="${chosen.id}"]`) });
    assert.equal(await article.locator('.content').textContent(), `Apply @${chosen.label} here too`);
    const snap = await rpc<ProjectSnapshot>('grove/project/get', { projectId: project.id });
    assert.ok(snap.units.some((u) => u.role === 'user' && u.content === `Apply ${chosen.insertText} here too`), 'the sent text keeps the reference');

    // A click on the chip shows where the memolet came from: its first source unit flashes.
    const source = (await rpc<{ memolet: Memolet }>('grove/memolet/get', { memoletId: chosen.id })).memolet.sourceUnitIds[0];
    await chip.click();
    await page.locator(`article.unit.flash[data-unit-id="${source}"]`).waitFor({ timeout: 10000 });
    assert.ok(((await page.locator('.toolbar .status').textContent()) ?? '').startsWith(`@${chosen.label}: `));
  });

  test('@ completion: Escape closes the list and keeps the text; Tab and a click insert', async (t) => {
    if (lacking(t)) return;
    const { project, units } = await seed('Keys', [['How do I parse TOML in C++?', 'toml11 parses it into a value tree.']]);
    const toml = await rpc<Memolet>('grove/memolet/create', { projectId: project.id, unitIds: [units[0].id, units[1].id], title: 'TOML parsing' });
    const [item] = (await rpc<{ items: Completion[] }>('grove/memolet/complete', { prefix: 'TOML', projectId: project.id })).items;
    assert.equal(item?.id, toml.id);

    const page = await show(project.id);
    await page.locator('.composer-input').click();
    await page.keyboard.type('see @TOML');
    await page.locator('.mention-popup .mention-item').first().waitFor({ timeout: 10000 });
    await page.keyboard.press('Escape');
    await page.locator('.mention-popup').waitFor({ state: 'hidden' });
    assert.equal(await composerValue(page), 'see @TOML');

    // Typing again reopens it; Tab inserts.
    await page.keyboard.press('Backspace');
    await page.keyboard.type('L');
    await page.locator('.mention-popup .mention-item').first().waitFor({ timeout: 10000 });
    await page.keyboard.press('Tab');
    assert.equal(await composerValue(page), `see ${item.insertText} `);

    // A prefix nothing matches says so; a click on a row inserts it.
    await page.keyboard.type('and @zzqx');
    // Each key asks again; the composer drops stale replies, so wait for the
    // last prefix's answer (an earlier one, "z", may show first).
    await page.locator('.mention-popup .mention-empty', { hasText: 'zzqx' }).waitFor({ timeout: 10000 });
    assert.match((await page.locator('.mention-popup .mention-empty').textContent()) ?? '', /No memolet matches “zzqx”/);
    for (let i = 0; i < 4; i++) await page.keyboard.press('Backspace');
    await page.keyboard.type('TO');
    await page.locator('.mention-popup .mention-item').first().click();
    assert.equal(await composerValue(page), `see ${item.insertText} and ${item.insertText} `);
  });

  test('Remember makes a memolet of the text selected in a message (UTF-8 span)', async (t) => {
    if (lacking(t)) return;
    const content = 'Café retries: use exponential backoff with jitter, then give up.';
    const { project, units } = await seed('Remember', [['Why do café orders time out?', content]]);
    const answer = units[1];
    const page = await show(project.id);
    const article = page.locator(`article.unit[data-unit-id="${answer.id}"]`);
    await article.waitFor();
    // Select "exponential backoff with jitter" inside the rendered message.
    const picked = 'exponential backoff with jitter';
    await page.evaluate(
      ([id, picked]) => {
        const el = document.querySelector(`article.unit[data-unit-id="${id}"] .content`)!;
        const node = el.firstChild!;
        const at = node.textContent!.indexOf(picked);
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + picked.length);
        document.getSelection()!.removeAllRanges();
        document.getSelection()!.addRange(range);
      },
      [answer.id, picked] as const,
    );
    await article.hover();
    await article.locator('.act-remember').click();
    await page.waitForFunction(() => /^Memolet “.+” created$/.test(document.querySelector('.toolbar .status')?.textContent ?? ''), null, { timeout: 10000 });

    const { memolets } = await rpc<{ memolets: Memolet[] }>('grove/memolet/list', { projectId: project.id });
    const made = memolets.find((m) => m.span?.unitId === answer.id);
    assert.ok(made, `a memolet with a span on the answer: ${JSON.stringify(memolets)}`);
    const start = Buffer.byteLength(content.slice(0, content.indexOf(picked)));
    assert.deepEqual([made!.span!.start, made!.span!.end], [start, start + Buffer.byteLength(picked)], 'UTF-8 byte offsets (the é is two bytes)');
    const got = await rpc<{ memolet: Memolet; text: string }>('grove/memolet/get', { memoletId: made!.id });
    assert.match(got.text, /exponential backoff with jitter/);

    // Without a selection, the whole unit.
    await page.evaluate(() => document.getSelection()!.removeAllRanges());
    const question = page.locator(`article.unit[data-unit-id="${units[0].id}"]`);
    await question.hover();
    await question.locator('.act-remember').click();
    let whole: Memolet | undefined;
    const deadline = Date.now() + 10000;
    while (!whole && Date.now() < deadline) {
      whole = (await rpc<{ memolets: Memolet[] }>('grove/memolet/list', { projectId: project.id })).memolets.find((m) => !m.span && m.sourceUnitIds.includes(units[0].id) && m.manual === true && m.id !== made!.id);
      if (!whole) await new Promise((r) => setTimeout(r, 50));
    }
    assert.ok(whole, 'a memolet of the whole question');
  });
});
