// The web UI in headless Chromium against the real grove-server, bridged by the test host
// (test/support/pageHost.ts) through the same Relay the VS Code extension uses.

import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import type { Project, ProjectSnapshot, Unit } from '../../src/model/types';
import { chromiumMissing } from '../support/browser';
import { serverMissing } from '../support/server';
import { useUiSession } from '../support/uiSession';
import { nodePoint } from '../support/mapPoints';

const skip = chromiumMissing() || serverMissing();
if (skip) console.log(`# note: web UI browser tests skipped: ${skip}`);

/** Everything the web UI may call (mirrors WEBVIEW_METHODS of the extension). */
const ALLOWED = new Set([
  'grove/project/get', 'grove/project/structure', 'grove/project/setCursor', 'grove/unit/append', 'grove/unit/get', 'grove/unit/getMany', 'grove/unit/revisions',
  'grove/unit/edit', 'grove/unit/setScope', 'grove/unit/delete', 'grove/mainline/set', 'grove/branch/update', 'grove/scope/preview',
  'grove/scope/reset', 'grove/history/undo', 'grove/history/redo', 'grove/search', 'grove/chat/send', 'grove/suggestion/list', 'grove/suggestion/resolve',
]);

describe('web UI against grove-server', { skip }, () => {
  const session = useUiSession({ allowed: ALLOWED });
  const { open, rpc } = session;

  /** a → b → c on the mainline, x1 a branch from a; returns the ids by name. */
  async function seed(title: string): Promise<{ project: Project; ids: Record<string, string> }> {
    const project = await rpc<Project>('grove/project/create', { title });
    const add = (parentId: string | null, role: string, content: string, extra: object = {}) => rpc<Unit>('grove/unit/append', { projectId: project.id, parentId, role, content, ...extra });
    const a = await add(null, 'user', 'alpha question about retries');
    const b = await add(a.id, 'assistant', 'bravo answer with a needle inside');
    const x1 = await add(a.id, 'user', 'xray side topic', { branch: { title: 'Side' } });
    // Last, so the shared cursor (which follows appends) ends on the mainline.
    const c = await add(b.id, 'user', 'charlie follow-up');
    return { project, ids: { a: a.id, b: b.id, c: c.id, x1: x1.id } };
  }

  const show = (projectId: string) => session.showProject(projectId);

  async function nodeMenu(page: Page, unitId: string, action: string): Promise<void> {
    await page.locator('canvas.map-canvas').click({ button: 'right', position: await nodePoint(page, unitId) });
    await page.locator(`.context-menu button[data-action="${action}"]`).click();
  }

  const article = (page: Page, id: string) => page.locator(`article.unit[data-unit-id="${id}"]`);

  async function waitClass(page: Page, id: string, cls: string, present = true): Promise<void> {
    await page.waitForFunction(
      ([id, cls, present]) => document.querySelector(`article.unit[data-unit-id="${id}"]`)?.classList.contains(cls as string) === present,
      [id, cls, present] as const,
      { timeout: 10000 },
    );
  }

  async function serverUnit(id: string): Promise<Unit | null> {
    try {
      return await rpc<Unit>('grove/unit/get', { unitId: id });
    } catch {
      return null;
    }
  }

  async function until(cond: () => Promise<boolean>, what: string): Promise<void> {
    const deadline = Date.now() + 10000;
    while (!(await cond())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  test('renders the project: mainline path in chat, branches to the right in the map', async () => {
    const { ids } = await seed('Render');
    const page = await show((await rpc<{ projects: Project[] }>('grove/project/list', {})).projects.find((p) => p.title === 'Render')!.id);
    await page.waitForFunction(() => document.querySelectorAll('article.unit').length === 3, null, { timeout: 10000 });
    const shown = await page.locator('article.unit').evaluateAll((els) => els.map((e) => e.getAttribute('data-unit-id')));
    assert.deepEqual(shown, [ids.a, ids.b, ids.c]);
    const lanes = await page.evaluate((ids) => Object.fromEntries(Object.entries(ids).map(([k, id]) => [k, window.groveApp!.map.laneOf(id)])), ids);
    assert.deepEqual([lanes.a, lanes.b, lanes.c], [0, 0, 0]);
    assert.ok((lanes.x1 ?? 0) >= 1, `branch lane ${lanes.x1}`);
    for (const id of [ids.a, ids.b, ids.c]) await waitClass(page, id, 'mark-in');
    assert.equal(await page.locator('.toolbar .title').textContent(), 'Render');

    // Context on a mid-path unit previews what the model sees from there: the path up to it.
    await article(page, ids.b).hover();
    await article(page, ids.b).locator('.act-context').click();
    await page.waitForFunction(() => document.querySelectorAll('.preview-panel .preview-message').length > 0, null, { timeout: 10000 });
    const seen = await page.locator('.preview-panel .preview-message').evaluateAll((els) => els.flatMap((e) => (e.getAttribute('data-unit-ids') ?? '').split(' ')));
    assert.deepEqual(seen, [ids.a, ids.b]);
  });

  test('Branch from Here in the map opens a branch with the next message', async () => {
    const { project, ids } = await seed('Branching');
    const page = await show(project.id);
    await nodeMenu(page, ids.b, 'Branch from Here');
    await page.locator('.composer-banner').waitFor({ state: 'visible' });
    await page.locator('.composer-input').fill('a new side question');
    await page.locator('.composer-send').click();
    let created: Unit | undefined;
    await until(async () => {
      const snap = await rpc<ProjectSnapshot>('grove/project/get', { projectId: project.id });
      created = snap.units.find((u) => u.content === 'a new side question');
      return created !== undefined && snap.branches.some((br) => br.headId === created!.id && !br.isMainline);
    }, 'the branch on the server');
    assert.equal(created!.parentId, ids.b);
    await page.waitForFunction((id) => (window.groveApp!.map.laneOf(id) ?? 0) >= 1, created!.id, { timeout: 10000 });
    // The chat follows the new branch: its path runs a → b → new.
    await article(page, created!.id).waitFor();
    assert.equal(await article(page, ids.c).count(), 0);
  });

  test('a turn loads its streamed answer once; a didChange at or below the shown revision is skipped, a newer one loads', async () => {
    const { project, ids } = await seed('Round trips');
    const log: string[] = [];
    const ui = await session.openView(project.id, log);
    const page = ui.page;
    await page.waitForFunction(() => (window.groveApp?.snapshot().unitCount ?? 0) > 0, null, { timeout: 10000 });
    await page.locator('.composer-input').fill('one more question about retries');
    await page.locator('.composer-send').click();
    await until(async () => log.includes('grove/chat/send answered'), 'the turn answered');
    // The turn's last didChange reaches this test's connection before the answer to a later
    // request; once the page has it (posts are delivered in order) and its loads have run,
    // everything the turn caused has been asked for.
    await rpc('grove/project/list', {});
    await ui.post({ type: 'notification', method: 'grove/project/didChange', params: { projectId: 'another', revision: 0, op: 'edit', unitIds: [], actor: 'test' } });
    await page.evaluate(() => window.groveApp!.settled());
    await article(page, ids.c).waitFor();
    // Every piece of the streamed answer arrived before its unit was loaded; before, each one
    // queued a load of its own.
    // A load reads the tree once: its structure, or the whole project on older cores.
    const treeRead = (m: string) => m === 'grove/project/structure' || m === 'grove/project/get';
    const loads = log.filter(treeRead).length;
    assert.ok(loads <= 4, `${loads} loads for one turn: ${log.join(', ')}`);
    const shown = await page.evaluate(() => window.groveApp!.snapshot().revision);
    assert.equal(shown, (await rpc<ProjectSnapshot>('grove/project/get', { projectId: project.id })).project.revision);
    const announce = async (revision: number) => {
      const mark = log.length;
      await ui.post({ type: 'notification', method: 'grove/project/didChange', params: { projectId: project.id, revision, op: 'append', unitIds: [], actor: 'another editor' } });
      await page.evaluate(() => window.groveApp!.settled());
      return log.slice(mark).filter(treeRead).length;
    };
    assert.equal(await announce(shown), 0, 'the revision shown is not loaded again');
    assert.equal(await announce(shown + 1), 1, 'a newer revision is loaded');
  });

  test('Exclude changes the chat scope marks and the preview; Undo restores them', async () => {
    const { project, ids } = await seed('Scope');
    const page = await show(project.id);
    await waitClass(page, ids.b, 'mark-in');
    await page.locator('.tb-preview').click();
    const previewIds = () => page.locator('.preview-panel .preview-message').evaluateAll((els) => els.flatMap((e) => (e.getAttribute('data-unit-ids') ?? '').split(' ')));
    await page.waitForFunction((id) => [...document.querySelectorAll('.preview-message')].some((e) => e.getAttribute('data-unit-ids')?.includes(id)), ids.b, { timeout: 10000 });
    const tokensBefore = await page.locator('.preview-panel .tokens').textContent();

    await nodeMenu(page, ids.b, 'Exclude');
    await waitClass(page, ids.b, 'flag-excluded');
    await waitClass(page, ids.b, 'mark-out');
    await waitClass(page, ids.a, 'mark-in');
    await page.waitForFunction((id) => ![...document.querySelectorAll('.preview-message')].some((e) => e.getAttribute('data-unit-ids')?.includes(id)), ids.b, { timeout: 10000 });
    assert.ok(!(await previewIds()).includes(ids.b));
    assert.notEqual(await page.locator('.preview-panel .tokens').textContent(), tokensBefore);
    assert.equal((await serverUnit(ids.b))?.scope, 'excluded');

    await page.locator('.tb-undo').click();
    await waitClass(page, ids.b, 'flag-excluded', false);
    await waitClass(page, ids.b, 'mark-in');
    assert.equal((await serverUnit(ids.b))?.scope, 'auto');
  });

  test('selection mode applies Exclude and Revert to several units at once', async () => {
    const { project, ids } = await seed('Batch');
    const page = await show(project.id);
    const canvas = page.locator('canvas.map-canvas');
    await page.locator('.tb-select').click();
    await canvas.click({ position: await nodePoint(page, ids.a) });
    await canvas.click({ position: await nodePoint(page, ids.c) });
    await page.waitForFunction(() => document.querySelector('.toolbar .status')?.textContent === '2 selected', null, { timeout: 15000 });
    await page.locator('.batch-exclude').click();
    await until(async () => (await serverUnit(ids.a))?.scope === 'excluded' && (await serverUnit(ids.c))?.scope === 'excluded', 'both excluded');
    await waitClass(page, ids.a, 'mark-out');
    await waitClass(page, ids.c, 'mark-out');
    assert.equal((await serverUnit(ids.b))?.scope, 'auto');

    await canvas.click({ position: await nodePoint(page, ids.a) });
    await canvas.click({ position: await nodePoint(page, ids.c) });
    await page.locator('.batch-revert').click();
    // On the cursor's path and out of scope: Revert makes them auto again.
    await until(async () => (await serverUnit(ids.a))?.scope === 'auto' && (await serverUnit(ids.c))?.scope === 'auto', 'both reverted');
    await waitClass(page, ids.a, 'mark-in');
  });

  test('search highlights the matching units', async () => {
    const { project, ids } = await seed('Search');
    const page = await show(project.id);
    await page.locator('.toolbar .search').fill('needle');
    await page.locator('.toolbar .search').press('Enter');
    await waitClass(page, ids.b, 'hit');
    assert.equal(await article(page, ids.a).evaluate((e) => e.classList.contains('hit')), false);
    assert.match((await page.locator('.toolbar .status').textContent()) ?? '', /^1 match$/);
    const hits = await page.evaluate(() => window.groveApp!.snapshot().hits);
    assert.deepEqual(hits, [ids.b]);
  });

  test('Delete shows what it removes first and only deletes on confirm', async () => {
    const { project, ids } = await seed('Delete');
    const page = await show(project.id);
    await nodeMenu(page, ids.c, 'Delete…');
    const dialog = page.locator('.dialog');
    await dialog.waitFor();
    assert.match((await dialog.textContent()) ?? '', /Removes 1 unit\./);
    assert.notEqual(await serverUnit(ids.c), null, 'the preview must not delete');
    await dialog.locator('button[data-action="Cancel"]').click();
    assert.notEqual(await serverUnit(ids.c), null);

    await nodeMenu(page, ids.c, 'Delete…');
    await page.locator('.dialog button[data-action="Delete"]').click();
    await until(async () => (await serverUnit(ids.c)) === null, 'c deleted');
    await article(page, ids.c).waitFor({ state: 'detached' });
  });

  test('code units show file and lines; clicking asks the host to open the editor there', async () => {
    const { project, ids } = await seed('Code');
    const range = { start: { line: 4, character: 0 }, end: { line: 9, character: 0 } };
    const code = await rpc<Unit>('grove/unit/append', {
      projectId: project.id, parentId: ids.c, role: 'user', kind: 'code', content: 'while (true) retry();',
      source: { uri: 'file:///project/src/retry.ts', range, languageId: 'typescript', memo: 'drops errors' },
    });
    const page = await show(project.id);
    const ref = article(page, code.id).locator('.code-ref');
    await ref.waitFor();
    assert.equal(await ref.textContent(), 'retry.ts L5-L9');
    assert.equal(await article(page, code.id).locator('.memo').textContent(), 'drops errors');
    await ref.click();
    const ui = open[open.length - 1];
    await until(async () => ui.uiMessages.some((m) => m.type === 'openLocation'), 'openLocation');
    assert.deepEqual(ui.uiMessages.find((m) => m.type === 'openLocation'), { type: 'openLocation', uri: 'file:///project/src/retry.ts', range });
  });

  test('Edit from the hover actions changes the unit on the server', async () => {
    const { project, ids } = await seed('Edit');
    const page = await show(project.id);
    await article(page, ids.c).hover();
    await article(page, ids.c).locator('.act-edit').click();
    await article(page, ids.c).locator('textarea').fill('charlie, rewritten');
    await article(page, ids.c).locator('.act-save').click();
    await until(async () => (await serverUnit(ids.c))?.content === 'charlie, rewritten', 'edit saved');
    await page.waitForFunction((id) => document.querySelector(`article[data-unit-id="${id}"] .content`)?.textContent === 'charlie, rewritten', ids.c, { timeout: 10000 });
  });

  test('clicking a branch node in the map switches the chat to that branch', async () => {
    const { project, ids } = await seed('Locate');
    const page = await show(project.id);
    await article(page, ids.c).waitFor();
    await page.locator('canvas.map-canvas').click({ position: await nodePoint(page, ids.x1) });
    await article(page, ids.x1).waitFor();
    await article(page, ids.c).waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => window.groveApp!.snapshot().focusId), ids.x1);
  });

  test('a locate the host sends right after init (a search hit opening its panel) shows the unit once the project is loaded', async () => {
    const { project, ids } = await seed('Locate on open');
    // As the VS Code host does: the panel's queued locate goes out in the same turn as init,
    // before the project has loaded.
    const { page } = await session.openView(project.id, undefined, undefined, [{ type: 'locate', unitId: ids.x1 }]);
    await page.waitForFunction((id) => document.querySelector(`article.unit.flash[data-unit-id="${id}"]`) !== null, ids.x1, { timeout: 10000 });
    assert.equal(await page.evaluate(() => window.groveApp!.snapshot().focusId), ids.x1, 'the chat follows the branch that holds the unit');
  });

  test('Rename Branch renames the branch a unit is on; the mainline offers no rename', async () => {
    const { project, ids } = await seed('Rename');
    const page = await show(project.id);
    await page.locator('canvas.map-canvas').click({ button: 'right', position: await nodePoint(page, ids.b) });
    assert.equal(await page.locator('.context-menu button[data-action="Rename Branch…"]').isDisabled(), true);
    await page.keyboard.press('Escape');
    await page.locator('.context-menu').waitFor({ state: 'detached' });
    await nodeMenu(page, ids.x1, 'Rename Branch…');
    const input = page.locator('.dialog input');
    assert.equal(await input.inputValue(), 'Side');
    await input.fill('Caching detour');
    await page.locator('.dialog button[data-action="OK"]').click();
    await until(async () => {
      const snap = await rpc<ProjectSnapshot>('grove/project/get', { projectId: project.id });
      return snap.branches.find((br) => br.headId === ids.x1)?.title === 'Caching detour';
    }, 'the branch renamed on the server');
    await page.waitForFunction((id) => window.groveApp!.snapshot().branches.find((b) => b.headId === id)?.title === 'Caching detour', ids.x1, { timeout: 10000 });
  });

  test('Set Mainline End routes the mainline through a branch', async () => {
    const { project, ids } = await seed('Mainline');
    const page = await show(project.id);
    await nodeMenu(page, ids.x1, 'Set Mainline End');
    await until(async () => (await rpc<ProjectSnapshot>('grove/project/get', { projectId: project.id })).project.mainlineEndId === ids.x1, 'mainline end moved');
    // The map redraws the new mainline straight down lane 0.
    await page.waitForFunction((id) => window.groveApp!.map.laneOf(id) === 0, ids.x1, { timeout: 10000 });
    assert.ok(((await page.evaluate((id) => window.groveApp!.map.laneOf(id), ids.b)) ?? 0) >= 1, 'the old tail is now a branch');
  });

  test('the map works from the keyboard: arrows move, Enter locates, Shift+F10 opens the menu', async () => {
    const { project, ids } = await seed('Keyboard');
    const page = await show(project.id);
    await article(page, ids.c).waitFor();
    await page.locator('canvas.map-canvas').focus();
    await page.keyboard.press('ArrowUp'); // c → b
    await page.keyboard.press('ArrowUp'); // b → a
    await page.keyboard.press('ArrowRight'); // a has one child: stays
    await page.keyboard.press('ArrowDown'); // a → b (the continuing child, not the branch x1)
    await page.keyboard.press('ArrowRight'); // b → x1, its younger sibling
    await page.keyboard.press('Enter');
    await article(page, ids.x1).waitFor();
    await page.keyboard.press('Shift+F10');
    await page.locator('.context-menu button[data-action="Rename Branch…"]:not([disabled])').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.context-menu').waitFor({ state: 'detached' });
  });

  test('changes made by another client arrive through didChange', async () => {
    const { project, ids } = await seed('Sync');
    const page = await show(project.id);
    await article(page, ids.c).waitFor();
    await rpc('grove/unit/edit', { unitId: ids.a, content: 'alpha, edited elsewhere' });
    await rpc('grove/unit/setScope', { unitIds: [ids.b], scope: 'excluded' });
    const d = await rpc<Unit>('grove/unit/append', { projectId: project.id, parentId: ids.c, role: 'assistant', content: 'delta from elsewhere' });
    await page.waitForFunction((id) => document.querySelector(`article[data-unit-id="${id}"] .content`)?.textContent === 'alpha, edited elsewhere', ids.a, { timeout: 10000 });
    await waitClass(page, ids.b, 'flag-excluded');
    await page.waitForFunction((id) => window.groveApp!.map.laneOf(id) === 0, d.id, { timeout: 10000 });
  });
});
