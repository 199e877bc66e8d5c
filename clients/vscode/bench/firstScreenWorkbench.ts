// The first screen of an existing project's map in VS Code (issue 15): code-server with the
// extension installed from grove.vsix and pointed at the store given, the conversation opened
// from the palette (Grove: Open Conversation), timed from the Enter that opens it to the end of
// the first map draw with the tree in it. Unlike clients/web-ui's firstScreenBench, the answers
// reach the page the way a VS Code user's do (grove-server, the extension host, the webview's
// postMessage), and the time includes making the webview. Each run closes every editor and opens
// the conversation again, in one workbench and one grove-server (the first run meets a fresh one).
//
// Prints one line `@@ {"ms":…,"runs":[…],"webviewMs":…,"requests":"…","unitCount":…}`: the
// median run, and for it when the webview's page started loading, when it said it was ready and
// when the extension's init reached it, and each request the page made
// before the draw, sent and answered (milliseconds after the Enter). When it cannot run (no Chromium,
// code-server, .vsix or server) it prints `@@ {"unavailable":"why"}` and exits 0.
//
// usage: node out/bench/firstScreenWorkbench.js --db STORE --project ID [--runs N]
// GROVE_BENCH_VERBOSE=1 also writes every run, split the same way, to stderr.

import { existsSync } from 'node:fs';
import type { Frame, Page } from 'playwright-core';
import type {} from '../../web-ui/src/main'; // window.groveApp
import { ServerProcess } from '../../web-ui/host/serverProcess';
import { codeServerMissing, startWorkbench } from '../test/support/codeServer';
import { serverPath, vsixPath } from '../test/support/paths';
import { CHROMIUM, launchBrowser, paletteCommand, QUIET_SETTINGS } from '../test/support/workbenchUi';

interface Run {
  readonly ms: number;
  readonly webviewMs: number;
  /** When the page told the extension it was ready, and when the extension's init reached it (ms from the Enter). */
  readonly readyMs: number;
  readonly initMs: number;
  /** Each request answered before the draw: method, sent and answered, in ms from the Enter. */
  readonly requests: string[];
  readonly unitCount: number;
}

interface Drawn {
  readonly pageStart: number;
  readonly ready: number;
  readonly init: number;
  readonly drawn: number;
  readonly answers: string[];
  readonly unitCount: number;
}

function options(argv: string[]): { db: string; project: string; runs: number } {
  let db = '', project = '', runs = 3;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--db') db = argv[++i];
    else if (argv[i] === '--project') project = argv[++i];
    else if (argv[i] === '--runs') runs = Number(argv[++i]);
    else throw new Error(`unknown option ${argv[i]}`);
  }
  if (!db || !project || !(runs > 0)) throw new Error('usage: firstScreenWorkbench --db STORE --project ID [--runs N]');
  return { db, project, runs };
}

const report = (value: object) => console.log(`@@ ${JSON.stringify(value)}`);

/** The project's title, which the palette's pick lists it by (read before the workbench owns the store). */
async function titleOf(db: string, projectId: string): Promise<string> {
  const s = new ServerProcess(serverPath(), ['--db', db]);
  try {
    await s.initialize();
    return (await s.request<{ project: { title: string } }>('grove/project/get', { projectId })).project.title;
  } finally {
    await s.stop();
  }
}

/** Waits for the webview showing `projectId` to have drawn its map with the tree; its times, as wall-clock milliseconds. */
async function firstDraw(page: Page, projectId: string): Promise<Drawn> {
  const deadline = Date.now() + 120000;
  while (Date.now() < deadline) {
    for (const f of page.frames()) {
      const seen = await drawnIn(f, projectId);
      if (seen) return seen;
    }
    await page.waitForTimeout(50);
  }
  throw new Error(`the map of ${projectId} was not drawn within 120 s`);
}

