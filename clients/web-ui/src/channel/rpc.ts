// Request/response correlation over the host channel. The host forwards each request to
// grove-server and answers with the same id; notifications are fanned out to subscribers.

import type { HostChannel } from './hostChannel';
import type { RpcError } from './messages';

export class RpcRequestError extends Error {
  constructor(readonly code: number, message: string, readonly data?: unknown) {
    super(message);
  }
}

/** A request in flight that can be cancelled (the Stop button). */
export interface PendingCall<T> {
  readonly id: number;
  readonly promise: Promise<T>;
  cancel(): void;
}

type Listener = (params: unknown) => void;

/** One request's method and when it was sent and answered (performance.now(); 0: not yet). */
export interface RequestTiming {
  readonly method: string;
  readonly sent: number;
  answered: number;
}

/** How many recent requests keep their timings (for automation and benchmarks). */
const KEPT_TIMINGS = 64;

export class WebRpc {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly timings = new Map<number, RequestTiming>();

  constructor(private readonly channel: HostChannel) {
    channel.onMessage((msg) => {
      if (msg.type === 'response') this.settle(msg.id, msg.resultJson ? JSON.parse(new TextDecoder().decode(msg.resultJson)) : msg.result, msg.error);
      else if (msg.type === 'notification') this.listeners.get(msg.method)?.forEach((l) => l(msg.params));
    });
  }

  request<T>(method: string, params: unknown): Promise<T> {
    return this.call<T>(method, params).promise;
  }

  call<T>(method: string, params: unknown): PendingCall<T> {
    const id = this.nextId++;
    const promise = new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
    });
    this.timings.set(id, { method, sent: performance.now(), answered: 0 });
    if (this.timings.size > KEPT_TIMINGS) this.timings.delete(this.timings.keys().next().value!);
    this.channel.post({ type: 'request', id, method, params });
    return { id, promise, cancel: () => this.channel.post({ type: 'cancel', id }) };
  }

  /** The last requests' timings, oldest first. */
  recentTimings(): readonly RequestTiming[] {
    return [...this.timings.values()];
  }

  on(method: string, listener: Listener): () => void {
    let set = this.listeners.get(method);
    if (!set) this.listeners.set(method, (set = new Set()));
    set.add(listener);
    return () => set!.delete(listener);
  }

  private settle(id: number, result: unknown, error: RpcError | undefined): void {
    const t = this.timings.get(id);
    if (t) t.answered = performance.now();
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    if (error) p.reject(new RpcRequestError(error.code, error.message, error.data));
    else p.resolve(result);
  }
}
