// Where grove-server is, in order: the grove.server.path setting, the GROVE_SERVER environment
// variable, a binary bundled in the extension (server/grove-server), the repository build
// (<repo>/build/lsp-server/grove-server, for a checkout). Pure, with the file system injected,
// so the order and the error text are unit-tested.

import * as path from 'node:path';

export interface PathSources {
  readonly setting: string | undefined;
  readonly env: string | undefined;
  /** The extension's install directory (clients/vscode in a checkout). */
  readonly extensionPath: string;
  readonly isExecutable: (file: string) => boolean;
}

export interface Resolved {
  readonly path: string;
  readonly source: 'setting' | 'environment' | 'bundled' | 'repository build';
}

export type Resolution = { ok: true; value: Resolved } | { ok: false; message: string };

export function candidates(src: PathSources): Resolved[] {
  const list: Resolved[] = [];
  if (src.setting && src.setting.trim()) list.push({ path: src.setting.trim(), source: 'setting' });
  if (src.env && src.env.trim()) list.push({ path: src.env.trim(), source: 'environment' });
  list.push({ path: path.join(src.extensionPath, 'server', 'grove-server'), source: 'bundled' });
  list.push({ path: path.resolve(src.extensionPath, '..', '..', 'build', 'lsp-server', 'grove-server'), source: 'repository build' });
  return list;
}

export function resolveServerPath(src: PathSources): Resolution {
  const list = candidates(src);
  // An explicit choice that is wrong is an error, not a reason to silently use another binary.
  const explicit = list.find((c) => c.source === 'setting' || c.source === 'environment');
  if (explicit) {
    if (src.isExecutable(explicit.path)) return { ok: true, value: explicit };
    const where = explicit.source === 'setting' ? 'the setting grove.server.path' : 'the environment variable GROVE_SERVER';
    return { ok: false, message: `Grove: ${where} points to ${explicit.path}, which is not an executable file. Fix the path, or clear it to use the built server.` };
  }
  const found = list.find((c) => src.isExecutable(c.path));
  if (found) return { ok: true, value: found };
  return {
    ok: false,
    message:
      'Grove: grove-server was not found. Build it in the repository with `cmake -S . -B build -G Ninja && ninja -C build`, ' +
      'or set grove.server.path (or GROVE_SERVER) to the binary.',
  };
}
