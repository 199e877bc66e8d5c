// End to end in a real VS Code workbench: code-server 4.100.3 in headless Debian Chromium,
// the extension installed from grove.vsix alone, the grove-server bundled in it behind it (no
// grove.server.path setting, no GROVE_SERVER in the workbench's environment).

import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, afterEach, before, describe, test } from 'node:test';
import type { Browser, Frame, Page } from 'playwright-core';
import type {} from '../../../web-ui/src/main'; // window.groveApp
import { ServerProcess } from '../../../web-ui/host/serverProcess';
import { codeServerMissing, startWorkbench, type Workbench } from '../support/codeServer';
import { extensionDir, repoDir, serverPath, vsixPath } from '../support/paths';
import { runningExecutablesUnder } from '../support/runningExecutables';
import { CHROMIUM, launchBrowser, paletteCommand, paletteInput, QUIET_SETTINGS, typeInput } from '../support/workbenchUi';

const skip =
  (!existsSync(CHROMIUM) && `${CHROMIUM} not found`) ||
  (!existsSync(serverPath()) && `grove-server not found at ${serverPath()}`) ||
  (!existsSync(vsixPath()) && `${vsixPath()} not found (npm run package)`) ||
  codeServerMissing();
if (skip) console.log(`# note: VS Code end-to-end tests skipped: ${skip}`);

const RETRY_TS = ['export async function retry(fn: () => Promise<void>) {', '  for (;;) {', '    try { return await fn(); } catch { /* dropped */ }', '  }', '}', ''].join('\n');

function fakeProviderPath(): string {
  return process.env.GROVE_FAKE_PROVIDER || path.join(repoDir, 'build', 'tests', 'fake-provider', 'grove-fake-provider');
}

