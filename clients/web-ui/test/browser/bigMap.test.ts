// A 20,000-unit project in the web UI against grove-server: the tree comes from
// grove/project/structure (no text), and only what the chat shows is fetched whole.

import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import type { Unit } from '../../src/model/types';
import { bigText, buildBigProject, timeFirstDraw } from '../support/bigProject';
import { chromiumMissing } from '../support/browser';
import { serverMissing } from '../support/server';
import { useUiSession } from '../support/uiSession';

const skip = chromiumMissing() || serverMissing();

const ALLOWED = new Set(['grove/project/get', 'grove/project/structure', 'grove/project/setCursor', 'grove/unit/getMany', 'grove/scope/preview', 'grove/suggestion/list']);

describe('a big project read through grove/project/structure', { skip }, () => {
  const session = useUiSession({ allowed: ALLOWED, needed: ['grove/project/structure'] });

  /** The chat's units once none is waiting for its text: id and shown text. */
  async function chatTexts(page: Page): Promise<{ id: string; text: string }[]> {
    await page.waitForFunction(() => document.querySelectorAll('article.unit').length > 0 && document.querySelectorAll('article.unit.text-loading').length === 0, null, { timeout: 20000 });
    return page.locator('article.unit').evaluateAll((els) => els.map((e) => ({ id: e.getAttribute('data-unit-id')!, text: e.querySelector('.content')!.textContent! })));
  }

  /** A single chain of `length` units, opened in a view with the cursor at its end. */
  async function openChain(title: string, length: number): Promise<{ page: Page; mainline: string[] }> {
    const big = await buildBigProject(session.rpc, title, length, 0);
    await session.rpc('grove/project/setCursor', { projectId: big.project.id, cursorId: big.mainline[length - 1] });
    const ui = await session.openView(null);
    await timeFirstDraw(ui.page, big.project.id);
    return { page: ui.page, mainline: big.mainline };
  }

  test('the map draws 20,000 units and the chat shows the full text of its chain, also after moving to another', async (t) => {
    if (session.lacking(t)) return;
    const big = await buildBigProject(session.rpc, 'Big map', 200, 99);
    const ui = await session.openView(null);
    const first = await timeFirstDraw(ui.page, big.project.id);
    console.log(`# note: first render of the map of ${first.unitCount} units through grove/project/structure: ${first.ms.toFixed(0)} ms`);
    assert.equal(first.unitCount, big.units);
    assert.ok((await ui.page.evaluate((id) => window.groveApp!.map.laneOf(id), big.chains[0][0]))! >= 1, 'a side chain has a lane of its own');

    const expectFull = async (shown: { id: string; text: string }[]) => {
      const { units } = await session.rpc<{ units: Unit[] }>('grove/unit/getMany', { unitIds: shown.map((s) => s.id) });
      for (const u of units) assert.equal(shown.find((s) => s.id === u.id)!.text, u.content, `${u.id} shows its whole text, not its head`);
    };
    const shown = await chatTexts(ui.page);
    await expectFull(shown);
    // Only what the chat and the map show was fetched whole (the tree came without heads: the
    // map's labels are the text of what it shows, asked for with the chat's, so the first
    // complete draw needed no second round).
    const onMap = await ui.page.evaluate(() => window.groveApp!.map.shownIds());
    assert.ok(onMap.length > 10, `the map shows part of the tree (${onMap.length} units)`);
    const missing = await ui.page.evaluate(() => window.groveApp!.snapshot().textMissing);
    assert.equal(missing, big.units - new Set([...shown.map((s) => s.id), ...onMap]).size);
    assert.equal(await ui.page.evaluate(() => window.groveApp!.map.labelsMissing), 0);
    const requests = await ui.page.evaluate(() => window.groveApp!.requestTimings().map((r) => r.method));
    assert.equal(requests.filter((m) => m === 'grove/unit/getMany').length, 1, `one read of text before the first draw: ${requests.join(', ')}`);

    // Panned to a part of the map not seen yet, its labels are fetched and drawn.
    const drawsBefore = await ui.page.evaluate(() => {
      const map = window.groveApp!.map;
      map.panBy(-3000, -2000);  // some twenty lanes to the left, where other side chains are
      return map.drawCount;
    });
    await ui.page.waitForFunction((n) => window.groveApp!.map.drawCount > n && window.groveApp!.map.labelsMissing === 0, drawsBefore, { timeout: 20000 });
    const panned = await ui.page.evaluate(() => window.groveApp!.map.shownIds());
    assert.ok(panned.some((id) => !onMap.includes(id)), 'the pan shows other units');
    const after = await ui.page.evaluate(() => window.groveApp!.snapshot().textMissing);
    assert.equal(after, big.units - new Set([...shown.map((s) => s.id), ...onMap, ...panned]).size, 'what the pan showed was fetched, nothing else');

    // Another chain: its units' text is fetched before it is shown.
    const target = big.chains[40][150];
    await ui.page.evaluate((id) => window.groveApp!.locate(id), target);
    await ui.page.locator(`article.unit[data-unit-id="${target}"]`).waitFor();
    const other = await chatTexts(ui.page);
    assert.ok(other.some((s) => s.id === big.chains[40][199]), 'the chat follows the chain to its tip');
    await expectFull(other);
  });

  test('a frame drawn while the next tree is laid out for its labels draws the tree it shows', async (t) => {
    if (session.lacking(t)) return;
    // A reload lays the new tree out to list the labels it will need, then waits for their text
    // before showing it; a frame drawn meanwhile must not pair the new layout with the old tree.
    const small = await buildBigProject(session.rpc, 'Laid out ahead', 20, 1);
    const ui = await session.openView(null);
    await timeFirstDraw(ui.page, small.project.id);
    const drawn = await ui.page.evaluate(() => {
      const app = window.groveApp as unknown as { tree: { constructor: new (units: object[], branches: object[]) => unknown }; map: { labelsWanted(tree: unknown, centre: string | null): string[]; drawNow(): void; shownIds(): string[] } };
      const Tree = app.tree.constructor;
      const next = new Tree([{ id: 'u_not_shown_yet', projectId: 'p', parentId: null, role: 'user', kind: 'message', content: '', status: 'complete', scope: 'auto', seq: 1, loaded: false, noHead: true }], []);
      const wanted = app.map.labelsWanted(next, 'u_not_shown_yet');
      app.map.drawNow();
      return { wanted, shown: app.map.shownIds() };
    });
    assert.deepEqual(drawn.wanted, ['u_not_shown_yet']);
    assert.ok(!drawn.shown.includes('u_not_shown_yet') && drawn.shown.length > 0, 'the frame drew the tree shown, not the one laid out ahead');
  });

  test('revealing the start of a path deeper than 1,000 units fetches its text in parts', async (t) => {
    if (session.lacking(t)) return;
    // One chain of 1,200: the chat shows its last units; revealing the first widens it to all,
    // more than grove/unit/getMany takes in one call.
    const { page, mainline } = await openChain('Deep path', 1200);
    await page.evaluate((id) => window.groveApp!.locate(id), mainline[0]);
    const first = page.locator(`article.unit[data-unit-id="${mainline[0]}"] .content`);
    await first.waitFor();
    const shown = await chatTexts(page);
    assert.equal(shown.length, 1200);
    assert.equal(shown[0].text, bigText(0, 0));
    assert.equal(shown[1199].text, bigText(0, 1199));
  });

  test('"Show earlier" widens the chat a window at a time and goes once the path is shown', async (t) => {
    if (session.lacking(t)) return;
    const { page } = await openChain('Show earlier', 300);
    const button = page.locator('.chat-units button.show-earlier');
    for (const [shown, label] of [[120, 'Show 120 earlier of 180'], [240, 'Show 60 earlier of 60']] as const) {
      assert.equal((await chatTexts(page)).length, shown);
      assert.equal(await button.textContent(), label);
      await button.click();
    }
    const all = await chatTexts(page);
    assert.equal(all.length, 300);
    assert.equal(all[0].text, bigText(0, 0));
    assert.equal(await button.count(), 0);
  });
});
