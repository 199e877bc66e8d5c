// The first screen of an existing project's map in the web UI (issue 15), for tests/bench/pi-compare:
// opens the store given with grove-server (GROVE_SERVER, else the repository build), then times
// setProject to the first finished map draw in headless Chromium, in a fresh page each run, and
// prints one line `@@ {"ms":…,"runs":[…],"unitCount":…,"serverMs":…,"deliveryMs":…,"uiMs":…,
// "requests":"…"}` (the median run, split into the server's first read, the host's handing of its
// answer to the page, and the UI's own work; the requests and their server times are the last
// run's). The target is < 500 ms for 100,000 units.
//
// usage: node out/bench/firstScreenBench.js --db STORE --project ID [--runs N] [--profile FILE] [-- SERVER ARGS...]
// --profile writes the page's CPU profile of the last run (a .cpuprofile for Chromium's DevTools).
// When it cannot run it prints `@@ {"unavailable":"why"}` and exits 0.

import { writeFileSync } from 'node:fs';
import { timeFirstScreen } from '../test/support/bigProject';
import { chromiumMissing, launchChromium } from '../test/support/browser';
import { ServerProcess } from '../host/serverProcess';
import { serverMissing, serverPath } from '../test/support/server';

function options(argv: string[]): { db: string; project: string; runs: number; profile: string; serverArgs: string[] } {
  let db = '', project = '', runs = 3, profile = '';
  const rest = argv.indexOf('--');
  const own = rest < 0 ? argv : argv.slice(0, rest);
  for (let i = 0; i < own.length; i++) {
    if (own[i] === '--db') db = own[++i];
    else if (own[i] === '--project') project = own[++i];
    else if (own[i] === '--runs') runs = Number(own[++i]);
    else if (own[i] === '--profile') profile = own[++i];
    else throw new Error(`unknown option ${own[i]}`);
  }
  if (!db || !project || !(runs > 0)) throw new Error('usage: firstScreenBench --db STORE --project ID [--runs N] [--profile FILE] [-- SERVER ARGS...]');
  return { db, project, runs, profile, serverArgs: rest < 0 ? [] : argv.slice(rest + 1) };
}

const report = (value: object) => console.log(`@@ ${JSON.stringify(value)}`);

async function main(): Promise<void> {
  const opt = options(process.argv.slice(2));
  const missing = serverMissing() || chromiumMissing();
  if (missing) {
    report({ unavailable: missing });
    return;
  }
  const server = new ServerProcess(serverPath(), ['--db', opt.db, ...opt.serverArgs]);
  await server.initialize();
  const browser = await launchChromium();
  try {
    const { methods } = await server.request<{ methods: string[] }>('grove/server/methods', {});
    const runs = [];
    for (let i = 0; i < opt.runs; i++) {
      const profile = opt.profile && i === opt.runs - 1 ? (p: object) => writeFileSync(opt.profile, JSON.stringify(p)) : undefined;
      runs.push(await timeFirstScreen(browser, (m, p) => server.request(m, p), opt.project, methods, profile));
    }
    const sorted = [...runs].sort((a, b) => a.ms - b.ms);
    const mid = sorted[Math.floor(sorted.length / 2)];
    report({ ms: mid.ms, runs: runs.map((r) => Math.round(r.ms)), unitCount: mid.unitCount, serverMs: mid.serverMs, deliveryMs: mid.deliveryMs, uiMs: mid.uiMs, requests: runs[runs.length - 1].requests });
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
