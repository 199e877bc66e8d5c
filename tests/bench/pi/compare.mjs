// Pi beside Grove (issue 15): builds the same conversation tree in a Pi
// session file and a Grove store, then measures both in fresh child
// processes of this one, alternating Pi and Grove, and prints a table of
// figure, Pi, Grove, ratio, target, met.
//
// usage: node compare.mjs --server PATH [--pi-pkg DIR | --no-pi REASON] [--quick]
//   --server   the grove-server binary
//   --pi-pkg   the installed @mariozechner/pi-coding-agent package directory
//   --no-pi    Pi could not be installed: print Grove's figures alone, saying why
//   --quick    a small tree (4,000 units, a 200-entry session) for smoke runs
//   --web-ui DIR    the built clients/web-ui (out/bench/firstScreenBench.js), for the
//                   first screen of the tree's map in headless Chromium
//   --no-web-ui WHY  it could not be built: that row says why
//   --vscode DIR    the built clients/vscode (out/bench/firstScreenWorkbench.js and grove.vsix),
//                   for the same first screen in VS Code (code-server)
//   --no-vscode WHY  it could not be built: that row says why
// Run it through tests/bench/pi-compare, which installs Pi and finds the binary.
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { GroveServer, RpcError, procIo, procStatus } from "./grove-client.mjs";
import { SHAPES, branchPoint, deepLeafDepth, roleOf, textOf, totalUnits } from "./corpus.mjs";

const here = dirname(fileURLToPath(import.meta.url));

// ---- options ---------------------------------------------------------------
const argv = process.argv.slice(2);
const opt = { quick: false, server: null, piPkg: null, noPi: null, webUi: null, noWebUi: null, vscode: null, noVscode: null };
for (let i = 0; i < argv.length; ++i) {
  if (argv[i] === "--quick") opt.quick = true;
  else if (argv[i] === "--server") opt.server = argv[++i];
  else if (argv[i] === "--pi-pkg") opt.piPkg = argv[++i];
  else if (argv[i] === "--no-pi") opt.noPi = argv[++i];
  else if (argv[i] === "--web-ui") opt.webUi = argv[++i];
  else if (argv[i] === "--no-web-ui") opt.noWebUi = argv[++i];
  else if (argv[i] === "--vscode") opt.vscode = argv[++i];
  else if (argv[i] === "--no-vscode") opt.noVscode = argv[++i];
  else throw new Error(`unknown option ${argv[i]}`);
}
if (!opt.server) throw new Error("--server PATH is required");
const withPi = !opt.noPi && !!opt.piPkg;
const shape = SHAPES[opt.quick ? "quick" : "full"];
// Fresh-process rounds per figure, and calls per warm figure.
const ROUNDS = opt.quick ? 3 : 5;
const WARM = opt.quick ? 50 : 200;
const APPENDS = opt.quick ? 300 : 2000;

const work = mkdtempSync(join(tmpdir(), "grove-pi-compare-"));
const runtimeDir = join(work, "run");
mkdirSync(runtimeDir, { mode: 0o700 });
mkdirSync(join(work, "config"));
// The server gets an empty config (no provider: nothing leaves the machine,
// and no model call lands on a measured path) and its own socket directory.
const serverEnv = { ...process.env, XDG_CONFIG_HOME: join(work, "config"), XDG_RUNTIME_DIR: runtimeDir };
const piEnv = { ...process.env, PI_PKG_DIR: opt.piPkg ?? "", PI_CODING_AGENT_DIR: join(work, "pi-agent") };

// The run measures one binary: a copy taken now, so a rebuild of the original
// during the run (a developer's build tree) cannot swap it or make it vanish.
const server = join(work, "grove-server");
copyFileSync(opt.server, server);
chmodSync(server, 0o755);
const probe = spawnSync(server, ["--version"], { encoding: "utf8" });
if (probe.status !== 0) {
  rmSync(work, { recursive: true, force: true });
  throw new Error(`${opt.server} does not run (${probe.error?.message ?? probe.stderr}); is it being rebuilt?`);
}

const fmtInt = (n) => Math.round(n).toLocaleString("en-US");
const log = (s) => process.stderr.write(`${s}\n`);
const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
const pct = (v, p) => {
  const s = [...v].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))];
};

// ---- Grove ------------------------------------------------------------------
function startGrove(db, extra = []) {
  return new GroveServer(server, ["--db", db, "--log-file", join(work, "grove.log"), ...extra], serverEnv);
}

function logTail(lines = 5) {
  const f = join(work, "grove.log");
  return existsSync(f) ? readFileSync(f, "utf8").trimEnd().split("\n").slice(-lines).join("\n") : "";
}

