// The request a project view opens with: the tree's structure, heads only as long as a map node
// shows them and in the compact form (half the bytes each). One definition, because a host that
// sends it before the page is ready (VS Code's panels, while the webview loads) hands its answer
// over only to a request with these very params.

import { LABEL_HEAD_CHARS } from '../map/geometry';
import { methods as M } from './methods';

export function structureRequest(projectId: string): { method: string; params: { projectId: string; headChars: number; compact: true } } {
  return { method: M.projectStructure, params: { projectId, headChars: LABEL_HEAD_CHARS, compact: true } };
}
