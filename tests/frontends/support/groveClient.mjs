// A second editor on the same store: `grove-server --db SAME` speaking grove/* with LSP
// framing on stdio. Started while another process owns the store, it joins that core.
import { spawn } from 'node:child_process';
import { serverPath } from './paths.mjs';

export async function startGroveClient(t, { db, env = {}, name = 'second-editor' }) {
  const child = spawn(serverPath(), ['--db', db], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let stderr = '';
  child.stderr.on('data', (b) => (stderr += b.toString()));
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  const pending = new Map();
  const notifications = [];
  let nextId = 1;
  let buffer = Buffer.alloc(0);

  child.stdout.on('data', (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const m = /Content-Length:\s*(\d+)/i.exec(buffer.subarray(0, end).toString('ascii'));
      if (!m) throw new Error(`bad frame header from grove-server: ${buffer.subarray(0, end)}`);
      const length = Number(m[1]);
      if (buffer.length < end + 4 + length) return;
      const msg = JSON.parse(buffer.subarray(end + 4, end + 4 + length).toString('utf8'));
      buffer = buffer.subarray(end + 4 + length);
      if ('id' in msg && pending.has(msg.id)) {
        const { resolve, reject } = pending.get(msg.id);
        pending.delete(msg.id);
        if (msg.error) reject(Object.assign(new Error(msg.error.message), { rpc: msg.error }));
        else resolve(msg.result);
      } else if ('method' in msg) {
        notifications.push(msg);
      }
    }
  });

  const write = (msg) => {
    const body = Buffer.from(JSON.stringify(msg), 'utf8');
    child.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    child.stdin.write(body);
  };
  const client = {
    notifications,
    stderr: () => stderr,
    request(method, params = {}) {
      const id = nextId++;
      write({ jsonrpc: '2.0', id, method, params });
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${method}: no answer in 10 s`)), 10000);
        pending.set(id, {
          resolve: (v) => (clearTimeout(timer), resolve(v)),
          reject: (e) => (clearTimeout(timer), reject(e)),
        });
      });
    },
    notify(method, params = {}) {
      write({ jsonrpc: '2.0', method, params });
    },
    async initialize() {
      const result = await client.request('initialize', { clientInfo: { name } });
      client.notify('initialized');
      return result;
    },
    async stop() {
      await client.request('shutdown', null).catch(() => {});
      client.notify('exit');
      child.stdin.end();
      return exited;
    },
  };
  t.after(async () => {
    if (child.exitCode === null) {
      child.stdin.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 10000);
      await exited;
      clearTimeout(timer);
    }
  });
  return client;
}
