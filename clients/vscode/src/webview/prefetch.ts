// A request a panel sends before its webview asks for it: the project's tree, while the page is
// still loading (about a second in code-server), so the tree's round trip overlaps the page's
// start instead of following it. The webview's own request then takes the answer, once.

export class Prefetch {
  private pending: { readonly method: string; readonly key: string; readonly result: Promise<unknown> } | undefined;

  /** Sends the request now; `send` is the connection's request. */
  start(method: string, params: unknown, send: (method: string, params: unknown) => Promise<unknown>): void {
    const result = send(method, params);
    // A failure reaches the webview's own request, which takes this promise; left untaken it
    // must not be an unhandled rejection.
    result.catch(() => undefined);
    this.pending = { method, key: JSON.stringify(params), result };
  }

  /** The early answer for this request, or undefined to send it as usual. The first request of
   *  the prefetched method takes it or, with other params, drops it. */
  take(method: string, params: unknown): Promise<unknown> | undefined {
    const p = this.pending;
    if (!p || p.method !== method) return undefined;
    this.pending = undefined;
    return p.key === JSON.stringify(params) ? p.result : undefined;
  }

  /** The project changed (a notification about it arrived): the early answer may be stale. */
  drop(): void {
    this.pending = undefined;
  }
}
