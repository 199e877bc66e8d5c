// Puts grove-server into the extension (server/<platform>-<arch>/grove-server, where
// src/serverPath.ts looks first when no path is configured), so the .vsix alone is enough to
// use Grove. The binary is GROVE_SERVER, else the repository build
// (<repo>/build/lsp-server/grove-server); `scripts/build grove-server` makes it. It is copied
// without debug info (the build keeps about 100 MB of it; the server itself is a few MB).
// The directory is named for the machine that builds it, since the binary runs only there.
import { execFileSync } from 'node:child_process';
import { accessSync, chmodSync, constants, copyFileSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = resolve(process.env.GROVE_SERVER || join(root, '..', '..', 'build', 'lsp-server', 'grove-server'));
try {
  accessSync(source, constants.X_OK);
  if (!statSync(source).isFile()) throw new Error('not a file');
} catch {
  console.error(`bundle-server: no grove-server at ${source}. Build it (scripts/build grove-server) or set GROVE_SERVER to it.`);
  process.exit(1);
}

const version = execFileSync(source, ['--version'], { encoding: 'utf8' }).trim();
rmSync(join(root, 'server'), { recursive: true, force: true });
const target = join(root, 'server', `${process.platform}-${process.arch}`, 'grove-server');
mkdirSync(dirname(target), { recursive: true });
try {
  execFileSync('strip', ['--strip-debug', '-o', target, source], { stdio: ['ignore', 'ignore', 'pipe'] });
} catch {
  // No binutils (or not an ELF file strip knows): the binary as built, only larger.
  copyFileSync(source, target);
}
chmodSync(target, 0o755);
console.log(`bundle-server: ${version} -> ${target} (${(statSync(target).size / 1e6).toFixed(1)} MB)`);
