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
 *  units the view then holds. Shared by the Chromium test and the benchmark. */
export async function timeFirstDraw(page: Page, projectId: string): Promise<{ ms: number; unitCount: number }> {
  await page.waitForFunction(() => window.groveApp !== undefined);
  return page.evaluate(async (id) => {
    const app = window.groveApp!;
    const t0 = performance.now();
    window.postMessage({ type: 'setProject', projectId: id }, '*');
    for (;;) {
      await new Promise((r) => requestAnimationFrame(r));
      if (app.map.drawCount > 0 && app.snapshot().unitCount > 0) return { ms: app.map.lastDrawEnd - t0, unitCount: app.snapshot().unitCount };
    }
  }, projectId);
}

/** The methods a first screen may call: the map's reads, the chat's text and its scope marks. */
const FIRST_SCREEN_METHODS = new Set(['grove/project/get', 'grove/project/structure', 'grove/unit/getMany', 'grove/scope/preview', 'grove/project/setCursor']);

/**
 * setProject to the first map draw in a fresh page; `methods` (the server's list, perhaps
 * without grove/project/structure) decides which read the UI uses. Also returns the time the
 * server took for each request the page made before that draw.
 */
export async function timeFirstScreen(browser: Browser, request: Request, projectId: string, methods: readonly string[]): Promise<{ ms: number; unitCount: number; requests: string }> {
  const requests: string[] = [];
  const port = {
    async request(method: string, params: unknown) {
      const t0 = performance.now();
      const res = await request(method, params);
      requests.push(`${method.replace('grove/', '')} ${(performance.now() - t0).toFixed(0)} ms`);
      return res;
    },
  };
  const ui = await openUi(browser, port, { projectId: null, methods, allowed: FIRST_SCREEN_METHODS });
  try {
    const first = await timeFirstDraw(ui.page, projectId);
    return { ...first, requests: requests.join(', ') };
  } finally {
    await ui.close();
  }
}
