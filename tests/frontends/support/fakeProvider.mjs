// The scripted model provider (tests/fake-provider) on loopback, and the environment
// that points grove-server's openai provider at it (docs/providers.md).
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { fakeProviderPath } from './paths.mjs';

export async function startFakeProvider(t, dir, script) {
  const file = path.join(dir, 'script.json');
  writeFileSync(file, JSON.stringify(script));
  const child = spawn(fakeProviderPath(), ['--port', '0', '--script', file], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('the fake provider did not start')), 10000);
    child.stdout.on('data', (b) => {
      out += b.toString();
      const m = /listening (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`the fake provider exited (${code})`)));
  });
  t.after(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  });
  return {
    env: {
      GROVE_PROVIDER: 'openai',
      GROVE_BASE_URL: `http://127.0.0.1:${port}`,
      GROVE_MODEL: 'fake-model',
      OPENAI_API_KEY: 'test-key-not-secret',
    },
    /** Replaces the script: every later request gets its responses (the last repeats). */
    async setScript(next) {
      const res = await fetch(`http://127.0.0.1:${port}/__script`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(next),
      });
      if (!res.ok) throw new Error(`the fake provider refused the script: ${res.status}`);
    },
  };
}
