// A request a panel sends before its webview asks for it: the project's tree, while the page is
// still loading (about a second in code-server), so the tree's round trip overlaps the page's
// start instead of following it. The webview's own request then takes the answer, once.

type Send = (method: string, params: unknown, signal: AbortSignal) => Promise<unknown>;

export class Prefetch {
  private pending: { readonly method: string; readonly key: string; readonly result: Promise<unknown>; readonly abort: AbortController } | undefined;

  /** Sends the request now; `send` is the connection's request. */
  start(method: string, params: unknown, send: Send): void {
    const abort = new AbortController();
    const result = send(method, params, abort.signal);
    // The webview's request that takes it sees a failure; left untaken it must not be an
    // unhandled rejection.
    result.catch(() => undefined);
    this.pending = { method, key: JSON.stringify(params), result, abort };
  }

  /** The early answer for this request, or undefined to send it as usual. The first request of
   *  the prefetched method takes it or, with other params, drops it. */
  take(method: string, params: unknown): Promise<unknown> | undefined {
    const p = this.pending;
    if (!p || p.method !== method) return undefined;
    this.pending = undefined;
    if (p.key === JSON.stringify(params)) return p.result;
    p.abort.abort();
    return undefined;
  }

  /** The project changed (its answer may be stale) or the panel closed: the early request is
   *  cancelled if it is still running, and nobody takes it. */
  drop(): void {
    this.pending?.abort.abort();
    this.pending = undefined;
  }
}
