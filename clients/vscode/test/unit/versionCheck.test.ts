import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { PROTOCOL_VERSION } from '../../src/protocol';
import { checkProtocolVersion } from '../../src/versionCheck';

test('the matching protocol version passes', () => {
  assert.equal(checkProtocolVersion({ capabilities: { grove: { protocolVersion: PROTOCOL_VERSION } } }, '/s'), null);
});

test('a newer server asks to update the extension, an older one to rebuild the server', () => {
  assert.match(checkProtocolVersion({ capabilities: { grove: { protocolVersion: PROTOCOL_VERSION + 1 } } }, '/s') ?? '', /update the extension/);
  assert.match(checkProtocolVersion({ capabilities: { grove: { protocolVersion: PROTOCOL_VERSION - 1 } } }, '/s') ?? '', /rebuild the server/);
});

test('a server without the grove capability is refused with its path', () => {
  assert.match(checkProtocolVersion({ capabilities: {} }, '/usr/bin/clangd') ?? '', /\/usr\/bin\/clangd did not report a Grove protocol version/);
  assert.notEqual(checkProtocolVersion(undefined, '/x'), null);
});
