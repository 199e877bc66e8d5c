import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { Prefetch } from '../../src/webview/prefetch';
import { structureRequest } from '../../../web-ui/src/channel/treeRequest';

// A connection that records what was sent and answers each request with its own count.
function connection() {
  const sent: { method: string; params: unknown; signal: AbortSignal }[] = [];
  return { sent, send: (method: string, params: unknown, signal: AbortSignal) => (sent.push({ method, params, signal }), Promise.resolve({ n: sent.length })) };
}

test('the webview request with the same method and params takes the early answer, once', async () => {
  const c = connection();
  const p = new Prefetch();
  const { method, params } = structureRequest('p_1');
  p.start(method, params, c.send);
  assert.equal(c.sent.length, 1);
  // The webview's params crossed postMessage: an equal object, not the same one.
  const early = p.take(method, structuredClone(params));
  assert.ok(early);
  assert.deepEqual(await early, { n: 1 });
  assert.equal(p.take(method, params), undefined, 'a second request is sent as usual');
});

test('other methods pass by; the same method with other params drops the early answer', () => {
  const c = connection();
  const p = new Prefetch();
  const { method, params } = structureRequest('p_1');
  p.start(method, params, c.send);
  assert.equal(p.take('grove/scope/preview', { projectId: 'p_1' }), undefined);
  assert.equal(p.take(method, { ...params, headChars: 100 }), undefined);
  assert.equal(c.sent[0].signal.aborted, true, 'the early request is cancelled');
  assert.equal(p.take(method, params), undefined, 'dropped by the request that did not match');
});

test('a change to the project drops the early answer', () => {
  const c = connection();
  const p = new Prefetch();
  const { method, params } = structureRequest('p_1');
  p.start(method, params, c.send);
  p.drop();
  assert.equal(c.sent[0].signal.aborted, true, 'the early request is cancelled');
  assert.equal(p.take(method, params), undefined);
});

test('an early request that was taken is not cancelled by a later drop', async () => {
  const c = connection();
  const p = new Prefetch();
  const { method, params } = structureRequest('p_1');
  p.start(method, params, c.send);
  const early = p.take(method, params);
  p.drop();
  assert.equal(c.sent[0].signal.aborted, false);
  assert.deepEqual(await early, { n: 1 });
});

test('a failed early request fails the webview request that takes it, and nothing else', async () => {
  let unhandled = 0;
  const count = () => void unhandled++;
  process.on('unhandledRejection', count);
  try {
    const p = new Prefetch();
    const { method, params } = structureRequest('p_1');
    p.start(method, params, () => Promise.reject(new Error('core gone')));
    const left = new Prefetch();
    left.start(method, params, () => Promise.reject(new Error('never taken')));
    await assert.rejects(p.take(method, params)!, /core gone/);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(unhandled, 0);
  } finally {
    process.off('unhandledRejection', count);
  }
});