/** Starts the scripted model provider on loopback; resolves with its port. */
async function startFakeProvider(dir: string): Promise<{ port: number; stop: () => Promise<void> }> {
  const script = path.join(dir, 'script.json');
  // No `kind`: each request gets what its path asks for, so chat answers stream these pieces and
  // embedding requests (memolet indexing through the provider) get vectors.
  writeFileSync(script, JSON.stringify([{ chunks: ['Retries ', 'swallow ', 'every ', 'error.'], delayMs: 80 }]));
  const child = spawn(fakeProviderPath(), ['--port', '0', '--script', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('fake provider did not start')), 10000);
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      const m = /listening (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.on('exit', () => reject(new Error('fake provider exited')));
  });
  return {
    port,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Asks a throwaway server which methods exist, to skip what this server cannot do yet. */
async function serverMethods(): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'grove-methods-'));
  const s = new ServerProcess(serverPath(), ['--db', path.join(dir, 'g.db')]);
  try {
    await s.initialize();
    return (await s.request<{ methods: string[] }>('grove/server/methods', {})).methods;
  } catch {
    return [];
  } finally {
    await s.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('VS Code workbench (code-server)', { skip }, () => {
  let wb: Workbench;
  let browser: Browser;
  let page: Page;
  let methods: string[] = [];
  let provider: { port: number; stop: () => Promise<void> } | null = null;
  let dbDir = '';

  before(async () => {
    methods = await serverMethods();
    dbDir = mkdtempSync(path.join(tmpdir(), 'grove-e2e-db-'));
    // With chat on the server and the fake provider built, answers come from the fake provider.
    const providerEnv: Record<string, string> = {};
    if (methods.includes('grove/chat/send') && existsSync(fakeProviderPath())) {
      provider = await startFakeProvider(dbDir);
      Object.assign(providerEnv, { GROVE_PROVIDER: 'openai', GROVE_BASE_URL: `http://127.0.0.1:${provider.port}`, GROVE_MODEL: 'fake-model', OPENAI_API_KEY: 'test-key-not-secret' });
    }
    wb = await startWorkbench({
      vsix: vsixPath(),
      files: { 'src/retry.ts': RETRY_TS },
      settings: {
        'grove.server.args': ['--db', path.join(dbDir, 'grove.db')],
        ...QUIET_SETTINGS,
      },
      env: providerEnv,
    });
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    await page.goto(wb.url);
    await page.locator('.monaco-workbench').waitFor({ timeout: 60000 });
    // The Grove view container in the activity bar: the workbench has read our package.json.
    await page.locator('.activitybar .action-item a[aria-label^="Grove"], .activitybar .action-label[aria-label^="Grove"]').first().waitFor({ timeout: 60000 });
    await page.locator('.part.editor').click();
  });

  // GROVE_E2E_SHOTS=<dir> keeps a screenshot after each test, for debugging failures.
  let shot = 0;
  afterEach(async () => {
    if (process.env.GROVE_E2E_SHOTS && page) await page.screenshot({ path: path.join(process.env.GROVE_E2E_SHOTS, `e2e-${++shot}.png`) }).catch(() => undefined);
  });

  after(async () => {
    await browser?.close();
    await wb?.stop();
    await provider?.stop();
    if (dbDir) rmSync(dbDir, { recursive: true, force: true });
  });

  const runCommand = (title: string) => paletteCommand(page, title);

  const answerInput = (text: string) => typeInput(page, text);
  const commandInput = (title: string, text: string) => paletteInput(page, title, text);

  /** The frame running the web UI (inside code-server's webview iframes), showing `title` if given. */
  async function uiFrame(title?: string): Promise<Frame> {
    const deadline = Date.now() + 30000;
    while (Date.now() < deadline) {
      for (const f of page.frames()) {
        try {
          if (await f.evaluate((t) => !!document.getElementById('grove-root') && !!window.groveApp && (!t || document.querySelector('.toolbar .title')?.textContent === t), title)) return f;
        } catch {
          // Frame navigated or detached: look again.
        }
      }
      await page.waitForTimeout(100);
    }
    throw new Error(`web UI frame not found\n${wb.log()}`);
  }

  test('the extension installed from the .vsix runs the grove-server bundled in it', async () => {
    const pkg = JSON.parse(readFileSync(path.join(extensionDir, 'package.json'), 'utf8'));
    const bundled = path.join(wb.extensionsDir, `${pkg.publisher}.${pkg.name}-${pkg.version}`, 'server', `${process.platform}-${process.arch}`, 'grove-server');
    assert.ok(existsSync(bundled), `the .vsix did not install ${bundled}`);
    // The extension starts its server on activation; wait for it with a deadline.
    const deadline = Date.now() + 30000;
    let running: string[] = [];
    while (Date.now() < deadline && !(running = runningExecutablesUnder(wb.extensionsDir)).includes(bundled)) await page.waitForTimeout(200);
    assert.deepEqual(running, [bundled], `expected the bundled server to run\n${wb.log()}`);
  });

  test('the extension activates: its commands run and a conversation opens in a webview', async () => {
    await commandInput('Grove: New Conversation', 'E2E conversation');
    const frame = await uiFrame();
    await frame.waitForFunction(() => document.querySelector('.toolbar .title')?.textContent === 'E2E conversation', null, { timeout: 20000 });
    // The strict CSP is in force inside the webview.
    const csp = await frame.evaluate(() => document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ?? '');
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /script-src 'nonce-/);
    // The status bar says this window runs the core (it started grove-server on its store).
    await page.locator('.statusbar-item', { hasText: /Grove: owns the core/ }).waitFor({ timeout: 10000 });
  });

  test('Capture Selection turns the editor selection into a code unit', async () => {
    await page.keyboard.press('Control+P');
    await page.locator('.quick-input-widget input').waitFor();
    await page.keyboard.type('retry.ts');
    await page.locator('.quick-input-list .monaco-list-row.focused[aria-label*="retry.ts"]').waitFor({ timeout: 15000 });
    await page.keyboard.press('Enter');
    const editor = page.locator('.monaco-editor .view-lines').first();
    await editor.waitFor();
    await editor.click();
    await page.keyboard.press('Control+Home');
    for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+ArrowDown');
    await runCommand('Grove: Capture Selection');
    await page.locator('.quick-input-widget .quick-input-message', { hasText: 'Memo' }).waitFor();
    await answerInput('drops errors silently');
    if (process.env.GROVE_E2E_SHOTS) await page.screenshot({ path: path.join(process.env.GROVE_E2E_SHOTS, 'e2e-capture.png') });
    // Back to the conversation tab: the capture shows up there.
    await page.getByRole('tab', { name: 'E2E conversation', exact: true }).click();
    const frame = await uiFrame();
    const ref = frame.locator('article.kind-code .code-ref');
    await ref.waitFor({ timeout: 20000 });
    assert.equal(await ref.textContent(), 'retry.ts L1-L3');
    assert.equal(await frame.locator('article.kind-code .memo').textContent(), 'drops errors silently');
    assert.match((await frame.locator('article.kind-code pre').textContent()) ?? '', /export async function retry/);

    // Clicking the file opens the editor on the captured lines: first move the editor's own
    // selection elsewhere, so only the click can bring it back.
    await page.getByRole('tab', { name: /retry\.ts/ }).first().click();
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+End');
    await page.locator('.statusbar-item', { hasText: /Ln 6, Col 1$/ }).waitFor({ timeout: 10000 });
    await page.getByRole('tab', { name: 'E2E conversation', exact: true }).click();
    await ref.click();
    await page.getByRole('tab', { name: /retry\.ts/ }).first().waitFor();
    await page.locator('.statusbar-item', { hasText: /Ln 4, Col 1 \(\d+ selected\)/ }).waitFor({ timeout: 20000 });
    await page.getByRole('tab', { name: 'E2E conversation', exact: true }).click();
  });

  test('a message sent in the chat streams an answer from the provider', { skip: false }, async (t) => {
    if (!methods.includes('grove/chat/send')) {
      t.skip('grove/chat/send is not implemented by this server yet');
      return;
    }
    const frame = await uiFrame();
    await frame.locator('.composer-input').fill('What does retry do with errors?');
    await frame.locator('.composer-send').click();
    await frame.locator('article.role-assistant').first().waitFor({ timeout: 30000 });
    const handle = await frame.waitForFunction(() => {
      const a = [...document.querySelectorAll('article.role-assistant')].pop();
      const text = a?.querySelector('.content')?.textContent ?? '';
      return a && a.classList.contains('status-complete') && text.length > 0 ? text : null;
    }, null, { timeout: 30000 });
    const answer = (await handle.jsonValue()) as string;
    if (provider) assert.equal(answer, 'Retries swallow every error.');
    assert.ok((await frame.evaluate(() => window.groveApp!.snapshot().streamEvents)) > 1, 'the answer arrived in streamed pieces');
  });

  test('Preview Context opens what the model would receive', async () => {
    await runCommand('Grove: Preview Context');
    // Monaco renders spaces as no-break spaces.
    const handle = await page.waitForFunction(
      () => [...document.querySelectorAll('.monaco-editor .view-lines')].map((e) => (e.textContent ?? '').replace(/\u00a0/g, ' ')).find((t) => t.includes('# Context preview: E2E conversation')),
      null,
      { timeout: 20000 },
    );
    const text = (await handle.jsonValue()) as string;
    assert.match(text, /## 1\. user/);
    assert.match(text, /export async function retry/);
    assert.match(text, /drops errors silently/);
    // A second preview reuses the same editor: no new column, no unsaved document.
    await page.getByRole('tab', { name: 'E2E conversation', exact: true }).click();
    await runCommand('Grove: Preview Context');
    await page.getByRole('tab', { name: /E2E conversation \(context\)\.md/ }).first().waitFor({ timeout: 20000 });
    assert.equal(await page.getByRole('tab', { name: /E2E conversation \(context\)\.md/ }).count(), 1, 'one preview tab');
    assert.equal(await page.locator('.editor-group-container').count(), 2, 'the conversation and one preview group');
    await page.locator('.tab').filter({ hasText: 'E2E conversation' }).filter({ hasNotText: '(context)' }).first().click();
  });

  test('Branch from Here in the map creates a branch the map shows', async () => {
    const frame = await uiFrame();
    // Give the mainline a second unit so the branch has somewhere to leave from.
    const snap = await frame.evaluate(() => window.groveApp!.snapshot());
    const rootId = snap.branches.find((b) => b.isMainline)!.unitIds[0];
    if (snap.unitCount < 2) {
      await frame.locator('.composer-input').fill('continue on the mainline');
      await frame.locator('.composer-send').click();
      await frame.waitForFunction(() => window.groveApp!.snapshot().unitCount >= 2, null, { timeout: 20000 });
    }
    await frame.evaluate((id) => window.groveApp!.map.reveal(id), rootId);
    const point = (await (await frame.waitForFunction((id) => window.groveApp!.map.nodeCenter(id), rootId, { timeout: 10000 })).jsonValue()) as { x: number; y: number };
    await frame.locator('canvas.map-canvas').click({ button: 'right', position: point });
    await frame.locator('.context-menu button[data-action="Branch from Here"]').click();
    await frame.locator('.composer-input').fill('a side question on a branch');
    await frame.locator('.composer-send').click();
    const handle = await frame.waitForFunction(
      () => {
        const app = window.groveApp!;
        const b = app.snapshot().branches.find((x) => !x.isMainline);
        return b && (app.map.laneOf(b.headId) ?? 0) >= 1 ? b.headId : null;
      },
      null,
      { timeout: 20000 },
    );
    const head = (await handle.jsonValue()) as string;
    assert.ok(head);
    await frame.locator(`article.unit[data-unit-id="${head}"]`).waitFor({ timeout: 10000 });
    // The answer is still streaming: the next test's Undo must not land before it is recorded
    // (recording it would drop what Undo took from the redo history).
    await frame.locator('.composer-stop').waitFor({ state: 'hidden', timeout: 30000 });
  });

  test('Undo and Redo commands walk the history the map shows', async () => {
    const frame = await uiFrame();
    const count = () => frame.evaluate(() => window.groveApp!.snapshot().unitCount);
    const before = await count();
    await runCommand('Grove: Undo');
    await frame.waitForFunction((n) => window.groveApp!.snapshot().unitCount < n, before, { timeout: 20000 });
    await runCommand('Grove: Redo');
    await frame.waitForFunction((n) => window.groveApp!.snapshot().unitCount === n, before, { timeout: 20000 });
  });

  test('Search finds a unit across conversations and reveals it', async () => {
    await commandInput('Grove: Search', 'side question');
    const hit = page.locator('.quick-input-list .monaco-list-row', { hasText: 'side question' }).first();
    await hit.waitFor({ timeout: 20000 });
    await page.keyboard.press('Enter');
    const frame = await uiFrame();
    await frame.waitForFunction(() => document.querySelector('article.unit.flash')?.textContent?.includes('a side question on a branch') ?? false, null, { timeout: 20000 });
  });

  test('the activity-bar tree lists the conversation with its mainline and branch', async () => {
    await page.locator('.activitybar .action-item a[aria-label^="Grove"], .activitybar .action-label[aria-label^="Grove"]').first().click();
    const project = page.locator('.part.sidebar .monaco-list-row[aria-label*="E2E conversation"]').filter({ visible: true });
    await project.waitFor({ timeout: 20000 });
    if ((await project.getAttribute('aria-expanded')) !== 'true') await project.locator('.monaco-tl-twistie').click();
    await page.locator('.part.sidebar .monaco-list-row[aria-label*="Mainline"]').filter({ visible: true }).waitFor({ timeout: 20000 });
    await page.locator('.part.sidebar .monaco-list-row', { hasText: 'a side question on a branch' }).filter({ visible: true }).waitFor({ timeout: 20000 });
  });

  test('memolets: Remember in the chat, Search Memolets, add to and remove from the sandbox, insert a reference', async () => {
    const memoletMethods = ['grove/memolet/create', 'grove/memolet/search', 'grove/memolet/sandbox/list', 'grove/memolet/sandbox/add', 'grove/memolet/sandbox/remove'];
    if (!memoletMethods.every((m) => methods.includes(m))) {
      // An older server: the command says plainly that memolets are missing.
      console.log('# note: this grove-server has no memolets; checking the message an older server gets');
      await runCommand('Grove: Search Memolets');
      await page.locator('.notifications-toasts .notification-toast', { hasText: 'this grove-server has no memolets' }).waitFor({ timeout: 20000 });
      return;
    }
    const frame = await uiFrame();
    // Select part of the captured code in the chat; Create Memolet from Selection makes a memolet of it.
    await frame.evaluate(() => {
      const code = document.querySelector('article.kind-code pre code')!;
      const node = code.firstChild!;
      const at = node.textContent!.indexOf('for (;;)');
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, node.textContent!.indexOf('dropped') + 'dropped'.length);
      document.getSelection()!.removeAllRanges();
      document.getSelection()!.addRange(range);
    });
    await runCommand('Grove: Create Memolet from Selection');
    const status = await frame.waitForFunction(() => /^Memolet “(.+)” created$/.exec(document.querySelector('.toolbar .status')?.textContent ?? '')?.[1] ?? null, null, { timeout: 20000 });
    const title = (await status.jsonValue()) as string;

    // Search finds it live; Add to Sandbox puts it in the current conversation's sandbox.
    await runCommand('Grove: Search Memolets');
    // One value, so one search: rows typed a key at a time are re-rendered under the click.
    await page.locator('.quick-input-widget input').fill('catch dropped');
    // Pick the row whose title is exactly this one (another memolet's matching sentence may quote
    // the same code) and that was made by hand (the conversation's own segmented memolet may share
    // the title).
    const label = new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
    const mine = () =>
      page
        .locator('.quick-input-list .monaco-list-row')
        .filter({ has: page.locator('.label-name', { hasText: label }) })
        .filter({ hasText: 'made by you' })
        .first();
    const row = mine();
    await row.waitFor({ timeout: 20000 });
    assert.match((await row.textContent()) ?? '', /score \d\.\d{3}/);
    await row.click();
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Add to Sandbox' }).click();
    await page.locator('.notifications-toasts .notification-toast', { hasText: 'is in the sandbox of “E2E conversation”' }).waitFor({ timeout: 20000 });

    // Show Sandbox focuses the Memolet Sandbox view, which lists it; its inline Remove empties it.
    await runCommand('Grove: Show Sandbox');
    const item = page.locator('.part.sidebar .monaco-list-row', { hasText: title }).filter({ visible: true }).first();
    await item.waitFor({ timeout: 20000 });
    await item.hover();
    await item.locator('.action-label[aria-label="Remove from Sandbox"]').click();
    await page.locator('.part.sidebar .message', { hasText: 'The sandbox of “E2E conversation” is empty' }).filter({ visible: true }).waitFor({ timeout: 20000 });
    assert.equal(await page.locator('.part.sidebar .monaco-list-row', { hasText: title }).filter({ visible: true }).count(), 0);

    // Insert Reference puts @[Title](memolet:ID) into the chat composer.
    await runCommand('Grove: Search Memolets');
    // One value, so one search: rows typed a key at a time are re-rendered under the click.
    await page.locator('.quick-input-widget input').fill('catch dropped');
    await mine().click();
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Insert Reference' }).click();
    const value = await frame.waitForFunction(() => {
      const v = (document.querySelector('.composer-input') as HTMLTextAreaElement | null)?.value ?? '';
      return /@\[[^\]]+\]\(memolet:[A-Za-z0-9_-]+\)/.test(v) ? v : null;
    }, null, { timeout: 20000 });
    const composed = (await value.jsonValue()) as string;
    assert.ok(composed.includes(`@[${title}](memolet:`), composed);
  });

  test('a structure suggestion from the core appears as a card, and Accept carries it out', async (t) => {
    const needed = ['grove/chat/send', 'grove/suggestion/list', 'grove/suggestion/resolve'];
    if (!needed.every((m) => methods.includes(m))) {
      t.skip(`server lacks ${needed.filter((m) => !methods.includes(m)).join(', ')}`);
      return;
    }
    await commandInput('Grove: New Conversation', 'E2E suggestions');
    const frame = await uiFrame('E2E suggestions');
    const send = async (text: string) => {
      const before = await frame.evaluate(() => window.groveApp!.snapshot().unitCount);
      await frame.locator('.composer-input').fill(text);
      await frame.locator('.composer-send').click();
      await frame.waitForFunction((n) => window.groveApp!.snapshot().unitCount >= n + 2 && !!document.querySelector('.composer-stop[hidden]'), before, { timeout: 30000 });
    };
    for (const q of ['Our HTTP client retries failed requests in a loop. How should the retry backoff work?', 'What backoff cap should the retry loop use for HTTP 503 responses?', 'How do we stop the retry loop from hammering the HTTP server during an outage?']) await send(q);
    await frame.locator('.composer-input').fill('Unrelated: what is a good recipe for sourdough bread with rye flour?');
    await frame.locator('.composer-send').click();
    const card = frame.locator('aside.suggestion.kind-branch').first();
    await card.waitFor({ timeout: 30000 });
    assert.match((await card.textContent()) ?? '', /Start a branch here\?/);
    await frame.locator('.composer-stop').waitFor({ state: 'hidden', timeout: 30000 });
    await card.locator('.act-accept').click();
    await card.waitFor({ state: 'detached', timeout: 20000 });
    // Accepted: the unrelated exchange now heads a branch, drawn in its own lane.
    const handle = await frame.waitForFunction(() => {
      const app = window.groveApp!;
      const b = app.snapshot().branches.find((x) => !x.isMainline);
      return b && (app.map.laneOf(b.headId) ?? 0) >= 1 ? b.headId : null;
    }, null, { timeout: 20000 });
    const head = (await handle.jsonValue()) as string;
    assert.match((await frame.locator(`article.unit[data-unit-id="${head}"]`).textContent()) ?? '', /sourdough/);
  });

  // Last of this workbench: the board panel it opens stays in front of the
  // conversation, so a test after it would click the board.
  test('Capture Selection to Board puts the selection on its folder\'s board, memo and symbol kept', async (t) => {
    if (!methods.includes('grove/board/capture')) return t.skip('no memory board on this server');
    await page.getByRole('tab', { name: /retry\.ts/ }).first().click();
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+Home');
    for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+ArrowDown');
    await runCommand('Grove: Capture Selection to Board');
    await page.locator('.quick-input-widget .quick-input-message', { hasText: 'Memo' }).waitFor();
    await answerInput('board: retries drop errors');
    await runCommand('Grove: Open Memory Board');
    const deadline = Date.now() + 30000;
    let frame: Frame | undefined;
    while (!frame && Date.now() < deadline) {
      for (const f of page.frames()) if (await f.evaluate(() => !!window.groveBoard).catch(() => false)) frame = f;
      if (!frame) await page.waitForTimeout(100);
    }
    assert.ok(frame, `board frame not found\n${wb.log()}`);
    const card = frame.locator('.board-card.kind-snippet', { has: frame.locator('.card-memo', { hasText: 'board: retries drop errors' }) });
    await card.waitFor({ timeout: 20000 });
    assert.match((await card.locator('.card-source').textContent()) ?? '', /retry\.ts:1-3/);
    // The core placed it: the card is in a group, not among the unplaced.
    assert.equal(await frame.locator('.board-group.ungrouped .board-card.kind-snippet').count(), 0);
  });
});

