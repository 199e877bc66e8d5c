import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { test } from 'node:test';
import { resolveServerPath, type PathSources } from '../../src/serverPath';

const ext = path.join(path.sep, 'repo', 'clients', 'vscode');
const repoBuild = path.join(path.sep, 'repo', 'build', 'lsp-server', 'grove-server');
const bundled = path.join(ext, 'server', 'linux-x64', 'grove-server');
const onPath = path.join(path.sep, 'usr', 'bin', 'grove-server');
const searchPath = [path.join(path.sep, 'opt', 'bin'), path.join(path.sep, 'usr', 'bin')].join(path.delimiter);

function sources(over: Partial<PathSources>): PathSources {
  return { setting: undefined, env: undefined, extensionPath: ext, platform: 'linux', arch: 'x64', searchPath, isExecutable: () => true, ...over };
}
const exists = (set: string[]) => (f: string) => set.includes(f);

test('the setting wins over the environment and the builds', () => {
  const r = resolveServerPath(sources({ setting: '/opt/grove-server', env: '/env/grove-server' }));
  assert.deepEqual(r, { ok: true, value: { path: '/opt/grove-server', source: 'setting' } });
});

test('then GROVE_SERVER, then the bundled binary, then the repository build, then PATH', () => {
  assert.deepEqual(resolveServerPath(sources({ setting: '', env: '/env/gs', isExecutable: exists(['/env/gs', bundled]) })), { ok: true, value: { path: '/env/gs', source: 'environment' } });
  assert.deepEqual(resolveServerPath(sources({ isExecutable: exists([bundled, repoBuild, onPath]) })), { ok: true, value: { path: bundled, source: 'bundled' } });
  assert.deepEqual(resolveServerPath(sources({ isExecutable: exists([repoBuild, onPath]) })), { ok: true, value: { path: repoBuild, source: 'repository build' } });
  assert.deepEqual(resolveServerPath(sources({ isExecutable: exists([onPath]) })), { ok: true, value: { path: onPath, source: 'PATH' } });
});

test('the bundled binary is the one built for this platform', () => {
  const darwin = path.join(ext, 'server', 'darwin-arm64', 'grove-server');
  // A linux-x64 binary in the extension is not used on another platform.
  assert.deepEqual(resolveServerPath(sources({ platform: 'darwin', arch: 'arm64', isExecutable: exists([bundled, onPath]) })), { ok: true, value: { path: onPath, source: 'PATH' } });
  assert.deepEqual(resolveServerPath(sources({ platform: 'darwin', arch: 'arm64', isExecutable: exists([darwin, onPath]) })), { ok: true, value: { path: darwin, source: 'bundled' } });
});

test('PATH is searched in order, and never its relative or empty entries', () => {
  const first = path.join(path.sep, 'opt', 'bin', 'grove-server');
  assert.deepEqual(resolveServerPath(sources({ isExecutable: exists([first, onPath]) })), { ok: true, value: { path: first, source: 'PATH' } });
  const relative = ['', '.', 'bin'].join(path.delimiter);
  // Only a relative candidate would be "executable" here: none may be tried.
  const r = resolveServerPath(sources({ searchPath: relative, isExecutable: (f) => !path.isAbsolute(f) }));
  assert.equal(r.ok, false);
});

test('a wrong explicit path is an error naming it, never a silent fallback', () => {
  const r = resolveServerPath(sources({ setting: '/nope/grove-server', isExecutable: (f) => f === repoBuild }));
  assert.equal(r.ok, false);
  assert.match(!r.ok ? r.message : '', /grove\.server\.path points to \/nope\/grove-server/);
});

test('nothing found: the message says how to install or build it and which setting to use', () => {
  const r = resolveServerPath(sources({ platform: 'win32', arch: 'x64', isExecutable: () => false }));
  assert.equal(r.ok, false);
  const msg = !r.ok ? r.message : '';
  assert.match(msg, /bundles none for win32-x64/);
  assert.match(msg, /scripts\/build grove-server/);
  assert.match(msg, /grove\.server\.path/);
  assert.match(msg, /GROVE_SERVER/);
});
