// The status bar's core line: whether this window's grove-server owns the store or joined a
// core another editor runs (initialize's capabilities.grove.core, see PROTOCOL.md Lifecycle).

export interface CoreStatus {
  text: string;
  tooltip: string;
}

export function coreStatus(initializeResult: unknown): CoreStatus {
  const core = (initializeResult as { capabilities?: { grove?: { core?: { role?: unknown; clients?: unknown } } } } | undefined)
    ?.capabilities?.grove?.core;
  const clients = typeof core?.clients === 'number' ? core.clients : 0;
  switch (core?.role) {
    case 'owner':
      return { text: '$(server-process) Grove: owns the core', tooltip: 'This window started the Grove core; other editors on the same store join it.' };
    case 'joined':
      return { text: `$(plug) Grove: joined (${clients} clients)`, tooltip: 'Another editor runs the Grove core for this store; this window joined it.' };
    case 'remote':
      return { text: '$(cloud) Grove: team core', tooltip: 'Connected to a Grove core over the network.' };
    default:
      return { text: '$(server-process) Grove', tooltip: 'Connected to grove-server.' };
  }
}