async function drawnIn(frame: Frame, projectId: string): Promise<Drawn | null> {
  try {
    return await frame.evaluate((id) => {
      const app = window.groveApp;
      if (!app || app.snapshot().projectId !== id || app.map.firstDrawEnd === 0) return null;
      const drawn = performance.timeOrigin + app.map.firstDrawEnd;
      const answers = app
        .requestTimings()
        .filter((r) => r.answered > 0 && r.answered <= app.map.firstDrawEnd)
        .map((r) => `${r.method.replace('grove/', '')} ${Math.round(performance.timeOrigin + r.sent)}-${Math.round(performance.timeOrigin + r.answered)}`);
      const start = app.startTimings();
      return { pageStart: performance.timeOrigin, ready: performance.timeOrigin + start.ready, init: performance.timeOrigin + start.init, drawn, answers, unitCount: app.snapshot().unitCount };
    }, projectId);
  } catch {
    return null; // a frame navigating or gone: not this one
  }
}

async function main(): Promise<void> {
  const opt = options(process.argv.slice(2));
  const missing =
    (!existsSync(CHROMIUM) && `${CHROMIUM} not found`) ||
    (!existsSync(serverPath()) && `grove-server not found at ${serverPath()}`) ||
    (!existsSync(vsixPath()) && `${vsixPath()} not found (npm run package in clients/vscode)`) ||
    codeServerMissing();
  if (missing) {
    report({ unavailable: missing });
    return;
  }
  const title = await titleOf(opt.db, opt.project);
  const wb = await startWorkbench({
    vsix: vsixPath(),
    files: { 'README.md': 'x\n' },
    // The server under test, not the one packaged in the .vsix.
    settings: { 'grove.server.path': serverPath(), 'grove.server.args': ['--db', opt.db], ...QUIET_SETTINGS },
  });
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    await page.goto(wb.url);
    await page.locator('.monaco-workbench').waitFor({ timeout: 60000 });
    await page.locator('.statusbar-item', { hasText: /Grove: owns the core/ }).waitFor({ timeout: 60000 });
    const runs: Run[] = [];
    for (let i = 0; i < opt.runs; i++) {
      if (i > 0) await paletteCommand(page, 'View: Close All Editors');
      let t0 = 0;
      // The first run picks the conversation; the extension then remembers it and opens it at once.
      await paletteCommand(page, 'Grove: Open Conversation', async () => {
        if (i > 0) t0 = Date.now();
        await page.keyboard.press('Enter');
      });
      if (i === 0) {
        await page.locator(`.quick-input-list .monaco-list-row[aria-label^="${title}"]`).first().waitFor({ timeout: 30000 });
        await page.keyboard.type(title);
        await page.locator(`.quick-input-list .monaco-list-row.focused[aria-label^="${title}"]`).waitFor({ timeout: 10000 });
        t0 = Date.now();
        await page.keyboard.press('Enter');
      }
      const d = await firstDraw(page, opt.project);
      runs.push({ ms: d.drawn - t0, webviewMs: d.pageStart - t0, readyMs: d.ready - t0, initMs: d.init - t0, requests: d.answers.map((a) => a.replace(/(\d+)-(\d+)$/, (_, s, e) => `${Number(s) - Math.round(t0)}-${Number(e) - Math.round(t0)} ms`)), unitCount: d.unitCount });
    }
    if (process.env.GROVE_BENCH_VERBOSE) for (const r of runs) console.error(JSON.stringify(r));
    const mid = [...runs].sort((a, b) => a.ms - b.ms)[Math.floor(runs.length / 2)];
    report({ ms: Math.round(mid.ms), runs: runs.map((r) => Math.round(r.ms)), webviewMs: Math.round(mid.webviewMs), readyMs: Math.round(mid.readyMs), initMs: Math.round(mid.initMs), requests: mid.requests.join(', '), unitCount: mid.unitCount });
  } finally {
    await browser.close();
    await wb.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
