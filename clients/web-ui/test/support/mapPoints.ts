// Where a unit's node is drawn on the map canvas, in page coordinates, for clicks in tests.

import type { Page } from 'playwright-core';

export async function nodePoint(page: Page, unitId: string): Promise<{ x: number; y: number }> {
  await page.evaluate((id) => window.groveApp!.map.reveal(id), unitId);
  const handle = await page.waitForFunction((id) => window.groveApp!.map.nodeCenter(id), unitId, { timeout: 15000 });
  return (await handle.jsonValue()) as { x: number; y: number };
}