// Builds a project with the tree shape in a new store. The mainline goes one
// append at a time (each needs its parent's id); the side chains grow side
// by side, one append per chain sent together, which the server commits as
// one batch: the same units and branches, built in a fraction of the time.
async function buildGrove(db, kind) {
  const g = startGrove(db);
  await g.initialize();
  const project = (await g.call("grove/project/create", { title: `pi-compare ${kind}` })).result.id;
  let raw = 0;
  const params = (chain, j, parentId, branch) => {
    const content = textOf(chain, j);
    raw += Buffer.byteLength(content);
    const p = { projectId: project, parentId, role: roleOf(chain, j), content };
    if (branch) p.branch = { title: `side chain ${chain}` };
    return p;
  };
  const main = [];
  const length = kind === "tree" ? shape.mainline : shape.session;
  for (let j = 0; j < length; ++j)
    main.push((await g.call("grove/unit/append", params(0, j, main.at(-1) ?? null, false))).result.id);
  let deepId = null;
  if (kind === "tree") {
    const tips = [];
    for (let k = 1; k <= shape.chains; ++k) tips.push(main[branchPoint(shape, k)]);
    for (let j = 0; j < shape.chainLen; ++j) {
      const replies = await g.many(tips.map((parent, i) => ["grove/unit/append", params(i + 1, j, parent, j === 0)]));
      replies.forEach((r, i) => (tips[i] = r.msg.result.id));
      if (j % 100 === 99) log(`  grove ${kind}: ${fmtInt(shape.mainline + (j + 1) * shape.chains)} units`);
    }
    deepId = tips.at(-1);
  }
  // Memolet indexing follows appends in the background, and a store someone
  // opens has long caught up: a memolet read (which catches up first) settles
  // it here, so no open measured below pays for the build's leftover indexing.
  log(`  grove ${kind}: indexing memolets...`);
  await g.call("grove/memolet/search", { query: "settle", limit: 1, scope: { projectId: project } });
  await g.close();
  return { db, project, tipId: main.at(-1), deepId, rawBytes: raw };
}

function storeBytes(db) {
  // The store is the database and its write-ahead log (the -shm file is an
  // index of the log, rebuilt on open).
  return [db, `${db}-wal`].reduce((n, f) => n + (existsSync(f) ? statSync(f).size : 0), 0);
}

// Drops the page cache of a file (posix_fadvise DONTNEED through dd), so the
// next open reads it from disk: the "cold" open, without root.
function evict(files) {
  for (const f of files)
    if (existsSync(f)) spawnSync("dd", [`if=${f}`, "iflag=nocache", "count=0", "status=none"]);
}

// Spawn to first context: from spawning the server to the tip's preview reply.
async function groveOpen(store, { deep = false } = {}) {
  const t0 = performance.now();
  const g = startGrove(store.db);
  await g.initialize();
  const ctx = await g.call("grove/scope/preview", { projectId: store.project, cursorId: store.tipId });
  const out = { ms: performance.now() - t0, messages: ctx.result.messages.length, ...procStatus(g.pid) };
  if (deep && store.deepId) {
    const d = await g.call("grove/scope/preview", { projectId: store.project, cursorId: store.deepId });
    out.deepFirstMs = d.ms;
    out.deepMessages = d.result.messages.length;
  }
  await g.close();
  return out;
}

async function groveWarm(store) {
  const g = startGrove(store.db);
  await g.initialize();
  const out = {};
  for (const [name, id] of [["tip", store.tipId], ["deep", store.deepId]]) {
    if (!id) continue;
    const t = [];
    for (let i = 0; i < WARM + 20; ++i) {
      const r = await g.call("grove/scope/preview", { projectId: store.project, cursorId: id });
      if (i >= 20) t.push(r.ms); // the first 20 warm up
    }
    out[name] = median(t);
  }
  await g.close();
  return out;
}

// A whole-tree read in a fresh server: time to the last byte of the reply and
// the server's peak RSS (open included, as a client opening a map pays it).
// The whole project's reply outgrows the default --max-unsent-bytes (64 MiB):
// the server counts a reply it has queued as unread, so a reply above the
// limit closes the connection however fast the client reads. The limit is
// raised here so the figure can be measured at all.
const BIG_REPLIES = ["--max-unsent-bytes", String(1024 * 1024 * 1024)];

// What the web UI's map asks for (clients/web-ui/src/channel/treeRequest.ts): no heads, since
// the map fetches the text of what it shows.
const MAP_STRUCTURE = { headChars: 0, compact: true, packed: true };

async function groveTree(store, method, extra = {}) {
  const g = startGrove(store.db, BIG_REPLIES);
  await g.initialize();
  try {
    const r = await g.call(method, { projectId: store.project, ...extra });
    return { ms: r.ms, bytes: r.bytes, ...procStatus(g.pid) };
  } catch (e) {
    if (e instanceof RpcError && e.code === -32601) return { unavailable: true };
    // One failed figure should not cost the rest of a long run.
    log(`${method} failed: ${e.message}\n${logTail()}`);
    return { failed: e.message };
  } finally {
    await g.close();
  }
}

