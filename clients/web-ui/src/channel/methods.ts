// Protocol method names the web UI uses. They are a subset of the client mirror
// (clients/vscode/src/protocol.ts, which mirrors lsp-server/PROTOCOL.md); a unit test checks
// that every name here is in that mirror, so the UI cannot drift from the protocol either.

export const methods = {
  projectGet: 'grove/project/get',
  projectSetCursor: 'grove/project/setCursor',
  projectDidChange: 'grove/project/didChange',
  unitAppend: 'grove/unit/append',
  unitGetMany: 'grove/unit/getMany',
  unitEdit: 'grove/unit/edit',
  unitSetScope: 'grove/unit/setScope',
  unitDelete: 'grove/unit/delete',
  mainlineSet: 'grove/mainline/set',
  branchUpdate: 'grove/branch/update',
  scopePreview: 'grove/scope/preview',
  historyUndo: 'grove/history/undo',
  historyRedo: 'grove/history/redo',
  search: 'grove/search',
  chatSend: 'grove/chat/send',
  chatDidStream: 'grove/chat/didStream',
  suggestionList: 'grove/suggestion/list',
  suggestionResolve: 'grove/suggestion/resolve',
  suggestionDidCreate: 'grove/suggestion/didCreate',
  suggestionDidChange: 'grove/suggestion/didChange',
  memoletComplete: 'grove/memolet/complete',
  memoletCreate: 'grove/memolet/create',
  memoletGet: 'grove/memolet/get',
} as const;
