// Facts about the Russell & Norvig Fig 5.2 trace (PVS), checked against the book and the JSONL.
import { test } from "node:test";
import assert from "node:assert/strict";
import { load, GOLDEN, fixture, rawEvents } from "./helpers.mjs";
import { Trace, DEFAULT_HELLO, parseTreeText } from "../model/model.js";

const raw = rawEvents(GOLDEN);

test("the golden trace loads with every event", () => {
  const t = load(GOLDEN);
  assert.equal(t.length, raw.length);
  assert.equal(t.length, 39); // seq 1..39 in the file
  assert.equal(t.started.kind, "tree");
  assert.deepEqual(t.started.tree, [[3, 12, 8], [2, 4, 6], [14, 5, 2]]);
});

test("R&N Fig 5.2: the PV is 0 0 with value 3 at the end", () => {
  const t = load(GOLDEN);
  const n = t.length;
  assert.deepEqual(t.rootPV(n), ["0", "0"]);
  assert.equal(t.rootScore(n), 3);
  assert.deepEqual(t.iterations(n), [{ depth: 2, score: 3, pv: ["0", "0"] }]);
  // Before the first root pv-update (seq 17) there is no line; after it, 0 0.
  assert.deepEqual(t.rootPV(16), []);
  assert.equal(t.rootScore(16), null);
  assert.deepEqual(t.rootPV(17), ["0", "0"]);
  // Node 2's own pv-update (seq 7) is not a root line.
  assert.deepEqual(t.rootPV(7), []);
  assert.deepEqual(t.iterations(36), []); // root-pv is seq 37
});

test("R&N Fig 5.2: only C2=4 and C3=6 (leaves 1.1 and 1.2) are pruned", () => {
  const t = load(GOLDEN);
  const pr = t.pruned(t.length);
  assert.deepEqual(pr.map((p) => p.path).sort(), ["1.1", "1.2"]);
  for (const p of pr) {
    assert.equal(p.parent, 6); // node 6 is root child "1" (seq 19)
    // The tree's values at those places are 4 and 6, as in the book.
    assert.equal(t.started.tree[1][p.index], { 1: 4, 2: 6 }[p.index]);
  }
  // Node 6 exits at seq 23 (event index 22): pruned appears only after that.
  assert.equal(t.pruned(22).length, 0);
  assert.equal(t.pruned(23).length, 2);
});

test("every node exits after it enters, and node() agrees with the JSONL", () => {
  const t = load(GOLDEN);
  const enters = raw.filter((e) => e.kind === "enter");
  assert.equal(t.nodeCount(t.length), enters.length);
  for (const e of enters) {
    const nd = t.node(e.node);
    assert.ok(nd.exitAt > nd.enterAt, `node ${e.node}`);
    assert.equal(nd.enterAt, e.seq - 1);
    const exit = raw.find((x) => x.kind === "exit" && x.node === e.node);
    assert.equal(nd.exitAt, exit.seq - 1);
    assert.equal(nd.score, exit.score);
    assert.equal(nd.parent, e.parent);
    assert.equal(nd.move, e.move || "");
    assert.deepEqual([nd.alpha, nd.beta, nd.expect], [e.alpha, e.beta, e.expect]);
  }
  assert.deepEqual(t.node(1).children, [2, 6, 8]);
  assert.deepEqual(t.node(8).children, [9, 10, 11]);
  assert.deepEqual(t.path(10), [1, 8, 10]);
  assert.deepEqual(t.positionMoves(10), ["2", "1"]);
});

test("event(i) reproduces the JSONL line", () => {
  const t = load(GOLDEN);
  for (const [i, e] of raw.entries()) {
    const got = t.event(i);
    for (const [f, v] of Object.entries(e)) assert.deepEqual(got[f], v, `seq ${e.seq} field ${f}`);
  }
});

test("current(k) follows the enters and exits of the file", () => {
  const t = load(GOLDEN);
  // An independent replay with a stack.
  const stack = [];
  for (let k = 0; k <= raw.length; k++) {
    assert.equal(t.current(k), stack.length ? stack[stack.length - 1] : 0, `k=${k}`);
    const e = raw[k];
    if (!e) break;
    if (e.kind === "enter") stack.push(e.node);
    if (e.kind === "exit") assert.equal(stack.pop(), e.node);
  }
  assert.equal(t.current(4), 2); // after seq 4 (enter node 2)
  assert.equal(t.current(22), 6); // after the cutoff at node 6 (seq 22)
});

test("state at k is a pure function of k: seek back to 0 and forward", () => {
  const t = load(GOLDEN);
  const snap = (k) => JSON.stringify([t.current(k), t.nodeCount(k), t.rootPV(k), t.rootScore(k), t.stats(k), t.pruned(k), t.iterations(k)]);
  const first = [];
  for (let k = 0; k <= t.length; k++) first.push(snap(k));
  const order = [t.length, 0, 17, 3, 39, 22, 0, 23, 5];
  for (const k of order) assert.equal(snap(k), first[k], `k=${k}`);
  for (let k = t.length; k >= 0; k--) assert.equal(snap(k), first[k]);
});

