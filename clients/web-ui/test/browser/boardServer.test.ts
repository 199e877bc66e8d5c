// The memory board view against the real grove-server: captures made through the protocol show
// as cards in their groups, the view's own edits (drag to a group, create a group, archive) land
// in the core, Undo takes them back, and a change made by another client re-renders the view.

import { strict as assert } from 'node:assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, test } from 'node:test';
import type { BoardItem, BoardSnapshot } from '../../src/model/boardTypes';
import { chromiumMissing } from '../support/browser';
import { serverMissing } from '../support/server';
import { useUiSession } from '../support/uiSession';

const skip = chromiumMissing() || serverMissing();
const ALLOWED = new Set(['grove/board/get', 'grove/board/edit', 'grove/board/undo', 'grove/board/redo']);

describe('board view against grove-server', { skip }, () => {
  const session = useUiSession({ allowed: ALLOWED, needed: ['grove/board/get', 'grove/board/capture', 'grove/board/edit', 'grove/board/undo'] });

  /** A workspace folder in the server's temporary directory with one source file. */
  function workspace(name: string): { uri: string; file: string } {
    const dir = path.join(session.srv.dir, name);
    mkdirSync(path.join(dir, 'src'), { recursive: true });
    const file = path.join(dir, 'src', 'retry.ts');
    writeFileSync(file, 'export function retry(f: () => void) {\n  for (let i = 0; i < 3; i++) {\n    try { return f(); } catch { /* drops errors */ }\n  }\n}\n');
    return { uri: pathToFileURL(dir).toString(), file: pathToFileURL(file).toString() };
  }

  async function capture(workspaceUri: string, content: string, extra: Record<string, unknown> = {}): Promise<BoardItem> {
    const res = await session.rpc<{ item: BoardItem }>('grove/board/capture', { workspaceUri, content, ...extra });
    return res.item;
  }
  const board = (workspaceUri: string) => session.rpc<BoardSnapshot>('grove/board/get', { workspaceUri, archived: true });

  test('captures show as cards in their groups; drag to a group, archive and undo go through the core', async (t) => {
    if (session.lacking(t)) return;
    const ws = workspace('ws1');
    const snippet = await capture(ws.uri, 'for (let i = 0; i < 3; i++) {\n  try { return f(); } catch { /* drops errors */ }\n}', {
      source: { uri: ws.file, range: { start: { line: 1, character: 0 }, end: { line: 3, character: 3 } }, languageId: 'typescript', memo: 'retry drops errors', symbol: 'retry' },
    });
    const note = await capture(ws.uri, 'Deploy on Fridays needs a second reviewer for the database migrations.');
    const first = await board(ws.uri);
    assert.equal(first.items.length, 2);

    const ui = await session.openView(null, undefined, { view: 'board', workspaceUri: ws.uri });
    const page = ui.page;
    await page.locator(`.board-card.kind-snippet[data-item-id="${snippet.id}"]`).waitFor();
    await page.locator(`.board-card.kind-note[data-item-id="${note.id}"]`).waitFor();
    assert.equal(await page.locator(`.board-card[data-item-id="${snippet.id}"] .card-memo`).textContent(), 'retry drops errors');
    assert.match((await page.locator('.board-understanding .understanding-text').textContent())!, /\S/);

    // Open the snippet's source range in the editor.
    await page.locator(`.board-card[data-item-id="${snippet.id}"] .card-source`).click();
    const open = ui.uiMessages.find((m) => m.type === 'openLocation') as { uri: string; range: { start: { line: number } } } | undefined;
    assert.equal(open?.uri, ws.file);
    assert.equal(open?.range.start.line, 1);

    // Group the note by itself (Create group), then drag the snippet into that group.
    await page.locator(`.board-card[data-item-id="${note.id}"] .card-select`).check();
    await page.locator('[data-action="group-selection"]').click();
    await page.locator('.dialog input').fill('Deploys');
    await page.locator('.dialog [data-action="OK"]').click();
    const grouped = page.locator('.board-group', { has: page.locator('> header .group-title', { hasText: 'Deploys' }) });
    await grouped.locator(`.board-card[data-item-id="${note.id}"]`).waitFor();
    const deploys = (await board(ws.uri)).groups.find((g) => g.title === 'Deploys')!;
    assert.ok(deploys.itemIds.includes(note.id));

    await page.locator(`.board-card[data-item-id="${snippet.id}"]`).dragTo(grouped.locator('> header'));
    await grouped.locator(`.board-card[data-item-id="${snippet.id}"]`).waitFor();
    assert.equal((await board(ws.uri)).items.find((i) => i.id === snippet.id)!.groupId, deploys.id);

    await page.locator('[data-action="undo"]').click();
    await page.locator(`.board-group[data-group-id="${deploys.id}"] .board-card[data-item-id="${snippet.id}"]`).waitFor({ state: 'detached' });
    assert.notEqual((await board(ws.uri)).items.find((i) => i.id === snippet.id)!.groupId, deploys.id);

    await page.locator(`.board-card[data-item-id="${note.id}"] [data-action="archive"]`).click();
    await page.locator(`.board-card[data-item-id="${note.id}"]`).waitFor({ state: 'detached' });
    assert.equal((await board(ws.uri)).items.find((i) => i.id === note.id)!.archived, true);
  });

  test("another client's edit re-renders the view (grove/board/didChange)", async (t) => {
    if (session.lacking(t)) return;
    const ws = workspace('ws2');
    const item = await capture(ws.uri, 'Cache invalidation happens on every product write.');
    const ui = await session.openView(null, undefined, { view: 'board', workspaceUri: ws.uri });
    await ui.page.locator(`.board-card[data-item-id="${item.id}"]`).waitFor();
    await session.rpc('grove/board/edit', { workspaceUri: ws.uri, ops: [{ op: 'UpdateItem', id: item.id, title: 'Renamed by another client' }] });
    await ui.page.locator(`.board-card[data-item-id="${item.id}"] .card-title`, { hasText: 'Renamed by another client' }).waitFor();
  });
});
