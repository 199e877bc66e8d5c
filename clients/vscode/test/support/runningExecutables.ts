// Which programs are running from under a directory, read from /proc/<pid>/exe (Linux): how the
// end-to-end test sees that the workbench started the grove-server bundled in the .vsix rather
// than some other binary.

import { readdirSync, readlinkSync } from 'node:fs';
import * as path from 'node:path';

export function runningExecutablesUnder(dir: string): string[] {
  const prefix = path.resolve(dir) + path.sep;
  const found = new Set<string>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const exe = readlinkSync(path.join('/proc', pid, 'exe'));
      if (exe.startsWith(prefix)) found.add(exe);
    } catch {
      // Exited, or another user's process: not ours.
    }
  }
  return [...found];
}
