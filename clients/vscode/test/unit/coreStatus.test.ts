import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { coreStatus } from '../../src/coreStatus';

const init = (core: unknown) => ({ capabilities: { grove: { protocolVersion: 1, core } } });

test('an owning window says it owns the core', () => {
  assert.match(coreStatus(init({ role: 'owner', clients: 1 })).text, /owns the core/);
});

test('a joined window says so, with the client count', () => {
  assert.match(coreStatus(init({ role: 'joined', clients: 3 })).text, /joined \(3 clients\)/);
});

test('a TCP connection is a team core, and an old server shows a plain label', () => {
  assert.match(coreStatus(init({ role: 'remote', clients: 2 })).text, /team core/);
  assert.equal(coreStatus({ capabilities: { grove: { protocolVersion: 1 } } }).text, '$(server-process) Grove');
});
