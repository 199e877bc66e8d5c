// Builds the web UI bundle into dist/ (what hosts load) and, with --tests, the Node tests,
// the test host and the benchmark into out/.
import { build } from 'esbuild';
import { copyFile, mkdir, readdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const production = process.argv.includes('--production');

await mkdir(join(root, 'dist'), { recursive: true });
await build({
  entryPoints: [join(root, 'src/main.ts')],
  outfile: join(root, 'dist/grove-web-ui.js'),
  bundle: true,
  format: 'iife',
  target: 'es2020',
  minify: production,
  sourcemap: production ? false : 'inline',
  logLevel: 'warning',
});
await copyFile(join(root, 'src/style.css'), join(root, 'dist/grove-web-ui.css'));

if (process.argv.includes('--tests')) {
  const entries = [];
  for (const dir of ['test/unit', 'test/browser', 'bench']) {
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
