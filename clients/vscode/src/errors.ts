// Errors the user reads: what the transport says when the server is gone, in plain words.
/**
 * A clear error for a server that went away mid-request (the transport reports it as "write
 * EPIPE", "connection got disposed" and the like); undefined for any other error.
 */
export function unreachable(e: unknown): Error | undefined {
  const text = e instanceof Error ? `${e.message} ${(e as { code?: unknown }).code ?? ''}` : String(e);
  if (!/EPIPE|ECONNRESET|ERR_STREAM_DESTROYED|connection got disposed|Connection is closed|Client is not running|Pending response rejected/i.test(text)) return undefined;
  return new Error('the Grove server is not reachable (it stopped or crashed). See the Grove output channel for why; "Developer: Reload Window" starts it again.');
}
