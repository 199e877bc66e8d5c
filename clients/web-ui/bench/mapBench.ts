// Context-map benchmark in headless Chromium: a 2,000-unit project (a long mainline with a
// branch of four every five units), served by an in-process fake host so only the UI is
// measured. Prints the first render time (init message to the first finished draw, including
// the grove/project/structure and grove/unit/getMany round trips through the channel) and per-frame figures while panning, at full
// scale and zoomed out. Targets (issue 6): first render < 500 ms, p95 frame < 33 ms.

import type { ServerPort } from '../host/relay';
import type { ScopePreview } from '../src/model/types';
import { chromiumMissing, launchChromium } from '../test/support/browser';
import { bigTree, toColumns } from '../test/support/fixtures';
import { openUi } from '../test/support/pageHost';

const N = Number(process.env.GROVE_BENCH_UNITS ?? 2000);
const FRAMES = 240;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main(): Promise<void> {
  const missing = chromiumMissing();
  if (missing) {
    console.log(`map bench skipped: ${missing}`);
    return;
  }
  const { units, branches } = bigTree(N, 5, 4);
  const mainline = branches[0].unitIds;
  const preview: ScopePreview = { system: '', messages: [{ role: 'user', content: '…', unitIds: mainline }], tokens: 1, excluded: [], included: [], truncated: [] };
  const project = { id: 'bench', title: 'Bench', revision: 1, cursorId: mainline[mainline.length - 1] };
  const columns = toColumns(units);
  const byId = new Map(units.map((u) => [u.id, u]));
  const port: ServerPort = {
    async request(method, params: any) {
      if (method === 'grove/project/structure') return { project, units: columns, branches };
      if (method === 'grove/unit/getMany') return { units: (params.unitIds as string[]).map((id) => byId.get(id)) };
      if (method === 'grove/scope/preview') return preview;
      throw { code: -32601, message: method };
    },
  };
  const browser = await launchChromium();
  try {
    const ui = await openUi(browser, port, { projectId: null, methods: ['grove/project/structure'], allowed: new Set(['grove/project/structure', 'grove/unit/getMany', 'grove/scope/preview']) });
    const first = await ui.page.evaluate(async () => {
      const app = window.groveApp!;
      const t0 = performance.now();
      window.postMessage({ type: 'setProject', projectId: 'bench' }, '*');
      for (;;) {
        await new Promise((r) => requestAnimationFrame(r));
        if (app.map.drawCount > 0 && app.snapshot().unitCount > 0) return app.map.lastDrawEnd - t0;
      }
    });
    const pan = async (scale: number) =>
      ui.page.evaluate(
        async ({ frames, scale }) => {
          const map = window.groveApp!.map;
          map.setScale(scale);
          map.reveal(window.groveApp!.snapshot().branches[0].unitIds[0]);
          const draws: number[] = [];
          const intervals: number[] = [];
          let last = performance.now();
          for (let i = 0; i < frames; i++) {
            await new Promise((r) => requestAnimationFrame(r));
            const now = performance.now();
            intervals.push(now - last);
            last = now;
            // Sweep down the whole tree with some sideways motion.
            map.panBy(Math.sin(i / 10) * 40, 400);
            map.drawNow();
            draws.push(map.lastDrawMs);
          }
          return { draws, intervals };
        },
        { frames: FRAMES, scale },
      );
    const full = await pan(1);
    const zoomed = await pan(0.5);
    await ui.close();
    const fmt = (v: number) => v.toFixed(2);
    console.log(`map bench: ${N} units, ${branches.length} branches, headless Chromium`);
    console.log(`first render: ${fmt(first)} ms (target < 500)`);
    for (const [name, r] of [['pan at 100%', full], ['pan at 50%', zoomed]] as const) {
      console.log(`${name}: draw p50 ${fmt(percentile(r.draws, 50))} ms, draw p95 ${fmt(percentile(r.draws, 95))} ms, frame p95 ${fmt(percentile(r.intervals, 95))} ms over ${FRAMES} frames (target p95 frame < 33)`);
    }
  } finally {
    await browser.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
