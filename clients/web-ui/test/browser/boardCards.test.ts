// The board's Cards area against the real grove-server: Reorganize… in the toolbar asks the core
// for a reorganize card (grove/board/reorganize) that Preview marks and Accept applies; an evolve
// card made by `evolution: "cards"` shows its `proposed` badge, and Reject drops both; an
// instruction the offline core cannot follow shows the server's needsModel message.

import { strict as assert } from 'node:assert';
import { mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, test } from 'node:test';
import type { BoardItem, BoardSnapshot } from '../../src/model/boardTypes';
import type { Suggestion } from '../../src/model/types';
import { chromiumMissing } from '../support/browser';
import { serverMissing } from '../support/server';
import { useUiSession } from '../support/uiSession';

const skip = chromiumMissing() || serverMissing();
const ALLOWED = new Set(['grove/board/get', 'grove/board/edit', 'grove/board/undo', 'grove/board/redo', 'grove/board/reorganize', 'grove/suggestion/list', 'grove/suggestion/resolve']);

describe('board cards against grove-server', { skip }, () => {
  const session = useUiSession({ allowed: ALLOWED, needed: ['grove/board/reorganize', 'grove/suggestion/list', 'grove/workspace/configure'] });

  function workspace(name: string): string {
    const dir = path.join(session.srv.dir, name);
    mkdirSync(dir, { recursive: true });
    return pathToFileURL(dir).toString();
  }
  /** A snippet captured from `file` (relative to the workspace), which need not exist. */
  async function snippet(ws: string, file: string, content: string): Promise<BoardItem> {
    const uri = `${ws}/${file}`;
    const res = await session.rpc<{ item: BoardItem }>('grove/board/capture', {
      workspaceUri: ws,
      content,
      source: { uri, range: { start: { line: 0, character: 0 }, end: { line: 0, character: content.length } }, languageId: 'cpp' },
    });
    return res.item;
  }
  const note = async (ws: string, content: string) => (await session.rpc<{ item: BoardItem }>('grove/board/capture', { workspaceUri: ws, content })).item;
  const board = (ws: string) => session.rpc<BoardSnapshot>('grove/board/get', { workspaceUri: ws });
  const cards = async (ws: string, state: string) => (await session.rpc<{ suggestions: Suggestion[] }>('grove/suggestion/list', { workspaceUri: ws, state })).suggestions;

  test('Reorganize… by file makes a card; Preview marks what it touches; Accept regroups the board', async (t) => {
    if (session.lacking(t)) return;
    const ws = workspace('cards1');
    const a = await snippet(ws, 'src/db.cpp', 'int open_db() { return sqlite3_open(path, &db); }');
    const b = await snippet(ws, 'src/db.cpp', 'void close_db() { sqlite3_close(db); }');
    const c = await snippet(ws, 'tools/cli.cpp', 'int parse(int argc, char** argv) { return getopt(argc, argv, "v"); }');
    await note(ws, 'remember to rotate the API keys every quarter');
    const ui = await session.openView(null, undefined, { view: 'board', workspaceUri: ws });
    const page = ui.page;
    await page.locator(`.board-card[data-item-id="${c.id}"]`).waitFor();

    await page.locator('[data-action="reorganize"]').click();
    const input = page.locator('.reorganize-form input');
    assert.match((await input.getAttribute('placeholder'))!, /file, folder, language, kind, tag or topic/);
    await input.fill('group these by file');
    await page.locator('[data-action="reorganize-send"]').click();
    const card = page.locator('.board-proposal.kind-reorganize');
    await card.waitFor();
    assert.equal(await card.locator('.proposal-kind').textContent(), 'Reorganize');
    assert.match((await card.locator('.proposal-reason').textContent())!, /by file/);
    const [pending] = await cards(ws, 'pending');
    assert.equal(await card.getAttribute('data-suggestion-id'), pending.id);
    const revision = (await board(ws)).board.revision;

    await card.locator('[data-action="preview-card"]').click();
    await card.locator('.proposal-note', { hasText: /Would change 3 memories/ }).waitFor();
    for (const item of [a, b, c]) await page.locator(`.board-card.previewed[data-item-id="${item.id}"]`).waitFor();
    assert.equal((await board(ws)).board.revision, revision, 'a preview stores nothing');

    await card.locator('[data-action="accept-card"]').click();
    await card.waitFor({ state: 'detached' });
    const dbGroup = page.locator('.board-group', { has: page.locator('> header .group-title', { hasText: 'src/db.cpp' }) });
    await dbGroup.locator(`.board-card[data-item-id="${a.id}"]`).waitFor();
    await dbGroup.locator(`.board-card[data-item-id="${b.id}"]`).waitFor();
    const cliGroup = page.locator('.board-group', { has: page.locator('> header .group-title', { hasText: 'tools/cli.cpp' }) });
    await cliGroup.locator(`.board-card[data-item-id="${c.id}"]`).waitFor();
    const after = await board(ws);
    const titleOf = new Map(after.groups.map((g) => [g.id, g.title]));
    assert.equal(titleOf.get(after.items.find((i) => i.id === a.id)!.groupId!), 'src/db.cpp');
    assert.equal((await cards(ws, 'accepted')).length, 1);
  });

  test('an evolve card (evolution: "cards") links from its badge; Reject drops card and badge', async (t) => {
    if (session.lacking(t)) return;
    const ws = workspace('cards2');
    await session.rpc('grove/workspace/configure', { workspaceUri: ws, board: { evolution: 'cards' } });
    const older = await note(ws, 'docker volume mounts for the postgres container keep the database files');
    const ui = await session.openView(null, undefined, { view: 'board', workspaceUri: ws });
    const page = ui.page;
    await page.locator(`.board-card[data-item-id="${older.id}"]`).waitFor();
    // The second note arrives from another client: the card and the badge come by notification.
    await note(ws, 'the postgres container loses its database files without a docker volume mount');
    const card = page.locator('.board-proposal.kind-evolve');
    await card.waitFor();
    assert.equal(await card.locator('.proposal-kind').textContent(), 'Evolve');
    const id = (await card.getAttribute('data-suggestion-id'))!;
    const badge = page.locator(`.board-card[data-item-id="${older.id}"] .card-proposal[data-suggestion-id="${id}"]`);
    await badge.waitFor();
    await badge.locator('[data-action="show-proposal"]').click();
    await page.locator(`.board-proposal.flash[data-suggestion-id="${id}"]`).waitFor();

    await card.locator('[data-action="reject-card"]').click();
    await card.waitFor({ state: 'detached' });
    await badge.waitFor({ state: 'detached' });
    await page.locator(`.board-card[data-item-id="${older.id}"] [data-badge="proposed"]`).waitFor({ state: 'detached' });
    assert.equal((await cards(ws, 'rejected')).length, 1);
    assert.equal((await cards(ws, 'pending')).length, 0);
  });

  test("an instruction the offline core cannot follow shows the server's needsModel message; other clients' cards come and go by notification", async (t) => {
    if (session.lacking(t)) return;
    const ws = workspace('cards3');
    const x = await note(ws, 'first memory about caching');
    await note(ws, 'second memory about retries');
    const ui = await session.openView(null, undefined, { view: 'board', workspaceUri: ws });
    const page = ui.page;
    await page.locator(`.board-card[data-item-id="${x.id}"]`).waitFor();
    await page.locator('[data-action="reorganize"]').click();
    await page.locator('.reorganize-form input').fill('make it nice');
    await page.locator('[data-action="reorganize-send"]').click();
    const status = page.locator('.board-toolbar .status.error');
    await status.waitFor();
    const text = (await status.textContent())!;
    assert.match(text, /\(1002\)/);
    assert.match(text, /file/);
    assert.match(text, /topic/);
    assert.ok(ui.uiMessages.some((m) => m.type === 'notify' && /topic/.test((m as { message: string }).message)));
    assert.equal(await page.locator('.board-proposal').count(), 0);
    assert.equal((await cards(ws, 'pending')).length, 0);

    // A card another client asks for changes no board revision: it comes by didCreate, and its
    // rejection elsewhere (didChange) takes it away.
    const other = await session.rpc<{ suggestion: Suggestion }>('grove/board/reorganize', { workspaceUri: ws, instruction: 'by kind' });
    const card = page.locator(`.board-proposal[data-suggestion-id="${other.suggestion.id}"]`);
    await card.waitFor();
    await session.rpc('grove/suggestion/resolve', { suggestionId: other.suggestion.id, decision: 'reject' });
    await card.waitFor({ state: 'detached' });
  });
});
