// Runs code-server 4.100.3 (a real VS Code 1.100.3 workbench) with this extension installed from
// its .vsix (`code-server --install-extension`, offline, as a user installs it), for the
// end-to-end test. code-server is a process tree (entry → server → extension
// host, file watcher, grove-server), so it runs in its own process group and the whole group
// is killed at the end.

import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import { homedir, tmpdir } from 'node:os';
import * as path from 'node:path';

export function codeServerDir(): string {
  const cache = process.env.GROVE_CACHE ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(homedir(), '.cache'), 'grove');
  return process.env.GROVE_CODE_SERVER_DIR ?? path.join(cache, 'code-server-4.100.3');
}

export function codeServerMissing(): string | false {
  const entry = path.join(codeServerDir(), 'node_modules', 'code-server', 'out', 'node', 'entry.js');
  return existsSync(entry) ? false : `code-server not installed at ${codeServerDir()} (run clients/vscode/scripts/install-code-server)`;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

function httpOk(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get(url, (res) => {
      res.resume();
      resolve((res.statusCode ?? 500) < 500);
    });
    req.on('error', () => resolve(false));
    req.setTimeout(2000, () => req.destroy());
  });
}

export interface Workbench {
  readonly url: string;
  readonly workspace: string;
  readonly dir: string;
  /** Where code-server installed the extension's folder (<publisher>.<name>-<version>/). */
  readonly extensionsDir: string;
  readonly log: () => string;
  stop(): Promise<void>;
}

export interface WorkbenchOptions {
  /** The packaged extension (npm run package). */
  readonly vsix: string;
  readonly settings: Record<string, unknown>;
  readonly files: Record<string, string>;
  readonly env?: Record<string, string>;
}

export async function startWorkbench(opts: WorkbenchOptions): Promise<Workbench> {
  const dir = mkdtempSync(path.join(tmpdir(), 'grove-e2e-'));
  const workspace = path.join(dir, 'workspace');
  const extensions = path.join(dir, 'extensions');
  const userData = path.join(dir, 'user-data');
  for (const [rel, text] of Object.entries(opts.files)) {
    mkdirSync(path.dirname(path.join(workspace, rel)), { recursive: true });
    writeFileSync(path.join(workspace, rel), text);
  }
  // GROVE_SERVER is the test's own binary: the workbench must not see it, so the extension
  // finds its server the way an installed one does (a setting, else the bundled binary).
  const env: NodeJS.ProcessEnv = { ...process.env, ...opts.env, HOME: dir, XDG_CONFIG_HOME: path.join(dir, 'config'), XDG_DATA_HOME: path.join(dir, 'data') };
  delete env.GROVE_SERVER;
  const entry = path.join(codeServerDir(), 'node_modules', 'code-server', 'out', 'node', 'entry.js');
  try {
    execFileSync(process.execPath, [entry, '--extensions-dir', extensions, '--user-data-dir', userData, '--install-extension', opts.vsix], { env, stdio: 'pipe', timeout: 60000 });
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    const err = e as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`code-server --install-extension ${opts.vsix} failed:\n${err.stdout ?? ''}${err.stderr ?? ''}`);
  }
  mkdirSync(path.join(userData, 'User'), { recursive: true });
  writeFileSync(path.join(userData, 'User', 'settings.json'), JSON.stringify(opts.settings, null, 2));
  const port = await freePort();
  const config = path.join(dir, 'config.yaml');
  writeFileSync(config, `bind-addr: 127.0.0.1:${port}\nauth: none\ncert: false\n`);

  let output = '';
  const child: ChildProcess = spawn(
    process.execPath,
    [entry, '--bind-addr', `127.0.0.1:${port}`, '--auth', 'none', '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust',
      '--disable-getting-started-override', '--extensions-dir', extensions, '--user-data-dir', userData, '--config', config, workspace],
    { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env },
  );
  const collect = (b: Buffer) => (output = (output + b.toString()).slice(-20000));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const stop = async () => {
    if (child.pid === undefined) return;
    const exited = new Promise<void>((r) => (child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', () => r())));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
    const deadline = Date.now() + 5000;
    // Wait for the whole group (the extension host and grove-server included) to be gone.
    while (Date.now() < deadline && groupAlive(child.pid)) await new Promise((r) => setTimeout(r, 100));
    if (groupAlive(child.pid)) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Gone in between.
      }
    }
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };

  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + 60000;
  while (!(await httpOk(`${url}healthz`))) {
    if (Date.now() > deadline || child.exitCode !== null) {
      await stop();
      throw new Error(`code-server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url: `${url}?folder=${encodeURIComponent(workspace)}`, workspace, dir, extensionsDir: extensions, log: () => output, stop };
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}
