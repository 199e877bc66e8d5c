// The conversation both stores hold: the same tree shape and the same texts,
// generated deterministically so the Pi worker (its own process) and the
// Grove driver produce byte-identical content without passing 50 MB around.
//
// Shape (issue 15): a mainline of `mainline` entries and `chains` side chains
// of `chainLen` entries; side chain k (1-based) branches off the mainline
// entry at depth k*step, so the last chain's leaf is the deepest path
// (chains*step + chainLen entries: 1,990 in the full tree).

export const SHAPES = {
  full: { mainline: 1000, chains: 99, chainLen: 1000, step: 10, session: 1000 },
  // --quick: same shape, a twenty-fifth of the units, so a smoke run is fast.
  quick: { mainline: 200, chains: 19, chainLen: 200, step: 10, session: 200 },
};

export function totalUnits(shape) {
  return shape.mainline + shape.chains * shape.chainLen;
}

export function deepLeafDepth(shape) {
  return shape.chains * shape.step + shape.chainLen;
}

const WORDS = [
  "parser", "config", "thread", "mutex", "branch", "scope", "token", "buffer",
  "request", "reply", "store", "commit", "index", "query", "vector", "latency",
  "error", "retry", "cache", "timeout", "session", "context", "editor", "client",
  "server", "memory", "budget", "prompt", "summary", "design", "review", "test",
];

// mulberry32: a tiny seeded generator, identical in every Node version.
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Chain 0 is the mainline; j is the 0-based position in the chain. Each text
// is seeded by its place in the tree, so build order does not matter.
export function roleOf(chain, j) {
  // The mainline starts with a user message; a side chain hangs off an
  // assistant entry (depth k*step is even), so it starts with a user one too.
  return j % 2 === 0 ? "user" : "assistant";
}

export function textOf(chain, j) {
  const next = rng(chain * 1000003 + j + 1);
  // Sizes of a coding conversation: short questions, longer answers.
  const bytes = roleOf(chain, j) === "user" ? 200 : 800;
  const parts = [];
  let len = -1;
  while (len < bytes) {
    const w = WORDS[Math.floor(next() * WORDS.length)];
    parts.push(w);
    len += w.length + 1;
  }
  return parts.join(" ");
}

// Index in the mainline (0-based) that side chain k (1-based) branches from.
export function branchPoint(shape, k) {
  return k * shape.step - 1;
}