// The whole tree through grove/project/get's pages, each awaited before the
// next is asked for, with the server's default limits (no BIG_REPLIES): what
// a reader that cannot take an 80 MB reply does.
const PAGE_UNITS = 5000;
async function groveTreeInPages(store) {
  const g = startGrove(store.db);
  await g.initialize();
  try {
    let ms = 0, bytes = 0, largest = 0, units = 0, pages = 0, afterSeq;
    do {
      const r = await g.call("grove/project/get", { projectId: store.project, limit: PAGE_UNITS, ...(afterSeq === undefined ? {} : { afterSeq }) });
      ms += r.ms;
      bytes += r.bytes;
      largest = Math.max(largest, r.bytes);
      units += r.result.units.length;
      pages += 1;
      afterSeq = r.result.nextAfterSeq;
      if (afterSeq === undefined) return { unavailable: true };  // a server without pages answered whole
    } while (afterSeq !== null);
    return { ms, bytes, largest, units, pages, ...procStatus(g.pid) };
  } catch (e) {
    log(`grove/project/get in pages failed: ${e.message}\n${logTail()}`);
    return { failed: e.message };
  } finally {
    await g.close();
  }
}

// Sequential appends at the mainline tip, each acknowledged (durable) before
// the next is sent; write_bytes of the server counts what reached the disk
// layer, page writes and checkpoints included.
async function groveAppends(store) {
  const g = startGrove(store.db);
  await g.initialize();
  let parent = store.tipId;
  const append = (i) => ({ projectId: store.project, parentId: parent, role: i % 2 ? "assistant" : "user", content: textOf(1000 + i, i) });
  for (let i = 0; i < 20; ++i) parent = (await g.call("grove/unit/append", append(i))).result.id; // warm up
  const before = procIo(g.pid);
  const t = [];
  for (let i = 0; i < APPENDS; ++i) {
    const r = await g.call("grove/unit/append", append(i));
    parent = r.result.id;
    t.push(r.ms * 1000);
  }
  const after = procIo(g.pid);
  await g.close();
  const slowest = [...t].sort((a, b) => b - a);
  return {
    p50us: pct(t, 50),
    p99us: pct(t, 99),
    // Past p99: an append caught behind background work (indexing, a group
    // commit) waits for all of it, which the percentiles do not show.
    maxUs: slowest[0],
    secondUs: slowest[1],
    over10ms: t.filter((us) => us > 10000).length,
    bytesPerAppend: (after.writeBytes - before.writeBytes) / APPENDS,
  };
}

// The build's benchmark programs (build/tests/bench), beside the server.
const benchProgram = (name) => join(dirname(dirname(opt.server)), "tests", "bench", name);

// The same sequential requests to grove_echo_server, which answers each with
// its params and does nothing else: what the pipe, the framing, JSON and two
// processes waking cost on this machine, below which no server's append can
// be answered. Null when the program is not built.
async function echoAppends() {
  const echo = benchProgram("grove_echo_server");
  if (!existsSync(echo)) return null;
  const g = new GroveServer(echo, [], serverEnv);
  const append = (i) => ({ projectId: "p", parentId: "u", role: i % 2 ? "assistant" : "user", content: textOf(1000 + i, i) });
  for (let i = 0; i < 20; ++i) await g.call("grove/unit/append", append(i));
  const t = [];
  for (let i = 0; i < APPENDS; ++i) t.push((await g.call("grove/unit/append", append(i))).ms * 1000);
  g.proc.stdin.end();
  await g.exited;
  return { p50us: pct(t, 50), p99us: pct(t, 99) };
}

// grove_bench --appends-only measures durable appends in process (no stdio);
// quoted when the build has it.
function groveInProcessAppends() {
  const bench = benchProgram("grove_bench");
  if (!existsSync(bench)) return null;
  const r = spawnSync(bench, ["--appends-only", "--db-dir", join(work, "grove-bench")], { encoding: "utf8", env: serverEnv });
  const m = /durable appends[^\n]*?([\d,]+) \/s/.exec(r.stdout ?? "");
  return m ? Number(m[1].replace(/,/g, "")) : null;
}

