// The request a project view opens with: the tree's structure in the packed form, without heads
// (the map fetches the text of the units it shows: heads were half of a big tree's answer even at
// 40 characters). One definition, because a host that sends it before the page is ready (VS Code's
// panels, while the webview loads) hands its answer over only to a request with these very params.

import { methods as M } from './methods';

export function structureRequest(projectId: string): { method: string; params: { projectId: string; headChars: number; compact: true; packed: true } } {
  // `compact` too: a core without `packed` then still sends the smaller form.
  return { method: M.projectStructure, params: { projectId, headChars: 0, compact: true, packed: true } };
}
