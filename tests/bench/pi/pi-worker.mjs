// Pi's side of the comparison, run in its own Node process by compare.mjs.
// It drives only the public session API of @mariozechner/pi-coding-agent
// (SessionManager), imported from the package's own entry point the way an
// application would, and reports figures as JSON lines prefixed with "@@ "
// (anything else a library prints on stdout is ignored by the driver).
//
//   node pi-worker.mjs build <sessionDir> <quick|full> <tree|session> <meta.json>
//   node pi-worker.mjs run <sessionFile> <tipId> <deepId|-> <tasks.json>
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { SHAPES, branchPoint, roleOf, textOf } from "./corpus.mjs";

const t0 = performance.now();

function emit(obj) {
  process.stdout.write(`@@ ${JSON.stringify(obj)}\n`);
}

function memory() {
  const status = readFileSync("/proc/self/status", "utf8");
  const kb = (f) => Number((status.match(new RegExp(`^${f}:\\s+(\\d+)`, "m")) || [])[1] || NaN);
  return { rssKb: kb("VmRSS"), hwmKb: kb("VmHWM") };
}

async function loadPi() {
  // The package is installed by tests/bench/pi-compare into a cache directory
  // outside the repository; its public entry point is exports["."].import.
  const dir = process.env.PI_PKG_DIR;
  const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  const entry = pkg.exports?.["."]?.import ?? pkg.main;
  return import(pathToFileURL(join(dir, entry)).href);
}

function message(role, text) {
  const timestamp = Date.now();
  if (role === "user") return { role, content: text, timestamp };
  // An assistant message as a provider turn leaves it (Pi writes the session
  // file only once the first assistant message exists).
  return {
    role,
    content: [{ type: "text", text }],
    api: "anthropic-messages",
    provider: "anthropic",
    model: "bench",
    usage: {
      input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0,
      cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
    },
    stopReason: "stop",
    timestamp,
  };
}

function median(v) {
  const s = [...v].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}
function pct(v, p) {
  const s = [...v].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))];
}

async function build(sessionDir, shapeName, kind, metaOut) {
  const { SessionManager } = await loadPi();
  const shape = SHAPES[shapeName];
  const sm = SessionManager.create(sessionDir, sessionDir);
  let raw = 0;
  const append = (chain, j) => {
    const text = textOf(chain, j);
    raw += Buffer.byteLength(text);
    return sm.appendMessage(message(roleOf(chain, j), text));
  };
  const main = [];
  const length = kind === "tree" ? shape.mainline : shape.session;
  for (let j = 0; j < length; ++j) main.push(append(0, j));
  let deepId = null;
  if (kind === "tree") {
    for (let k = 1; k <= shape.chains; ++k) {
      // branch() moves the leaf; the next append starts the side chain there.
      sm.branch(main[branchPoint(shape, k)]);
      for (let j = 0; j < shape.chainLen; ++j) deepId = append(k, j);
    }
  }
  const file = sm.getSessionFile();
  writeFileSync(metaOut, JSON.stringify({ file, tipId: main[main.length - 1], deepId, rawBytes: raw }));
  emit({ built: true, file, bytes: statSync(file).size, rawBytes: raw });
}

async function run(file, tipId, deepId, tasksFile) {
  const tasks = JSON.parse(readFileSync(tasksFile, "utf8"));
  const a = performance.now();
  const { SessionManager } = await loadPi();
  const b = performance.now();
  const sm = SessionManager.open(file);
  const c = performance.now();
  sm.branch(tipId);
  const ctx = sm.buildSessionContext();
  const d = performance.now();
  emit({
    phase: "context",
    messages: ctx.messages.length,
    startupMs: a - t0,
    importMs: b - a,
    openMs: c - b,
    contextMs: d - c,
    ...memory(),
  });

  if (tasks.deep && deepId !== "-") {
    sm.branch(deepId);
    const e = performance.now();
    const deep = sm.buildSessionContext();
    const firstMs = performance.now() - e;
    emit({ phase: "deepFirst", messages: deep.messages.length, ms: firstMs });
  }

  if (tasks.warm) {
    const out = {};
    for (const [name, id] of [["tip", tipId], ["deep", deepId]]) {
      if (!id || id === "-") continue;
      sm.branch(id);
      const t = [];
      for (let i = 0; i < tasks.warm + 20; ++i) {
        const s = performance.now();
        sm.buildSessionContext();
        if (i >= 20) t.push(performance.now() - s); // the first 20 warm up
      }
      out[name] = median(t);
    }
    emit({ phase: "warm", ...out });
  }

  if (tasks.tree) {
    const t = [];
    let nodes = 0;
    for (let i = 0; i < tasks.tree; ++i) {
      const s = performance.now();
      const roots = sm.getTree();
      t.push(performance.now() - s);
      nodes = roots.length;
    }
    emit({ phase: "tree", ms: median(t), roots: nodes, ...memory() });
  }

  if (tasks.appends) {
    // Sequential appends at the mainline tip, each written to the session
    // file (appendFileSync, no fsync) before appendMessage returns.
    sm.branch(tipId);
    const before = statSync(file).size;
    const t = [];
    for (let i = 0; i < tasks.appends; ++i) {
      const role = i % 2 === 0 ? "user" : "assistant";
      const m = message(role, textOf(1000 + i, i));
      const s = performance.now();
      sm.appendMessage(m);
      t.push((performance.now() - s) * 1000);
    }
    const grown = statSync(file).size - before;
    emit({ phase: "appends", p50us: pct(t, 50), p99us: pct(t, 99), bytesPerAppend: grown / tasks.appends });
  }
  emit({ phase: "done" });
}

const [cmd, ...args] = process.argv.slice(2);
try {
  if (cmd === "build") await build(...args);
  else if (cmd === "run") await run(...args);
  else throw new Error(`unknown command ${cmd}`);
} catch (e) {
  emit({ error: String(e?.stack || e) });
  process.exitCode = 1;
}
