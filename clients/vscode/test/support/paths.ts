// Locations found by walking up from the compiled test file (bundled under out/).

import { existsSync } from 'node:fs';
import * as path from 'node:path';

function findUp(start: string, marker: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, marker))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`${marker} not found above ${start}`);
  }
}

/** clients/vscode */
export const extensionDir = findUp(__dirname, path.join('src', 'protocol.ts'));
/** The repository root. */
export const repoDir = path.resolve(extensionDir, '..', '..');

export function serverPath(): string {
  return process.env.GROVE_SERVER || path.join(repoDir, 'build', 'lsp-server', 'grove-server');
}

/** The packaged extension the end-to-end test installs (npm run package writes it). */
export function vsixPath(): string {
  return process.env.GROVE_VSIX || path.join(extensionDir, 'grove.vsix');
}
