// End to end in a real VS Code workbench: code-server 4.100.3 in headless Debian Chromium,
// the extension loaded from this folder, the real grove-server behind it.

import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, afterEach, before, describe, test } from 'node:test';
import { chromium, type Browser, type Frame, type Page } from 'playwright-core';
import type {} from '../../../web-ui/src/main'; // window.groveApp
import { ServerProcess } from '../../../web-ui/host/serverProcess';
import { codeServerMissing, startWorkbench, type Workbench } from '../support/codeServer';
import { extensionDir, repoDir, serverPath } from '../support/paths';

const CHROMIUM = process.env.GROVE_CHROMIUM ?? '/usr/bin/chromium';
const skip =
  (!existsSync(CHROMIUM) && `${CHROMIUM} not found`) ||
  (!existsSync(serverPath()) && `grove-server not found at ${serverPath()}`) ||
  (!existsSync(path.join(extensionDir, 'dist', 'extension.js')) && 'the extension is not built (npm run build)') ||
  codeServerMissing();
if (skip) console.log(`# note: VS Code end-to-end tests skipped: ${skip}`);

const RETRY_TS = ['export async function retry(fn: () => Promise<void>) {', '  for (;;) {', '    try { return await fn(); } catch { /* dropped */ }', '  }', '}', ''].join('\n');

function fakeProviderPath(): string {
  return process.env.GROVE_FAKE_PROVIDER || path.join(repoDir, 'build', 'tests', 'fake-provider', 'grove-fake-provider');
}

/** Starts the scripted model provider on loopback; resolves with its port. */
async function startFakeProvider(dir: string): Promise<{ port: number; stop: () => Promise<void> }> {
  const script = path.join(dir, 'script.json');
  writeFileSync(script, JSON.stringify([{ kind: 'openai', chunks: ['Retries ', 'swallow ', 'every ', 'error.'], delayMs: 80 }]));
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
      extensionDir,
      files: { 'src/retry.ts': RETRY_TS },
      settings: {
        'grove.server.path': serverPath(),
        'grove.server.args': ['--db', path.join(dbDir, 'grove.db')],
        'workbench.startupEditor': 'none',
        'workbench.tips.enabled': false,
        'security.workspace.trust.enabled': false,
        'extensions.autoCheckUpdates': false,
        'extensions.autoUpdate': false,
        'telemetry.telemetryLevel': 'off',
        'workbench.enableExperiments': false,
      },
      env: providerEnv,
    });
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--no-first-run'] });
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

  async function runCommand(title: string): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      await page.keyboard.press('F1');
      const input = page.locator('.quick-input-widget input');
      await input.waitFor();
      await page.keyboard.type(title);
      try {
        await page.locator(`.quick-input-list .monaco-list-row.focused[aria-label^="${title}"]`).waitFor({ timeout: 10000 });
        break;
      } catch (e) {
        // The palette can take focus after the first keys went elsewhere
        // (seen once in three runs): close it and type the command again.
        if (attempt >= 1) throw e;
        await page.keyboard.press('Escape');
      }
    }
    await page.keyboard.press('Enter');
  }

  async function answerInput(text: string): Promise<void> {
    const input = page.locator('.quick-input-widget input');
    await input.waitFor();
    await input.fill('');
    await page.keyboard.type(text);
    await page.keyboard.press('Enter');
  }

  /** The frame running the web UI (inside code-server's webview iframes). */
  async function uiFrame(): Promise<Frame> {
    const deadline = Date.now() + 30000;
    while (Date.now() < deadline) {
      for (const f of page.frames()) {
        try {
          if (await f.evaluate(() => !!document.getElementById('grove-root') && !!window.groveApp)) return f;
        } catch {
          // Frame navigated or detached: look again.
        }
      }
      await page.waitForTimeout(100);
    }
    throw new Error(`web UI frame not found\n${wb.log()}`);
  }

  test('the extension activates: its commands run and a conversation opens in a webview', async () => {
    await runCommand('Grove: New Conversation');
    await answerInput('E2E conversation');
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
    await page.getByRole('tab', { name: 'E2E conversation', exact: true }).click();
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
    await runCommand('Grove: Search');
    await answerInput('side question');
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
});

describe('VS Code workbench with a wrong server path', { skip }, () => {
  let wb: Workbench;
  let browser: Browser;

  before(async () => {
    wb = await startWorkbench({
      extensionDir,
      files: { 'README.md': 'x\n' },
      settings: { 'grove.server.path': '/nonexistent/grove-server', 'workbench.startupEditor': 'none', 'security.workspace.trust.enabled': false, 'extensions.autoCheckUpdates': false },
    });
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--no-first-run'] });
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
