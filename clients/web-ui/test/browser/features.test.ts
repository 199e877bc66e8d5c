// What the core can do, through the web UI against the real grove-server (offline provider,
// whose answers report the prompt they were given): capsules extracted from selected units,
// reviewed, enabled (the [PATTERN] block reaches the preview), edited and deleted; an answer's
// memories shown and refined without a removed one; citation chips; regenerate; settings and
// the user model; check before sending; a unit's earlier texts; scope from the chat; the memory
// map; the branch the chat is on, and returning from it (the chat header and the map's menu).

import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import type { Capsule, Initiative, Project, ProjectSnapshot, Unit, UserModel } from '../../src/model/types';
import { chromiumMissing } from '../support/browser';
import { nodePoint } from '../support/mapPoints';
import { serverMissing } from '../support/server';
import { useUiSession } from '../support/uiSession';

const skip = chromiumMissing() || serverMissing();
if (skip) console.log(`# note: web UI feature tests skipped: ${skip}`);

const NEEDED = [
  'grove/capsule/extract', 'grove/capsule/list', 'grove/capsule/update', 'grove/capsule/setEnabled', 'grove/capsule/delete',
  'grove/chat/send', 'grove/chat/regenerate', 'grove/chat/refine', 'grove/memolet/map', 'grove/suggestion/analyze',
  'grove/initiative/get', 'grove/initiative/set', 'grove/userModel/get', 'grove/userModel/reset', 'grove/unit/revisions',
  'grove/branch/return',
];
const ALLOWED = new Set([
  ...NEEDED,
  'grove/project/get', 'grove/project/structure', 'grove/project/setCursor', 'grove/unit/getMany', 'grove/unit/edit', 'grove/unit/setScope', 'grove/scope/preview',
  'grove/suggestion/list', 'grove/memolet/get', 'grove/memolet/list', 'grove/memolet/search', 'grove/memolet/sandbox/add',
]);

interface Memolet { id: string; title: string }

/** GROVE_README_SHOTS=<dir> saves the screenshots the VS Code README shows. */
async function readmeShot(page: Page, name: string): Promise<void> {
  const dir = process.env.GROVE_README_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
}

