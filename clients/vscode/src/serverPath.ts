// Where grove-server is, in order: the grove.server.path setting, the GROVE_SERVER environment
// variable, the binary bundled in the extension for this platform
// (server/<platform>-<arch>/grove-server: the .vsix carries server/linux-x64/grove-server), the
// repository build (<repo>/build/lsp-server/grove-server, for a checkout), then grove-server on
// PATH (the Debian package installs it in /usr/bin). Pure, with the file system injected, so the
// order and the error text are unit-tested.

import * as path from 'node:path';

export interface PathSources {
  readonly setting: string | undefined;
  readonly env: string | undefined;
  /** The extension's install directory (clients/vscode in a checkout). */
  readonly extensionPath: string;
  /** process.platform and process.arch: which bundled binary can run here. */
  readonly platform: string;
  readonly arch: string;
  /** The PATH environment variable (directories joined by path.delimiter). */
  readonly searchPath: string | undefined;
  readonly isExecutable: (file: string) => boolean;
}

export interface Resolved {
  readonly path: string;
  readonly source: 'setting' | 'environment' | 'bundled' | 'repository build' | 'PATH';
}

export type Resolution = { ok: true; value: Resolved } | { ok: false; message: string };

/** Where `npm run package` puts the server, relative to the extension (scripts/bundle-server.mjs). */
export function bundledServer(extensionPath: string, platform: string, arch: string): string {
  return path.join(extensionPath, 'server', `${platform}-${arch}`, 'grove-server');
}

export function candidates(src: PathSources): Resolved[] {
  const list: Resolved[] = [];
  if (src.setting && src.setting.trim()) list.push({ path: src.setting.trim(), source: 'setting' });
  if (src.env && src.env.trim()) list.push({ path: src.env.trim(), source: 'environment' });
  list.push({ path: bundledServer(src.extensionPath, src.platform, src.arch), source: 'bundled' });
  list.push({ path: path.resolve(src.extensionPath, '..', '..', 'build', 'lsp-server', 'grove-server'), source: 'repository build' });
  for (const dir of (src.searchPath ?? '').split(path.delimiter)) {
    // An empty entry means the current directory: never run a binary found there.
    if (dir && path.isAbsolute(dir)) list.push({ path: path.join(dir, 'grove-server'), source: 'PATH' });
  }
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
      `Grove: grove-server was not found (this extension bundles none for ${src.platform}-${src.arch}, and none is on PATH). ` +
      'Install the grove-server package, or build it in the repository with `scripts/build grove-server`, ' +
      'or set grove.server.path (or GROVE_SERVER) to the binary.',
  };
}
