// The client's method list (src/protocol.ts) must mirror lsp-server/PROTOCOL.md exactly, and
// the web UI may only use methods from that list.

import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { methods as webUiMethods } from '../../../web-ui/src/channel/methods';
import { METHODS, PLANNED, WEBVIEW_METHODS } from '../../src/protocol';

import { extensionDir, repoDir as repo } from '../support/paths';
const protocolMd = path.join(repo, 'lsp-server', 'PROTOCOL.md');
/** Standard LSP lifecycle messages: documented by LSP itself, so PROTOCOL.md may omit them. */
const LIFECYCLE = new Set(['initialize', 'initialized', 'shutdown', 'exit', '$/cancelRequest']);

export function documentedMethods(markdown: string): Set<string> {
  const names = new Set<string>();
  for (const line of markdown.split('\n')) {
    const m = /\*\*(?:Method|Notification):?\*\*:?\s*`([^`]+)`/.exec(line);
    if (m) names.add(m[1].trim());
  }
  return names;
}

test('documentedMethods reads the **Method:** and **Notification:** lines', () => {
  const md = ['## Branch', '**Method:** `grove/unit/append`  ·  **Direction:** client → server request', 'text `grove/not/this`', '**Notification:** `grove/project/didChange` · server → every client'].join('\n');
  assert.deepEqual([...documentedMethods(md)], ['grove/unit/append', 'grove/project/didChange']);
});

test('src/protocol.ts mirrors lsp-server/PROTOCOL.md in both directions', { skip: existsSync(protocolMd) ? false : 'lsp-server/PROTOCOL.md does not exist yet' }, () => {
  const documented = documentedMethods(readFileSync(protocolMd, 'utf8'));
  assert.ok(documented.size > 10, `only ${documented.size} **Method:** lines found`);
  const mirrored = new Set(Object.keys(METHODS));
  const missing = [...documented].filter((m) => !mirrored.has(m));
  const extra = [...mirrored].filter((m) => !documented.has(m) && !LIFECYCLE.has(m));
  const nowDocumented = Object.keys(PLANNED).filter((m) => documented.has(m));
  assert.deepEqual(missing, [], `in PROTOCOL.md but not in METHODS of src/protocol.ts: ${missing.join(', ')}`);
  assert.deepEqual(extra, [], `in METHODS of src/protocol.ts but not in PROTOCOL.md: ${extra.join(', ')}`);
  assert.deepEqual(nowDocumented, [], `documented now, move from PLANNED to METHODS: ${nowDocumented.join(', ')}`);
  // tests/protocol/ProtocolDocTest.cpp finds each name double-quoted in this file.
  const source = readFileSync(path.join(extensionDir, 'src', 'protocol.ts'), 'utf8');
  for (const m of documented) assert.ok(source.includes(`"${m}"`), `${m} is not double-quoted in src/protocol.ts`);
});

test('the web UI uses only mirrored methods, and requests it sends are allowed by the host', () => {
  for (const name of Object.values(webUiMethods)) {
    const all: Record<string, { kind: string }> = { ...METHODS, ...PLANNED };
    assert.ok(name in all, `${name} is not in src/protocol.ts`);
    const info = all[name];
    if (info.kind === 'request') assert.ok(WEBVIEW_METHODS.has(name), `${name} is not allowed for the webview`);
  }
});

test('the webview cannot create, rename or delete projects', () => {
  for (const m of ['grove/project/create', 'grove/project/delete', 'grove/project/rename', 'initialize', 'shutdown']) assert.ok(!WEBVIEW_METHODS.has(m), m);
});

test('package.json contributes every command of the extension', () => {
  const pkg = JSON.parse(readFileSync(path.join(extensionDir, 'package.json'), 'utf8'));
  const ids = new Set(pkg.contributes.commands.map((c: { command: string }) => c.command));
  for (const id of ['grove.newConversation', 'grove.openConversation', 'grove.showContextMap', 'grove.previewContext', 'grove.captureSelection', 'grove.undo', 'grove.redo', 'grove.search', 'grove.searchMemolets', 'grove.showSandbox', 'grove.sandbox.remove', 'grove.sandbox.insertReference']) assert.ok(ids.has(id), id);
  // Every registered command is contributed, and the other way round.
  const registered = new Set([...readFileSync(path.join(extensionDir, 'src', 'extension.ts'), 'utf8').matchAll(/register\('([^']+)'/g)].map((x) => x[1]));
  assert.deepEqual([...ids].sort(), [...registered].sort());
  assert.ok(pkg.contributes.views.grove.some((v: { id: string }) => v.id === 'grove.sandbox'), 'the sandbox view');
  assert.ok(pkg.contributes.menus['editor/context'].some((m: { command: string }) => m.command === 'grove.captureSelection'));
  assert.ok(pkg.contributes.keybindings.some((k: { command: string }) => k.command === 'grove.captureSelection'));
  assert.equal(pkg.engines.vscode, '^1.100.0');
});
