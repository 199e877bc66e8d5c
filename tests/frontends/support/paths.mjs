// Where the binaries under test are: GROVE_SERVER and GROVE_FAKE_PROVIDER, else this
// repository's build. Each test makes its own temporary directory.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export function serverPath() {
  return process.env.GROVE_SERVER || path.join(repo, 'build', 'lsp-server', 'grove-server');
}

export function fakeProviderPath() {
  return process.env.GROVE_FAKE_PROVIDER || path.join(repo, 'build', 'tests', 'fake-provider', 'grove-fake-provider');
}

export function requireBinaries(t) {
  for (const p of [serverPath(), fakeProviderPath()]) {
    if (!existsSync(p)) throw new Error(`${p} not found: build it (scripts/build) or set GROVE_SERVER / GROVE_FAKE_PROVIDER`);
  }
}

/** A fresh directory, removed when the test ends. */
export function tempDir(t, prefix = 'grove-frontends-') {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Resolves when `predicate()` holds, polling on a deadline (no fixed sleeps). */
export async function waitFor(predicate, what, timeoutMs = 10000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await predicate();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
