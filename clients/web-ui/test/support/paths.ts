// Locations relative to this package, found by walking up from the compiled file (tests and
// the benchmark are bundled to different depths under out/).

import { existsSync } from 'node:fs';
import * as path from 'node:path';

function findUp(start: string, marker: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, marker))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`${marker} not found above ${start}`);
  }
}

/** clients/web-ui */
export const webUiDir = findUp(__dirname, path.join('src', 'channel', 'messages.ts'));
/** The repository root. */
export const repoDir = path.resolve(webUiDir, '..', '..');
