// Headless Debian Chromium for the browser tests and the benchmark, driven by playwright-core
// (no browser download: the system binary is used).

import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = process.env.GROVE_CHROMIUM ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-extensions', '--no-first-run', '--disable-component-update'];

export function chromiumMissing(): string | false {
  return existsSync(CHROMIUM) ? false : `${CHROMIUM} not found (scripts/install-deps web installs it)`;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}
