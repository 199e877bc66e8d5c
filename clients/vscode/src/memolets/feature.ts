// Memolets need a grove-server from issue 8 on. An older server lacks the methods: say so once,
// plainly, instead of failing with "method not found".

export const MEMOLET_METHODS = {
  search: 'grove/memolet/search',
  sandboxList: 'grove/memolet/sandbox/list',
  sandboxAdd: 'grove/memolet/sandbox/add',
  sandboxRemove: 'grove/memolet/sandbox/remove',
  sandboxGroup: 'grove/memolet/sandbox/group',
  sandboxUngroup: 'grove/memolet/sandbox/ungroup',
  create: 'grove/memolet/create',
} as const;

/** The message for a server that lacks `needed`, or null when it has them all. */
export function missingMemolets(serverMethods: readonly string[], needed: readonly string[]): string | null {
  const missing = needed.filter((m) => !serverMethods.includes(m));
  if (missing.length === 0) return null;
  return `Grove: this grove-server has no memolets (it lacks ${missing.join(', ')}). Update grove-server to a build with memolet support, or point grove.server.path at one.`;
}
