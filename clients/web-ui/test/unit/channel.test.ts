import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import type { HostChannel } from '../../src/channel/hostChannel';
import { isHostToWebview, isWebviewToHost, type HostToWebview, type WebviewToHost } from '../../src/channel/messages';
import { RpcRequestError, WebRpc } from '../../src/channel/rpc';

/** A channel whose host side the test drives by hand. */
function fakeChannel() {
  const sent: WebviewToHost[] = [];
  const listeners: ((m: HostToWebview) => void)[] = [];
  const channel: HostChannel = {
    post: (m) => sent.push(m),
    onMessage: (l) => {
      listeners.push(l);
      return () => listeners.splice(listeners.indexOf(l), 1);
    },
  };
  return { channel, sent, deliver: (m: HostToWebview) => listeners.forEach((l) => l(m)) };
}

test('message validators accept the contract and reject everything else', () => {
  assert.ok(isWebviewToHost({ type: 'request', id: 1, method: 'grove/project/get', params: {} }));
  assert.ok(isWebviewToHost({ type: 'openLocation', uri: 'file:///a.ts', range: { start: { line: 0, character: 0 }, end: { line: 1, character: 0 } } }));
  assert.ok(!isWebviewToHost({ type: 'request', id: '1', method: 'x' }), 'id must be a number');
  assert.ok(!isWebviewToHost({ type: 'eval', code: 'x' }));
  assert.ok(!isWebviewToHost({ type: 'notify', level: 'fatal', message: 'x' }));
  assert.ok(!isWebviewToHost(null));
  assert.ok(isHostToWebview({ type: 'init', projectId: null, view: 'map', methods: [] }));
  assert.ok(isHostToWebview({ type: 'response', id: 3, result: {} }));
  assert.ok(!isHostToWebview({ type: 'response', id: 'x' }));
  assert.ok(!isHostToWebview({ command: 'something-from-another-extension' }));
});

test('WebRpc pairs responses with requests by id, in any order', async () => {
  const { channel, sent, deliver } = fakeChannel();
  const rpc = new WebRpc(channel);
  const p1 = rpc.request<string>('grove/a', { n: 1 });
  const p2 = rpc.request<string>('grove/b', { n: 2 });
  const [r1, r2] = sent as Extract<WebviewToHost, { type: 'request' }>[];
  assert.equal(r1.method, 'grove/a');
  assert.deepEqual(r2.params, { n: 2 });
  deliver({ type: 'response', id: r2.id, result: 'two' });
  deliver({ type: 'response', id: r1.id, result: 'one' });
  assert.deepEqual(await Promise.all([p1, p2]), ['one', 'two']);
});

test('WebRpc rejects with the server error and fans out notifications', async () => {
  const { channel, sent, deliver } = fakeChannel();
  const rpc = new WebRpc(channel);
  const seen: unknown[] = [];
  const off = rpc.on('grove/project/didChange', (p) => seen.push(p));
  const p = rpc.request('grove/unit/get', { unitId: 'nope' });
  const req = sent[0] as Extract<WebviewToHost, { type: 'request' }>;
  deliver({ type: 'response', id: req.id, error: { code: 1001, message: 'unit not found', data: { kind: 'unitNotFound' } } });
  await assert.rejects(p, (e: unknown) => e instanceof RpcRequestError && e.code === 1001 && (e.data as { kind: string }).kind === 'unitNotFound');
  deliver({ type: 'notification', method: 'grove/project/didChange', params: { revision: 2 } });
  off();
  deliver({ type: 'notification', method: 'grove/project/didChange', params: { revision: 3 } });
  assert.deepEqual(seen, [{ revision: 2 }]);
});

test('cancelling a call posts cancel with its id', () => {
  const { channel, sent } = fakeChannel();
  const call = new WebRpc(channel).call('grove/chat/send', {});
  call.cancel();
  assert.deepEqual(sent[1], { type: 'cancel', id: call.id });
});
