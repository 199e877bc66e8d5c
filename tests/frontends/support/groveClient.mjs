// A client of Grove's own protocol (LSP-framed JSON-RPC on stdio), for
// checking that what an ACP or MCP front end did is visible to an editor:
// it spawns `grove-server --db PATH`, which joins the core that owns PATH.
import { spawn } from "node:child_process";

export const serverPath = process.env.GROVE_SERVER;

export class GroveClient {
  constructor(db, env = process.env) {
    this.child = spawn(serverPath, ["--db", db], { env, stdio: ["pipe", "pipe", "pipe"] });
    this.buffer = Buffer.alloc(0);
    this.nextId = 1;
    this.pending = new Map();
    this.notifications = [];
    this.waiters = [];
    this.stderr = "";
    this.child.stderr.on("data", (d) => { this.stderr += d; });
    this.child.stdout.on("data", (d) => this.onData(d));
    this.child.on("exit", () => {
      for (const { reject } of this.pending.values()) reject(new Error(`grove-server exited: ${this.stderr}`));
      this.pending.clear();
    });
  }

  onData(chunk) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const end = this.buffer.indexOf("\r\n\r\n");
      if (end < 0) return;
      const header = this.buffer.subarray(0, end).toString();
      const length = Number(/Content-Length: *(\d+)/i.exec(header)[1]);
      if (this.buffer.length < end + 4 + length) return;
      const body = JSON.parse(this.buffer.subarray(end + 4, end + 4 + length).toString());
      this.buffer = this.buffer.subarray(end + 4 + length);
      this.onMessage(body);
    }
  }

  onMessage(msg) {
    if (msg.id !== undefined && msg.method === undefined) {
      const waiter = this.pending.get(msg.id);
      this.pending.delete(msg.id);
      if (!waiter) return;
      if (msg.error) waiter.reject(Object.assign(new Error(msg.error.message), { error: msg.error }));
      else waiter.resolve(msg.result);
      return;
    }
    if (msg.id === undefined) {
      this.notifications.push(msg);
      this.waiters = this.waiters.filter((w) => !w(msg));
    }
  }

  write(msg) {
    const body = Buffer.from(JSON.stringify({ jsonrpc: "2.0", ...msg }));
    this.child.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    this.child.stdin.write(body);
  }

  request(method, params = {}, timeoutMs = 10000) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`${method}: no answer in ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, {
        resolve: (r) => { clearTimeout(timer); resolve(r); },
        reject: (e) => { clearTimeout(timer); reject(e); },
      });
      this.write({ id, method, params });
    });
  }

  async initialize(name = "grove-frontends-test") {
    const result = await this.request("initialize", { processId: process.pid, clientInfo: { name }, capabilities: {} });
    this.write({ method: "initialized", params: {} });
    return result;
  }

  /// Resolves with the first notification (already received or to come) that `match` accepts.
  waitFor(match, timeoutMs = 10000) {
    const seen = this.notifications.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching notification in ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push((msg) => {
        if (!match(msg)) return false;
        clearTimeout(timer);
        resolve(msg);
        return true;
      });
    });
  }

  async close() {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.on("exit", resolve));
    try {
      await this.request("shutdown", undefined, 5000);
      this.write({ method: "exit" });
    } catch {
      this.child.kill("SIGKILL");
    }
    this.child.stdin.end();
    await exited;
  }
}
