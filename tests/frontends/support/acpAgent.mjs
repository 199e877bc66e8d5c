// `grove-server --acp` as a child process, driven by the official ACP client
// (@agentclientprotocol/sdk). Every line in either direction is recorded, so a test
// can check the order of messages and validate each one the agent sent.
import { spawn } from 'node:child_process';
import { Readable, Writable } from 'node:stream';
import * as acp from '@agentclientprotocol/sdk';
import { serverPath } from './paths.mjs';
import { problems } from './acpSchema.mjs';

// Splits a byte stream into the lines it carries (what an NDJSON peer wrote).
function lineRecorder(into) {
  let pending = '';
  return new TransformStream({
    transform(chunk, controller) {
      pending += Buffer.from(chunk).toString('utf8');
      let nl;
      while ((nl = pending.indexOf('\n')) >= 0) {
        into.push(pending.slice(0, nl));
        pending = pending.slice(nl + 1);
      }
      controller.enqueue(chunk);
    },
  });
}

export async function startAcpAgent(t, { db, env = {}, args = [] }) {
  const child = spawn(serverPath(), ['--db', db, ...args, '--acp'], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let stderr = '';
  child.stderr.on('data', (b) => (stderr += b.toString()));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const sent = []; // lines the client wrote
  const received = []; // lines the agent wrote
  const updates = []; // session/update params, in arrival order

  const toAgent = lineRecorder(sent);
  toAgent.readable.pipeTo(Writable.toWeb(child.stdin)).catch(() => {});
  const fromAgent = Readable.toWeb(child.stdout).pipeThrough(lineRecorder(received));

  const app = acp.client({ name: 'grove-tests' }).onNotification('session/update', ({ params }) => {
    updates.push(params);
  });
  const connection = app.connect(acp.ndJsonStream(toAgent.writable, fromAgent));
  const agent = connection.agent;

  const peer = {
    child,
    agent,
    sent,
    received,
    updates,
    stderr: () => stderr,
    /** The agent's messages as parsed JSON, in order. */
    messages: () => received.filter((l) => l.trim()).map((l) => JSON.parse(l)),
    /** Every problem the ACP schema finds in what the agent sent. */
    schemaProblems() {
      const methods = new Map();
      for (const line of sent) {
        if (!line.trim()) continue;
        const m = JSON.parse(line);
        if ('method' in m && 'id' in m) methods.set(JSON.stringify(m.id), m.method);
      }
      return peer.messages().flatMap((m) => problems(m, (id) => methods.get(JSON.stringify(id))).map((p) => `${p}\n  in ${JSON.stringify(m).slice(0, 400)}`));
    },
    /** Closes the agent's stdin (how ACP clients end a session) and waits for it to exit. */
    async stop() {
      connection.close();
      child.stdin.end();
      return exited;
    },
  };
  t.after(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.stdin.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 10000);
      await exited;
      clearTimeout(timer);
    }
  });
  return peer;
}
