// Test helpers: load a JSONL trace (the golden file or a fixture) into a Trace.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Trace, batchFromJSONL } from "../model/model.js";

const here = path.dirname(fileURLToPath(import.meta.url));
export const GOLDEN = path.join(here, "../../../engine/testdata/aima_fig5_2_pvs.jsonl");
export const fixture = (name) => path.join(here, "fixtures", name);

export function load(file, { batchSize = 0 } = {}) {
  const { hello, started, batch } = batchFromJSONL(fs.readFileSync(file, "utf8"));
  const t = new Trace(hello);
  t.start(started);
  if (!batchSize) t.append(batch);
  else for (const b of split(batch, batchSize)) t.append(b);
  return t;
}

// Split one columnar batch into several, as the server would send them (moves and pv re-based).
export function split(batch, size) {
  const out = [];
  const seen = new Set();
  let seenWhy = 0;
  for (let from = 0; from < batch.count; from += size) {
    const count = Math.min(size, batch.count - from);
    const b = { type: "events", id: batch.id, from, count, moves: [], pv: [] };
    for (const c of ["kind", "node", "parent", "ref", "alpha", "beta", "score", "ply", "depth", "index", "expect", "actual", "bound", "end", "move"])
      b[c] = batch[c].slice(from, from + count);
    // Move ids are global; the names are sent with the first batch that uses them, in id order.
    const used = [...b.move, ...batch.pv.filter(([o]) => o >= from && o < from + count).flatMap(([, l]) => l)];
    const maxId = Math.max(0, ...used, ...seen);
    for (let id = seen.size + 1; id <= maxId; id++) { b.moves.push(batch.moves[id - 1]); seen.add(id); }
    b.pv = batch.pv.filter(([o]) => o >= from && o < from + count).map(([o, l]) => [o - from, l]);
    // Modern search: the columns as they are, why words sent with the first batch that uses them.
    if (batch.reduced) {
      for (const c of ["reduced", "extended", "why"]) b[c] = batch[c].slice(from, from + count);
      const maxWhy = Math.max(0, ...b.why);
      b.whys = (batch.whys || []).slice(seenWhy, Math.max(seenWhy, maxWhy));
      seenWhy = Math.max(seenWhy, maxWhy);
    }
    b.cuts = (batch.cuts || []).filter(([o]) => o >= from && o < from + count).map(([o, m, r]) => [o - from, m, r]);
    out.push(b);
  }
  return out;
}

// Read the golden JSONL directly (independent of the model) for cross-checks.
export function rawEvents(file) {
  return fs.readFileSync(file, "utf8").split("\n").filter((l) => l.trim()).slice(1).map((l) => JSON.parse(l));
}

// A synthetic uniform tree search (branching b, depth d) in the columnar format: enter/exit for
// every node, a probe before every child but the first. Columns are typed arrays (batches are
// views of them). Also returns, for every k, the innermost open node and the number of nodes
// entered, computed with a stack while generating (independent of the model).
import { DEFAULT_HELLO } from "../model/model.js";
export function synthetic(b, d, batchSize = 1000) {
  const H = DEFAULT_HELLO, K = (s) => H.kinds.indexOf(s);
  const N = (b ** (d + 1) - 1) / (b - 1), I = (b ** d - 1) / (b - 1);
  const n = 2 * N + I * (b - 1);
  const cols = {};
  for (const c of ["kind", "node", "parent", "ply", "depth", "index", "move", "alpha", "beta", "score", "expect", "actual", "end"])
    cols[c] = new Int32Array(n);
  const expCur = new Int32Array(n + 1), expCount = new Int32Array(n + 1);
  let i = 0, ids = 0;
  const stack = [];
  const put = (kind, f) => {
    cols.kind[i] = K(kind);
    for (const [c, v] of Object.entries(f)) cols[c][i] = v;
    i++;
    expCur[i] = stack.length ? stack[stack.length - 1] : 0;
    expCount[i] = ids;
  };
  const visit = (parent, ply, index) => {
    const id = ++ids;
    stack.push(id);
    put("enter", { node: id, parent, ply, depth: d - ply, index, move: parent ? index + 1 : 0, alpha: -100, beta: 100, expect: 1 });
    if (ply < d) for (let c = 0; c < b; c++) {
      if (c > 0) put("probe", { node: id, index: c, move: c + 1, alpha: -1, beta: 0 });
      visit(id, ply + 1, c);
    }
    stack.pop();
    put("exit", { node: id, score: (id * 7) % 200 - 100, actual: 1, end: ply === d ? H.ends.indexOf("eval") : 0 });
  };
  visit(0, 0, 0);
  if (i !== n) throw new Error(`generated ${i} events, expected ${n}`);
  const batches = [];
  for (let from = 0; from < n; from += batchSize) {
    const count = Math.min(batchSize, n - from), bt = { type: "events", from, count, moves: from ? [] : [...Array(b).keys()].map(String) };
    for (const [c, a] of Object.entries(cols)) bt[c] = a.subarray(from, from + count);
    batches.push(bt);
  }
  return { hello: H, started: { type: "started", kind: "chess", fen: "synthetic" }, batches, n, nodes: N, leaves: b ** d, expCur, expCount };
}
