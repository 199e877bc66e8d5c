// Finds and starts the real grove-server for tests: GROVE_SERVER, else the repository build.
// Each start gets its own temporary database.

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { ServerProcess } from '../../host/serverProcess';

import { repoDir as repo } from './paths';

export function serverPath(): string {
  return process.env.GROVE_SERVER || path.join(repo, 'build', 'lsp-server', 'grove-server');
}

export function serverMissing(): string | false {
  return existsSync(serverPath()) ? false : `grove-server not found at ${serverPath()} (build it or set GROVE_SERVER)`;
}

export interface StartedServer {
  readonly server: ServerProcess;
  readonly methods: string[];
  readonly dir: string;
  stop(): Promise<void>;
}

export async function startServer(extraArgs: string[] = [], env: Record<string, string> = {}): Promise<StartedServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'grove-webui-'));
  const server = new ServerProcess(serverPath(), ['--db', path.join(dir, 'grove.db'), ...extraArgs], { ...process.env, ...env });
  await server.initialize();
  let methods: string[] = [];
  try {
    methods = (await server.request<{ methods: string[] }>('grove/server/methods', {})).methods;
  } catch {
    methods = [];
  }
  return {
    server,
    methods,
    dir,
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function fakeProviderPath(): string {
  return process.env.GROVE_FAKE_PROVIDER || path.join(repo, 'build', 'tests', 'fake-provider', 'grove-fake-provider');
}

export interface FakeProvider {
  readonly port: number;
  /** The environment that points grove-server's openai provider at it. */
  readonly env: Record<string, string>;
  /** Replaces the script (and clears the request log) through the provider's control API. */
  setScript(script: unknown[]): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the scripted model provider on loopback (docs/providers.md) with one script. */
export async function startFakeProvider(script: unknown[]): Promise<FakeProvider> {
  const dir = mkdtempSync(path.join(tmpdir(), 'grove-fake-'));
  const file = path.join(dir, 'script.json');
  writeFileSync(file, JSON.stringify(script));
  const child = spawn(fakeProviderPath(), ['--port', '0', '--script', file], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('fake provider did not start')), 10000);
    child.stdout.on('data', (b: Buffer) => {
      out += b.toString();
      const m = /listening (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`fake provider exited (${code})`)));
  });
  return {
    port,
    env: { GROVE_PROVIDER: 'openai', GROVE_BASE_URL: `http://127.0.0.1:${port}`, GROVE_MODEL: 'fake-model', OPENAI_API_KEY: 'test-key-not-secret' },
    async setScript(script) {
      const res = await fetch(`http://127.0.0.1:${port}/__script`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(script) });
      if (!res.ok) throw new Error(`fake provider refused the script: ${res.status} ${await res.text()}`);
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
