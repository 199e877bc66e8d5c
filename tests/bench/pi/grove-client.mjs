// A minimal client for grove-server: spawns the real binary and speaks
// JSON-RPC 2.0 with LSP Content-Length framing over its stdio
// (lsp-server/PROTOCOL.md). Each reply resolves with the moment its last
// byte arrived, so timings measure the server and the pipe, not this
// process's JSON.parse of a large reply.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";

export class RpcError extends Error {
  constructor(method, error) {
    super(`${method}: ${error.code} ${error.message}`);
    this.code = error.code;
    this.data = error.data;
  }
}

export function procStatus(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (f) => Number((status.match(new RegExp(`^${f}:\\s+(\\d+)`, "m")) || [])[1] || NaN);
  return { rssKb: kb("VmRSS"), hwmKb: kb("VmHWM") };
}

export function procIo(pid) {
  const io = readFileSync(`/proc/${pid}/io`, "utf8");
  const get = (f) => Number((io.match(new RegExp(`^${f}:\\s+(\\d+)`, "m")) || [])[1] || NaN);
  return { writeBytes: get("write_bytes"), wchar: get("wchar") };
}

export class GroveServer {
  constructor(binary, args, env) {
    this.proc = spawn(binary, args, { stdio: ["pipe", "pipe", "inherit"], env });
    this.pid = this.proc.pid;
    this.nextId = 1;
    this.pending = new Map();
    this.head = Buffer.alloc(0); // bytes of a header not yet complete
    this.need = -1;              // body length being collected, -1 between frames
    this.body = [];              // chunks of that body
    this.have = 0;
    this.exited = new Promise((resolve) => {
      this.proc.on("exit", (code, sig) => resolve({ code, sig }));
      this.proc.on("error", (error) => resolve({ error }));
    });
    // A server that exits, or never starts, fails every request in flight
    // instead of leaving the run waiting for replies.
    const fail = (why) => {
      for (const p of this.pending.values()) p.reject(new Error(`grove-server ${why}`));
      this.pending.clear();
      this.dead = why;
    };
    this.proc.on("exit", () => fail("exited"));
    this.proc.on("error", (e) => fail(`could not start: ${e.message}`));
    this.proc.stdin.on("error", () => {}); // EPIPE after an exit is reported by "exit"
    this.proc.stdout.on("data", (chunk) => this.onData(chunk));
  }

  onData(chunk) {
    while (chunk.length) {
      if (this.need < 0) {
        const buf = this.head.length ? Buffer.concat([this.head, chunk]) : chunk;
        const end = buf.indexOf("\r\n\r\n");
        if (end < 0) {
          this.head = buf;
          return;
        }
        const m = /content-length:\s*(\d+)/i.exec(buf.subarray(0, end).toString("latin1"));
        if (!m) throw new Error("grove-server sent a frame without Content-Length");
        this.need = Number(m[1]);
        this.head = Buffer.alloc(0);
        this.body = [];
        this.have = 0;
        chunk = buf.subarray(end + 4);
      }
      const take = Math.min(this.need - this.have, chunk.length);
      this.body.push(chunk.subarray(0, take));
      this.have += take;
      chunk = chunk.subarray(take);
      if (this.have === this.need) {
        const at = performance.now();
        const body = this.body.length === 1 ? this.body[0] : Buffer.concat(this.body);
        this.need = -1;
        this.body = [];
        this.onFrame(body, at);
      }
    }
  }

  onFrame(body, at) {
    // Cheap look at the id first: notifications (no id) are skipped unparsed.
    const msg = JSON.parse(body);
    if (msg.id === undefined || msg.id === null || msg.method) return;
    const p = this.pending.get(msg.id);
    if (!p) return;
    this.pending.delete(msg.id);
    p.resolve({ msg, at, bytes: body.length });
  }

  frame(method, params, id) {
    const body = JSON.stringify(id === undefined ? { jsonrpc: "2.0", method, params } : { jsonrpc: "2.0", id, method, params });
    return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
  }

  // Sends requests together (one write, so the server handles them as one
  // batch) and resolves with their replies in order.
  async many(calls) {
    if (this.dead) throw new Error(`grove-server ${this.dead}`);
    let out = "";
    const waits = calls.map(([method, params]) => {
      const id = this.nextId++;
      out += this.frame(method, params, id);
      return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject })).then((r) => {
        if (r.msg.error) throw new RpcError(method, r.msg.error);
        return r;
      });
    });
    this.proc.stdin.write(out);
    return Promise.all(waits);
  }

  // One request: {result, ms (send to last reply byte), bytes of the reply}.
  async call(method, params) {
    const sent = performance.now();
    const [r] = await this.many([[method, params]]);
    return { result: r.msg.result, ms: r.at - sent, bytes: r.bytes };
  }

  async initialize() {
    return this.call("initialize", { clientInfo: { name: "pi-compare" } });
  }

  async close() {
    try {
      await this.call("shutdown");
      this.proc.stdin.write(this.frame("exit"));
      this.proc.stdin.end();
    } catch {
      this.proc.kill("SIGTERM");
    }
    return this.exited;
  }
}
