// The describe-level setup of browser tests against a scripted host: one headless Chromium per
// describe block, every UI it opened closed afterwards (page errors fail the test then).

import { after, before } from 'node:test';
import type { Browser } from 'playwright-core';
import type { ServerPort } from '../../host/relay';
import { launchChromium } from './browser';
import { openUi, type UiHost, type UiOptions } from './pageHost';

export interface ScriptedSession {
  /** Opens the UI on a scripted host; `attach` lets the script send notifications to it. */
  show(script: { port: ServerPort; attach(ui: UiHost): unknown }, opts: UiOptions): Promise<UiHost>;
}

/** Call at the top of a `describe` body: registers its before/after hooks. */
export function useScriptedSession(): ScriptedSession {
  let browser: Browser | undefined;
  const open: UiHost[] = [];
  before(async () => {
    browser = await launchChromium();
  });
  after(async () => {
    for (const ui of open) await ui.close();
    await browser?.close();
  });
  return {
    async show(script, opts) {
      if (!browser) throw new Error('Chromium not launched (use the session inside tests)');
      const ui = await openUi(browser, script.port, opts);
      script.attach(ui);
      open.push(ui);
      return ui;
    },
  };
}
