// lsp-server/protocol.json (the manifest generated from PROTOCOL.md) against this client: the
// same methods as src/protocol.ts, and every method reachable from a command, a view of the
// extension or the web UI it hosts, except the internal ones listed here with the reason.

import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { methods as webUiMethods } from '../../../web-ui/src/channel/methods';
import { METHODS, WEBVIEW_METHODS } from '../../src/protocol';
import { extensionDir, repoDir } from '../support/paths';

/** Manifest methods no command or view calls, and why. */
const INTERNAL: Record<string, string> = {
  'grove/unit/get': 'views read units with grove/project/get and grove/unit/getMany (one request for many)',
  'grove/provider/list': 'providers are configured in the environment or config.json; the status bar names the model the core reports',
  'grove/server/clients': 'diagnostics: the status bar already shows the client count from initialize',
  'grove/import/run': 'history import runs from the command line (grove-server --import); no editor command yet',
  'grove/export/run': 'export runs from the command line (grove-server --export); no editor command yet',
  'grove/workspace/configure': 'board and knowledge-map settings: no editor settings view yet (the core defaults apply)',
  'grove/knowledge/classify': 'ask classifies by itself; the map view shows the intent the turn reports',
  'grove/knowledge/fromUnit': 'no conversation command adds an answer to the map yet',
  'grove/knowledge/toUnit': 'no map command sends nodes into a conversation yet',
};

interface Manifest { methods: { name: string }[]; lifecycle: string[] }
const manifest = JSON.parse(readFileSync(path.join(repoDir, 'lsp-server', 'protocol.json'), 'utf8')) as Manifest;

function sources(dir: string, skip: (file: string) => boolean): string {
  let out = '';
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) out += sources(file, skip);
    else if (file.endsWith('.ts') && !skip(file)) out += readFileSync(file, 'utf8') + '\n';
  }
  return out;
}

test('src/protocol.ts has exactly the manifest’s methods and lifecycle messages', () => {
  const listed = manifest.methods.map((m) => m.name).sort();
  const mirrored = Object.keys(METHODS).filter((m) => !manifest.lifecycle.includes(m)).sort();
  assert.deepEqual(mirrored.filter((m) => METHODS[m as keyof typeof METHODS].kind === 'request'), listed);
  for (const m of manifest.lifecycle) assert.ok(m in METHODS, m);
});

test('every manifest method is reachable from a command or a view (internal ones listed with why)', () => {
  const extension = sources(path.join(extensionDir, 'src'), (f) => f.endsWith(`${path.sep}protocol.ts`));
  const webUi = sources(path.join(extensionDir, '..', 'web-ui', 'src'), (f) => f.endsWith(`${path.sep}methods.ts`));
  const keyOf = new Map(Object.entries(webUiMethods).map(([k, v]) => [v as string, k]));
  const unreached: string[] = [];
  for (const { name } of manifest.methods) {
    const key = keyOf.get(name);
    const fromUi = key !== undefined && WEBVIEW_METHODS.has(name) && new RegExp(`M\\.${key}\\b`).test(webUi);
    const fromExtension = extension.includes(`'${name}'`) || extension.includes(`"${name}"`) || extension.includes(`\`${name}\``) || (name.startsWith('grove/history/') && extension.includes('`grove/history/${which}`'));
    const reached = fromUi || fromExtension;
    const used = METHODS[name as keyof typeof METHODS].used;
    if (INTERNAL[name]) {
      assert.ok(!reached, `${name} is listed as internal but is called`);
      assert.equal(used, false, `${name}: used flag`);
    } else {
      if (!reached) unreached.push(name);
      assert.equal(used, true, `${name}: used flag`);
    }
  }
  assert.deepEqual(unreached, [], 'manifest methods no command or view calls');
});
