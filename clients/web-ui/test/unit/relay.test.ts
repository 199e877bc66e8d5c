import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { Relay, type ServerPort } from '../../host/relay';
import { isHostToWebview, type HostToWebview } from '../../src/channel/messages';
import { WebRpc } from '../../src/channel/rpc';

function setup(port: ServerPort) {
  const posted: HostToWebview[] = [];
  const events: string[] = [];
  const relay = new Relay(port, (m) => posted.push(m), {
    allowed: new Set(['grove/project/get', 'grove/chat/send']),
    onReady: () => events.push('ready'),
    onOpenLocation: (m) => events.push(`open ${m.uri}`),
    onNotify: (m) => events.push(`notify ${m.level}`),
    onReveal: (id) => events.push(`reveal ${id}`),
  });
  return { relay, posted, events };
}

/** Resolves once `posted` has `n` messages (bounded). */
async function until(cond: () => boolean): Promise<void> {
  const deadline = Date.now() + 2000;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error('condition not met');
    await new Promise((r) => setImmediate(r));
  }
}

test('allowed requests reach the server and their results come back with the same id', async () => {
  const calls: [string, unknown][] = [];
  const { relay, posted } = setup({ request: async (m, p) => (calls.push([m, p]), { ok: m }) });
  relay.handle({ type: 'request', id: 7, method: 'grove/project/get', params: { projectId: 'p1' } });
  await until(() => posted.length === 1);
  assert.deepEqual(calls, [['grove/project/get', { projectId: 'p1' }]]);
  assert.deepEqual(posted[0], { type: 'response', id: 7, result: { ok: 'grove/project/get' } });
});

test('a relay that sends results as bytes sends their UTF-8 JSON, which the page reads back as the result', async () => {
  const posted: HostToWebview[] = [];
  const result = { units: { id: ['u1', 'u2'], head: ['héllo “quoted”', '日本語'] } };
  const relay = new Relay({ request: async () => result }, (m) => posted.push(m), { allowed: new Set(['grove/project/structure']), onReady() {}, onOpenLocation() {}, onNotify() {}, resultsAsBytes: true });
  relay.handle({ type: 'request', id: 4, method: 'grove/project/structure', params: {} });
  await until(() => posted.length === 1);
  const m = posted[0] as Extract<HostToWebview, { type: 'response' }>;
  assert.equal(m.result, undefined);
  assert.ok(m.resultJson instanceof Uint8Array);
  assert.ok(isHostToWebview(m));
  let delivered: ((msg: HostToWebview) => void) | undefined;
  const rpc = new WebRpc({ post: () => undefined, onMessage: (l) => ((delivered = l), () => undefined) });
  const call = rpc.call<typeof result>('grove/project/structure', {});
  delivered!({ ...m, id: call.id });
  assert.deepEqual(await call.promise, result);
});

test('methods outside the allowlist never reach the server', async () => {
  let called = false;
  const { relay, posted } = setup({ request: async () => ((called = true), {}) });
  relay.handle({ type: 'request', id: 1, method: 'grove/project/delete', params: { projectId: 'p1' } });
  await until(() => posted.length === 1);
  assert.equal(called, false);
  assert.equal((posted[0] as { error: { code: number } }).error.code, -32601);
});

test('server errors keep their code and data', async () => {
  const { relay, posted } = setup({ request: async () => Promise.reject({ code: 1001, message: 'not found', data: { kind: 'projectNotFound', id: 'p9' } }) });
  relay.handle({ type: 'request', id: 2, method: 'grove/project/get', params: { projectId: 'p9' } });
  await until(() => posted.length === 1);
  assert.deepEqual(posted[0], { type: 'response', id: 2, error: { code: 1001, message: 'not found', data: { kind: 'projectNotFound', id: 'p9' } } });
});

test('cancel aborts the forwarded request', async () => {
  let signal: AbortSignal | undefined;
  const { relay, posted } = setup({
    request: (_m, _p, s) =>
      new Promise((_resolve, reject) => {
        signal = s;
        s.addEventListener('abort', () => reject({ code: -32800, message: 'cancelled' }));
      }),
  });
  relay.handle({ type: 'request', id: 5, method: 'grove/chat/send', params: {} });
  await until(() => signal !== undefined);
  relay.handle({ type: 'cancel', id: 5 });
  await until(() => posted.length === 1);
  assert.equal(signal!.aborted, true);
  assert.equal((posted[0] as { error: { code: number } }).error.code, -32800);
});

test('UI messages go to the host callbacks; junk is dropped', () => {
  const { relay, events, posted } = setup({ request: async () => ({}) });
  relay.handle({ type: 'ready' });
  relay.handle({ type: 'openLocation', uri: 'file:///x.ts', range: { start: { line: 1, character: 0 }, end: { line: 2, character: 0 } } });
  relay.handle({ type: 'notify', level: 'warning', message: 'w' });
  relay.handle({ type: 'reveal', unitId: 'u1' });
  relay.handle({ type: 'request', method: 'grove/project/get' });
  relay.handle('not even an object');
  relay.notify('grove/project/didChange', { projectId: 'p' });
  assert.deepEqual(events, ['ready', 'open file:///x.ts', 'notify warning', 'reveal u1']);
  assert.deepEqual(posted, [{ type: 'notification', method: 'grove/project/didChange', params: { projectId: 'p' } }]);
});
