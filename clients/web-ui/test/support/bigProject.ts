// Builds a large project in a real grove-server through the protocol (grove/unit/append only):
// a mainline of `chainLength` units and `sideChains` branches of `chainLength` units, each
// anchored at an evenly spread mainline unit: the issue 15 benchmark's shape (1,000 + 99 x 1,000).
// The protocol has no batch append, but requests that arrive together are committed together,
// so the side chains grow side by side with one append in flight per chain.

import type { Browser, Page } from 'playwright-core';
import { openUi } from './pageHost';
import type { Project, Unit } from '../../src/model/types';

export type Request = <T>(method: string, params: unknown) => Promise<T>;

export interface BigProject {
  readonly project: Project;
  /** The mainline's unit ids, root first. */
  readonly mainline: string[];
  /** Each side chain's unit ids, head first. */
  readonly chains: string[][];
  readonly units: number;
}

/** About 400 bytes over a few lines, like a chat message; the first line names the unit. */
export function bigText(chain: number, k: number): string {
  const body = 'The retry policy backs off exponentially with jitter, capped at thirty seconds; idempotent calls only.';
  return `Chain ${chain} message ${k}: ${k % 2 ? 'a question' : 'an answer'} about retries\n${body}\n${body}\n${body}`;
}

export async function buildBigProject(request: Request, title: string, chainLength: number, sideChains: number): Promise<BigProject> {
  const project = await request<Project>('grove/project/create', { title });
  const append = (parentId: string | null, chain: number, k: number, branch?: object) =>
    request<Unit>('grove/unit/append', { projectId: project.id, parentId, role: k % 2 ? 'user' : 'assistant', content: bigText(chain, k), ...(branch ? { branch } : {}) });
  const mainline: string[] = [];
  for (let k = 0; k < chainLength; k++) mainline.push((await append(mainline[k - 1] ?? null, 0, k)).id);
  const chains: string[][] = Array.from({ length: sideChains }, () => []);
  const anchor = (c: number) => mainline[Math.floor(((c + 1) * chainLength) / (sideChains + 1))];
  await Promise.all(
    chains.map(async (ids, c) => {
      for (let k = 0; k < chainLength; k++) {
        const parent = k === 0 ? anchor(c) : ids[k - 1];
        ids.push((await append(parent, c + 1, k, k === 0 ? { title: `Side ${c + 1}` } : undefined)).id);
      }
    }),
  );
  return { project, mainline, chains, units: chainLength * (sideChains + 1) };
}

/** Opens `projectId` in a loaded web UI page and times it to the map's first draw; with the
 *  units the view then holds, and the wall-clock times (Date.now()) of the setProject and of the
 *  first response the page received after it. Shared by the Chromium test and the benchmark. */
export async function timeFirstDraw(page: Page, projectId: string): Promise<{ ms: number; unitCount: number; startedAt: number; firstResponseAt: number }> {
  await page.waitForFunction(() => window.groveApp !== undefined);
  return page.evaluate(async (id) => {
    const app = window.groveApp!;
    const startedAt = Date.now();
    // When the first answer after the setProject reached the page: recorded by pageHost's
    // listener, added before the UI's, since a window's listeners run in the order they were
    // added (a capturing one added now would run only after the UI had handled the answer).
    const firstResponseAt = () => window.groveResponseTimes?.find((at) => at >= startedAt) ?? 0;
    const t0 = performance.now();
    window.postMessage({ type: 'setProject', projectId: id }, '*');
    for (;;) {
      await new Promise((r) => requestAnimationFrame(r));
      // The first complete draw: with a tree, and every label on screen (they may follow the tree).
      if (app.map.firstDrawEnd > 0 && app.snapshot().unitCount > 0) return { ms: app.map.firstDrawEnd - t0, unitCount: app.snapshot().unitCount, startedAt, firstResponseAt: firstResponseAt() };
    }
  }, projectId);
}

/** The methods a first screen may call: the map's reads, the chat's text and its scope marks. */
const FIRST_SCREEN_METHODS = new Set(['grove/project/get', 'grove/project/structure', 'grove/unit/getMany', 'grove/scope/preview', 'grove/project/setCursor']);

/** A first screen, split: the server's time for the first read (the tree), the host's time
 *  to hand its answer to the page, and the rest (the UI's own work, and its later requests). */
export interface FirstScreen {
  readonly ms: number;
  readonly unitCount: number;
  readonly serverMs: number;
  readonly deliveryMs: number;
  readonly uiMs: number;
  /** Each request the page made before the draw, with the server's time for it. */
  readonly requests: string;
}

/**
 * setProject to the first map draw in a fresh page; `methods` (the server's list, perhaps
 * without grove/project/structure) decides which read the UI uses.
 */
export async function timeFirstScreen(browser: Browser, request: Request, projectId: string, methods: readonly string[], profile?: (profile: object) => void): Promise<FirstScreen> {
  const requests: string[] = [];
  let firstServerMs = 0, firstReplyAt = 0;
  const port = {
    async request(method: string, params: unknown) {
      const t0 = performance.now();
      const res = await request(method, params);
      const ms = performance.now() - t0;
      if (requests.length === 0) [firstServerMs, firstReplyAt] = [ms, Date.now()];
      requests.push(`${method.replace('grove/', '')} ${ms.toFixed(0)} ms`);
      return res;
    },
  };
  const ui = await openUi(browser, port, { projectId: null, methods, allowed: FIRST_SCREEN_METHODS });
  try {
    // A CPU profile of the page's own work, for finding where the UI's part of the time goes.
    const cdp = profile ? await ui.page.context().newCDPSession(ui.page) : undefined;
    if (cdp) await cdp.send('Profiler.enable').then(() => cdp.send('Profiler.setSamplingInterval', { interval: 100 })).then(() => cdp.send('Profiler.start'));
    const first = await timeFirstDraw(ui.page, projectId);
    if (cdp && profile) profile((await cdp.send('Profiler.stop')).profile);
    const deliveryMs = Math.max(0, first.firstResponseAt - firstReplyAt);
    const uiMs = Math.max(0, first.ms - (first.firstResponseAt - first.startedAt));
    return { ms: first.ms, unitCount: first.unitCount, serverMs: firstServerMs, deliveryMs, uiMs, requests: requests.join(', ') };
  } finally {
    await ui.close();
  }
}
