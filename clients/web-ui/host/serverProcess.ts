// A minimal JSON-RPC 2.0 client over LSP base framing (Content-Length) to a grove-server
// child process. Used by the test host and the benchmark; the VS Code extension uses
// vscode-languageclient instead, over the same framing.

import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { EventEmitter } from 'node:events';

export interface RpcFailure { code: number; message: string; data?: unknown }

export class ServerProcess extends EventEmitter {
  readonly child: ChildProcessWithoutNullStreams;
  private buffer = Buffer.alloc(0);
  /** Chunks not yet joined into `buffer`, and the bytes `buffer` needs to hold a whole frame. */
  private parts: Buffer[] = [];
  private partsLength = 0;
  private need = 0;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: RpcFailure): void }>();
  stderr = '';

  constructor(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
    super();
    this.child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], env });
    this.child.stdout.on('data', (chunk: Buffer) => this.onData(chunk));
    this.child.stderr.on('data', (chunk: Buffer) => {
      // Keep a bounded tail for failure messages.
      this.stderr = (this.stderr + chunk.toString()).slice(-8000);
    });
    this.child.on('exit', (code, signal) => {
      this.failAll(`grove-server exited (${code ?? signal})`);
      this.emit('exit', code, signal);
    });
    // A spawn that fails (missing binary, one being rebuilt) never exits: without this, every
    // request would wait forever and a test would hang instead of failing.
    this.child.on('error', (e) => this.failAll(`grove-server could not run: ${e.message}`));
    this.child.stdin.on('error', (e) => this.failAll(`grove-server input closed: ${e.message}`));
  }

  private failure: string | null = null;

  private failAll(message: string): void {
    this.failure ??= message;
    for (const p of this.pending.values()) p.reject({ code: -32099, message });
    this.pending.clear();
  }

  request<T = unknown>(method: string, params: unknown, signal?: AbortSignal): Promise<T> {
    const id = this.nextId++;
    if (this.failure) return Promise.reject({ code: -32099, message: this.failure });
    const promise = new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
    });
    signal?.addEventListener('abort', () => this.notify('$/cancelRequest', { id }), { once: true });
    this.write({ jsonrpc: '2.0', id, method, params });
    return promise;
  }

  notify(method: string, params: unknown): void {
    this.write({ jsonrpc: '2.0', method, params });
  }

  /** initialize + initialized; returns the initialize result. */
  async initialize(): Promise<{ capabilities?: { grove?: { protocolVersion?: number } } }> {
    const result = await this.request<{ capabilities?: { grove?: { protocolVersion?: number } } }>('initialize', {
      processId: process.pid,
      clientInfo: { name: 'grove-web-ui-test-host' },
      capabilities: {},
      rootUri: null,
    });
    this.notify('initialized', {});
    return result;
  }

  /** shutdown + exit, then waits (bounded) for the process; kills it if it lingers. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    try {
      await Promise.race([this.request('shutdown', null), exited]);
      this.notify('exit', null);
    } catch {
      // Already gone.
    }
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 3000);
    await exited;
    clearTimeout(timer);
  }

  private write(message: unknown): void {
    const body = Buffer.from(JSON.stringify(message), 'utf8');
    this.child.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    this.child.stdin.write(body);
  }

  private onData(chunk: Buffer): void {
    this.parts.push(chunk);
    this.partsLength += chunk.length;
    // A large answer (a whole project is megabytes) comes in many chunks: join and scan them
    // once the frame is complete, not on every chunk, which is quadratic in the frame's size.
    if (this.buffer.length + this.partsLength < this.need) return;
    this.buffer = Buffer.concat([this.buffer, ...this.parts]);
    this.parts = [];
    this.partsLength = 0;
    this.need = 0;
    for (;;) {
      const headerEnd = this.buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const header = this.buffer.subarray(0, headerEnd).toString('ascii');
      const match = /Content-Length:\s*(\d+)/i.exec(header);
      if (!match) throw new Error(`bad frame header: ${header}`);
      const end = headerEnd + 4 + Number(match[1]);
      if (this.buffer.length < end) {
        this.need = end;
        return;
      }
      const body = this.buffer.subarray(headerEnd + 4, end).toString('utf8');
      this.buffer = this.buffer.subarray(end);
      this.dispatch(JSON.parse(body));
    }
  }

  private dispatch(msg: { id?: number | string; method?: string; params?: unknown; result?: unknown; error?: RpcFailure }): void {
    if (msg.method !== undefined) {
      if (msg.id !== undefined) {
        // A server→client request: we implement none, so answer "unknown method".
        this.write({ jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'not supported by this host' } });
      } else this.emit('notification', msg.method, msg.params);
      return;
    }
    const p = this.pending.get(Number(msg.id));
    if (!p) return;
    this.pending.delete(Number(msg.id));
    if (msg.error) p.reject(msg.error);
    else p.resolve(msg.result);
  }
}