// Memolet search through the Engine (grove_memolet_bench), on its own corpus:
// 100,000 memolets (3,000 with --quick) and a 6,000-turn project among them.
// The first run only builds the store: reads in that process would walk a
// write-ahead log the build left unmerged. The second reopens it, as a
// server started on an existing store would, and measures.
function groveMemoletSearch() {
  const bench = benchProgram("grove_memolet_bench");
  if (!existsSync(bench)) return { unavailable: "grove_memolet_bench not built" };
  const args = ["--db-dir", join(work, "memolets"), ...(opt.quick ? ["--memolets", "3000"] : [])];
  let out = "";
  for (const [pass, extra] of [["building the corpus", ["--build-only"]], ["reopened", []]]) {
    const r = spawnSync(bench, [...args, ...extra], { encoding: "utf8", env: serverEnv, maxBuffer: 64 << 20 });
    if (r.status !== 0) return { failed: `grove_memolet_bench exited with ${r.status ?? r.signal} (${pass}): ${(r.stderr ?? "").trim().split("\n").at(-1)}` };
    out = r.stdout;
  }
  const global = /Search over ([\d,]+) memolets[^\n]*\n\s+median ([\d.]+) ms/.exec(out);
  const scoped = /Project-scoped search, ([\d,]+) turns \((\d+) memolets\) among (\d+):\n\s+median ([\d.]+) ms/.exec(out);
  if (!global || !scoped) return { failed: "grove_memolet_bench printed no search figures" };
  return {
    globalMs: Number(global[2]),
    memolets: Number(global[1].replace(/,/g, "")),
    scopedMs: Number(scoped[4]),
    scopedTurns: scoped[1],
    scopedMemolets: Number(scoped[2]),
  };
}

// The first screen of the tree's map: in the web UI (headless Chromium, through
// clients/web-ui's firstScreenBench: setProject to the first finished draw), and in
// VS Code (code-server, through clients/vscode's firstScreenWorkbench: the palette's
// Open Conversation to the first finished draw). Each prints one "@@" line.
function firstScreenBench(script, store, env) {
  const r = spawnSync(process.execPath, [script, "--db", store.db, "--project", store.project, "--runs", String(ROUNDS)], {
    encoding: "utf8",
    env: { ...serverEnv, ...env },
    maxBuffer: 64 << 20,
  });
  const line = (r.stdout ?? "").split("\n").find((l) => l.startsWith("@@ "));
  if (r.status !== 0 || !line) return { failed: `${script.split("/").pop()} exited with ${r.status ?? r.signal}: ${(r.stderr ?? "").trim().split("\n").slice(-3).join(" ")}` };
  return JSON.parse(line.slice(3));
}

function groveFirstScreen(store) {
  if (!opt.webUi) return { unavailable: opt.noWebUi ?? "the web UI was not built" };
  return firstScreenBench(join(opt.webUi, "out", "bench", "firstScreenBench.js"), store, { GROVE_SERVER: server });
}

function groveFirstScreenVscode(store) {
  if (!opt.vscode) return { unavailable: opt.noVscode ?? "the VS Code extension was not built" };
  return firstScreenBench(join(opt.vscode, "out", "bench", "firstScreenWorkbench.js"), store, { GROVE_SERVER: server });
}

// ---- Pi ---------------------------------------------------------------------
// Runs pi-worker.mjs in a fresh Node process; resolves with its "@@" lines
// by phase, and the time from spawn to its first context line.
function piRun(args) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const p = spawn(process.execPath, [join(here, "pi-worker.mjs"), ...args], { stdio: ["ignore", "pipe", "inherit"], env: piEnv });
    const phases = {};
    let rest = "";
    p.stdout.on("data", (chunk) => {
      const lines = (rest + chunk).split("\n");
      rest = lines.pop();
      for (const line of lines) {
        if (!line.startsWith("@@ ")) continue;
        const m = JSON.parse(line.slice(3));
        if (m.phase === "context") m.spawnMs = performance.now() - t0;
        if (m.error) return reject(new Error(`pi-worker: ${m.error}`));
        phases[m.phase ?? "build"] = m;
      }
    });
    p.on("exit", (code) => (code === 0 ? resolve(phases) : reject(new Error(`pi-worker exited with ${code}`))));
  });
}

async function buildPi(kind) {
  const dir = join(work, `pi-${kind}`);
  const meta = join(work, `pi-${kind}.json`);
  await piRun(["build", dir, opt.quick ? "quick" : "full", kind, meta]);
  return JSON.parse(readFileSync(meta, "utf8"));
}

