// The host side of the web UI's channel, shared by every TypeScript host (the VS Code
// extension and the test host). It validates what the webview sends, forwards allowed
// protocol requests to grove-server, maps cancellation to $/cancelRequest (through the port),
// and forwards server notifications. JetBrains implements the same contract in Java.

import { isWebviewToHost, type HostToWebview, type RpcError, type WebviewToHost } from '../src/channel/messages';

/** What a host needs from its server connection. */
export interface ServerPort {
  /** Sends a request; `signal` aborting must cancel it ($/cancelRequest). Rejects with an RpcError-like value. */
  request(method: string, params: unknown, signal: AbortSignal): Promise<unknown>;
}

export interface RelayOptions {
  /** Methods the webview may call; everything else is refused without reaching the server. */
  readonly allowed: ReadonlySet<string>;
  onReady(): void;
  onOpenLocation(message: Extract<WebviewToHost, { type: 'openLocation' }>): void;
  onNotify(message: Extract<WebviewToHost, { type: 'notify' }>): void;
  onReveal?(unitId: string): void;
  /** Send results as UTF-8 JSON bytes (`resultJson`): for a webview whose postMessage clones
   *  objects slowly and moves bytes fast (VS Code's). */
  readonly resultsAsBytes?: boolean;
}

export const METHOD_NOT_ALLOWED = -32601;

export class Relay {
  private readonly inflight = new Map<number, AbortController>();

  constructor(
    private readonly port: ServerPort,
    private readonly post: (message: HostToWebview) => void,
    private readonly options: RelayOptions,
  ) {}

  /** Handles one raw message from the webview. Invalid messages are dropped. */
  handle(raw: unknown): void {
    if (!isWebviewToHost(raw)) return;
    switch (raw.type) {
      case 'ready':
        this.options.onReady();
        return;
      case 'request':
        void this.forward(raw.id, raw.method, raw.params);
        return;
      case 'cancel':
        this.inflight.get(raw.id)?.abort();
        return;
      case 'openLocation':
        this.options.onOpenLocation(raw);
        return;
      case 'notify':
        this.options.onNotify(raw);
        return;
      case 'reveal':
        this.options.onReveal?.(raw.unitId);
        return;
    }
  }

  /** Forwards a server notification to the webview. */
  notify(method: string, params: unknown): void {
    this.post({ type: 'notification', method, params });
  }

  /** Aborts everything in flight (the panel closed). */
  dispose(): void {
    for (const c of this.inflight.values()) c.abort();
    this.inflight.clear();
  }

  private async forward(id: number, method: string, params: unknown): Promise<void> {
    if (!this.options.allowed.has(method)) {
      this.post({ type: 'response', id, error: { code: METHOD_NOT_ALLOWED, message: `method not available to the web UI: ${method}` } });
      return;
    }
    const controller = new AbortController();
    this.inflight.set(id, controller);
    try {
      const result = (await this.port.request(method, params ?? {}, controller.signal)) ?? null;
      if (this.options.resultsAsBytes) this.post({ type: 'response', id, resultJson: new TextEncoder().encode(JSON.stringify(result)) });
      else this.post({ type: 'response', id, result });
    } catch (e) {
      this.post({ type: 'response', id, error: toRpcError(e) });
    } finally {
      this.inflight.delete(id);
    }
  }
}

export function toRpcError(e: unknown): RpcError {
  if (typeof e === 'object' && e !== null) {
    const o = e as { code?: unknown; message?: unknown; data?: unknown };
    if (typeof o.code === 'number') return { code: o.code, message: String(o.message ?? 'error'), ...(o.data !== undefined ? { data: o.data } : {}) };
    if (typeof o.message === 'string') return { code: -32603, message: o.message };
  }
  return { code: -32603, message: String(e) };
}
