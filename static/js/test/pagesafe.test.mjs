// The page survives any trace the server accepts: a node that names itself or a later node as its
// parent, a chain nested 30,000 deep, a root line of 100,000 moves. Expected values are counted
// here by hand from the events written below.
import { test } from "node:test";
import assert from "node:assert/strict";
import "./words.mjs";
import { Trace, batchFromJSONL, DEFAULT_HELLO } from "../model/model.js";
import { TreeLayout } from "../tree/layout.js";
import { Notation } from "../board/board.js";
import { narrate } from "../stepping/narrate.js";
import { SHOWN } from "../pv/pvshown.js";

// A trace from a header's meta and events (seq added).
function traceOf(meta, events) {
  const text = [JSON.stringify({ format: "pvscope-trace", version: 1, meta }), ...events.map((e, i) => JSON.stringify({ seq: i + 1, ...e }))].join("\n");
  const { hello, started, batch } = batchFromJSONL(text);
  const t = new Trace(hello);
  t.start(started);
  t.append(batch);
  return t;
}

test("a parent that is the node itself or a later node is taken as the innermost open node: no walk loops", () => {
  const t = traceOf({ algo: "pvs", tree: "((1 2) (3 4))" }, [
    { kind: "enter", node: 1, parent: 1, depth: 2 }, // itself
    { kind: "enter", node: 2, parent: 1, move: "0", ply: 1, depth: 1 },
    { kind: "enter", node: 3, parent: 7, move: "1", ply: 2, depth: 0, ref: 3 }, // a later node, and its own ref
    { kind: "exit", node: 3, score: 1 },
    { kind: "exit", node: 2, score: -1 },
    { kind: "exit", node: 1, score: 1 },
  ]);
  // Node 1 enters with nothing open: a root. Node 3 enters while 1 and 2 are open: under 2.
  assert.deepEqual([t.parentOf.get(1), t.parentOf.get(2), t.parentOf.get(3)], [0, 1, 2]);
  assert.equal(t.refOf.get(3), 0);
  assert.deepEqual(t.path(1), [1]);
  assert.deepEqual(t.path(3), [1, 2, 3]);
  assert.deepEqual([...t.childIds(2)], [3]);
  for (let k = 0; k <= t.length; k++) {
    t.current(k);
    const r = new TreeLayout(t).compute(k);
    // Drawn nodes (pruned stubs aside) are the nodes entered by k, each once.
    const drawn = r.nodes.filter((it) => it.kind === "node").map((it) => it.nodeId).sort();
    assert.deepEqual(drawn, [1, 2, 3].slice(0, t.nodeCount(k)), `step ${k}`);
  }
});

// 30,000 is past what recursion survives (about 10,000 frames in V8), and d3.hierarchy's
// heights, quadratic on a chain, took minutes at 100,000.
test("a chain nested 30,000 deep is laid out and walked without recursion", () => {
  const n = 30000, events = [];
  for (let i = 1; i <= n; i++) events.push({ kind: "enter", node: i, parent: i - 1, move: "0", ply: i - 1, depth: n - i });
  for (let i = n; i >= 1; i--) events.push({ kind: "exit", node: i, score: 0 });
  const t = traceOf({ algo: "minimax" }, events);
  // Every node open (step n): all drawn, one per level.
  const r = new TreeLayout(t, { threshold: Infinity }).compute(n);
  assert.equal(r.nodes.length, n);
  assert.equal(r.maxY, (n - 1) * 72);
  assert.equal(t.current(n), n);
  // At the end: the root stays, its finished child collapses to a summary of n - 1 nodes.
  const end = new TreeLayout(t).compute(t.length);
  assert.deepEqual(end.nodes.map((it) => [it.kind, it.count]), [["node", 1], ["summary", n - 1]]);
});