function piSession(session, tasks) {
  const file = join(work, `tasks-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(tasks));
  return piRun(["run", session.file, session.tipId, session.deepId ?? "-", file]);
}

// ---- the run ----------------------------------------------------------------
const sizes = {
  tree: `${fmtInt(totalUnits(shape))}-entry tree`,
  session: `${fmtInt(shape.session)}-entry session`,
};
const R = { grove: {}, pi: {} };

async function main() {
  log(`grove-server: ${opt.server} (${probe.stdout.trim()})`);
  log(withPi ? `Pi: ${opt.piPkg}` : `Pi: not measured (${opt.noPi})`);
  log(`work directory: ${work}`);

  log(`building the ${sizes.tree} in Grove...`);
  let t = performance.now();
  const gTree = await buildGrove(join(work, "grove-tree.db"), "tree");
  log(`  built in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const gSession = await buildGrove(join(work, "grove-session.db"), "session");
  R.grove.storeTree = storeBytes(gTree.db) / gTree.rawBytes;
  R.grove.storeSession = storeBytes(gSession.db) / gSession.rawBytes;
  R.grove.storeTreeBytes = storeBytes(gTree.db);
  R.rawTree = gTree.rawBytes;

  let pTree, pSession;
  if (withPi) {
    log(`building the ${sizes.tree} in Pi...`);
    t = performance.now();
    pTree = await buildPi("tree");
    pSession = await buildPi("session");
    log(`  built in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    R.pi.storeTree = statSync(pTree.file).size / pTree.rawBytes;
    R.pi.storeSession = statSync(pSession.file).size / pSession.rawBytes;
    R.pi.storeTreeBytes = statSync(pTree.file).size;
    R.pi.version = JSON.parse(readFileSync(join(opt.piPkg, "package.json"), "utf8")).version;
  }

  // Fresh processes, alternating Pi and Grove round by round.
  for (const [kind, g, p] of [["tree", gTree, pTree], ["session", gSession, pSession]]) {
    log(`spawn to first context, ${sizes[kind]} (${ROUNDS} rounds each)...`);
    const gr = [], pr = [];
    for (let i = 0; i < ROUNDS; ++i) {
      if (withPi) pr.push(await piSession(p, { deep: kind === "tree" }));
      gr.push(await groveOpen(g, { deep: kind === "tree" }));
    }
    R.grove[`open_${kind}`] = summarizeOpen(gr.map((x) => ({ ms: x.ms, hwmKb: x.hwmKb, deep: x.deepFirstMs, messages: x.messages, deepMessages: x.deepMessages })));
    if (withPi) R.pi[`open_${kind}`] = summarizeOpen(pr.map((x) => ({ ms: x.context.spawnMs, hwmKb: x.context.hwmKb, deep: x.deepFirst?.ms, importMs: x.context.importMs, messages: x.context.messages, deepMessages: x.deepFirst?.messages })));
    // Each phase's figures go to stderr as they come, so a run that dies late still leaves them.
    log(`  ${JSON.stringify({ pi: R.pi[`open_${kind}`], grove: R.grove[`open_${kind}`] })}`);
  }

  log(`cold open (the store's pages dropped from the cache), ${sizes.tree}...`);
  {
    const gr = [], pr = [];
    for (let i = 0; i < ROUNDS; ++i) {
      if (withPi) {
        evict([pTree.file]);
        pr.push(await piSession(pTree, {}));
      }
      evict([gTree.db, `${gTree.db}-wal`]);
      gr.push(await groveOpen(gTree));
    }
    R.grove.cold = summarizeOpen(gr.map((x) => ({ ms: x.ms, hwmKb: x.hwmKb })));
    if (withPi) R.pi.cold = summarizeOpen(pr.map((x) => ({ ms: x.context.spawnMs, hwmKb: x.context.hwmKb })));
    log(`  ${JSON.stringify({ pi: R.pi.cold, grove: R.grove.cold })}`);
  }

  log("warm context...");
  for (const [kind, g, p] of [["tree", gTree, pTree], ["session", gSession, pSession]]) {
    if (withPi) R.pi[`warm_${kind}`] = (await piSession(p, { warm: WARM })).warm;
    R.grove[`warm_${kind}`] = await groveWarm(g);
    log(`  ${kind}: ${JSON.stringify({ pi: R.pi[`warm_${kind}`], grove: R.grove[`warm_${kind}`] })}`);
  }

  log("whole tree...");
  if (withPi) R.pi.tree = (await piSession(pTree, { tree: 5 })).tree;
  R.grove.structure = await groveTree(gTree, "grove/project/structure");
  // As the web UI's map asks for it (clients/web-ui: LABEL_HEAD_CHARS, compact).
  R.grove.mapStructure = await groveTree(gTree, "grove/project/structure", MAP_STRUCTURE);
  R.grove.get = await groveTree(gTree, "grove/project/get");
  R.grove.getPages = await groveTreeInPages(gTree);
  log(`  ${JSON.stringify({ pi: R.pi.tree, structure: R.grove.structure, mapStructure: R.grove.mapStructure, get: R.grove.get, getPages: R.grove.getPages })}`);

  log("first screen of the tree's map in the web UI...");
  R.grove.firstScreen = groveFirstScreen(gTree);
  log(`  ${JSON.stringify(R.grove.firstScreen)}`);
  log("first screen of the tree's map in VS Code (code-server)...");
  R.grove.firstScreenVscode = groveFirstScreenVscode(gTree);
  log(`  ${JSON.stringify(R.grove.firstScreenVscode)}`);

  log(`memolet search (grove_memolet_bench: builds its own corpus, ${opt.quick ? "3,000" : "100,000"} memolets; minutes)...`);
  R.grove.search = groveMemoletSearch();
  log(`  ${JSON.stringify(R.grove.search)}`);

  log(`appends (${fmtInt(APPENDS)} sequential)...`);
  if (withPi) R.pi.appends = (await piSession(pTree, { appends: APPENDS })).appends;
  R.grove.appends = await groveAppends(gTree);
  R.grove.echo = await echoAppends();
  log(`  ${JSON.stringify({ pi: R.pi.appends, grove: R.grove.appends })}`);
  // grove_bench runs 20,000 appends: longer than the whole smoke run.
  if (opt.quick) R.grove.inProcess = "skipped in --quick";
  else {
    log("in-process appends (grove_bench --appends-only)...");
    R.grove.inProcess = groveInProcessAppends() ?? "n/a (grove_bench not built)";
  }

  printTable();
}

function summarizeOpen(rounds) {
  const pick = (f) => rounds.map(f).filter((x) => x !== undefined);
  return {
    ms: median(pick((x) => x.ms)),
    hwmKb: median(pick((x) => x.hwmKb)),
    deep: pick((x) => x.deep).length ? median(pick((x) => x.deep)) : undefined,
    importMs: pick((x) => x.importMs).length ? median(pick((x) => x.importMs)) : undefined,
    messages: rounds[0].messages,
    deepMessages: rounds[0].deepMessages,
  };
}

// ---- the table -------------------------------------------------------------
const ms = (v) => (v === undefined ? "—" : v < 10 ? `${v.toFixed(2)} ms` : `${v.toFixed(v < 100 ? 1 : 0)} ms`);
const us = (v) => (v === undefined ? "—" : `${v.toFixed(v < 100 ? 1 : 0)} µs`);
const mib = (kb) => (kb === undefined ? "—" : `${(kb / 1024).toFixed(1)} MiB`);
const bytes = (b) => (b === undefined ? "—" : b < 10240 ? `${fmtInt(b)} B` : b < 10485760 ? `${(b / 1024).toFixed(1)} KiB` : `${(b / 1048576).toFixed(1)} MiB`);
const times = (v) => (v === undefined || !isFinite(v) ? "—" : `${v.toFixed(2)}x`);

function printTable() {
  const P = R.pi, G = R.grove;
  const rows = [];
  // row(figure, pi, grove, ratio (Grove/Pi), target, met)
  const row = (figure, pi, grove, ratio, target = "", met = null) =>
    rows.push([figure, withPi ? pi : "", grove, withPi && ratio !== undefined ? times(ratio) : "", target, met === null ? "" : met ? "met" : "not met"]);
  const r = (g, p) => (withPi && p ? g / p : undefined);
  const depth = fmtInt(deepLeafDepth(shape));
  const tipLen = fmtInt(shape.mainline);

  for (const kind of ["tree", "session"]) {
    const g = G[`open_${kind}`], p = P[`open_${kind}`];
    row(`spawn to first context, ${sizes[kind]}`, p ? `${ms(p.ms)} (import ${ms(p.importMs)})` : "", ms(g.ms), r(g.ms, p?.ms));
    row(`  peak RSS after open, ${sizes[kind]}`, mib(p?.hwmKb), mib(g.hwmKb), r(g.hwmKb, p?.hwmKb));
  }
  row(`cold open to first context, ${sizes.tree}`, ms(P.cold?.ms), ms(G.cold.ms), r(G.cold.ms, P.cold?.ms), "< 40 ms", G.cold.ms < 40);
  row("  peak RSS after cold open", mib(P.cold?.hwmKb), mib(G.cold.hwmKb), r(G.cold.hwmKb, P.cold?.hwmKb), "< 48 MiB", G.cold.hwmKb < 48 * 1024);

  const wt = G.warm_tree, ws = G.warm_session, pwt = P.warm_tree, pws = P.warm_session;
  row(`warm context at the tip (${tipLen} msgs), ${sizes.tree}`, ms(pwt?.tip), ms(wt.tip), r(wt.tip, pwt?.tip), "faster than Pi", withPi ? wt.tip < pwt.tip : null);
  row(`warm context at the tip (${fmtInt(shape.session)} msgs), ${sizes.session}`, ms(pws?.tip), ms(ws.tip), r(ws.tip, pws?.tip), "within 3x of Pi", withPi ? ws.tip <= 3 * pws.tip : null);
  row("  tree / session (the same path length)", withPi ? times(pwt.tip / pws.tip) : "", times(wt.tip / ws.tip), undefined, "<= 1.25x", wt.tip / ws.tip <= 1.25);

  const go = G.open_tree, po = P.open_tree;
  row(`first context of the ${depth}-deep leaf`, ms(po?.deep), ms(go.deep), r(go.deep, po?.deep));
  row("  warm context of that leaf", ms(pwt?.deep), ms(wt.deep), r(wt.deep, pwt?.deep));
  row("  first / warm", withPi ? times(po.deep / pwt.deep) : "", times(go.deep / wt.deep), undefined, "<= 1.5x", go.deep / wt.deep <= 1.5);

  const ga = G.appends, pa = P.appends;
  const piNote = " (in process, no fsync)";
  row("one append, sequential, acknowledged: p50", pa ? us(pa.p50us) + piNote : "", us(ga.p50us), r(ga.p50us, pa?.p50us), "< 60 µs", ga.p50us < 60);
  row("  p99", pa ? us(pa.p99us) + piNote : "", us(ga.p99us), r(ga.p99us, pa?.p99us), "< 250 µs", ga.p99us < 250);
  if (G.echo)
    row("  the same requests to a bare echo server (the transport's floor): p50 / p99", "", `${us(G.echo.p50us)} / ${us(G.echo.p99us)}`);
  if (ga.maxUs !== undefined)
    row("  longest / second-longest wait; appends over 10 ms", "", `${ms(ga.maxUs / 1000)} / ${ms(ga.secondUs / 1000)}; ${ga.over10ms}`);
  row("  bytes written per append", pa ? `${bytes(pa.bytesPerAppend)} (file growth)` : "", bytes(ga.bytesPerAppend), r(ga.bytesPerAppend, pa?.bytesPerAppend), "< 4 KiB", ga.bytesPerAppend < 4096);
  if (typeof G.inProcess === "number")
    row("  durable appends in process (grove_bench)", "", `${fmtInt(G.inProcess)} /s`, undefined, "> 30,000 /s", G.inProcess > 30000);
  else row("  durable appends in process (grove_bench)", "", G.inProcess, undefined, "> 30,000 /s");

  const pt = P.tree, gg = G.get, gs = G.structure;
  const big = " (--max-unsent-bytes 1 GiB)";
  if (gg.failed) row(`whole tree: Pi getTree() / grove/project/get, ${sizes.tree}`, ms(pt?.ms), `failed: ${gg.failed}`, undefined);
  else {
    row(`whole tree: Pi getTree() / grove/project/get${big}, ${sizes.tree}`, ms(pt?.ms), `${ms(gg.ms)} (${bytes(gg.bytes)} reply)`, r(gg.ms, pt?.ms));
    row("  peak RSS", mib(pt?.hwmKb), mib(gg.hwmKb), r(gg.hwmKb, pt?.hwmKb));
  }
  const gp = G.getPages;
  const pagesRow = `  in pages of ${fmtInt(PAGE_UNITS)} units (default limits), each awaited`;
  if (gp?.ms !== undefined) {
    row(pagesRow, ms(pt?.ms), `${ms(gp.ms)} (${gp.pages} ${gp.pages === 1 ? "page" : "pages"}, ${fmtInt(gp.units)} units, largest reply ${bytes(gp.largest)})`, r(gp.ms, pt?.ms));
    row("    peak RSS", mib(pt?.hwmKb), mib(gp.hwmKb), r(gp.hwmKb, pt?.hwmKb));
  } else row(pagesRow, ms(pt?.ms), gp?.unavailable ? "n/a (not available)" : `failed: ${gp?.failed}`, undefined);
  if (gs.unavailable) {
    row("whole structure: grove/project/structure", ms(pt?.ms), "n/a (not available)", undefined, "< 150 ms", null);
    row("  peak RSS", mib(pt?.hwmKb), "n/a (not available)", undefined, "< 150 MiB", null);
  } else if (gs.failed) {
    row("whole structure: grove/project/structure", ms(pt?.ms), `failed: ${gs.failed}`, undefined, "< 150 ms", false);
  } else {
    row("whole structure: grove/project/structure", ms(pt?.ms), `${ms(gs.ms)} (${bytes(gs.bytes)} reply)`, r(gs.ms, pt?.ms), "< 150 ms", gs.ms < 150);
    row("  peak RSS", mib(pt?.hwmKb), mib(gs.hwmKb), r(gs.hwmKb, pt?.hwmKb), "< 150 MiB", gs.hwmKb < 150 * 1024);
    const gm = G.mapStructure;
    if (gm.ms !== undefined) {
      row(`  as the web UI's map asks for it (headChars ${MAP_STRUCTURE.headChars}, packed)`, ms(pt?.ms), `${ms(gm.ms)} (${bytes(gm.bytes)} reply)`, r(gm.ms, pt?.ms), "< 150 ms", gm.ms < 150);
      row("    peak RSS", mib(pt?.hwmKb), mib(gm.hwmKb), r(gm.hwmKb, pt?.hwmKb), "< 150 MiB", gm.hwmKb < 150 * 1024);
    }
  }

  const screen = G.firstScreen;
  const screenRow = `first screen of the map in the web UI, ${sizes.tree}`;
  if (screen.ms !== undefined) {
    row(screenRow, "n/a (no map)", `${ms(screen.ms)} (${fmtInt(screen.unitCount)} units drawn)`, undefined, "< 500 ms", screen.ms < 500);
    row("  of which: the server's tree read / the host handing it to the page / the UI", "", `${ms(screen.serverMs)} / ${ms(screen.deliveryMs)} / ${ms(screen.uiMs)}`);
  }
  else row(screenRow, "n/a (no map)", `not measured: ${screen.unavailable ?? screen.failed}`, undefined, "< 500 ms", screen.failed ? false : null);
  const code = G.firstScreenVscode;
  const codeRow = `  in VS Code (code-server): Open Conversation to the first draw`;
  if (code?.ms !== undefined) {
    row(codeRow, "n/a (no map)", `${ms(code.ms)} (${fmtInt(code.unitCount)} units drawn)`, undefined, "< 500 ms", code.ms < 500);
    row("    of which: until the webview's page starts loading", "", ms(code.webviewMs));
    if (code.initMs !== undefined) row("    the page says it is ready / the extension's init reaches it", "", `${ms(code.readyMs)} / ${ms(code.initMs)}`);
    // The figure above is the median run, most often a reopen, which also waits about a second
    // for code-server's webview service worker to start again (docs/decisions.md, session 31).
    if (code.runs?.length > 1) row("    the first open / the reopens' median", "", `${ms(code.runs[0])} / ${ms(median(code.runs.slice(1)))}`);
  } else if (code) row(codeRow, "n/a (no map)", `not measured: ${code.unavailable ?? code.failed}`, undefined, "< 500 ms", code.failed ? false : null);

  const gm = G.search;
  if (gm.globalMs !== undefined) {
    row(`memolet search, global, ${fmtInt(gm.memolets)} memolets (median)`, "n/a (no search)", ms(gm.globalMs), undefined, "< 15 ms", gm.globalMs < 15);
    row(`  project-scoped, a ${gm.scopedTurns}-turn project (${fmtInt(gm.scopedMemolets)} memolets)`, "n/a (no search)", ms(gm.scopedMs), undefined, "< 2 ms", gm.scopedMs < 2);
  } else row("memolet search (grove_memolet_bench)", "n/a (no search)", `not measured: ${gm.unavailable ?? gm.failed}`, undefined, "< 15 ms global, < 2 ms scoped", gm.failed ? false : null);

  row(`store size / raw text, ${sizes.tree} (${bytes(R.rawTree)} of text)`,
    withPi ? `${times(P.storeTree)} (${bytes(P.storeTreeBytes)})` : "", `${times(G.storeTree)} (${bytes(G.storeTreeBytes)})`, r(G.storeTree, P.storeTree), "< 2.5x", G.storeTree < 2.5);
  row(`  ${sizes.session}`, withPi ? times(P.storeSession) : "", times(G.storeSession), r(G.storeSession, P.storeSession), "< 2.5x", G.storeSession < 2.5);

  let head = ["figure", `Pi ${P.version}`, "Grove", "Grove/Pi", "target (Grove)", "met"];
  if (!withPi) {
    // Grove alone: no empty Pi and ratio columns.
    const keep = (x) => [x[0], x[2], x[4], x[5]];
    head = keep(head);
    rows.splice(0, rows.length, ...rows.map(keep));
  }
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((x) => x[i].length)));
  const line = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join(" | ").trimEnd();
  const [l1, l5, l15] = loadavg();
  console.log("");
  console.log(`Pi beside Grove${opt.quick ? " (--quick)" : ""}: ${sizes.tree} (${fmtInt(shape.mainline)}-entry mainline, ${shape.chains} side chains of ${fmtInt(shape.chainLen)}) and a ${sizes.session}`);
  if (!withPi) console.log(`Pi not measured: ${opt.noPi}. Grove's figures alone.`);
  console.log(`medians of ${ROUNDS} fresh processes per open figure, ${WARM} calls per warm figure, ${fmtInt(APPENDS)} appends; load average ${l1.toFixed(2)} ${l5.toFixed(2)} ${l15.toFixed(2)}`);
  console.log("");
  console.log(line(head));
  console.log(widths.map((w) => "-".repeat(w)).join("-|-"));
  for (const x of rows) console.log(line(x));
  console.log("");
  if (withPi) console.log("Grove/Pi below 1 means Grove is faster or smaller. Pi's warm, tree and append times are calls in its own process.");
  console.log("Grove's times are over stdio, from writing the request to reading the reply's last byte. Spawn and cold-open");
  console.log(`times run from spawning the process to the context at the mainline tip${withPi ? "; Pi's include importing the package" : ""}.`);
}

try {
  await main();
} finally {
  rmSync(work, { recursive: true, force: true });
}
