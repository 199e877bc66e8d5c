// What the board and the knowledge map share: they show one workspace (DESIGN.md §11), reload
// when the core announces a newer revision of it, and report failed requests plainly. The core
// holds every piece of state that matters; a view only remembers what it drew last.

import type { HostChannel } from '../channel/hostChannel';
import { RpcRequestError, type WebRpc } from '../channel/rpc';

/** Workspace URIs as the core normalises them (no trailing slash, canonical escapes), so a
 *  didChange for the host's spelling of the folder is still recognised. */
export function sameWorkspace(a: string, b: string): boolean {
  const norm = (u: string) => {
    try {
      return decodeURIComponent(u).replace(/\/+$/, '');
    } catch {
      return u.replace(/\/+$/, '');
    }
  };
  return norm(a) === norm(b);
}

/** A change notification's revision when it concerns `workspaceUri`, else null. */
export function changeRevision(params: unknown, workspaceUri: string): number | null {
  const p = params as { workspaceUri?: unknown; revision?: unknown } | null;
  if (!p || typeof p.workspaceUri !== 'string' || !sameWorkspace(p.workspaceUri, workspaceUri)) return null;
  return typeof p.revision === 'number' ? p.revision : Number.MAX_SAFE_INTEGER;
}

export abstract class WorkspaceView {
  /** The revision the view shows (-1 before the first load). */
  revision = -1;
  /** Loads finished (tests wait on it). */
  loads = 0;
  private running: Promise<void> | null = null;
  private again = false;
  protected readonly status: HTMLElement;

  constructor(
    protected readonly rpc: WebRpc,
    protected readonly channel: HostChannel,
    readonly workspaceUri: string,
    status: HTMLElement,
  ) {
    this.status = status;
  }

  /** Reads the whole view from the core. */
  protected abstract load(): Promise<void>;

  /** Reloads; calls while a load runs fold into one more load after it. */
  refresh(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.guard(() => this.load());
        this.loads++;
      } while (this.again);
      this.running = null;
    })();
    return this.running;
  }

  /** A didChange: reload unless the view already shows that revision. */
  onDidChange(params: unknown): void {
    const revision = changeRevision(params, this.workspaceUri);
    if (revision !== null && revision > this.revision) void this.refresh();
  }

  /** After a call of ours that answered with a change: reload when it is newer than the view. */
  protected afterChange(change: { revision?: number } | undefined | null): Promise<void> {
    return change && typeof change.revision === 'number' && change.revision <= this.revision ? Promise.resolve() : this.refresh();
  }

  /** Runs a request; a failure is shown in the status line and the editor, never thrown.
   *  `onError` also gets the message (a card shows its own failure under it). */
  protected async guard<T>(fn: () => Promise<T>, onError?: (message: string) => void): Promise<T | undefined> {
    try {
      const result = await fn();
      this.status.classList.remove('error');
      return result;
    } catch (e) {
      const message = e instanceof RpcRequestError ? `${e.message} (${e.code})` : e instanceof Error ? e.message : String(e);
      onError?.(message);
      this.status.textContent = message;
      this.status.classList.add('error');
      this.channel.post({ type: 'notify', level: 'error', message: `Grove: ${message}` });
      return undefined;
    }
  }

  /** Resolves when no load is running (tests). */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }
}