describe('VS Code workbench: capsules, refine, reload', { skip }, () => {
  let wb: Workbench;
  let browser: Browser;
  let page: Page;
  let methods: string[] = [];
  let provider: { port: number; stop: () => Promise<void> } | null = null;
  let core: ServerProcess | null = null;
  let dbDir = '';

  before(async () => {
    methods = await serverMethods();
    dbDir = mkdtempSync(path.join(tmpdir(), 'grove-e2e-db-'));
    const providerEnv: Record<string, string> = {};
    if (existsSync(fakeProviderPath())) {
      provider = await startFakeProvider(dbDir);
      Object.assign(providerEnv, { GROVE_PROVIDER: 'openai', GROVE_BASE_URL: `http://127.0.0.1:${provider.port}`, GROVE_MODEL: 'fake-model', OPENAI_API_KEY: 'test-key-not-secret' });
    }
    wb = await startWorkbench({
      vsix: vsixPath(),
      files: { 'README.md': 'x\n' },
      settings: {
        'grove.server.args': ['--db', path.join(dbDir, 'grove.db')],
        ...QUIET_SETTINGS,
      },
      env: providerEnv,
    });
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    await page.goto(wb.url);
    await page.locator('.monaco-workbench').waitFor({ timeout: 60000 });
    await page.locator('.statusbar-item', { hasText: /Grove: owns the core/ }).waitFor({ timeout: 60000 });
    // A second grove-server on the same store joins the workbench's core: the test's own hands.
    core = new ServerProcess(serverPath(), ['--db', path.join(dbDir, 'grove.db')], { ...process.env, ...providerEnv });
    await core.initialize();
  });

  after(async () => {
    await core?.stop();
    await browser?.close();
    await wb?.stop();
    await provider?.stop();
    if (dbDir) rmSync(dbDir, { recursive: true, force: true });
  });

  const rpc = <T>(method: string, params: unknown) => core!.request<T>(method, params);

  const runCommand = (title: string) => paletteCommand(page, title);

  async function uiFrame(title: string, timeoutMs = 30000): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      for (const f of page.frames()) {
        try {
          if (await f.evaluate((t) => !!window.groveApp && document.querySelector('.toolbar .title')?.textContent === t, title)) return f;
        } catch {
          // Frame navigated or detached: look again.
        }
      }
      await page.waitForTimeout(100);
    }
    throw new Error(`web UI frame "${title}" not found\n${wb.log()}`);
  }

  /** A conversation of two exchanges made through the core, opened in the workbench. */
  async function conversation(title: string): Promise<{ projectId: string; unitIds: string[]; frame: Frame }> {
    const project = await rpc<{ id: string }>('grove/project/create', { title });
    const unitIds: string[] = [];
    let parentId: string | null = null;
    // A word only this conversation has, to find it with Grove: Search.
    const word = `zq${title.replace(/[^a-z]/gi, '').toLowerCase()}`;
    for (const [role, content] of [['user', `How do we cut a release of the parser library (${word})?`], ['assistant', 'Run the full test suite, then bump the version and tag it.']]) {
      const u: { id: string } = await rpc<{ id: string }>('grove/unit/append', { projectId: project.id, parentId, role, content });
      unitIds.push(u.id);
      parentId = u.id;
    }
    return { projectId: project.id, unitIds, frame: await openBySearch(word, title) };
  }

  /** Opens the conversation holding `word` through Grove: Search (it opens the hit's conversation). */
  async function openBySearch(word: string, title: string): Promise<Frame> {
    await paletteInput(page, 'Grove: Search', word);
    await page.locator('.quick-input-list .monaco-list-row.focused').waitFor({ timeout: 10000 });
    await page.keyboard.press('Enter');
    return uiFrame(title);
  }

  test('Show Capsules: a capsule needing review is reviewed, then enabled; the preview shows its pattern', async (t) => {
    if (!methods.includes('grove/capsule/extract')) return t.skip('no capsules on this server');
    const { projectId, unitIds, frame } = await conversation('E2E capsules');
    const capsule = await rpc<{ id: string; name: string; requiresReview: boolean }>('grove/capsule/extract', { projectId, unitIds, type: 'task_sop' });
    await runCommand('Grove: Show Capsules');
    const item = frame.locator(`.side-panel[data-panel="capsules"] article.capsule[data-capsule-id="${capsule.id}"]`);
    await item.waitFor({ timeout: 20000 });
    if (capsule.requiresReview) assert.ok(await item.locator('.capsule-enabled').isDisabled(), 'not before review');
    await item.locator('.capsule-review').click();
    await frame.waitForFunction((id) => document.querySelector(`article.capsule[data-capsule-id="${id}"] .capsule-review-state`)?.textContent === 'reviewed', capsule.id, { timeout: 20000 });
    await frame.locator(`article.capsule[data-capsule-id="${capsule.id}"] .capsule-enabled`).check();
    const enabled = async () => (await rpc<{ capsules: { id: string; enabledIn: string[] }[] }>('grove/capsule/list', {})).capsules.find((c) => c.id === capsule.id)?.enabledIn ?? [];
    for (let i = 0; i < 100 && !(await enabled()).includes(projectId); i++) await page.waitForTimeout(100);
    assert.deepEqual(await enabled(), [projectId]);
    const preview = await rpc<{ system: string }>('grove/scope/preview', { projectId });
    assert.ok(preview.system.includes(`[PATTERN: task_sop | ${capsule.name}]`), preview.system);
  });

  test('refine: removing the memory an answer used leaves it out of the provider\'s request', async (t) => {
    if (!provider || !methods.includes('grove/chat/refine')) return t.skip('needs the fake provider and grove/chat/refine');
    const src = await conversation('E2E memory source');
    const mm = await rpc<{ id: string }>('grove/memolet/create', { projectId: src.projectId, unitIds: src.unitIds, title: 'Release procedure' });
    const project = await rpc<{ id: string }>('grove/project/create', { title: 'E2E refine' });
    await rpc('grove/memolet/sandbox/add', { projectId: project.id, memoletId: mm.id });
    await rpc('grove/unit/append', { projectId: project.id, parentId: null, role: 'user', content: 'zqrefine: releases' });
    const frame = await openBySearch('zqrefine', 'E2E refine');
    await frame.locator('.composer-input').fill('How do we cut a release of the parser library?');
    await frame.locator('.composer-send').click();
    const used = frame.locator('article.unit.role-assistant .used-memories');
    await used.waitFor({ timeout: 30000 });
    assert.match((await used.textContent()) ?? '', /^used 1 memory/);
    const requests = async () => (await (await fetch(`http://127.0.0.1:${provider!.port}/__requests`)).json()) as { path?: string; body?: unknown }[];
    const chats = async () => (await requests()).filter((r) => JSON.stringify(r.body ?? '').includes('parser library'));
    const before = (await chats()).length;
    assert.ok((await chats()).some((r) => JSON.stringify(r.body).includes(mm.id)), 'the first prompt held the memolet');
    const answer = frame.locator('article.unit.role-assistant').first();
    await answer.hover();
    await answer.locator('.act-refine').click();
    const entry = frame.locator(`.side-panel[data-panel="refine"] .refine-entry[data-memolet-id="${mm.id}"]`);
    await entry.waitFor({ timeout: 20000 });
    await entry.locator('.refine-mark').selectOption('remove');
    await frame.locator('.refine-go').click();
    await frame.waitForFunction(() => !!document.querySelector('.composer-stop[hidden]') && window.groveApp!.snapshot().unitCount >= 4, null, { timeout: 30000 });
    for (let i = 0; i < 100 && (await chats()).length <= before; i++) await page.waitForTimeout(100);
    const last = (await chats()).pop()!;
    assert.ok(!JSON.stringify(last.body).includes(mm.id), `the refined request leaves the memolet out: ${JSON.stringify(last.body).slice(0, 400)}`);
  });

  test('the conversation and map panels come back after a window reload', async () => {
    const { frame } = await conversation('E2E reload');
    await frame.waitForFunction(() => (window.groveApp?.snapshot().unitCount ?? 0) === 2, null, { timeout: 20000 });
    await runCommand('Grove: Show Context Map');
    await page.locator('.quick-input-widget input').waitFor({ state: 'hidden', timeout: 5000 }).catch(() => undefined);
    await page.locator('.tab', { hasText: 'Map: E2E reload' }).first().waitFor({ timeout: 20000 });
    // As a user does it: the workbench shuts down (saving its state), then the page reloads.
    const reloaded = page.waitForEvent('load', { timeout: 60000 });
    await runCommand('Developer: Reload Window');
    await reloaded;
    await page.locator('.monaco-workbench').waitFor({ timeout: 60000 });
    await page.locator('.tab', { hasText: 'Map: E2E reload' }).first().waitFor({ timeout: 120000 });
    // The reloaded workbench reconnects its extension host first: slow on a loaded machine.
    const back = await uiFrame('E2E reload', 120000);
    await back.waitForFunction(() => (window.groveApp?.snapshot().unitCount ?? 0) === 2, null, { timeout: 30000 });
  });
});

describe('VS Code workbench with a wrong server path', { skip }, () => {
  let wb: Workbench;
  let browser: Browser;

  before(async () => {
    wb = await startWorkbench({
      vsix: vsixPath(),
      files: { 'README.md': 'x\n' },
      settings: { 'grove.server.path': '/nonexistent/grove-server', ...QUIET_SETTINGS },
    });
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await wb?.stop();
  });

  test('activation reports the bad path and how to fix it', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(wb.url);
    const toast = page.locator('.notifications-toasts .notification-toast', { hasText: 'grove.server.path points to /nonexistent/grove-server' });
    await toast.waitFor({ timeout: 60000 });
    assert.match((await toast.textContent()) ?? '', /not an executable file\. Fix the path, or clear it/);
    await toast.locator('a.monaco-button, .monaco-button', { hasText: 'Open Settings' }).first().waitFor();
  });
});
