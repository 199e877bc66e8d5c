import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { test } from 'node:test';
import { resolveServerPath } from '../../src/serverPath';

const ext = path.join(path.sep, 'repo', 'clients', 'vscode');
const repoBuild = path.join(path.sep, 'repo', 'build', 'lsp-server', 'grove-server');
const bundled = path.join(ext, 'server', 'grove-server');

test('the setting wins over the environment and the builds', () => {
  const r = resolveServerPath({ setting: '/opt/grove-server', env: '/env/grove-server', extensionPath: ext, isExecutable: () => true });
  assert.deepEqual(r, { ok: true, value: { path: '/opt/grove-server', source: 'setting' } });
});

test('then GROVE_SERVER, then the bundled binary, then the repository build', () => {
  const exists = (set: string[]) => (f: string) => set.includes(f);
  assert.deepEqual(resolveServerPath({ setting: '', env: '/env/gs', extensionPath: ext, isExecutable: exists(['/env/gs', bundled]) }), { ok: true, value: { path: '/env/gs', source: 'environment' } });
  assert.deepEqual(resolveServerPath({ setting: undefined, env: undefined, extensionPath: ext, isExecutable: exists([bundled, repoBuild]) }), { ok: true, value: { path: bundled, source: 'bundled' } });
  assert.deepEqual(resolveServerPath({ setting: undefined, env: undefined, extensionPath: ext, isExecutable: exists([repoBuild]) }), { ok: true, value: { path: repoBuild, source: 'repository build' } });
});

test('a wrong explicit path is an error naming it, never a silent fallback', () => {
  const r = resolveServerPath({ setting: '/nope/grove-server', env: undefined, extensionPath: ext, isExecutable: (f) => f === repoBuild });
  assert.equal(r.ok, false);
  assert.match(!r.ok ? r.message : '', /grove\.server\.path points to \/nope\/grove-server/);
});

test('nothing found: the message says how to build it and which setting to use', () => {
  const r = resolveServerPath({ setting: undefined, env: undefined, extensionPath: ext, isExecutable: () => false });
  assert.equal(r.ok, false);
  const msg = !r.ok ? r.message : '';
  assert.match(msg, /ninja -C build/);
  assert.match(msg, /grove\.server\.path/);
  assert.match(msg, /GROVE_SERVER/);
});
