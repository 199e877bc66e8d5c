// Builds the extension: the shared web UI (clients/web-ui) copied into dist/web-ui, and the
// extension bundle dist/extension.js. --tests also builds the Node unit tests, the
// end-to-end test and the benchmark into out/. --production minifies and drops source maps (for the .vsix).
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { cp, mkdir, readdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const webUi = join(root, '..', 'web-ui');
const production = process.argv.includes('--production');

execFileSync(process.execPath, [join(webUi, 'scripts/build.mjs'), ...(production ? ['--production'] : [])], { stdio: 'inherit' });
await rm(join(root, 'dist'), { recursive: true, force: true });
await mkdir(join(root, 'dist'), { recursive: true });
await cp(join(webUi, 'dist'), join(root, 'dist/web-ui'), { recursive: true });

await build({
  entryPoints: [join(root, 'src/extension.ts')],
  outfile: join(root, 'dist/extension.js'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['vscode'],
  minify: production,
  sourcemap: production ? false : 'inline',
  logLevel: 'warning',
});

if (process.argv.includes('--tests')) {
  const entries = [];
  for (const dir of ['test/unit', 'test/e2e', 'bench']) {
    for (const f of await readdir(join(root, dir))) if (f.endsWith('.ts')) entries.push(join(root, dir, f));
  }
  await rm(join(root, 'out'), { recursive: true, force: true });
  await build({
    entryPoints: entries,
    outdir: join(root, 'out'),
    outbase: root,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: 'inline',
    packages: 'external',
    logLevel: 'warning',
  });
}