test("a chess chain 12,000 plies deep is named without recursion", () => {
  const n = 12000, cycle = ["g1f3", "g8f6", "f3g1", "f6g8"], events = [];
  events.push({ kind: "enter", node: 1, depth: n });
  for (let i = 2; i <= n + 1; i++) events.push({ kind: "enter", node: i, parent: i - 1, move: cycle[(i - 2) % 4], ply: i - 1, depth: n + 1 - i });
  const t = traceOf({ algo: "pvs", fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" }, events);
  const N = new Notation(t);
  // 12,000 plies of the knights' dance: 3,000 round trips, back at the start with both sides'
  // half-move clock at 12,000 and the move number 6,001.
  assert.equal(N.lines.fenAt(t, n + 1), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 12000 6001");
  const line = N.lineTo(n + 1);
  assert.ok(line.startsWith("1.Nf3 Nf6 2.Ng1 Ng8 3.Nf3"), line.slice(0, 40));
  assert.ok(line.endsWith("6000.Ng1 Ng8"), line.slice(-40));
});

test("a root line of 100,000 moves is named by its first moves, and shared, not copied", () => {
  const n = 100000, pv = Array.from({ length: n }, (_, i) => String(i % 2));
  const t = traceOf({ algo: "pvs", tree: "((1 2) (3 4))" }, [
    { kind: "search-start", depth: 2 },
    { kind: "enter", node: 1, depth: 2 },
    { kind: "exit", node: 1, score: 1 },
    { kind: "root-pv", depth: 2, score: 1, pv },
    { kind: "search-end", depth: 2, score: 1, pv },
  ]);
  const a = t.rootPV(t.length), b = t.rootPV(t.length);
  assert.equal(a.length, n);
  assert.equal(a, b, "the same array each time: no copy per question");
  assert.ok(Object.isFrozen(a));
  const N = new Notation(t);
  const items = N.items(0, a);
  assert.equal(items.moves.length, SHOWN);
  assert.equal(items.positions.length, SHOWN);
  assert.equal(items.more, n - SHOWN);
  assert.deepEqual(items.positions[2].path, ["0", "1", "0"]);
  assert.equal(N.items(0, a, 200).moves.length, 200);
  const words = Array.from({ length: SHOWN }, (_, i) => String(i % 2)).join(" ");
  assert.equal(N.lineText(0, a), `${words} … and 99,950 more`);
  // The narration of the root-pv event: its words are bounded, whatever the line's length.
  const said = narrate(t, 3, (_, m) => m, { line: (id, moves) => N.lineText(id, moves) });
  assert.ok(said.includes(`${words} … and 99,950 more`) && said.length < 400, said);
  // Without the page's Notation, the narration's own words are bounded the same way.
  assert.ok(narrate(t, 3).includes("… and 99,950 more"));
});

// Frames no search writes: random kinds, parents, refs and nodes (some unknown, some negative),
// windows, ends and lines. The model refuses what it cannot place with its sentence; everything
// else is stored, laid out (collapsing or not, ahead or not), counted and narrated at every step.
test("random frames: the model refuses with a sentence or keeps them, and no walk throws or loops", () => {
  let seed = 7;
  const r = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  const H = DEFAULT_HELLO, K = (s) => H.kinds.indexOf(s), pick = (n) => Math.floor(r() * n);
  const kinds = ["enter", "exit", "cutoff", "pv-update", "root-pv", "probe", "fail-high", "re-search", "prune", "search-end", "iteration-start", "aspiration-fail", "pv-cut"];
  const cols = ["kind", "node", "parent", "ref", "alpha", "beta", "score", "ply", "depth", "index", "expect", "actual", "bound", "end", "move"];
  for (let run = 0; run < 300; run++) {
    const n = 1 + pick(40), b = { type: "events", id: 0, from: 0, count: n, moves: ["0", "1", "2", "e2e4", "0000"], pv: [] };
    for (const c of cols) b[c] = [];
    let next = 1;
    for (let i = 0; i < n; i++) {
      const k = kinds[pick(kinds.length)];
      b.kind.push(K(k));
      b.node.push(k === "enter" ? next++ : pick(next + 1) - (r() < 0.1 ? 5 : 0));
      b.parent.push(pick(next + 3) - 1); b.ref.push(pick(next + 3) - 1);
      for (const c of ["alpha", "beta", "score"]) b[c].push(pick(200) - 100);
      b.ply.push(pick(5)); b.depth.push(pick(5) - 1); b.index.push(pick(3));
      b.expect.push(pick(4)); b.actual.push(pick(4)); b.bound.push(pick(4)); b.end.push(pick(9)); b.move.push(pick(6));
      if (r() < 0.3) b.pv.push([i, Array.from({ length: pick(80) }, () => 1 + pick(5))]);
    }
    const t = new Trace(H);
    t.start(run % 2 ? { type: "started", kind: "tree", tree: [[1, 2], [3, [4, 5]]] } : { type: "started", kind: "chess" });
    try { t.append(b); } catch (err) { assert.match(err.message, /entered, expected node|exit of unknown node/); }
    const N = new Notation(t);
    for (let k = 0; k <= t.length; k++) {
      new TreeLayout(t, { threshold: 3 }).compute(k, { ghosts: r() < 0.5, ahead: r() < 0.5 });
      t.stats(k); t.rootPV(k); t.current(k); t.pruned(k);
      if (k < t.length) narrate(t, k, (id, m) => N.label(id, m), { line: (id, moves) => N.lineText(id, moves) });
    }
  }
});