test("stats count the events of the file", () => {
  const t = load(GOLDEN);
  const n = t.length;
  const s = t.stats(n);
  assert.equal(s.nodes, 11);
  assert.equal(s.leaves, 7); // exits with end "leaf": nodes 3,4,5,7,9,10,11
  assert.equal(s.probes, 4); // seq 8, 12, 18, 25
  assert.equal(s.cutoffs, 2); // seq 22 (index 0), 33 (index 2)
  assert.equal(s.firstMoveCutoffs, 1);
  assert.equal(s.lastMoveCutoffs, 1); // seq 33 at 2.2, the last move: nothing left to prune
  assert.equal(s.reSearches, 0);
  assert.equal(s.depth, 2);
  assert.deepEqual(t.stats(0), { nodes: 0, leaves: 0, probes: 0, reSearches: 0, cutoffs: 0, lastMoveCutoffs: 0, firstMoveCutoffs: 0, ttHits: 0, ttCutoffs: 0, depth: 0,
    pruned: 0, nullMoves: 0, nullMoveCutoffs: 0, reductions: 0, reducedReSearches: 0, extensions: 0, ownSearches: 0 });
  assert.equal(t.stats(8).probes, 1); // the probe is seq 8 = event index 7
});

test("batches of any size give the same trace", () => {
  const whole = load(GOLDEN);
  for (const size of [1, 2, 5, 16]) {
    const t = load(GOLDEN, { batchSize: size });
    for (let i = 0; i < t.length; i++) assert.deepEqual(t.event(i), whole.event(i));
    assert.deepEqual(t.pruned(t.length), whole.pruned(whole.length));
  }
});

test("append rejects a gap and start() clears", () => {
  const t = load(GOLDEN);
  assert.throws(() => t.append({ from: 5, count: 0, kind: [] }), /starts at 5/);
  t.start({ kind: "chess", fen: "x" });
  assert.equal(t.length, 0);
  assert.equal(t.nodeCount(0), 0);
  assert.equal(t.current(0), 0);
  assert.deepEqual(t.rootPV(0), []);
  assert.deepEqual(t.pruned(0), []);
  assert.equal(t.node(1), null);
});

test("a re-search is a new sibling linked to its probe", () => {
  // ((3 4) (5 6)): min(3,4)=3 < min(5,6)=5, so the probe of move 1 fails high at the root (seq 21)
  // and node 5 is searched again as node 8 (seq 22, 23); the answer is 5 along 1 0.
  const t = load(fixture("research_pvs.jsonl"));
  const n = t.length;
  assert.deepEqual(t.rootPV(n), ["1", "0"]);
  assert.equal(t.rootScore(n), 5);
  assert.equal(t.node(8).ref, 5);
  assert.equal(t.node(5).reSearch, 8);
  assert.equal(t.node(8).move, t.node(5).move);
  assert.deepEqual(t.node(1).children, [2, 5, 8]);
  assert.equal(t.stats(n).reSearches, 1);
  assert.equal(t.event(21).ref, 5); // the re-search event carries the probe id too
  assert.deepEqual(t.pruned(n), []); // every leaf of ((3 4) (5 6)) is evaluated
});

test("parseTreeText and the default tables", () => {
  assert.deepEqual(parseTreeText("((3 12 8) (2 -4 6))"), [[3, 12, 8], [2, -4, 6]]);
  assert.equal(DEFAULT_HELLO.kinds[6], "enter");
  assert.ok(new Trace(DEFAULT_HELLO));
});

test("a bad event is rejected and leaves the trace unchanged", () => {
  const t = load(GOLDEN);
  const n = t.length, K = t.K;
  assert.throws(() => t.append({ from: n, count: 1, kind: [K.enter], node: [99] }), /node 99 entered, expected node 12/);
  assert.throws(() => t.append({ from: n, count: 1, kind: [K.exit], node: [42] }), /exit of unknown node 42/);
  assert.equal(t.length, n);
  t.append({ from: n, count: 1, kind: [K.enter], node: [12], parent: [0] }); // a new root: accepted
  assert.equal(t.event(n).node, 12);
  assert.equal(t.current(n + 1), 12);
});

test("the default hello's reasons and methods are the engine's, in its order (tracer/pvmethod.go)", async () => {
  const fs = await import("node:fs");
  const src = fs.readFileSync(new URL("../../../tracer/pvmethod.go", import.meta.url), "utf8");
  const listOf = (name) => {
    const from = src.indexOf(`var ${name}`);
    return [...src.slice(from, src.indexOf("}", from)).matchAll(/"([\w-]*)"/g)].map((m) => m[1]);
  };
  assert.deepEqual(DEFAULT_HELLO.reasons, listOf("reasonNames"));
  assert.deepEqual(DEFAULT_HELLO.methods, listOf("methodNames"));
});