describe('the core’s features in the web UI against grove-server', { skip }, () => {
  const session = useUiSession({ allowed: ALLOWED, needed: NEEDED });
  const { rpc, lacking } = session;

  const { seed } = session;

  const show = (projectId: string) => session.showProject(projectId, { emptyOk: true });

  const article = (page: Page, id: string) => page.locator(`article.unit[data-unit-id="${id}"]`);
  /** Clicks one of a unit's hover actions (they show while the pointer is over the unit). */
  async function act(page: Page, id: string, action: string, hasText?: string): Promise<void> {
    await article(page, id).hover();
    await article(page, id).locator(action, hasText ? { hasText } : {}).click();
  }
  const capsule = async (id: string) => (await rpc<{ capsules: Capsule[] }>('grove/capsule/list', {})).capsules.find((c) => c.id === id);
  const units = async (projectId: string) => (await rpc<ProjectSnapshot>('grove/project/get', { projectId })).units;

  test('capsules: extract from selected units, review, enable (preview shows the pattern), edit, delete', async (t) => {
    if (lacking(t)) return;
    const { project, units: us } = await seed('Release', [
      ['How do we cut a release of the parser library?', 'First run the full test suite, then bump the version and tag it.'],
      ['And after tagging?', 'Publish the package and announce the release notes.'],
    ]);
    const page = await show(project.id);
    await page.locator('.tb-select').click();
    const canvas = page.locator('canvas.map-canvas');
    // One click at a time, each counted, so a click that missed its node fails here and says so.
    for (const [i, u] of us.entries()) {
      await canvas.click({ position: await nodePoint(page, u.id) });
      await page.waitForFunction((n) => document.querySelector('.toolbar .status')?.textContent === `${n} selected`, i + 1, { timeout: 10000 });
    }
    await page.locator('.batch-extract').click();
    await page.locator('.dialog button', { hasText: 'Task SOP' }).click();
    const item = page.locator('.side-panel[data-panel="capsules"] article.capsule').first();
    await item.waitFor({ timeout: 10000 });
    const id = (await item.getAttribute('data-capsule-id'))!;
    const made = (await capsule(id))!;
    assert.deepEqual(made.sourceUnitIds, us.map((u) => u.id));
    assert.equal(await item.locator('.capsule-review-state').textContent(), 'review pending');
    assert.ok(await item.locator('.capsule-enabled').isDisabled(), 'cannot be enabled before review');

    await item.locator('.capsule-review').click();
    await page.waitForFunction((cid) => document.querySelector(`article.capsule[data-capsule-id="${cid}"] .capsule-review-state`)?.textContent === 'reviewed', id, { timeout: 10000 });
    assert.equal((await capsule(id))!.reviewed, true);
    await page.locator(`article.capsule[data-capsule-id="${id}"] .capsule-enabled`).check();
    await page.waitForFunction((cid) => (document.querySelector(`article.capsule[data-capsule-id="${cid}"] .capsule-enabled`) as HTMLInputElement | null)?.checked === true, id, { timeout: 10000 });
    assert.deepEqual((await capsule(id))!.enabledIn, [project.id]);
    await page.locator('.tb-preview').click();
    await page.locator('.preview-panel .preview-system pre').waitFor({ state: 'attached', timeout: 10000 });
    assert.ok(((await page.locator('.preview-panel .preview-system pre').textContent()) ?? '').includes(`[PATTERN: task_sop | ${made.name}]`));

    const edited = page.locator(`article.capsule[data-capsule-id="${id}"]`);
    await edited.locator('.capsule-edit').click();
    await edited.locator('.capsule-name').fill('Release checklist');
    await edited.locator('.capsule-instruction').fill('Run the tests, bump, tag, publish.');
    await edited.locator('.capsule-save').click();
    await page.waitForFunction((cid) => document.querySelector(`article.capsule[data-capsule-id="${cid}"] .capsule-title`)?.textContent === 'Release checklist', id, { timeout: 10000 });
    assert.equal((await capsule(id))!.instruction, 'Run the tests, bump, tag, publish.');

    await page.locator(`article.capsule[data-capsule-id="${id}"] .capsule-delete`).click();
    await page.locator('.dialog button[data-action="Delete"]').click();
    await page.locator(`article.capsule[data-capsule-id="${id}"]`).waitFor({ state: 'detached', timeout: 10000 });
    assert.equal(await capsule(id), undefined);
  });

  test('refine: the answer says which memories it used; removing one leaves it out of the new prompt', async (t) => {
    if (lacking(t)) return;
    const src = await seed('Loader notes', [['How does the loader read the TOML parser configuration?', 'The loader calls parseConfig on every TOML file and caches it per directory.']]);
    const mm = await rpc<Memolet>('grove/memolet/create', { projectId: src.project.id, unitIds: src.units.map((u) => u.id), title: 'Loader TOML caching' });
    const project = await rpc<Project>('grove/project/create', { title: 'Asking' });
    await rpc('grove/memolet/sandbox/add', { projectId: project.id, memoletId: mm.id });
    const page = await show(project.id);
    await page.locator('.composer-input').fill('How does the loader cache the TOML parser configuration?');
    await page.locator('.composer-send').click();
    const used = page.locator('article.unit.role-assistant .used-memories');
    await used.waitFor({ timeout: 20000 });
    assert.match((await used.textContent()) ?? '', /^used 1 memory/);
    const first = (await units(project.id)).find((u) => u.role === 'assistant')!;
    assert.ok(first.content.includes(mm.id), `the first prompt held the memolet: ${first.content}`);

    await act(page, first.id, '.act-refine');
    const entry = page.locator(`.side-panel[data-panel="refine"] .refine-entry[data-memolet-id="${mm.id}"]`);
    await entry.waitFor({ timeout: 10000 });
    assert.ok(((await entry.textContent()) ?? '').includes('Loader TOML caching'));
    await entry.locator('.refine-mark').selectOption('remove');
    await page.locator('.refine-go').click();
    await page.waitForFunction((n) => document.querySelectorAll('.side-panel[data-panel="refine"]').length === 1 && (window.groveApp?.snapshot().unitCount ?? 0) === n, 3, { timeout: 20000 });
    const refined = (await units(project.id)).filter((u) => u.role === 'assistant').find((u) => u.id !== first.id)!;
    assert.ok(refined, 'a second answer');
    assert.ok(!refined.content.includes(mm.id) && refined.content.includes("[REFINEMENT]"), `the removed memolet is absent from the refined prompt: ${refined.content}`);
    await page.waitForFunction((id) => window.groveApp?.snapshot().focusId === id, refined.id, { timeout: 10000 });
    await readmeShot(page, 'refined-answer');
  });

  test('a citation chip opens the cited memolet; Regenerate writes another answer to the message', async (t) => {
    if (lacking(t)) return;
    const src = await seed('Volumes', [['How do I keep files when a container restarts?', 'Mount a named volume so the files persist.']]);
    const mm = await rpc<Memolet>('grove/memolet/create', { projectId: src.project.id, unitIds: src.units.map((u) => u.id), title: 'Docker volumes' });
    const q = await rpc<Unit>('grove/unit/append', { projectId: src.project.id, parentId: src.units[1].id, role: 'user', content: 'Where do the files go?' });
    const a = await rpc<Unit>('grove/unit/append', { projectId: src.project.id, parentId: q.id, role: 'assistant', content: `Into the volume [citation:${mm.id}].` });
    const page = await show(src.project.id);
    const chip = article(page, a.id).locator(`.citation-ref[data-memolet-id="${mm.id}"]`);
    await chip.click();
    const text = page.locator('.side-panel[data-panel="memolet"] .memolet-text');
    await text.waitFor({ timeout: 10000 });
    assert.ok(((await text.textContent()) ?? '').includes('named volume'));

    await act(page, a.id, '.act-regenerate');
    await page.waitForFunction((n) => window.groveApp?.snapshot().unitCount === n, 5, { timeout: 20000 });
    const again = (await units(src.project.id)).filter((u) => u.parentId === q.id && u.id !== a.id);
    assert.equal(again.length, 1, 'one more answer to the same message');
    await page.waitForFunction((id) => window.groveApp?.snapshot().focusId === id, again[0].id, { timeout: 10000 });
  });

  test('settings: initiative level, cooldown and cap saved; the user model shown and reset', async (t) => {
    if (lacking(t)) return;
    const { project, units: us } = await seed('Settings', [['a question', 'an answer']]);
    await rpc('grove/unit/setScope', { unitIds: [us[0].id], scope: 'excluded' });
    const page = await show(project.id);
    await page.locator('.tb-settings').click();
    const panel = page.locator('.side-panel[data-panel="settings"]');
    await panel.locator('.initiative-level').selectOption('on_demand');
    await panel.locator('.initiative-cooldown').fill('5');
    await panel.locator('.initiative-max').fill('3');
    await panel.locator('.initiative-save').click();
    await page.waitForFunction(() => document.querySelector('.toolbar .status')?.textContent === 'Initiative saved.', null, { timeout: 10000 });
    assert.deepEqual(await rpc<Initiative>('grove/initiative/get', { projectId: project.id }), { level: 'on_demand', cooldownTurns: 5, maxPerHour: 3 });
    assert.ok(((await panel.locator('.usermodel-stage').textContent()) ?? '').match(/\d+ events?/));
    await panel.locator('.usermodel-reset').click();
    await page.locator('.dialog button[data-action="Reset"]').click();
    await page.waitForFunction(() => document.querySelector('.usermodel-stage')?.textContent === 'cold start · 0 events', null, { timeout: 10000 });
    assert.equal((await rpc<UserModel>('grove/userModel/get', {})).events, 0);
  });

  test('check before sending, earlier texts restored, scope from the chat, the branch named in the toolbar', async (t) => {
    if (lacking(t)) return;
    const { project, units: us } = await seed('Housekeeping', [
      ['How should the SQLite store handle schema migrations and versioning?', 'Number the SQLite migrations and apply each in a transaction.'],
      ['Should SQLite migrations be reversible?', 'Keep SQLite migrations forward-only; test each schema upgrade.'],
    ]);
    await rpc('grove/unit/edit', { unitId: us[0].id, content: 'How should the SQLite store handle migrations?' });
    const page = await show(project.id);
    await page.locator('.composer-input').fill('Unrelated: what is a good recipe for sourdough bread with rye flour?');
    await page.locator('.composer-check').click();
    await page.locator('.side-panel[data-panel="check"] .check-item.kind-branch').waitFor({ timeout: 10000 });
    assert.equal(await page.locator('.composer-input').inputValue(), 'Unrelated: what is a good recipe for sourdough bread with rye flour?', 'nothing sent');
    assert.equal((await units(project.id)).length, 4);

    await act(page, us[0].id, '.act-history');
    await page.locator('.side-panel[data-panel="history"] .revision-restore').first().click();
    await page.waitForFunction((id) => document.querySelector(`article.unit[data-unit-id="${id}"] .content`)?.textContent?.includes('schema migrations and versioning'), us[0].id, { timeout: 10000 });

    await act(page, us[1].id, '.act-scope', 'Exclude');
    await article(page, us[1].id).locator('.act-scope', { hasText: 'Include' }).waitFor({ timeout: 10000 });
    assert.equal((await rpc<Unit>('grove/unit/get', { unitId: us[1].id })).scope, 'excluded');

    assert.equal(await page.locator('.tb-branch').textContent(), 'on the main line');
    const side = await rpc<Unit>('grove/unit/append', { projectId: project.id, parentId: us[1].id, role: 'user', content: 'a side question', branch: { title: 'Side trip' } });
    // The shared cursor follows appends: one more on the main line brings the chat back there,
    // so only locate can take it to the branch.
    const back = await rpc<Unit>('grove/unit/append', { projectId: project.id, parentId: us[us.length - 1].id, role: 'user', content: 'back on the main line' });
    // The tree that moved the focus to it was read after both appends, so it holds the branch.
    await page.waitForFunction((b) => window.groveApp!.snapshot().focusId === b, back.id, { timeout: 10000 });
    assert.equal(await page.locator('.tb-branch').textContent(), 'on the main line');
    await page.evaluate((id) => window.groveApp!.locate(id), side.id);
    await page.waitForFunction(() => document.querySelector('.tb-branch')?.textContent === 'on branch “Side trip”', null, { timeout: 10000 });
  });

  test('return from a branch: the header’s Return completes it with the typed summary and goes back; the map’s menu with Grove’s summary', async (t) => {
    if (lacking(t)) return;
    const { project, units: us } = await seed('Returns', [['What is the main plan?', 'Ship the parser first.']]);
    const branchOff = async (title: string, q: string, a: string) => {
      const head = await rpc<Unit>('grove/unit/append', { projectId: project.id, parentId: us[1].id, role: 'user', content: q, branch: { title } });
      await rpc<Unit>('grove/unit/append', { projectId: project.id, parentId: head.id, role: 'assistant', content: a });
      return head;
    };
    const branchOf = async (headId: string) => (await rpc<ProjectSnapshot>('grove/project/get', { projectId: project.id })).branches.find((b) => b.headId === headId)!;
    const rye = await branchOff('Rye', 'How long should a rye starter proof?', 'Proof the rye starter for twelve hours.');
    const page = await show(project.id);
    const header = (text: string) => page.waitForFunction((t) => document.querySelector('.tb-branch')?.textContent === t, text, { timeout: 10000 });
    // The appends moved the shared cursor into the branch: the header says so and offers Return.
    await header('on branch “Rye”');
    await page.locator('.tb-return').click();
    await page.locator('.dialog input').fill('Rye needs twelve hours.');
    await page.locator('.dialog button[data-action="OK"]').click();
    await header('on the main line');
    assert.ok(await page.locator('.tb-return').isHidden(), 'no Return on the main line');
    const done = await branchOf(rye.id);
    assert.equal(done.status, 'completed');
    assert.equal(done.summary, 'Rye needs twelve hours.');
    assert.equal((await rpc<ProjectSnapshot>('grove/project/get', { projectId: project.id })).project.cursorId, us[1].id);
    // The map's menu on a node of another branch; no summary typed: the core writes one.
    const oven = await branchOff('Oven', 'Which oven temperature for rye bread?', 'Bake rye bread at 230 degrees.');
    await header('on branch “Oven”');
    await page.locator('canvas.map-canvas').click({ button: 'right', position: await nodePoint(page, oven.id) });
    await page.locator('.context-menu button[data-action="Return from Branch…"]').click();
    await page.locator('.dialog button[data-action="OK"]').click();
    await header('on the main line');
    const written = await branchOf(oven.id);
    assert.equal(written.status, 'completed');
    assert.match(written.summary ?? '', /230 degrees/);
  });

  test('the memory map: points coloured by cluster, re-cluster with k, add the selected one to the sandbox', async (t) => {
    if (lacking(t)) return;
    const { project, units: us } = await seed('Memory', [
      ['How do I mount a docker volume?', 'Use a named volume so files persist across container restarts.'],
      ['What about sourdough starter feeding?', 'Feed the sourdough starter flour and water daily.'],
    ]);
    const a = await rpc<Memolet>('grove/memolet/create', { projectId: project.id, unitIds: [us[0].id, us[1].id], title: 'Docker volumes' });
    await rpc<Memolet>('grove/memolet/create', { projectId: project.id, unitIds: [us[2].id, us[3].id], title: 'Sourdough starter' });
    const page = await show(project.id);
    await page.locator('.tb-memory').click();
    const panel = page.locator('.side-panel[data-panel="memory"]');
    await panel.locator('svg.memory-plot').waitFor({ timeout: 10000 });
    const { points } = await rpc<{ points: { id: string }[] }>('grove/memolet/map', {});
    assert.equal(await panel.locator('circle.memory-point').count(), points.length);
    await panel.locator('.memory-k').fill('2');
    await panel.locator('.memory-go').click();
    await page.waitForFunction(() => document.querySelectorAll('.memory-clusters li').length === 2, null, { timeout: 10000 });
    await panel.locator(`circle.memory-point[data-memolet-id="${a.id}"]`).click();
    await panel.locator('.memory-add').click();
    await page.waitForFunction(() => document.querySelector('.toolbar .status')?.textContent?.includes('added to this conversation’s sandbox'), null, { timeout: 10000 });
    const sb = await rpc<{ memolets: Memolet[] }>('grove/memolet/sandbox/list', { projectId: project.id });
    assert.deepEqual(sb.memolets.map((m) => m.id), [a.id]);
    await readmeShot(page, 'memory-map');
  });
});
